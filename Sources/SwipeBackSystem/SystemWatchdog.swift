// SPDX-License-Identifier: Apache-2.0
import CX11
import FoundationEssentials
import SwipeBackPosix
import SwipeBackX11

/// Ends `swipeback system` when its grab loop stops answering: a stopped grabber freezes every
/// touch on the screen, and the X server has no timeout (the project notes, system-gesture.md).
///
/// On a connection of its own it sees every finger come down (`XI_RawTouchBegin` on the root,
/// which no grab holds back) and asks `StallRule` whether the grab loop, which publishes its
/// `GrabProgress` after each decision, has fallen behind: stuck in one pass for
/// `stallLimitMilliseconds` with a finger waiting. Then `onStall` runs. Idle, it sleeps in its
/// event loop with no timeout: no wake-ups without touches.
public final class SystemWatchdog: @unchecked Sendable {
    /// How long the grab loop may take to decide a touch, ms: 1 s, five times the decision timeout
    /// and far past any pass (a pass takes under 1 ms; an edge touch's window lookup a few round trips).
    public static let stallLimitMilliseconds = 1000.0

    private let display: OpaquePointer
    /// XInput's major opcode on `display`, nil without XInput.
    private let xiOpcode: Int32?
    private let progress: @Sendable () -> GrabProgress
    /// The watchdog thread's loop, made here so a process out of descriptors fails at the start
    /// rather than running without a watchdog.
    private let loop: EventLoop

    /// Opens the watchdog's connection and selects raw touch begins on the root.
    ///
    /// - Parameters:
    ///   - displayName: the X display (nil: `$DISPLAY`).
    ///   - progress: the grab loop's progress (`SystemGrab.progress`), read from the watchdog's thread.
    /// - Throws: `X11Error` when the display cannot be opened; `PosixError` when the loop cannot be made.
    public init(displayName: String?, progress: @escaping @Sendable () -> GrabProgress) throws {
        let display = try X11Connection.open(displayName)
        self.display = display
        xiOpcode = XInput2.query(display, speaking: 2)?.opcode
        self.progress = progress
        do {
            loop = try EventLoop()
            try loop.watch(X11Connection.descriptor(display)) { _ in }
        } catch {
            X11Connection.close(display)
            throw error
        }
        XInput2.select([XI_RawTouchBegin], from: XIAllMasterDevices, on: X11Screen(display).root, display: display)
        XSync(display, 0)
    }

    /// Watches on a thread of its own until the process ends; `onStall` gets the stall's length in ms.
    public func start(onStall: @escaping @Sendable (Double) -> Void) {
        DetachedThread.start(name: "swipeback-watchdog") { [self] in watch(onStall: onStall) }
    }

    private func watch(onStall: (Double) -> Void) {
        var hungUp = false
        guard (try? loop.watch(X11Connection.descriptor(display)) { hungUp = $0.isHangup }) != nil else { return }
        var rule = StallRule(limitMilliseconds: Self.stallLimitMilliseconds)
        while !X11ErrorTrap.isConnectionLost(display) {
            X11Connection.drain(display) { event in
                let (_, time) = EventCookie.withData(display, &event, extension: xiOpcode) { _, data in
                    UInt32(truncatingIfNeeded: data.assumingMemoryBound(to: XIRawEvent.self).pointee.time)
                }
                if let time { rule.fingerDown(serverTime: time, seenMilliseconds: MonotonicClock.milliseconds()) }
                return true
            }
            let current = progress()
            if let stalled = rule.check(current, nowMilliseconds: MonotonicClock.milliseconds()) { onStall(stalled) }
            _ = try? loop.dispatch(timeoutMilliseconds: rule.nextCheck(current).map { max(1, $0 - MonotonicClock.milliseconds()) })
            if hungUp { return }
        }
    }
}
