// SPDX-License-Identifier: Apache-2.0
import CX11
import Dispatch
import FoundationEssentials
import Synchronization
import SwipeBackCore
import SwipeBackFormats
import SwipeBackPosix
import SwipeBackX11

/// What a system swipe looks like on screen while the finger is down and as it settles.
public protocol SystemFeedback: AnyObject {
    /// A swipe was accepted over `app`.
    func began(_ swipe: SystemSwipe, app: AppWindow, at timeMilliseconds: Double)
    /// Its finger moved; `wouldCommit` is what a release now decides.
    func moved(_ swipe: SystemSwipe, wouldCommit: Bool, at timeMilliseconds: Double)
    /// It was released with `decision`; `send` sends the action (a commit's back, else nothing)
    /// and must be called once, when the feedback no longer covers the app.
    func ended(_ swipe: SystemSwipe, decision: PopDecision, at timeMilliseconds: Double, send: @escaping () -> Void)
    /// An event of the drawing connection.
    func handle(_ event: inout XEvent, at timeMilliseconds: Double)
    /// Draws what is due at `timeMilliseconds`.
    ///
    /// - Returns: when it next wants to draw, ms on the app clock; nil when idle.
    func tick(at timeMilliseconds: Double) -> Double?
}

/// `swipeback system`: the root touch grab on a thread and connection of its own, the watchdog on
/// a third, and on the calling thread the event log, the feedback and the actions sent to apps.
public final class SystemHost: @unchecked Sendable {
    private let display: OpaquePointer
    private let grab: SystemGrab
    private let settings: SystemSwipeSettings
    private let clock: AppClock
    private let log: (TimedEvent) -> Void
    private var feedback: SystemFeedback?
    private let reports = Mutex<[SystemGrabReport]>([])
    private let grabFailure = Mutex<Error?>(nil)
    /// This thread's loop: the drawing connection and the stop descriptor. The grab thread wakes it
    /// through its waker when it has a report (and holds the waker, so it is closed only once both
    /// are done with it).
    private let loop: EventLoop
    private let delivery: ActionDelivery

    /// Opens the drawing connection and takes the grab.
    ///
    /// - Parameters:
    ///   - displayName: the X display (nil: `$DISPLAY`).
    ///   - settings: the configuration (its `system...` keys and the active feel) and direction.
    ///   - clock: the app clock, for the event log's times.
    ///   - feedback: makes the indicator on `display`; nil draws nothing.
    ///   - log: gets one event-log entry per decision, on the calling thread of `run`.
    /// - Throws: `SystemRefusal` (status 2), `X11Error` when the display cannot be opened.
    public init(displayName: String?, settings: SystemSwipeSettings, clock: AppClock,
                feedback: ((OpaquePointer) throws -> SystemFeedback)?, log: @escaping (TimedEvent) -> Void) throws {
        self.settings = settings
        self.clock = clock
        self.log = log
        grab = try SystemGrab(displayName: displayName, settings: settings, clock: clock)
        let display = try X11Connection.open(displayName)
        self.display = display
        loop = try EventLoop()
        delivery = ActionDelivery(display: display)
        self.feedback = try feedback?(display)
    }

    deinit {
        // The feedback's window and GC live on this display: they go before it closes.
        feedback = nil
        X11Connection.close(display)
    }

    /// The app clock now, ms.
    public var nowMilliseconds: Double { clock.milliseconds }

    /// The grab loop's progress, for `SystemWatchdog`.
    public var progress: @Sendable () -> GrabProgress { { [grab] in grab.progress.withLock { $0 } } }

    /// Runs until a byte arrives on `stopDescriptor` (the signal pipe) or the X server goes away.
    ///
    /// - Parameter stopDescriptor: a descriptor that becomes readable to stop; -1 for none.
    /// - Throws: `X11Error.connectionLost` when the X server goes away.
    public func run(stopDescriptor: Int32) throws {
        // The grab thread hands reports over under a lock and wakes this one through the pipe.
        let grabEnded = DispatchSemaphore(value: 0)
        DetachedThread.start(name: "swipeback-grab", stackSize: 1 << 20) { [self, waker = loop.waker] in
            defer { grabEnded.signal() }
            do {
                try grab.run { report in
                    reports.withLock { $0.append(report) }
                    waker.wake()
                }
            } catch {
                grabFailure.withLock { $0 = error }
                waker.wake()
            }
        }
        defer {
            // The grab thread closes its connection as it ends; wait for it, briefly.
            grab.stop()
            _ = grabEnded.wait(timeout: .now() + 1)
        }
        let configuration = settings.configuration
        log(TimedEvent(timeMilliseconds: nowMilliseconds, event: .system(.started(.grab(style: configuration.systemStyle, edgeWidth: configuration.systemEdgeWidth,
                                                                commitDistance: configuration.systemCommitDistance)))))
        var stopped = false, hungUp = false
        try loop.watch(X11Connection.descriptor(display)) { hungUp = $0.isHangup }
        if stopDescriptor >= 0 { try loop.watch(stopDescriptor) { _ in stopped = true } }
        defer { loop.unwatch(stopDescriptor) }
        var nextDraw: Double?
        while true {
            // The drawing connection's events first: a compositor that came, an app that became
            // active, before the reports that act on them.
            X11Connection.drain(display) { event in
                delivery.handle(event).forEach(logOutcome)
                feedback?.handle(&event, at: nowMilliseconds)
                return true
            }
            for report in reports.withLock({ list in defer { list.removeAll() }; return list }) { handle(report) }
            if let error = grabFailure.withLock({ $0 }) { throw error }
            delivery.expire(at: nowMilliseconds).forEach(logOutcome)
            if X11ErrorTrap.isConnectionLost(display) { throw X11Error.connectionLost }
            nextDraw = [feedback?.tick(at: nowMilliseconds), delivery.nextDeadline].compactMap { $0 }.min()
            XFlush(display)
            // The flush may have read events into Xlib's queue, which the wait cannot see.
            if X11Connection.hasQueuedEvents(display) { continue }
            try loop.dispatch(timeoutMilliseconds: nextDraw.map { max(0, $0 - nowMilliseconds) })
            if stopped { return }
            if hungUp, XPending(display) == 0 { throw X11Error.connectionLost }
        }
    }

    private func handle(_ report: SystemGrabReport) {
        switch report {
        case .rejected(let touch, let point, let reason, let app, let t):
            // A touch outside the strips is the user's own business (an on-screen keyboard's keys):
            // its line says only that one came and went.
            log(TimedEvent(timeMilliseconds: t, event: .system(.rejected(.touch(touch), point: reason == .outside ? nil : point, reason: reason, appClass: app?.logClass))))
        case .accepted(let touch, let swipe, let app, let t):
            log(TimedEvent(timeMilliseconds: t, event: .system(.accepted(.touch(touch), start: swipe.start, edge: swipe.edge, kind: swipe.kind, appClass: app.logClass))))
            feedback?.began(swipe, app: app, at: t)
        case .moved(_, let swipe, let wouldCommit, let t):
            feedback?.moved(swipe, wouldCommit: wouldCommit, at: t)
        case .released(let touch, let swipe, let release, let app, let serverTime, let t):
            log(TimedEvent(timeMilliseconds: t, event: .system(.released(.touch(touch), kind: swipe.kind, appClass: app.logClass, release: release))))
            let send = { [self] in
                guard release.decision == .commit else { return }
                let action = SystemAction.action(for: swipe.kind, classNames: app.classNames, configuration: settings.configuration)
                if let outcome = delivery.request(action, to: app, at: swipe.start, touch: touch, serverTime: serverTime,
                                                  now: nowMilliseconds) {
                    logOutcome(outcome)
                }
            }
            if let feedback { feedback.ended(swipe, decision: release.decision, at: t, send: send) } else { send() }
        }
    }
}

extension SystemHost {
    /// One `sent` or `failed` line (with its `reason`) for an action's outcome.
    private func logOutcome(_ outcome: ActionDelivery.Outcome) {
        log(TimedEvent(timeMilliseconds: nowMilliseconds, event: .system(outcome.event)))
    }
}

/// How long `body` takes, ms on the monotonic clock.
func elapsedMilliseconds(_ body: () -> Void) -> Double {
    let clock = AppClock()
    body()
    return clock.milliseconds
}
