// SPDX-License-Identifier: Apache-2.0
import CX11

/// RandR's news of a changed screen on one connection (a mode, a rate, a monitor, a rotation):
/// it selects the notifications on a window and recognises their events, passing each to
/// `XRRUpdateConfiguration` so Xlib's idea of the screen follows. The window, the system grab and
/// the system feedback's pacing follow the display with it.
public struct ScreenChanges {
    private let eventBase: Int32?

    /// Selects RandR's screen and CRTC change notifications on `window` (the root, or a window of
    /// one's own); without RandR nothing is selected and no event is a change.
    ///
    /// - Parameters:
    ///   - display: an open connection.
    ///   - window: the window to select them on.
    public init(display: OpaquePointer, window: Window) {
        var event: Int32 = 0, error: Int32 = 0
        guard XRRQueryExtension(display, &event, &error) != 0 else {
            eventBase = nil
            return
        }
        eventBase = event
        XRRSelectInput(display, window, Int32(RRScreenChangeNotifyMask | RRCrtcChangeNotifyMask))
    }

    /// Whether `event` is a RandR notification (a screen or monitor changed); such an event has
    /// been passed to `XRRUpdateConfiguration` when this returns true.
    public func isChange(_ event: inout XEvent) -> Bool {
        guard let base = eventBase, event.type == base + RRScreenChangeNotify || event.type == base + RRNotify else { return false }
        XRRUpdateConfiguration(&event)
        return true
    }
}
