// SPDX-License-Identifier: Apache-2.0
import CX11
import FoundationEssentials
import Glibc
import SwipeBackCore
import SwipeBackPosix

/// Runs the app model in an X11 window: XI2 input in, frames from a renderer out.
///
/// A poll-based loop: it sleeps on the X connection while nothing moves, and draws at most one
/// frame per refresh whatever the input rate. On the Present path a frame is drawn only when the
/// one before it is on screen (`PresentCompleteNotify`), as late before the next refresh as the
/// recent frames' drawing time allows, so input that arrives meanwhile is coalesced into it, and
/// an animation ticks once per refresh. Without Present the frame clock paces drawing instead.
public final class WindowApp {
    let window: X11Window
    private let model: AppModel
    let renderer: FrameRendering
    /// The app clock: every time in the event log is on it.
    let clock = AppClock()
    /// Keeps every time given to the model, and every frame, in order on the app clock.
    var timeline = LiveTimeline()
    /// When to draw and how long to sleep: the frame clock, the pacer, the frame in flight, idle work.
    var scheduler: FrameScheduler
    /// The window's X events as input and window changes.
    private let source: XEventSource
    /// Whether the next frame must be drawn: something changed on screen since the last.
    private var needsDraw = true
    /// What one pass leaves the next: the loop, and the animation's tick.
    private var passes = PassState()

    /// What one pass of the loop leaves the next.
    private struct PassState {
        /// The loop `run()` and `step()` wait in, made on the first of them.
        var loop: EventLoop?
        /// When an animation ticks next without Present pacing, ms on the app clock.
        var nextTick = 0.0
        /// Whether the model was animating at the last pass.
        var wasAnimating = false
    }
    /// What the app hears of the loop.
    public var hooks = Hooks()
    /// Redraw after every input event, not only when the pages change (an overlay that follows the finger).
    public var redrawsOnInput = false
    /// What a kiosk asks of the window. Setting `followsScreenSaver` true selects the saver's
    /// notifications and, when the saver is on already, tells the model at once.
    public var kiosk = KioskWindowPolicy() {
        didSet {
            guard kiosk.followsScreenSaver, !oldValue.followsScreenSaver, window.followScreenSaver() == true else { return }
            send(.screenSaver(active: true), atMilliseconds: timelineNow())
        }
    }

    /// Callbacks from the loop to the app.
    public struct Hooks {
        /// Called once each frame is on screen (`FrameReport`).
        public var onFrame: ((FrameReport) -> Void)?
        /// Called with every input event, and its app time in ms, just before the model takes it
        /// (`swipeback record` writes them as a scenario).
        public var onInput: ((InputEvent, Double) -> Void)?
        /// Offered every key press (its name) before the model; returning true keeps it from the model.
        public var onKey: ((String) -> Bool)?

        /// No callbacks.
        public init() {}
    }

    /// A layout scale that wins over the server's `Xft.dpi` (`--scale`, `SWIPEBACK_SCALE`), in px
    /// per layout unit (`ResourceScale.range`); nil follows `Xft.dpi` / 96, live. Applied at once.
    public var scaleOverride: Double? {
        get { source.scaleOverride }
        set {
            source.scaleOverride = newValue
            model.layoutScale = source.layoutScale
        }
    }

    /// Passes one input event to the model, telling `onInput` first.
    private func send(_ event: InputEvent, atMilliseconds t: Double) {
        hooks.onInput?(event, t)
        model.handle(event, atMilliseconds: t)
        if redrawsOnInput { needsDraw = true }
    }

    /// Creates the app over an open window.
    ///
    /// - Parameters:
    ///   - window: the window.
    ///   - model: the app model; its stacks should match the window's size. Its `layoutScale` is
    ///     set from the server's `Xft.dpi` here, and kept current (see `scaleOverride`).
    ///   - renderer: draws each frame into the window's back buffer (`SceneRenderer`).
    public init(window: X11Window, model: AppModel, renderer: FrameRendering) {
        self.window = window
        self.model = model
        self.renderer = renderer
        scheduler = FrameScheduler(hertz: window.refreshHertz, paced: window.surface.presentPath == .present)
        scheduler.serverHasNoDisplay = window.hasNoDisplay()
        source = XEventSource(window: window, clock: clock)
        model.desktopReducesMotion = source.desktopReducesMotion
        model.layoutScale = source.layoutScale
    }

    /// The frame clock's rate in Hz: the display's, or 60 when the server does not tell.
    public var frameHertz: Double { 1000 / scheduler.frameClock.intervalMilliseconds }

    private func displayMayHaveChanged() {
        // The window may have moved onto (or off) a display: its Present clock is found anew.
        window.updateRefreshRate()
        scheduler.displayMayHaveChanged(hertz: window.refreshHertz, hasNoDisplay: window.hasNoDisplay())
    }

    /// Makes SIGINT (Ctrl+C) and SIGTERM close the window like the window manager's close request,
    /// so the app ends normally (a recording is written, the status is 0).
    ///
    /// Call it as early as the program can, before the window exists: a signal that arrives before
    /// `run()` is kept, and `run()` then closes at once; one that arrives while it sleeps wakes it.
    /// Calling it again changes nothing.
    public static func closeOnSignals() { StopSignals.install() }

    /// Whether SIGINT or SIGTERM arrived since `closeOnSignals()` (a window command asked to stop
    /// while it started).
    public static var closeWasSignalled: Bool { StopSignals.wasReceived }

    /// The read end of the pipe SIGINT and SIGTERM write to, for a loop of another kind to poll
    /// (`swipeback system`); -1 until `closeOnSignals()` has run.
    public static var signalDescriptor: Int32 { StopSignals.descriptor }

    /// Milliseconds since the app started, on the monotonic clock: the app clock of the event log.
    public var nowMilliseconds: Double { clock.milliseconds }

    /// The app clock now, as the log's one timeline has it (see `LiveTimeline`): for what the app
    /// does itself (ticks, frames, window changes, app code calling the model), never before a
    /// time already given to the model.
    public func timelineNow() -> Double {
        timeline.appTime(nowMilliseconds: nowMilliseconds)
    }

    /// What the loop asks of its caller after one pass (`step()`): when to call it again.
    public enum Step: Equatable, Sendable {
        /// The window was closed (the window manager's close request, SIGINT or SIGTERM): call no more.
        case closed
        /// Call again at once (there is more to read or to do now).
        case again
        /// Call again when `eventDescriptor()` is readable, or after `timeoutMilliseconds` (ms;
        /// nil: no limit), whichever comes first.
        case waitForInput(timeoutMilliseconds: Double?)
        /// Call again after `milliseconds` (ms), input or not: a frame is in flight, and the input
        /// that comes meanwhile is read in one batch then (each event keeps its server time).
        case pause(milliseconds: Double)
    }

    /// The loop's epoll descriptor: readable when the X connection or the stop signals have
    /// something. For an app that runs its own loop: poll it (`POLLIN`) among its own, and call
    /// `step()` as each step asks. Made on the first call (and by `run()`).
    ///
    /// - Throws: `PosixError` when the loop cannot be made (out of descriptors).
    public func eventDescriptor() throws -> Int32 { try eventLoop().descriptor }

    /// The loop of `run()` and `step()`: it wakes for the X connection and the stop signals; each
    /// pass reads what came itself. Made once; the desktop's reduced motion is told then.
    private func eventLoop() throws -> EventLoop {
        if let loop = passes.loop { return loop }
        let made = try EventLoop()
        try made.watch(XConnectionNumber(window.display)) { _ in }
        if StopSignals.descriptor >= 0 { try made.watch(StopSignals.descriptor) { _ in } }
        passes.loop = made
        passes.nextTick = scheduler.frameClock.nextTick(after: nowMilliseconds)
        // The desktop's reduced motion at the start is an input too, so a recording replays with it.
        if model.desktopReducesMotion { hooks.onInput?(.desktopReducesMotion(true), timelineNow()) }
        return made
    }

    /// Runs until the window is closed: `step()` in a loop of its own, waiting as each step asks.
    ///
    /// - Throws: `X11Error.connectionLost` when the X server goes away, `X11Error` when presenting
    ///   fails, or what the renderer throws.
    public func run() throws {
        let loop = try eventLoop()
        while true {
            switch try pass(waitingIn: loop) {
            case .closed: return
            case .again: continue
            case .waitForInput(let timeout): try loop.dispatch(timeoutMilliseconds: timeout)
            case .pause(let milliseconds):
                var pause = timespec(tv_sec: Int(milliseconds / 1000), tv_nsec: Int(milliseconds.truncatingRemainder(dividingBy: 1000) * 1e6))
                nanosleep(&pause, nil) // a signal ends it early
            }
        }
    }

    /// One pass of the loop, for an app that runs its own (`eventDescriptor()`): reads the X
    /// events that came, draws at most one frame, does a piece of idle work, and says when to
    /// call it again. It never blocks: where `run()` waits for a frame's start, it returns
    /// `.waitForInput` until then (the scene is then made again for that frame).
    ///
    /// - Returns: when to call it again; `.closed` once the window is closed.
    /// - Throws: as `run()`.
    public func step() throws -> Step {
        let loop = try eventLoop()
        // `closeOnSignals()` may come after the loop was made: its pipe wakes the app's poll too.
        if StopSignals.descriptor >= 0, !loop.isWatching(StopSignals.descriptor) { try loop.watch(StopSignals.descriptor) { _ in } }
        return try pass(waitingIn: nil)
    }

    /// One pass. `loop` is where to wait for a frame's start in place (`run()`); nil returns
    /// instead (`step()`).
    private func pass(waitingIn loop: EventLoop?) throws -> Step {
        if model.closeRequested { return .closed }
        if StopSignals.wasReceived {
            send(.close, atMilliseconds: timelineNow())
            return .closed
        }
        while XPending(window.display) > 0 {
            var event = XEvent()
            XNextEvent(window.display, &event)
            handle(&event)
            if model.closeRequested { return .closed }
            if window.isDestroyed { throw X11Error("the window was destroyed by another client") }
        }
        // Xlib noticed the server gone while reading (X11ErrorTrap): nothing more can be done.
        if window.isConnectionLost { throw X11Error.connectionLost }
        var now = nowMilliseconds
        let paced = window.surface.presentPath == .present
        scheduler.pacer.paced = paced
        scheduler.pacer.intervalMilliseconds = scheduler.frameClock.intervalMilliseconds
        // Counted from its sending: a first frame at 4K takes longer than that to draw.
        if let queued = scheduler.queuedFrame, now - queued.sent > scheduler.overdueMilliseconds {
            // No completion came (the window left every monitor, say): go on drawing.
            window.surface.abandonFrameInFlight()
            scheduler.queuedFrame = nil
        }
        // On the Present path a frame starts only once the one before it is on screen.
        let free = !window.surface.hasFrameInFlight
        // While a frame is in flight nothing is drawn, so the scene is not even looked at: under
        // a flood of input most wakes end here.
        // The scene the pass decides on, made at most once: again only after the pass changed
        // the model (a cancel, an animation's tick, a timer).
        var scene: Scene?
        var wantsFrame = free && (needsDraw || model.needsFrames)
        if free, !wantsFrame {
            let made = model.scene()
            scene = made
            wantsFrame = renderer.needsRedraw(made, width: window.width, height: window.height)
        }
        let startAt = wantsFrame ? scheduler.pacer.frameStart(after: now) : now
        if startAt > now + 0.5 {
            // Wait for the frame's start (input that arrives meanwhile goes into it).
            guard let loop else {
                XFlush(window.display)
                return XPending(window.display) > 0 ? .again : .waitForInput(timeoutMilliseconds: (startAt - now).rounded(.up))
            }
            if try sleep(untilMilliseconds: startAt, on: loop) { return .again }
            now = nowMilliseconds
        }
        let cancels = source.checkHeldDevices(now: now)
        for cancel in cancels { send(cancel.event, atMilliseconds: timelineNow()) }
        if !cancels.isEmpty {
            needsDraw = true
            scene = nil
        }
        if model.needsFrames {
            if !passes.wasAnimating { passes.nextTick = scheduler.frameClock.nextTick(after: now) }
            passes.wasAnimating = true
            // Paced by Present, an animation ticks once per frame, just before it is drawn.
            if paced ? free : now >= passes.nextTick {
                model.tick(atMilliseconds: timeline.appTime(nowMilliseconds: now))
                passes.nextTick = scheduler.frameClock.nextTick(after: now)
                needsDraw = true
                scene = nil
            }
        } else {
            passes.wasAnimating = false
        }
        // A timer (the kiosk's idle timeout) that fell due.
        if let due = model.nextTimerMilliseconds, nowMilliseconds >= due {
            model.tick(atMilliseconds: timelineNow())
            needsDraw = true
            scene = nil
        }
        // Input that changes nothing on screen (hover, a refused drag) draws no frame.
        // One scene per frame: the value the frame is decided on is the one drawn.
        if free {
            let scene = scene ?? model.scene()
            if needsDraw || renderer.needsRedraw(scene, width: window.width, height: window.height),
               now >= scheduler.pacer.frameStart(after: now) - 0.5 {
                try drawFrame(scene)
                needsDraw = false
            }
        }
        // A frame in flight: nothing is drawn before its refresh (or, without one to wait for,
        // before the budget allows), so input is read in one batch then (the server's times
        // keep each event's moment), not one wake per event.
        if paced, let queued = scheduler.queuedFrame, !StopSignals.wasReceived {
            let wake = scheduler.pacer.inFlightWake(began: queued.began) - nowMilliseconds
            if wake > 0, wake < 2 * scheduler.frameClock.intervalMilliseconds {
                XFlush(window.display)
                return .pause(milliseconds: wake)
            }
        }
        // Idle a while: make ready what a swipe's first frames would need (the snapshot of the
        // page beneath, the frame buffers' memory), one piece a turn, input first.
        let busy = needsDraw || model.needsFrames
        if scheduler.idleWorkIsDue(at: nowMilliseconds, busy: busy, frameInFlight: window.surface.hasFrameInFlight),
           XPending(window.display) == 0 {
            // A frame the fake clock's recogniser waits for (the same pixels, one of them sent).
            if scheduler.fakeClock.awaitsConfirmation, let serial = window.surface.probePresentClock() {
                let now = nowMilliseconds
                scheduler.queuedFrame = QueuedFrame(serial: serial, began: now, logBegan: now, sent: now, bytes: 4, aimedMsc: nil,
                                                    asynchronous: false, isProbe: true)
                return .again
            }
            if try renderer.drawAhead(model.scene()) || window.surface.touchBuffersAhead() { return .again }
            scheduler.idleWorkPending = false
        }
        // The X connection, and the signal pipe: a signal between the check above and the wait wakes it.
        let idle = !busy && scheduler.queuedFrame == nil && !window.surface.hasFrameInFlight
        let timeout = scheduler.pollTimeout(at: nowMilliseconds, FrameScheduler.Wake(
            dirty: needsDraw, animating: model.needsFrames, nextTick: passes.nextTick,
            nextTimer: model.nextTimerMilliseconds,
            nextGrabCheck: source.nextGrabCheck,
            idle: idle))
        XFlush(window.display)
        return XPending(window.display) == 0 ? .waitForInput(timeoutMilliseconds: timeout < 0 ? nil : Double(timeout)) : .again
    }

    /// Sleeps until `milliseconds` on the app clock or until the X connection or the signal pipe
    /// has something; returns whether it woke early for them.
    private func sleep(untilMilliseconds milliseconds: Double, on loop: EventLoop) throws -> Bool {
        XFlush(window.display)
        guard XPending(window.display) == 0 else { return true }
        return try loop.dispatch(timeoutMilliseconds: max(0, (milliseconds - nowMilliseconds).rounded(.up)))
    }

    /// Handles one X event: a frame shown, or input and window changes from `source`.
    private func handle(_ event: inout XEvent) {
        var completion: PresentCompletion?
        if window.surface.isPresentEvent(&event, completion: &completion) {
            if let completion { frameShown(completion) }
            return
        }
        didAct()
        let reading = source.read(&event)
        if reading.redraw { needsDraw = true }
        if reading.displayMayHaveChanged { displayMayHaveChanged() }
        if reading.screenChanged, kiosk.followsScreenSize { window.coverScreen() }
        if reading.closeRequested, !kiosk.refusesCloseRequests { send(.close, atMilliseconds: timelineNow()) }
        for input in reading.inputs {
            if case .key(let name) = input.event, hooks.onKey?(name) == true {
                needsDraw = true
                continue
            }
            let t = input.mappedMilliseconds.map { timeline.inputTime(mappedMilliseconds: $0) } ?? timelineNow()
            send(input.event, atMilliseconds: t)
        }
    }
}

/// What a kiosk asks of its window beyond an app's (`swipeback kiosk`).
public struct KioskWindowPolicy: Sendable {
    /// Ignore the window manager's close requests (`WM_DELETE_WINDOW`): a locked kiosk.
    public var refusesCloseRequests = false
    /// Cover the screen again when its size changes (RandR).
    public var followsScreenSize = false
    /// Pass the server's screen saver starting and ending to the model (`InputEvent.screenSaver`,
    /// for `kioskWakeGuard`).
    public var followsScreenSaver = false

    /// An app's window: none of the kiosk's ways.
    public init() {}

    /// All of the kiosk's ways.
    public static let kiosk = KioskWindowPolicy(refusesCloseRequests: true, followsScreenSize: true, followsScreenSaver: true)

    private init(refusesCloseRequests: Bool, followsScreenSize: Bool, followsScreenSaver: Bool) {
        self.refusesCloseRequests = refusesCloseRequests
        self.followsScreenSize = followsScreenSize
        self.followsScreenSaver = followsScreenSaver
    }
}
