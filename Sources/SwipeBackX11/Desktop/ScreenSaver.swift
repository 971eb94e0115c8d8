// SPDX-License-Identifier: Apache-2.0
import CX11
import Glibc

/// The server's screen saver as a kiosk sees it: MIT-SCREEN-SAVER notifications (for the wake
/// guard), and `ScreenBlankingInhibitor` for `kioskScreenBlanking: inhibit`.
extension X11Window {
    /// Asks for MIT-SCREEN-SAVER's `ScreenSaverNotify` on the root (the saver starting and ending).
    ///
    /// - Returns: whether the saver is on now; nil when the server has no MIT-SCREEN-SAVER (then no
    ///   notification comes and `screenSaverChange(_:)` is always nil).
    public func followScreenSaver() -> Bool? {
        var event: Int32 = 0, error: Int32 = 0
        guard XScreenSaverQueryExtension(display, &event, &error) != 0 else { return nil }
        screenSaverEventBase = event
        let root = XDefaultRootWindow(display)
        XScreenSaverSelectInput(display, root, UInt(ScreenSaverNotifyMask))
        guard let info = XScreenSaverAllocInfo() else { return false }
        defer { XFree(info) }
        guard XScreenSaverQueryInfo(display, root, info) != 0 else { return false }
        return info.pointee.state == ScreenSaverOn
    }

    /// The saver's new state and the server time of the change, when `event` is a
    /// `ScreenSaverNotify` (`ScreenSaverCycle`, a new picture of a saver that stays on, counts as on).
    public func screenSaverChange(_ event: XEvent) -> (active: Bool, serverTime: UInt32)? {
        guard let base = screenSaverEventBase, event.type == base + ScreenSaverNotify else { return nil }
        var copy = event
        let notify = withUnsafePointer(to: &copy) {
            $0.withMemoryRebound(to: XScreenSaverNotifyEvent.self, capacity: 1) { $0.pointee }
        }
        return (notify.state != ScreenSaverOff, UInt32(truncatingIfNeeded: notify.time))
    }
}

/// Keeps the screen from blanking while it lives (`kioskScreenBlanking: inhibit`), and gives the
/// server its earlier settings back at `restore()` or when it goes away.
///
/// Three things, since each covers a different part: `XScreenSaverSuspend` (MIT-SCREEN-SAVER 1.1;
/// the server ends the suspension itself if the kiosk dies, so a crash never leaves a screen that
/// never sleeps), the saver's timeout set to 0 (what `xset q` shows as the timeout; restored to the
/// earlier timeout, cycle, blanking and exposures), and DPMS disabled when the server has DPMS and
/// it was enabled (restored to enabled).
public final class ScreenBlankingInhibitor {
    /// Held so the connection outlives the restore.
    private let window: X11Window
    private var display: OpaquePointer { window.display }
    private let timeout: Int32, interval: Int32, preferBlanking: Int32, allowExposures: Int32
    private let dpmsWasEnabled: Bool
    private var restored = false

    /// Turns blanking off on `window`'s server now.
    public init(_ window: X11Window) {
        self.window = window
        let display = window.display
        var timeout: Int32 = 0, interval: Int32 = 0, blanking: Int32 = 0, exposures: Int32 = 0
        XGetScreenSaver(display, &timeout, &interval, &blanking, &exposures)
        (self.timeout, self.interval, preferBlanking, allowExposures) = (timeout, interval, blanking, exposures)
        var event: Int32 = 0, error: Int32 = 0
        var dpmsEnabled = false
        if DPMSQueryExtension(display, &event, &error) != 0 {
            var level: UInt16 = 0
            var state: UInt8 = 0
            if DPMSInfo(display, &level, &state) != 0 { dpmsEnabled = state != 0 }
        }
        dpmsWasEnabled = dpmsEnabled
        if Self.canSuspend(display) { XScreenSaverSuspend(display, 1) }
        XSetScreenSaver(display, 0, interval, blanking, exposures)
        if dpmsEnabled { DPMSDisable(display) }
        // Wake the screen if it was blank when the kiosk started.
        XForceScreenSaver(display, ScreenSaverReset)
        XSync(display, 0)
    }

    deinit { restore() }

    /// Gives the server its earlier saver timeout, cycle, blanking, exposures and DPMS state back,
    /// and ends the suspension; once (later calls do nothing).
    public func restore() {
        guard !restored else { return }
        restored = true
        XSetScreenSaver(display, timeout, interval, preferBlanking, allowExposures)
        if dpmsWasEnabled { DPMSEnable(display) }
        if Self.canSuspend(display) { XScreenSaverSuspend(display, 0) }
        XSync(display, 0)
    }

    /// Whether the server has MIT-SCREEN-SAVER 1.1 or later, which added `XScreenSaverSuspend`
    /// (an older one would answer BadRequest).
    private static func canSuspend(_ display: OpaquePointer) -> Bool {
        var event: Int32 = 0, error: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        return XScreenSaverQueryExtension(display, &event, &error) != 0 && XScreenSaverQueryVersion(display, &major, &minor) != 0
            && (major > 1 || (major == 1 && minor >= 1))
    }
}
