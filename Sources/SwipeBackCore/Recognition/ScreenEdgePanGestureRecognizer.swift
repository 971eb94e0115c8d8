// SPDX-License-Identifier: Apache-2.0
/// UIKit's recognizer states.
public enum GestureRecognizerState: String, Sendable {
    /// Down in the edge zone; not yet decided.
    case possible
    /// The move that crossed the touch slop toward popping.
    case began
    /// A later move of a running swipe.
    case changed
    /// The pointer lifted.
    case ended
    /// The system ended the sequence.
    case cancelled
    /// The sequence is not a swipe; it belongs to the content.
    case failed
}

/// The screen edge pan gesture recognizer for one pointer sequence (DESIGN.md "Recognition").
///
/// It does not decide whether a sequence may start in the edge zone (the app model checks the
/// zone, the stack and the page at the down); it decides when the sequence begins or fails and
/// turns positions into progress. It reads no clock.
public struct ScreenEdgePanGestureRecognizer: Sendable {
    /// What a move did to the recognizer.
    public enum MoveOutcome: Equatable, Sendable {
        /// Still undecided, or already failed.
        case none
        /// The swipe would begin now: ask the veto hook, then call `begin()` or `fail()`.
        case wouldBegin
        /// The sequence failed at this move (vertical first, or against the pop direction).
        case failed
        /// A running swipe moved.
        case changed
    }

    /// The swipe: the gate (`touchSlop`), the path in window px and the progress over the stack's
    /// width. The velocity comes from the arena's samples of the sequence, which every gesture reads.
    public private(set) var swipe: SwipeTracker
    /// The direction the swipe was started in; it keeps it until it ends.
    public let direction: LayoutDirection
    /// The state (UIKit's names).
    public private(set) var state: GestureRecognizerState = .possible

    /// Creates a recognizer for a sequence that went down at `downPoint`.
    ///
    /// - Parameters:
    ///   - downPoint: the down position in window px.
    ///   - direction: the layout direction at the down.
    ///   - widthPixels: the stack's width in px (more than 0).
    ///   - touchSlop: the touch slop in window px (`touchSlop`, layout units, times the layout scale).
    public init(downPoint: Point, direction: LayoutDirection, widthPixels: Double, touchSlop: Double) {
        self.direction = direction
        swipe = SwipeTracker(gate: .touchSlop, start: downPoint, timeMilliseconds: nil, inwardSign: direction.popSign,
                             widthPixels: widthPixels, slopPixels: touchSlop)
    }

    /// Where the sequence went down, in window px (moved with the stack on a resize).
    public var downPoint: Point { swipe.start }
    /// The latest position.
    public var position: Point { swipe.latest }
    /// The stack's width in px, the distance of a full swipe.
    public var widthPixels: Double { swipe.widthPixels }
    /// Movement in window px before the swipe begins or fails.
    public var touchSlop: Double { swipe.slopPixels }

    /// Whether a down at `point` lies in the edge zone of a stack with `frame`.
    ///
    /// - Parameters:
    ///   - point: the down position in window px.
    ///   - frame: the stack's frame in window px.
    ///   - direction: which edge leads (left in ltr, right in rtl).
    ///   - edgeWidth: the zone's width in window px (`edgeWidth`, layout units, times the layout
    ///     scale); the distance must be smaller.
    public static func isInEdgeZone(_ point: Point, frame: Rect, direction: LayoutDirection, edgeWidth: Double) -> Bool {
        let distance = direction == .leftToRight ? point.x - frame.x : frame.maxX - point.x
        return distance >= 0 && distance < edgeWidth
    }

    /// Displacement from the down point in px, signed toward popping.
    public var dx: Double { swipe.inwardPixels }
    /// Vertical displacement from the down point in px.
    public var dy: Double { swipe.verticalPixels }

    /// Progress of the pop, `dx / width` clamped to 0...1.
    public var progress: Double { swipe.progress }

    /// Feeds a move.
    ///
    /// - Parameter point: the new position in window px.
    /// - Returns: what the move did; `.wouldBegin` leaves the state `possible` until `begin()`.
    public mutating func move(to point: Point) -> MoveOutcome {
        let verdict = swipe.move(to: point, at: nil)
        switch state {
        case .possible:
            switch verdict {
            case .begin?: return .wouldBegin
            case .vertical?, .outward?:
                state = .failed
                return .failed
            case nil: return .none
            }
        case .began, .changed:
            state = .changed
            return .changed
        default:
            return .none
        }
    }

    /// The release velocity toward popping at `t`, px/s, limited to ±`maxVelocity`; nil without
    /// samples enough.
    ///
    /// - Parameters:
    ///   - samples: the arena's samples of the sequence.
    ///   - t: ms.
    ///   - maxVelocity: px/s (`Configuration.limitedVelocity`).
    public func popVelocity(samples: VelocityTracker, atMilliseconds t: Double, maxVelocity: Double) -> Double? {
        swipe.inwardVelocity(at: t, samples: samples).map { Configuration.limitedVelocity($0, maxVelocity: maxVelocity) }
    }

    /// Begins the swipe (after the veto hook said yes).
    public mutating func begin() { if state == .possible { state = .began } }
    /// Fails the sequence (the veto hook said no, or another sequence took the swipe).
    public mutating func fail() { if state == .possible { state = .failed } }
    /// Ends a running swipe at the release position `point`.
    public mutating func end(at point: Point) {
        _ = swipe.move(to: point, at: nil)
        if state == .began || state == .changed { state = .ended }
    }
    /// The system cancelled the sequence.
    public mutating func cancel() {
        if state == .began || state == .changed { state = .cancelled } else { state = .failed }
    }
    /// A recognizer that takes hold of a page already part way out (an interrupted settle): it
    /// has begun, and its progress at `point` is `progress`, so the page does not jump.
    ///
    /// - Parameters:
    ///   - point: where the finger is, window px.
    ///   - progress: the page's progress now, 0...1.
    ///   - direction: the transition's direction.
    ///   - widthPixels: the stack's width in px, more than 0.
    ///   - touchSlop: px.
    public static func grabbing(at point: Point, progress: Double, direction: LayoutDirection, widthPixels: Double,
                                touchSlop: Double) -> ScreenEdgePanGestureRecognizer {
        var recognizer = ScreenEdgePanGestureRecognizer(downPoint: point, direction: direction, widthPixels: widthPixels,
                                                        touchSlop: touchSlop)
        recognizer.swipe = .grabbing(gate: .touchSlop, at: point, progress: progress, inwardSign: direction.popSign,
                                     widthPixels: widthPixels, slopPixels: touchSlop)
        recognizer.state = .began
        return recognizer
    }

    /// The stack was resized or moved: progress is measured against the new width, and the down
    /// point moves with the stack's leading edge, so the page's edge keeps its distance from the finger.
    ///
    /// - Parameters:
    ///   - widthPixels: the stack's new width in px.
    ///   - shift: how far the stack's leading edge (x) and top (y) moved, in window px.
    public mutating func resize(widthPixels: Double, shift: Point = Point(x: 0, y: 0)) {
        swipe.resize(widthPixels: widthPixels, shift: shift)
    }

    /// Whether the swipe is running (began or changed).
    public var isActive: Bool { state == .began || state == .changed }
}
