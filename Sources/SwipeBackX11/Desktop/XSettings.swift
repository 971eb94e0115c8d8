// SPDX-License-Identifier: Apache-2.0
import CX11
import FoundationEssentials

/// The desktop's XSETTINGS (freedesktop.org's XSETTINGS specification, version 0.5): the settings
/// a settings manager (gnome-settings-daemon, xfsettingsd, xsettingsd) publishes in the
/// `_XSETTINGS_SETTINGS` property of the owner of the `_XSETTINGS_S<screen>` selection.
public enum XSettings {
    /// One setting's value.
    public enum Value: Equatable, Sendable {
        /// An integer (type 0).
        case integer(Int32)
        /// A UTF-8 string (type 1).
        case string(String)
        /// A colour (type 2): red, green, blue and alpha, 0...65535 each.
        case color(red: UInt16, green: UInt16, blue: UInt16, alpha: UInt16)
    }

    /// The settings in a `_XSETTINGS_SETTINGS` property's bytes, by name; nil when the bytes do
    /// not hold the format (truncated, an unknown type or byte order).
    ///
    /// - Parameter bytes: the property's data as read (format 8): byte order (0 LSB first, 1 MSB
    ///   first), 3 unused, the serial and the count (CARD32 each), then each setting: type, 1
    ///   unused, the name's length (CARD16), the name padded to 4, the last-change serial, the value.
    public static func parse(_ bytes: [UInt8]) -> [String: Value]? {
        guard bytes.count >= 12, bytes[0] <= 1 else { return nil }
        let bigEndian = bytes[0] == 1
        var offset = 0
        func card(_ size: Int) -> UInt32? {
            guard offset + size <= bytes.count else { return nil }
            var value: UInt32 = 0
            for i in 0..<size {
                let byte = UInt32(bytes[offset + (bigEndian ? i : size - 1 - i)])
                value = value << 8 | byte
            }
            offset += size
            return value
        }
        func text(_ length: Int) -> String? {
            guard length >= 0, offset + length <= bytes.count else { return nil }
            let s = String(decoding: bytes[offset..<offset + length], as: UTF8.self)
            offset += (length + 3) & ~3
            return offset <= bytes.count ? s : nil
        }
        offset = 8
        guard let count = card(4) else { return nil }
        var settings: [String: Value] = [:]
        for _ in 0..<count {
            guard let type = card(1), card(1) != nil, let nameLength = card(2), let name = text(Int(nameLength)),
                  card(4) != nil else { return nil }
            switch type {
            case 0:
                guard let n = card(4) else { return nil }
                settings[name] = .integer(Int32(bitPattern: n))
            case 1:
                guard let length = card(4), let s = text(Int(length)) else { return nil }
                settings[name] = .string(s)
            case 2:
                guard let r = card(2), let b = card(2), let g = card(2), let a = card(2) else { return nil }
                settings[name] = .color(red: UInt16(r), green: UInt16(g), blue: UInt16(b), alpha: UInt16(a))
            default:
                return nil
            }
        }
        return settings
    }

    /// Encodes settings as a `_XSETTINGS_SETTINGS` property (least significant byte first), in
    /// name order: what a settings manager writes (the tests' manager uses it).
    ///
    /// - Parameters:
    ///   - settings: by name.
    ///   - serial: the manager's serial, raised at every change.
    public static func encode(_ settings: [String: Value], serial: UInt32) -> [UInt8] {
        var bytes: [UInt8] = [0, 0, 0, 0]
        func card(_ value: UInt32, _ size: Int) { for i in 0..<size { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * i))) } }
        func text(_ s: String) {
            bytes += Array(s.utf8)
            while bytes.count % 4 != 0 { bytes.append(0) }
        }
        card(serial, 4)
        card(UInt32(settings.count), 4)
        for name in settings.keys.sorted() {
            let value = settings[name]!
            switch value {
            case .integer: card(0, 1)
            case .string: card(1, 1)
            case .color: card(2, 1)
            }
            card(0, 1)
            card(UInt32(name.utf8.count), 2)
            text(name)
            card(serial, 4)
            switch value {
            case .integer(let n): card(UInt32(bitPattern: n), 4)
            case .string(let s): card(UInt32(s.utf8.count), 4); text(s)
            case .color(let r, let g, let b, let a): card(UInt32(r), 2); card(UInt32(b), 2); card(UInt32(g), 2); card(UInt32(a), 2)
            }
        }
        return bytes
    }

    /// The setting GTK reads as `gtk-enable-animations`: 0 asks apps to reduce motion (what
    /// libadwaita's reduced motion follows on X11).
    public static let enableAnimations = "Gtk/EnableAnimations"
}

/// Follows the desktop's XSETTINGS live on one display: the selection owner's property, its
/// changes (`PropertyNotify`), a new manager (the `MANAGER` client message on the root) and a
/// manager that goes away (`DestroyNotify`).
public final class XSettingsWatcher {
    private let display: OpaquePointer
    private let root: Window
    private let selection: Atom
    private let property: Atom
    private let manager: Atom
    private var owner: Window = 0
    /// The settings now, by name; empty when no manager runs.
    public private(set) var settings: [String: XSettings.Value] = [:]

    /// Starts following the settings of `display`'s default screen.
    ///
    /// - Parameter display: an open Xlib display; the watcher selects `StructureNotifyMask` on the
    ///   root (added to what this client selects there already) and events on the manager's window.
    public init(display: OpaquePointer) {
        self.display = display
        let screen = XDefaultScreen(display)
        root = XRootWindow(display, screen)
        selection = XInternAtom(display, "_XSETTINGS_S\(screen)", 0)
        property = XInternAtom(display, "_XSETTINGS_SETTINGS", 0)
        manager = XInternAtom(display, "MANAGER", 0)
        var attributes = XWindowAttributes()
        XGetWindowAttributes(display, root, &attributes)
        XSelectInput(display, root, attributes.your_event_mask | StructureNotifyMask)
        refresh()
    }

    /// Whether the desktop asks for reduced motion: `Gtk/EnableAnimations` is 0. False when no
    /// manager runs or it does not set it.
    public var reducesMotion: Bool { settings[XSettings.enableAnimations] == .integer(0) }

    /// Takes an event that concerns the settings; returns true when it was one (the settings may
    /// have changed), false for any other event.
    public func handle(_ event: inout XEvent) -> Bool {
        switch event.type {
        case ClientMessage where event.xclient.window == root && event.xclient.message_type == manager
                                 && Atom(event.xclient.data.l.1) == selection:
            refresh()
            return true
        case PropertyNotify where owner != 0 && event.xproperty.window == owner && event.xproperty.atom == property:
            refresh()
            return true
        case DestroyNotify where owner != 0 && event.xdestroywindow.window == owner:
            owner = 0
            refresh()
            return true
        default:
            return false
        }
    }

    /// Finds the owner and reads its settings again.
    private func refresh() {
        XGrabServer(display)
        defer {
            XUngrabServer(display)
            XFlush(display)
        }
        owner = XGetSelectionOwner(display, selection)
        guard owner != 0 else {
            settings = [:]
            return
        }
        var type: Atom = 0, format: Int32 = 0, count: UInt = 0, remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        var status: Int32 = 0
        // An owner that vanished between the two requests leaves an error: not ours to report.
        let read = X11ErrorTrap.succeeds(display) {
            XSelectInput(display, owner, PropertyChangeMask | StructureNotifyMask)
            status = XGetWindowProperty(display, owner, property, 0, 1 << 20, 0, property, &type, &format, &count, &remaining, &data)
        }
        defer { if let data { XFree(data) } }
        if !read || status != Success || format != 8 {
            settings = [:]
            return
        }
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: Int(count))) } ?? []
        settings = XSettings.parse(bytes) ?? [:]
    }
}
