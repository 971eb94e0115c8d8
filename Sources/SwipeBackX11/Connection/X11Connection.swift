// SPDX-License-Identifier: Apache-2.0
import CX11
import FoundationEssentials

/// Opening and closing the X connections SwipeBack owns, with their errors kept by `X11ErrorTrap`.
public enum X11Connection {
    /// Opens a display and starts keeping its errors (`X11ErrorTrap.register(_:)`).
    ///
    /// - Parameter displayName: the display, like `:1`; nil for `$DISPLAY`.
    /// - Returns: the Xlib display; `close(_:)` it.
    /// - Throws: `X11Error` when no display is named or it cannot be opened.
    public static func open(_ displayName: String?) throws -> OpaquePointer {
        guard let name = displayName ?? ProcessInfo.processInfo.environment["DISPLAY"], !name.isEmpty else {
            throw X11Error("no X display: DISPLAY is not set (run under X, or start Xvfb and set DISPLAY)")
        }
        guard let display = XOpenDisplay(name) else {
            throw X11Error("cannot open X display \"\(name)\"")
        }
        X11ErrorTrap.register(display)
        return display
    }

    /// Closes a display `open(_:)` gave, then stops keeping its errors (a server that dies during
    /// the close is an error kept, not the process's end). A connection Xlib has seen die is only
    /// forgotten: closing it can wait forever on a lock another thread holds.
    ///
    /// - Parameter display: the display; not used after this.
    public static func close(_ display: OpaquePointer) {
        if !X11ErrorTrap.isConnectionLost(display) { XCloseDisplay(display) }
        X11ErrorTrap.unregister(display)
    }

    /// Hands every event Xlib has for `display` to `body`, reading the socket as it goes
    /// (`XPending`, then `XNextEvent`), until none is left; `body` may stop it early.
    ///
    /// - Parameters:
    ///   - display: an open connection.
    ///   - body: gets each event in order; returns false to stop (the rest stay queued).
    public static func drain(_ display: OpaquePointer, _ body: (inout XEvent) throws -> Bool) rethrows {
        while XPending(display) > 0 {
            var event = XEvent()
            XNextEvent(display, &event)
            guard try body(&event) else { return }
        }
    }

    /// The connection's socket, for an event loop to watch.
    public static func descriptor(_ display: OpaquePointer) -> Int32 { XConnectionNumber(display) }

    /// Whether Xlib holds events it has read already (which a wait on the socket cannot see): a
    /// loop drains them before it sleeps.
    public static func hasQueuedEvents(_ display: OpaquePointer) -> Bool { XEventsQueued(display, QueuedAlready) > 0 }
}
