// SPDX-License-Identifier: Apache-2.0
/// When a host may draw its next frame: the one pacing interface of the three hosts' feedback.
/// Its strategies: the display's Present completions (the window's `FramePacer`, in
/// SwipeBackX11), a Wayland frame callback (`FrameCallbackPacing`: the session side's arrow), and
/// a timer at the display's refresh that follows RandR (`TimerPacing`: `swipeback system`'s arrow
/// and page slide). Times are ms on the host's clock; a pure value, tested without a display.
public protocol FramePacing: Sendable {
    /// The refresh interval, ms (1000 / the display's Hz, more than 0); a host sets it again when
    /// the display's rate changes (RandR says so).
    var intervalMilliseconds: Double { get set }

    /// When a frame wanted at `now` may start, ms, at or after `now`; nil while the display has
    /// not shown the last frame (the host waits for its word, a completion or a frame callback).
    func nextFrameStart(after now: Double) -> Double?

    /// A frame went out at `timeMilliseconds`, having taken `costMilliseconds` to draw and send.
    mutating func frameSent(at timeMilliseconds: Double, costMilliseconds: Double)
}

/// At most one frame per refresh interval, by the clock (no word from the display): for a host
/// whose frames go out with a plain image put, where the server shows them at once.
public struct TimerPacing: FramePacing {
    /// One refresh, ms.
    public var intervalMilliseconds: Double
    /// When the last frame went out, ms.
    public private(set) var lastFrameMilliseconds = -Double.infinity

    /// Pacing at a display of `intervalMilliseconds` per refresh (more than 0).
    public init(intervalMilliseconds: Double) { self.intervalMilliseconds = intervalMilliseconds }

    /// A refresh after the last frame, or `now` when that has passed.
    public func nextFrameStart(after now: Double) -> Double? { max(now, lastFrameMilliseconds + intervalMilliseconds) }

    /// Keeps the frame's time.
    public mutating func frameSent(at timeMilliseconds: Double, costMilliseconds: Double) { lastFrameMilliseconds = timeMilliseconds }
}

/// One frame per frame callback: a frame goes out only once the compositor said the last one was
/// shown (`wl_surface.frame`'s `done`), so frames never queue ahead of the output.
public struct FrameCallbackPacing: FramePacing {
    /// One refresh of the output, ms: how soon a host that waits looks again.
    public var intervalMilliseconds: Double
    /// When the frame still waiting for its callback went out; nil when none waits.
    public private(set) var waitingSince: Double?

    /// Pacing for an output of `intervalMilliseconds` per refresh (default 60 Hz's).
    public init(intervalMilliseconds: Double = 1000.0 / 60) {
        self.intervalMilliseconds = intervalMilliseconds
    }

    /// Whether a frame waits for its callback.
    public var isWaiting: Bool { waitingSince != nil }

    /// `now` when no frame waits for its callback; else nil (the callback's `done` comes first).
    public func nextFrameStart(after now: Double) -> Double? { waitingSince == nil ? now : nil }

    /// The frame waits for its callback.
    public mutating func frameSent(at timeMilliseconds: Double, costMilliseconds: Double) { waitingSince = timeMilliseconds }

    /// The compositor showed the frame (its callback's `done`), or the surface went: the next may go.
    public mutating func frameShown() { waitingSince = nil }
}

/// A feedback's frames over a pacing strategy: it draws only when something changed and the
/// strategy lets a frame start, and every refresh while an animation runs.
public struct FeedbackPacer<Pacing: FramePacing>: Sendable {
    /// The strategy.
    public var pacing: Pacing
    /// Whether something changed since the last frame.
    public var dirty = false

    /// A pacer over `pacing`.
    public init(_ pacing: Pacing) { self.pacing = pacing }

    /// Draws now when something changed and a frame may start.
    ///
    /// - Parameters:
    ///   - timeMilliseconds: now.
    ///   - animating: whether an animation runs (then the next frame is due a refresh later).
    ///   - draw: draws and sends one frame; returns its cost, ms.
    /// - Returns: when to come back, ms; nil when nothing more is to draw, or the strategy waits
    ///   for the display's word.
    public mutating func drawIfDue(at timeMilliseconds: Double, animating: Bool, _ draw: () -> Double) -> Double? {
        guard dirty else { return nil }
        guard let start = pacing.nextFrameStart(after: timeMilliseconds) else { return nil }
        if start > timeMilliseconds { return start }
        drew(at: timeMilliseconds, costMilliseconds: draw())
        return animating ? timeMilliseconds + pacing.intervalMilliseconds : nil
    }

    /// A frame was drawn at `timeMilliseconds` (by `drawIfDue`, or outside it: the first, before a
    /// window maps).
    public mutating func drew(at timeMilliseconds: Double, costMilliseconds: Double) {
        pacing.frameSent(at: timeMilliseconds, costMilliseconds: costMilliseconds)
        dirty = false
    }
}
