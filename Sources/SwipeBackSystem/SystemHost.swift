// SPDX-License-Identifier: Apache-2.0
import CX11
import Foundation
import Synchronization
import SwipeBackCore
import SwipeBackFormats
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
    private let log: (EventLogEntry) -> Void
    private var feedback: SystemFeedback?
    private let reports = Mutex<[SystemGrabReport]>([])
    private let grabFailure = Mutex<Error?>(nil)
    private let wakePipe: (read: Int32, write: Int32)

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
                feedback: ((OpaquePointer, SystemGrab) throws -> SystemFeedback)?, log: @escaping (EventLogEntry) -> Void) throws {
        self.settings = settings
        self.clock = clock
        self.log = log
        grab = try SystemGrab(displayName: displayName, settings: settings, clock: clock)
        let display = try X11Connection.open(displayName)
        self.display = display
        var ends: [Int32] = [-1, -1]
        _ = pipe(&ends)
        for end in ends { _ = fcntl(end, F_SETFL, O_NONBLOCK) }
        wakePipe = (ends[0], ends[1])
        self.feedback = try feedback?(display, grab)
    }

    deinit {
        // The feedback's window and GC live on this display: they go before it closes.
        feedback = nil
        X11Connection.close(display)
        close(wakePipe.read)
        close(wakePipe.write)
    }

    /// The app clock now, ms.
    public var nowMilliseconds: Double { clock.milliseconds }

    /// The grab loop's heartbeat, for `SystemWatchdog`.
    public var heartbeat: @Sendable () -> UInt32 { { [grab] in grab.heartbeat.withLock { $0 } } }

    /// Runs until a byte arrives on `stopDescriptor` (the signal pipe) or the X server goes away.
    ///
    /// - Parameter stopDescriptor: a descriptor that becomes readable to stop; -1 for none.
    /// - Throws: `X11Error.connectionLost` when the X server goes away.
    public func run(stopDescriptor: Int32) throws {
        // The grab thread hands reports over under a lock and wakes this one through the pipe.
        let grabEnded = DispatchSemaphore(value: 0)
        let grabThread = Thread { [self] in
            defer { grabEnded.signal() }
            do {
                try grab.run { report in
                    reports.withLock { $0.append(report) }
                    var byte: UInt8 = 1
                    _ = write(wakePipe.write, &byte, 1)
                }
            } catch {
                grabFailure.withLock { $0 = error }
                var byte: UInt8 = 1
                _ = write(wakePipe.write, &byte, 1)
            }
        }
        grabThread.name = "swipeback-grab"
        grabThread.stackSize = 1 << 20
        grabThread.start()
        defer {
            // The grab thread closes its connection as it ends; wait for it, briefly.
            grab.stop()
            _ = grabEnded.wait(timeout: .now() + 1)
        }
        log(EventLogEntry(timeMilliseconds: nowMilliseconds, type: "system", fields: [
            ("event", .string("started")), ("style", .string(settings.configuration.systemStyle.rawValue)),
            ("edgeWidth", .number(settings.configuration.systemEdgeWidth)),
            ("commitDistance", .number(settings.configuration.systemCommitDistance))]))
        let fd = XConnectionNumber(display)
        var nextDraw: Double?
        while true {
            var drain = [UInt8](repeating: 0, count: 64)
            while read(wakePipe.read, &drain, drain.count) > 0 {}
            for report in reports.withLock({ list in defer { list.removeAll() }; return list }) { handle(report) }
            if let error = grabFailure.withLock({ $0 }) { throw error }
            while XPending(display) > 0 {
                var event = XEvent()
                XNextEvent(display, &event)
                feedback?.handle(&event, at: nowMilliseconds)
            }
            if X11ErrorTrap.isConnectionLost(display) { throw X11Error.connectionLost }
            nextDraw = feedback?.tick(at: nowMilliseconds)
            XFlush(display)
            let timeout = nextDraw.map { Int32(max(0, ($0 - nowMilliseconds).rounded(.up))) } ?? -1
            // The flush may have read events into Xlib's queue, which poll cannot see.
            if XEventsQueued(display, QueuedAlready) > 0 { continue }
            var fds = [pollfd(fd: wakePipe.read, events: Int16(POLLIN), revents: 0), pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: stopDescriptor, events: Int16(POLLIN), revents: 0)]
            _ = poll(&fds, stopDescriptor >= 0 ? 3 : 2, timeout)
            if stopDescriptor >= 0, fds[2].revents != 0 { return }
            if fds[1].revents & Int16(POLLHUP | POLLERR) != 0, XPending(display) == 0 { throw X11Error.connectionLost }
        }
    }

    private func handle(_ report: SystemGrabReport) {
        switch report {
        case .rejected(let touch, let point, let reason, let app, let t):
            var fields: [(String, LogValue)] = [("event", .string("rejected")), ("touch", .number(Double(touch))),
                                                ("x", .number(point.x)), ("y", .number(point.y)), ("reason", .string(reason.rawValue))]
            if let app { fields.append(("class", .string(app.logClass))) }
            log(EventLogEntry(timeMilliseconds: t, type: "system", fields: fields))
        case .accepted(let touch, let swipe, let app, let t):
            log(EventLogEntry(timeMilliseconds: t, type: "system", fields: [
                ("event", .string("accepted")), ("touch", .number(Double(touch))), ("x", .number(swipe.start.x)), ("y", .number(swipe.start.y)),
                ("edge", .string(swipe.edge.rawValue)), ("kind", .string(swipe.kind.rawValue)), ("class", .string(app.logClass))]))
            feedback?.began(swipe, app: app, at: t)
        case .moved(_, let swipe, let wouldCommit, let t):
            feedback?.moved(swipe, wouldCommit: wouldCommit, at: t)
        case .released(let touch, let swipe, let release, let app, let t):
            log(EventLogEntry(timeMilliseconds: t, type: "system", fields: [
                ("event", .string(release.decision == .commit ? "committed" : "cancelled")), ("touch", .number(Double(touch))),
                ("kind", .string(swipe.kind.rawValue)), ("class", .string(app.logClass)),
                ("progress", .number(release.progress)), ("velocity", release.velocityPixelsPerSecond.map(LogValue.number) ?? .null),
                ("distance", .number(release.distancePixels)), ("width", .number(release.widthPixels)),
                ("commitDistance", .number(release.commitDistancePixels))]))
            let send = { [self] in
                guard release.decision == .commit else { return }
                let action = SystemAction.action(for: swipe.kind, classNames: app.classNames, configuration: settings.configuration)
                let sent = ActionSender(display: display).send(action, to: app, at: swipe.start, time: 0)
                log(EventLogEntry(timeMilliseconds: nowMilliseconds, type: "system", fields: [
                    ("event", .string(sent ? "sent" : "failed")), ("touch", .number(Double(touch))), ("class", .string(app.logClass)),
                    ("action", .string(action.description)), ("window", .number(Double(app.window)))]))
            }
            if let feedback { feedback.ended(swipe, decision: release.decision, at: t, send: send) } else { send() }
        }
    }
}

/// How long `body` takes, ms on the monotonic clock.
func elapsedMilliseconds(_ body: () -> Void) -> Double {
    let clock = AppClock()
    body()
    return clock.milliseconds
}
