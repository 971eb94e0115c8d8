// SPDX-License-Identifier: Apache-2.0
import SwipeBackCore

/// When the window draws, and how long its loop may sleep: the frame clock and the pacer, the
/// frame in flight on the Present path, the server's fake clock, idle work, and the one deadline
/// that `poll` waits for. A value: the loop asks it and tells it what happened; it reads no clock
/// and knows no X connection.
struct FrameScheduler {
    /// Ticks at the display's rate (`X11Window.refreshHertz`).
    var frameClock: FixedRateFrameClock
    /// When the next frame is drawn.
    var pacer: FramePacer
    /// The frame queued on the Present path, until its `PresentCompleteNotify`.
    var queuedFrame: QueuedFrame?
    /// Whether the window is on the server's fake Present clock, from the completions.
    var fakeClock = FakePresentClockRecognizer()
    /// Whether the server was identified as having no display (`X11Window.hasNoDisplay()`): only
    /// then may `fakeClock` recognise its clock.
    var serverHasNoDisplay = false
    /// When the window last handled an event (not a Present notice) or drew a frame, app clock ms:
    /// idle work waits `idleDelayMilliseconds` after it.
    var lastActivityMilliseconds = -Double.infinity
    /// Whether idle work may remain: set by activity, cleared when there is none.
    var idleWorkPending = true
    /// How many frames have reached the screen (or were put) so far.
    var framesShown = 0

    /// How long the window waits, after its last event or frame, before idle work, ms: a piece of
    /// it (a page snapshot, up to 85 ms at 4K) delays input that comes meanwhile, so not while
    /// the user is acting (a resize, a push and the next tap).
    static let idleDelayMilliseconds = 150.0
    /// How long a queued frame may wait for its completion before drawing goes on, in refresh intervals.
    static let overdueIntervals = 6.0

    /// A scheduler for a display refreshing at `hertz`.
    ///
    /// - Parameters:
    ///   - hertz: the display's refresh rate, Hz, more than 0.
    ///   - paced: whether frames go through Present (`PresentSurface.presentPath == .present`).
    init(hertz: Double, paced: Bool) {
        frameClock = FixedRateFrameClock(hertz: hertz)
        pacer = FramePacer(paced: paced, intervalMilliseconds: frameClock.intervalMilliseconds)
    }

    /// How long a queued frame may wait for its completion, ms.
    var overdueMilliseconds: Double { Self.overdueIntervals * frameClock.intervalMilliseconds }

    /// Notes an event or a frame at `now` (app clock ms): idle work waits a while after it.
    mutating func didAct(at now: Double) {
        lastActivityMilliseconds = now
        idleWorkPending = true
    }

    /// Whether idle work may start at `now`: nothing to draw or animate, no frame in flight, and
    /// quiet for `idleDelayMilliseconds`.
    func idleWorkIsDue(at now: Double, busy: Bool, frameInFlight: Bool) -> Bool {
        !busy && queuedFrame == nil && !frameInFlight && idleWorkPending
            && now - lastActivityMilliseconds >= Self.idleDelayMilliseconds
    }

    /// A completion of the queued frame arrived: the pacer and the fake clock learn from it.
    ///
    /// - Parameters:
    ///   - completion: the server's `PresentCompleteNotify`.
    ///   - now: app clock ms.
    ///   - ageMilliseconds: how long ago the server's `ust` was, by the monotonic clock; nil when unknown.
    /// - Returns: the frame it completed and when it was shown (app clock ms), or nil when it was
    ///   not the queued frame's.
    mutating func frameShown(_ completion: PresentCompletion, now: Double, ageMilliseconds: Double?) -> (frame: QueuedFrame, shownAt: Double)? {
        guard let queued = queuedFrame, completion.serial == queued.serial else { return nil }
        queuedFrame = nil
        let known = completion.ust > 0 && (ageMilliseconds.map { $0 >= 0 && $0 < overdueMilliseconds } ?? false)
        let shownAt = known ? now - ageMilliseconds! : now
        if known, serverHasNoDisplay, let fake = fakeClock.observe(ust: completion.ust, msc: completion.msc, synchronous: !queued.asynchronous) {
            pacer.didShowOnFakeClock(at: shownAt, began: queued.began, msc: completion.msc,
                                     interval: Double(fake.intervalMicroseconds) / 1000)
        } else {
            if !known { fakeClock.reset() }
            pacer.didShow(at: shownAt, msc: completion.msc, aimed: completion.wasShown ? queued.aimedMsc : nil)
        }
        return (queued, shownAt)
    }

    /// The display may have changed (a move, a RandR change): its clock is found anew.
    mutating func displayMayHaveChanged(hertz: Double, hasNoDisplay: Bool) {
        fakeClock.reset()
        pacer.forgetFakeClock()
        serverHasNoDisplay = hasNoDisplay
        if hertz != 1000 / frameClock.intervalMilliseconds { frameClock = FixedRateFrameClock(hertz: hertz) }
    }

    /// What the loop waits for besides the X connection, for the one `poll` deadline.
    struct Wake {
        /// Whether something is left to draw (input, a change, a redraw the renderer wants).
        var dirty: Bool
        /// Whether an animation runs.
        var animating: Bool
        /// The next tick of an animation not paced by Present, app clock ms.
        var nextTick: Double
        /// The model's next timer (the kiosk's idle return), app clock ms.
        var nextTimer: Double?
        /// When the held sequences' devices are to be checked next (another client's grab), ms.
        var nextGrabCheck: Double?
        /// Whether the loop is idle (nothing to draw or animate, no frame in flight).
        var idle: Bool
    }

    /// How long `poll` may sleep from `now`, in ms (-1: until the X connection or a signal has
    /// something): the earliest of an animation's tick, an overdue completion, a frame the pacing
    /// holds back, idle work, the model's timer and the grab check.
    func pollTimeout(at now: Double, _ wake: Wake) -> Int32 {
        var due: [Double] = []
        if wake.animating, !pacer.paced { due.append(wake.nextTick) }
        if let queued = queuedFrame {
            due.append(queued.sent + overdueMilliseconds)
        } else if wake.dirty || (pacer.paced && wake.animating) {
            due.append(pacer.frameStart(after: now))
        }
        if wake.idle, idleWorkPending { due.append(lastActivityMilliseconds + Self.idleDelayMilliseconds) }
        if let timer = wake.nextTimer { due.append(timer) }
        if let check = wake.nextGrabCheck { due.append(check) }
        guard let first = due.min() else { return -1 }
        return Int32(min(max(0, (first - now).rounded(.up)), Double(Int32.max)))
    }
}
