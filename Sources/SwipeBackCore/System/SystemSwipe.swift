// SPDX-License-Identifier: Apache-2.0
/// What `swipeback system` takes from the configuration, in the units its decisions use.
public struct SystemSwipeSettings: Equatable, Sendable {
    /// The configuration: `touchSlop`, `policy`, `flingVelocity`, `maxVelocity`,
    /// `projectionDeceleration` (the active feel's) and the `system...` keys.
    public var configuration: Configuration
    /// Whether the layout is right to left: back starts at the right edge, forward at the left.
    public var rightToLeft: Bool

    /// Creates the settings.
    public init(configuration: Configuration, rightToLeft: Bool = false) {
        self.configuration = configuration
        self.rightToLeft = rightToLeft
    }

    /// What a swipe from `edge` does: back from the leading edge, forward from the trailing one.
    public func kind(of edge: SystemEdge) -> SystemSwipeKind {
        (edge == .left) != rightToLeft ? .back : .forward
    }
}

/// What a system swipe asks of the app under it.
public enum SystemSwipeKind: String, Sendable, CaseIterable {
    /// Go back (the leading edge).
    case back
    /// Go forward (the trailing edge; `systemForward`).
    case forward
}

/// Why a touch was given back to the apps (the event log's `reason`).
public enum SystemRejectReason: String, Sendable, CaseIterable {
    /// It began outside every outer edge strip.
    case outside
    /// It began on one of SwipeBack's own windows, which have their own swipe.
    case ownWindow
    /// The app under it is in `systemExclude`.
    case excluded
    /// It began on a dock or panel (`_NET_WM_WINDOW_TYPE_DOCK`), which keeps its edge touches.
    case dock
    /// It began on the desktop (`_NET_WM_WINDOW_TYPE_DESKTOP`, or the root window with no app
    /// there): there is no app to send back to.
    case desktop
    /// It began at the trailing edge and `systemForward` is off.
    case forwardOff
    /// Another finger was down, or came down before the decision.
    case secondFinger
    /// It moved mostly vertically first.
    case vertical
    /// It moved outward, toward the edge.
    case outward
    /// It stayed undecided for `systemDecisionTimeout`.
    case timeout
    /// It ended undecided: an edge tap, which the app must get.
    case tap
}

/// The gate's answer on a touch.
public enum SystemVerdict: Equatable, Sendable {
    /// The touch is the swipe's: no app sees it.
    case accept
    /// The touch goes to the apps, unchanged, for this reason.
    case reject(SystemRejectReason)
}

/// A released system swipe: what the finger did and what it decides.
public struct SystemRelease: Equatable, Sendable {
    /// Commit (the action is sent) or cancel.
    public var decision: PopDecision
    /// How far the finger moved inward from where it came down, px (0 or more).
    public var distancePixels: Double
    /// `distancePixels` over the monitor's width: the progress the decision and `plot` use.
    public var progress: Double
    /// The inward release velocity, px/s; nil without an estimate.
    public var velocityPixelsPerSecond: Double?
    /// The monitor's width, px: the decision's width (fling velocity is in widths/s).
    public var widthPixels: Double
    /// The commit distance, px.
    public var commitDistancePixels: Double

    /// A release with its decision and measures (px, px/s, and progress 0...1).
    public init(decision: PopDecision, distancePixels: Double, progress: Double, velocityPixelsPerSecond: Double?,
                widthPixels: Double, commitDistancePixels: Double) {
        self.decision = decision
        self.distancePixels = distancePixels
        self.progress = progress
        self.velocityPixelsPerSecond = velocityPixelsPerSecond
        self.widthPixels = widthPixels
        self.commitDistancePixels = commitDistancePixels
    }
}

/// One touch that began in an edge strip, from touch-down to its end: the system policy of the
/// one swipe tracker (`SwipeTracker` with the `system` gate, the measured policy in the project
/// notes, system-gesture.md) with what `swipeback system` and `swipeback input` add to it: the
/// strip and monitor it began on, back or forward, the decision deadline, the reasons of the event
/// log, and the commit point as a distance in mm.
///
/// Distances in px scale with the monitor: the slop is `touchSlop` layout units at the monitor's
/// density over 96 dpi (at least 1), the strip and the commit distance are mm. A pure value: times
/// come in, nothing reads a clock.
public struct SystemSwipe: Sendable {
    /// The edge it began at.
    public let edge: SystemEdge
    /// The monitor it began on.
    public let area: ScreenArea
    /// Back or forward.
    public let kind: SystemSwipeKind
    /// The swipe: its gate, path, velocity and decision.
    public private(set) var tracker: SwipeTracker
    /// The touch-down time, ms.
    public let startMilliseconds: Double
    /// nil while undecided, then the verdict.
    public private(set) var verdict: SystemVerdict?
    /// The moment after which an undecided touch is rejected (`timeout`), ms.
    public let deadlineMilliseconds: Double
    private let configuration: Configuration

    /// Starts the gate on a touch-down, or says why the touch goes to the apps at once.
    ///
    /// - Parameters:
    ///   - point: the touch-down point, screen px.
    ///   - timeMilliseconds: its time, ms.
    ///   - areas: the screen's monitors.
    ///   - screen: the whole screen, used when `areas` is empty.
    ///   - settings: the configuration and direction.
    ///   - otherFingersDown: how many other fingers are on the screen.
    /// - Returns: the undecided swipe, or the reason for rejecting the touch now.
    public static func begin(at point: Point, timeMilliseconds: Double, areas: [ScreenArea], screen: ScreenArea,
                             settings: SystemSwipeSettings, otherFingersDown: Int) -> Result<SystemSwipe, SystemRejectReasonError> {
        let configuration = settings.configuration
        guard let (edge, area) = SystemEdges.edge(at: point, areas: areas, screen: screen,
                                                  stripMillimetres: configuration.systemEdgeWidth) else {
            return .failure(SystemRejectReasonError(reason: .outside))
        }
        let kind = settings.kind(of: edge)
        if kind == .forward && !configuration.systemForward { return .failure(SystemRejectReasonError(reason: .forwardOff)) }
        if otherFingersDown > 0 { return .failure(SystemRejectReasonError(reason: .secondFinger)) }
        return .success(SystemSwipe(edge: edge, area: area, kind: kind, start: point, time: timeMilliseconds, configuration: configuration))
    }

    private init(edge: SystemEdge, area: ScreenArea, kind: SystemSwipeKind, start: Point, time: Double, configuration: Configuration) {
        self.edge = edge
        self.area = area
        self.kind = kind
        self.configuration = configuration
        startMilliseconds = time
        deadlineMilliseconds = time + configuration.systemDecisionTimeout
        tracker = SwipeTracker(gate: .system, start: start, timeMilliseconds: time, inwardSign: edge.inward, widthPixels: area.width,
                               slopPixels: configuration.touchSlop * max(area.pixelsPerMillimetre * 25.4 / 96, 1),
                               commitDistancePixels: configuration.systemCommitDistance * area.pixelsPerMillimetre)
    }

    /// The touch-down point, screen px.
    public var start: Point { tracker.start }
    /// The last point seen, screen px.
    public var latest: Point { tracker.latest }
    /// The commit distance on this monitor, px (`systemCommitDistance` mm).
    public var commitDistancePixels: Double { tracker.commitDistancePixels ?? 0 }
    /// How far the finger is inward of where it came down, px (negative outward).
    public var inwardPixels: Double { tracker.inwardPixels }
    /// The back arrow's stretch: the inward distance over the commit distance, 0 up (1 where a
    /// slow release starts to commit). Both hosts' arrows draw from it.
    public var stretch: Double { tracker.stretch }
    /// The progress the decision uses: the inward distance over the monitor's width, 0...1.
    public var progress: Double { tracker.progress }

    /// The finger moved to `point` at `timeMilliseconds`.
    ///
    /// - Returns: the verdict when this move decides the touch, else nil.
    public mutating func move(to point: Point, at timeMilliseconds: Double) -> SystemVerdict? {
        let gate = tracker.move(to: point, at: timeMilliseconds)
        guard verdict == nil else { return nil }
        if timeMilliseconds > deadlineMilliseconds { return decide(.reject(.timeout)) }
        switch gate {
        case .begin?: return decide(.accept)
        case .vertical?: return decide(.reject(.vertical))
        case .outward?: return decide(.reject(.outward))
        case nil: return nil
        }
    }

    /// The clock reached `timeMilliseconds` with no event.
    ///
    /// - Returns: `.reject(.timeout)` when the touch is still undecided past its deadline, else nil.
    public mutating func expire(at timeMilliseconds: Double) -> SystemVerdict? {
        guard verdict == nil, timeMilliseconds >= deadlineMilliseconds else { return nil }
        return decide(.reject(.timeout))
    }

    /// Another finger came down.
    ///
    /// - Returns: `.reject(.secondFinger)` while undecided; nil once accepted (the new finger is
    ///   its own touch and goes to the apps).
    public mutating func otherFingerDown() -> SystemVerdict? {
        verdict == nil ? decide(.reject(.secondFinger)) : nil
    }

    /// Rejects the touch for a reason the gate cannot see (its window is SwipeBack's own, a dock,
    /// the desktop, or excluded).
    public mutating func reject(_ reason: SystemRejectReason) -> SystemVerdict? {
        verdict == nil ? decide(.reject(reason)) : nil
    }

    private mutating func decide(_ result: SystemVerdict) -> SystemVerdict {
        verdict = result
        return result
    }

    /// The inward velocity at `timeMilliseconds`, px/s; nil without an estimate.
    public func inwardVelocity(at timeMilliseconds: Double) -> Double? {
        tracker.inwardVelocity(at: timeMilliseconds)
    }

    /// What a release at `timeMilliseconds` at the latest point would decide: the indicator shows it.
    public func wouldCommit(at timeMilliseconds: Double) -> Bool {
        release(at: timeMilliseconds).decision == .commit
    }

    /// The finger lifted.
    ///
    /// - Returns: `.reject(.tap)` when it was undecided (the app gets the whole tap); nil when the
    ///   touch was rejected before; the release otherwise.
    public mutating func end(at timeMilliseconds: Double) -> (verdict: SystemVerdict?, release: SystemRelease?) {
        switch verdict {
        case nil: return (decide(.reject(.tap)), nil)
        case .reject?: return (nil, nil)
        case .accept?: return (nil, release(at: timeMilliseconds))
        }
    }

    /// Whether the finger has come back toward the edge by two slops from the farthest it went:
    /// that cancels, whatever the distance (Android's back arrow deactivates on moving back).
    public var hasRetreated: Bool { tracker.hasRetreated }

    /// The tracker's release (the project's rule with `systemCommitDistance` as the commit point,
    /// fling velocity in monitor widths/s; a finger that has retreated cancels) in the event log's terms.
    private func release(at timeMilliseconds: Double) -> SystemRelease {
        let release = tracker.release(at: timeMilliseconds, configuration: configuration)
        return SystemRelease(decision: release.decision, distancePixels: max(inwardPixels, 0), progress: release.progress,
                             velocityPixelsPerSecond: release.velocityPixelsPerSecond, widthPixels: area.width,
                             commitDistancePixels: commitDistancePixels)
    }
}

/// A touch rejected at its down, with the reason (the `Result` failure of `SystemSwipe.begin`).
public struct SystemRejectReasonError: Error, Equatable, Sendable {
    /// Why.
    public var reason: SystemRejectReason
}
