// SPDX-License-Identifier: Apache-2.0
/// The rules that decide an undecided swipe from how far it has gone: the gate's policy.
///
/// libadwaita's `AdwSwipeTracker` is the model: one tracker for any host, the host supplying its
/// input and its feedback. The window's interactive pop, `swipeback system` and `swipeback input`
/// all decide with one of these.
public enum SwipeGate: Equatable, Sendable {
    /// The window's screen edge pan (DESIGN.md "Recognition", `TouchSlop`): it begins at one slop
    /// inward when further across than down; it fails at one slop down (a tie goes to vertical) or
    /// one slop outward.
    case touchSlop
    /// The system swipe's measured policy (the project notes, system-gesture.md): it begins at two
    /// slops inward when more than twice its vertical travel (16 px at 96 dpi); it is rejected at one
    /// and a half slops down when that is more than inward (12 px), or at one slop outward. A finger
    /// that comes back two slops from the farthest it went cancels at the release (Android's back
    /// arrow deactivates on moving back).
    case system

    /// What a swipe's travel decides, or nil while undecided.
    ///
    /// - Parameters:
    ///   - inward: px away from the edge it began at (negative toward the edge).
    ///   - vertical: px down or up (any sign).
    ///   - slop: the touch slop, px (`touchSlop` layout units at the host's scale).
    public func verdict(inward: Double, vertical: Double, slop: Double) -> SwipeGateVerdict? {
        let down = abs(vertical)
        switch self {
        case .touchSlop:
            if TouchSlop.isHorizontal(dx: inward, dy: down, slop: slop) { return .begin }
            if TouchSlop.isVertical(dx: inward, dy: down, slop: slop) { return .vertical }
        case .system:
            if inward >= 2 * slop && inward > 2 * down { return .begin }
            if down >= 1.5 * slop && down > inward { return .vertical }
        }
        return -inward >= slop ? .outward : nil
    }

    /// Whether a finger that came back toward the edge cancels at its release (`system`).
    public var cancelsOnRetreat: Bool { self == .system }
}

/// What the gate decided on a move.
public enum SwipeGateVerdict: Equatable, Sendable {
    /// The swipe begins: the host takes the touch.
    case begin
    /// It moved mostly vertically first: not a swipe.
    case vertical
    /// It moved outward, toward the edge: not a swipe.
    case outward
}

/// A released swipe as the tracker decides it.
public struct SwipeRelease: Equatable, Sendable {
    /// Commit or cancel.
    public var decision: PopDecision
    /// The progress at the release, 0...1.
    public var progress: Double
    /// The inward release velocity, px/s, not limited by `maxVelocity`; nil without an estimate.
    public var velocityPixelsPerSecond: Double?
}

/// One swipe from the edge, from its down to its release: the gate (`SwipeGate`), the progress,
/// the velocity (the least-squares `VelocityTracker` of Flutter and Android), the pop decision
/// (`PopDecision`, with the commit point as a progress or as a distance in px) and the settle
/// (`SwipeSettle`, the configuration's spring).
///
/// The three hosts drive it: the window's interactive pop (through `ScreenEdgePanGestureRecognizer`,
/// which adds UIKit's states and the veto), `swipeback system` and `swipeback input` (through
/// `SystemSwipe`, which adds the strips, the deadline and the reasons of the event log). A host
/// supplies points and times; nothing here reads a clock.
public struct SwipeTracker: Sendable {
    /// The gate's policy.
    public let gate: SwipeGate
    /// Where the finger came down, px in the host's coordinates (moved with a window's resize).
    public private(set) var start: Point
    /// The latest point, px.
    public private(set) var latest: Point
    /// +1 when inward (toward a commit) is +x, -1 when it is -x.
    public let inwardSign: Double
    /// The width a full swipe crosses, px (more than 0): progress is inward distance over it.
    public private(set) var widthPixels: Double
    /// The touch slop, px.
    public let slopPixels: Double
    /// The commit point as a distance, px; nil to use the configuration's `commitProgress`.
    public let commitDistancePixels: Double?
    /// The farthest inward the finger has been, px.
    public private(set) var farthestInwardPixels = 0.0
    /// The samples of the finger's path the velocity is estimated from.
    public private(set) var samples = VelocityTracker()

    /// Starts a swipe at its down.
    ///
    /// - Parameters:
    ///   - gate: the gate's policy.
    ///   - start: the down point, px.
    ///   - timeMilliseconds: its time, ms; nil when the host keeps the samples itself (the
    ///     window's arena keeps each sequence's, for every gesture) and passes them to
    ///     `inwardVelocity(at:samples:)`.
    ///   - inwardSign: +1 when inward is +x (the left edge, or a left-to-right pop), else -1.
    ///   - widthPixels: the width a full swipe crosses, px, more than 0.
    ///   - slopPixels: the touch slop, px.
    ///   - commitDistancePixels: the commit point as a distance, px (`systemCommitDistance` in px
    ///     on the monitor); nil for the configuration's `commitProgress`.
    public init(gate: SwipeGate, start: Point, timeMilliseconds: Double?, inwardSign: Double, widthPixels: Double,
                slopPixels: Double, commitDistancePixels: Double? = nil) {
        self.gate = gate
        self.start = start
        latest = start
        self.inwardSign = inwardSign
        self.widthPixels = widthPixels
        self.slopPixels = slopPixels
        self.commitDistancePixels = commitDistancePixels
        if let timeMilliseconds { samples.addSample(timeMilliseconds: timeMilliseconds, position: start) }
    }

    /// How far the finger is inward of where it came down, px (negative outward).
    public var inwardPixels: Double { (latest.x - start.x) * inwardSign }
    /// How far it is below where it came down, px (negative above).
    public var verticalPixels: Double { latest.y - start.y }

    /// The progress: the inward distance over the width, 0...1.
    public var progress: Double {
        guard widthPixels > 0 else { return 0 }
        return min(max(inwardPixels / widthPixels, 0), 1)
    }

    /// The back arrow's stretch: the inward distance over the commit distance (1 where a slow
    /// release starts to commit), 0 up; over the width when the commit point is a progress.
    public var stretch: Double { max(inwardPixels, 0) / max(commitDistancePixels ?? widthPixels, 1) }

    /// Whether the finger has come back toward the edge by two slops from the farthest it went.
    public var hasRetreated: Bool { farthestInwardPixels - inwardPixels >= 2 * slopPixels }

    /// The finger moved.
    ///
    /// - Parameters:
    ///   - point: where to, px.
    ///   - timeMilliseconds: when, ms; nil when the host keeps the samples.
    /// - Returns: what the gate makes of the travel so far (the host keeps the first answer).
    public mutating func move(to point: Point, at timeMilliseconds: Double?) -> SwipeGateVerdict? {
        latest = point
        if let timeMilliseconds { samples.addSample(timeMilliseconds: timeMilliseconds, position: point) }
        farthestInwardPixels = max(farthestInwardPixels, inwardPixels)
        return gate.verdict(inward: inwardPixels, vertical: verticalPixels, slop: slopPixels)
    }

    /// The inward velocity at `timeMilliseconds`, px/s (not limited); nil without an estimate.
    ///
    /// - Parameters:
    ///   - timeMilliseconds: ms.
    ///   - samples: the host's samples of this finger, when it keeps them; else the tracker's.
    public func inwardVelocity(at timeMilliseconds: Double, samples: VelocityTracker? = nil) -> Double? {
        (samples ?? self.samples).velocity(atMilliseconds: timeMilliseconds).map { $0.xPixelsPerSecond * inwardSign }
    }

    /// The configuration the decision uses: `commitProgress` is the commit distance over the width
    /// when the commit point is a distance.
    public func decisionConfiguration(_ configuration: Configuration) -> Configuration {
        guard let commitDistancePixels else { return configuration }
        return configuration.committing(atPixels: commitDistancePixels, widthPixels: widthPixels)
    }

    /// The decision of a release at `timeMilliseconds` where the finger is now: the project's rule
    /// (`PopDecision`, the configuration's policy, fling velocity in widths/s and `maxVelocity`),
    /// and a cancel when the gate cancels on a retreat and the finger retreated.
    ///
    /// - Parameters:
    ///   - timeMilliseconds: ms.
    ///   - configuration: the decision's keys.
    ///   - samples: the host's samples, when it keeps them.
    public func release(at timeMilliseconds: Double, configuration: Configuration, samples: VelocityTracker? = nil) -> SwipeRelease {
        let velocity = inwardVelocity(at: timeMilliseconds, samples: samples)
        let decision = gate.cancelsOnRetreat && hasRetreated ? .cancel
            : PopDecision.decide(progress: progress, velocityPixelsPerSecond: velocity, widthPixels: widthPixels,
                                 configuration: decisionConfiguration(configuration))
        return SwipeRelease(decision: decision, progress: progress, velocityPixelsPerSecond: velocity)
    }

    /// The host's surface was resized or moved: progress is measured against `widthPixels`, and
    /// the down point moves by `shift` so the distance to the finger is kept.
    ///
    /// - Parameters:
    ///   - widthPixels: the new width, px.
    ///   - shift: how far the edge (x) and top (y) moved, px.
    public mutating func resize(widthPixels: Double, shift: Point) {
        self.widthPixels = widthPixels
        start = Point(x: start.x + shift.x, y: start.y + shift.y)
    }

    /// A tracker that takes hold of a swipe already at `progress` (an interrupted settle): the down
    /// point is put where the finger would have come down, so the progress does not jump.
    ///
    /// - Parameters: as `init`, with `point` where the finger is and `progress` 0...1.
    public static func grabbing(gate: SwipeGate, at point: Point, progress: Double, inwardSign: Double,
                                widthPixels: Double, slopPixels: Double) -> SwipeTracker {
        var tracker = SwipeTracker(gate: gate, start: Point(x: point.x - inwardSign * progress * widthPixels, y: point.y),
                                   timeMilliseconds: nil, inwardSign: inwardSign, widthPixels: widthPixels, slopPixels: slopPixels)
        tracker.latest = point
        tracker.farthestInwardPixels = tracker.inwardPixels
        return tracker
    }
}

extension Configuration {
    /// This configuration with the commit point at a distance: `commitProgress` becomes
    /// `pixels / widthPixels`, at most 1 (`systemCommitDistance` on a monitor).
    ///
    /// - Parameters:
    ///   - pixels: the commit distance, px, 0 or more.
    ///   - widthPixels: the width a full swipe crosses, px, more than 0.
    public func committing(atPixels pixels: Double, widthPixels: Double) -> Configuration {
        var decision = self
        decision.commitProgress = min(pixels / widthPixels, 1)
        return decision
    }
}
