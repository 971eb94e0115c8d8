// SPDX-License-Identifier: Apache-2.0
import CX11
import FoundationEssentials
import SwipeBackCore
import Glibc

/// The layout scale from the X resource database: `Xft.dpi` / 96, read from the root window's
/// `RESOURCE_MANAGER` property (what `xrdb` writes), followed live, and overridden by
/// `SWIPEBACK_SCALE` or `--scale`.
///
/// 96 dpi is scale 1 because Xft, GTK and Qt take 96 as the unscaled X resolution (GTK's
/// `gdk_x11_screen_get_dpi` default, Qt's `QXcbScreen` logical DPI base), so `Xft.dpi: 192` is
/// a 2x desktop.
public enum ResourceScale {
    /// The scales accepted, px per layout unit: a value outside is a misreport (from `Xft.dpi`,
    /// read as 1) or an error (from `SWIPEBACK_SCALE` or `--scale`).
    public static let range = LayoutScale.range
    /// The environment variable that overrides `Xft.dpi`: a number in `range`.
    public static let environmentVariable = "SWIPEBACK_SCALE"

    /// The scale from an X resource database text (`Xft.dpi:\t144` gives 1.5); 1 when `Xft.dpi`
    /// is unset, zero, negative, not a number or gives a scale outside `range`.
    public static func scale(fromResources text: String) -> Double {
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, trimmed(parts[0]) == "Xft.dpi",
                  let dpi = Double(trimmed(parts[1])), dpi.isFinite, dpi > 0 else { continue }
            let scale = dpi / 96
            return range.contains(scale) ? scale : 1
        }
        return 1
    }

    /// The scale in `text` (an override: `"2"`, `"1.5"`), or nil when it is not a plain finite
    /// number in `range`.
    public static func parseOverride(_ text: String) -> Double? {
        guard let value = Double(trimmed(Substring(text))), value.isFinite, range.contains(value) else { return nil }
        return value
    }

    /// The `SWIPEBACK_SCALE` override of the process environment; nil when unset or empty.
    ///
    /// - Throws: `OverrideError` (exit status 2) naming the variable, its value and the range when
    ///   it is not a number in `range`.
    public static func environmentOverride() throws -> Double? {
        guard let text = ProcessInfo.processInfo.environment[environmentVariable], !text.isEmpty else { return nil }
        guard let value = parseOverride(text) else {
            throw OverrideError(description: "\(environmentVariable) is \"\(text)\"; expected a scale of \(LayoutScale.rangeText) (px per layout unit, like 2 for a 192 dpi screen)")
        }
        return value
    }

    /// A `SWIPEBACK_SCALE` that is not a layout scale: bad input, not an X failure.
    public struct OverrideError: SwipeBackError {
        /// What the variable holds and what was expected.
        public let description: String
        /// 2: bad input.
        public var exitStatus: Int32 { 2 }

        /// An error saying `description`.
        ///
        /// - Parameter description: what is wrong and what was expected, one line.
        public init(description: String) { self.description = description }
    }

    /// The scale the server's resource database gives now: the first screen's root
    /// `RESOURCE_MANAGER` property, read afresh (Xlib's `XResourceManagerString` keeps the text
    /// of when the display was opened).
    public static func read(display: OpaquePointer) -> Double {
        let root = XRootWindow(display, 0)
        let property = XInternAtom(display, "RESOURCE_MANAGER", 0)
        var type: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        // Up to 1 MiB of resources (the length is in 32-bit units).
        guard XGetWindowProperty(display, root, property, 0, 256 * 1024, 0, XA_STRING, &type, &format, &count, &after, &data) == Success,
              let data else { return 1 }
        defer { XFree(data) }
        guard format == 8 else { return 1 }
        return scale(fromResources: String(decoding: UnsafeBufferPointer(start: data, count: Int(count)), as: UTF8.self))
    }

    /// `text` without leading and trailing spaces and tabs.
    private static func trimmed(_ text: Substring) -> Substring {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !isBlank($0) }) else { return "" }
        return text[first...text.lastIndex(where: { !isBlank($0) })!]
    }
}

extension X11Window {
    /// The layout scale the server's resources give now (`ResourceScale.read`).
    public var resourceScale: Double { ResourceScale.read(display: display) }

    /// Asks for the root window's property changes, so a new `RESOURCE_MANAGER` (`xrdb -merge`)
    /// arrives as a `PropertyNotify`; the root's other selected events are kept.
    func followResources() {
        let root = XRootWindow(display, 0)
        var attributes = XWindowAttributes()
        let current = XGetWindowAttributes(display, root, &attributes) != 0 ? attributes.your_event_mask : 0
        XSelectInput(display, root, current | PropertyChangeMask)
    }

    /// Whether `event` says the root's `RESOURCE_MANAGER` changed (its scale may have).
    public func isResourceChange(_ event: XEvent) -> Bool {
        event.type == PropertyNotify && event.xproperty.window == XRootWindow(display, 0)
            && event.xproperty.atom == XInternAtom(display, "RESOURCE_MANAGER", 0)
    }
}
