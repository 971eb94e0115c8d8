// SPDX-License-Identifier: Apache-2.0
import CX11
import CX11System
import FoundationEssentials
import SwipeBackCore
import SwipeBackPosix

/// The X side of sending back or forward to an app: activating its window, knowing when it is
/// active, and then sending the action (the project notes, system-gesture.md: Chromium ignores
/// button 8 and keys while it is not the active window; after `_NET_ACTIVE_WINDOW` both work).
public struct ActionSender {
    private let display: OpaquePointer

    /// Sends on `display` (the drawing side's connection).
    public init(display: OpaquePointer) { self.display = display }

    /// How an activation went.
    public enum Activation: Equatable {
        /// The app is active now (it was already, or its input focus was set directly): send.
        case active
        /// The window manager was asked (`_NET_ACTIVE_WINDOW`); it answers by naming the window
        /// in the root's `_NET_ACTIVE_WINDOW` (or the window gets FocusIn).
        case requested
    }

    /// Makes `app` the active window: `_NET_ACTIVE_WINDOW` (source 2, a pager, as EWMH asks of a
    /// tool acting for the user) when the window manager supports it and manages the window, else
    /// input focus (no window manager, or an override-redirect window, which none manages).
    ///
    /// - Parameters:
    ///   - app: the window under the touch-down point.
    ///   - time: the X server time of the gesture (ms), for the window manager's focus rules.
    /// - Returns: whether the app is active now or the window manager was asked.
    public func activate(_ app: AppWindow, time: UInt) -> Activation {
        guard app.window != 0 else { return .active }
        let root = X11Screen(display).root
        var attributes = XWindowAttributes()
        let unmanaged = XGetWindowAttributes(display, Window(app.window), &attributes) != 0 && attributes.override_redirect != 0
        guard !unmanaged, WindowProperty.atomNames(display, root, "_NET_SUPPORTED").contains("_NET_ACTIVE_WINDOW") else {
            _ = X11ErrorTrap.succeeds(display) { XSetInputFocus(display, Window(app.window), RevertToParent, Time(time)) }
            return .active
        }
        if isActive(app) { return .active }
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = Window(app.window)
        event.xclient.message_type = XInternAtom(display, "_NET_ACTIVE_WINDOW", 0)
        event.xclient.format = 32
        event.xclient.data.l.0 = 2
        event.xclient.data.l.1 = Int(time)
        XSendEvent(display, root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &event)
        XFlush(display)
        return .requested
    }

    /// Whether the root's `_NET_ACTIVE_WINDOW` names `app`'s client window (one round trip).
    public func isActive(_ app: AppWindow) -> Bool {
        WindowProperty.items(display, X11Screen(display).root, "_NET_ACTIVE_WINDOW", type: XA_WINDOW, limit: 1)?.first == app.window
    }

    /// Sends `action` to `app`, which should be active by now.
    ///
    /// A button is pressed inside the client's own input area (`AppWindow.pressPoint`: not on a
    /// frame, a decoration margin or the screen edge), and the pointer is put back where it was
    /// after, so an edge's hot corner or auto-hidden panel is not left triggered.
    ///
    /// - Parameters:
    ///   - action: what to send.
    ///   - app: the window under the touch-down point.
    ///   - point: the touch-down point, root px.
    /// - Returns: false when the action could not be sent (XTest missing, an unknown key name, a
    ///   command that did not start).
    @discardableResult
    public func send(_ action: SystemAction, to app: AppWindow, at point: Point) -> Bool {
        switch action {
        case .none: return true
        case .button(let button):
            guard hasXTest else { return false }
            let target = app.pressPoint(display, near: (Int(point.x.rounded()), Int(point.y.rounded())))
            let before = pointer
            XTestFakeMotionEvent(display, -1, Int32(target.x), Int32(target.y), 0)
            XTestFakeButtonEvent(display, UInt32(button), 1, 0)
            XTestFakeButtonEvent(display, UInt32(button), 0, 0)
            if let before { XTestFakeMotionEvent(display, -1, Int32(before.x), Int32(before.y), 0) }
            XFlush(display)
            return true
        case .key(let chord):
            guard hasXTest, let codes = keycodes(chord) else { return false }
            for code in codes { XTestFakeKeyEvent(display, UInt32(code), 1, 0) }
            for code in codes.reversed() { XTestFakeKeyEvent(display, UInt32(code), 0, 0) }
            XFlush(display)
            return true
        case .command(let line):
            return CommandSpawner.spawn(line, environment: ["SWIPEBACK_WINDOW": String(app.window), "SWIPEBACK_CLASS": app.logClass])
        }
    }

    /// Where the pointer is on the screen, root px; nil when it is on another screen.
    private var pointer: (x: Int32, y: Int32)? {
        var root: Window = 0, child: Window = 0, rootX: Int32 = 0, rootY: Int32 = 0, x: Int32 = 0, y: Int32 = 0, mask: UInt32 = 0
        guard XQueryPointer(display, X11Screen(display).root, &root, &child, &rootX, &rootY, &x, &y, &mask) != 0 else { return nil }
        return (rootX, rootY)
    }

    private var hasXTest: Bool {
        var event: Int32 = 0, error: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        return XTestQueryExtension(display, &event, &error, &major, &minor) != 0
    }

    /// The keycodes of a chord like `Alt+Left`, `Ctrl+Alt+minus` or `XF86Back`, modifiers first
    /// (`KeyTranslation` reads the chord); nil when a name is not a keysym this keyboard has.
    func keycodes(_ chord: KeyChord) -> [KeyCode]? {
        guard let symbols = KeyTranslation.keysyms(ofChord: chord) else { return nil }
        let codes = symbols.map { XKeysymToKeycode(display, $0) }
        return codes.contains(0) ? nil : codes
    }
}
