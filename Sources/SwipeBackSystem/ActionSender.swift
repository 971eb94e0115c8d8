// SPDX-License-Identifier: Apache-2.0
import CX11
import CX11System
import Foundation
import SwipeBackCore
import SwipeBackX11

/// Sends back or forward to the app under a committed swipe: activates its window, then sends the
/// action (the project notes, system-gesture.md: Chromium ignores button 8 and keys while it is
/// not the active window; after `_NET_ACTIVE_WINDOW` both work).
public struct ActionSender {
    private let display: OpaquePointer

    /// Sends on `display` (the drawing side's connection).
    public init(display: OpaquePointer) { self.display = display }

    /// Activates `app` and sends `action` at root point `point`.
    ///
    /// - Parameters:
    ///   - action: what to send.
    ///   - app: the window under the touch-down point.
    ///   - point: where a button is pressed (the touch-down point), root px.
    ///   - time: the X server time of the touch, for `_NET_ACTIVE_WINDOW` (0: current time).
    /// - Returns: false when the action could not be sent (XTest missing, an unknown key name, a
    ///   command that did not start).
    @discardableResult
    public func send(_ action: SystemAction, to app: AppWindow, at point: Point, time: UInt) -> Bool {
        if case .none = action { return true }
        activate(app, time: time)
        switch action {
        case .none: return true
        case .button(let button):
            guard hasXTest else { return false }
            XTestFakeMotionEvent(display, -1, Int32(point.x.rounded()), Int32(point.y.rounded()), 0)
            XTestFakeButtonEvent(display, UInt32(button), 1, 0)
            XTestFakeButtonEvent(display, UInt32(button), 0, 0)
            XFlush(display)
            return true
        case .key(let chord):
            guard hasXTest, let codes = keycodes(chord) else { return false }
            for code in codes { XTestFakeKeyEvent(display, UInt32(code), 1, 0) }
            for code in codes.reversed() { XTestFakeKeyEvent(display, UInt32(code), 0, 0) }
            XFlush(display)
            return true
        case .command(let line):
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", line]
            var environment = ProcessInfo.processInfo.environment
            environment["SWIPEBACK_WINDOW"] = String(app.window)
            environment["SWIPEBACK_CLASS"] = app.logClass
            process.environment = environment
            do { try process.run() } catch { return false }
            return true
        }
    }

    private var hasXTest: Bool {
        var event: Int32 = 0, error: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        return XTestQueryExtension(display, &event, &error, &major, &minor) != 0
    }

    /// The keycodes of a chord like `Alt+Left`, `Ctrl+Alt+minus` or `XF86Back`, modifiers first
    /// (`KeyTranslation` reads the chord); nil when a name is not a keysym this keyboard has.
    func keycodes(_ chord: String) -> [KeyCode]? {
        guard let symbols = KeyTranslation.keysyms(ofChord: chord) else { return nil }
        let codes = symbols.map { XKeysymToKeycode(display, $0) }
        return codes.contains(0) ? nil : codes
    }

    /// `_NET_ACTIVE_WINDOW` (source 2, a pager) when the window manager supports it, else input focus.
    private func activate(_ app: AppWindow, time: UInt) {
        guard app.window != 0 else { return }
        let root = XDefaultRootWindow(display)
        let active = XInternAtom(display, "_NET_ACTIVE_WINDOW", 0)
        if supported(active) {
            var event = XEvent()
            event.xclient.type = ClientMessage
            event.xclient.window = Window(app.window)
            event.xclient.message_type = active
            event.xclient.format = 32
            event.xclient.data.l.0 = 2
            event.xclient.data.l.1 = Int(time)
            XSendEvent(display, root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &event)
        } else {
            _ = X11ErrorTrap.succeeds(display) {
                XSetInputFocus(display, Window(app.window), RevertToParent, Time(time))
            }
        }
        XFlush(display)
    }

    /// Whether the root's `_NET_SUPPORTED` lists `atom`.
    private func supported(_ atom: Atom) -> Bool {
        let root = XDefaultRootWindow(display)
        var type: Atom = 0, format: Int32 = 0, items: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(display, root, XInternAtom(display, "_NET_SUPPORTED", 0), 0, 4096, 0, XA_ATOM, &type, &format,
                                 &items, &after, &data) == Success, let data else { return false }
        defer { XFree(data) }
        let atoms = UnsafeRawPointer(data).assumingMemoryBound(to: UInt.self)
        return (0..<Int(items)).contains { atoms[$0] == atom }
    }
}
