// SPDX-License-Identifier: Apache-2.0
/// One step of an interactive pop, as an observer sees it.
public enum InteractivePopEvent: Equatable, Sendable, CustomStringConvertible {
    /// The swipe began. Progress 0...1 (the page's travel over the stack's width).
    case began(progress: Double)
    /// The finger moved: progress 0...1 and the velocity along the pop direction in px/s (nil
    /// while the tracker has too few samples).
    case changed(progress: Double, velocity: Double?)
    /// The finger lifted: progress and velocity at release, and the decision (commit pops, cancel
    /// puts the page back; DESIGN.md "Decision").
    case ended(progress: Double, velocity: Double?, decision: PopDecision)
    /// The system interrupted the swipe (focus lost, the window unmapped or closed, the device
    /// disabled or grabbed by another client, touch ownership taken): the page is restored. (Turning
    /// `interactivePopEnabled` off does not cancel a swipe under way.)
    case cancelled(progress: Double)

    /// One line, as the gesture status element shows it: "changed · 42 % · 1250 px/s".
    public var description: String {
        switch self {
        case .began(let p): return GestureReadout(phase: .began, progress: p, velocityPixelsPerSecond: nil, decision: nil).text
        case .changed(let p, let v): return GestureReadout(phase: .changed, progress: p, velocityPixelsPerSecond: v, decision: nil).text
        case .ended(let p, let v, let d): return GestureReadout(phase: .ended, progress: p, velocityPixelsPerSecond: v, decision: d).text
        case .cancelled(let p): return GestureReadout(phase: .cancelled, progress: p, velocityPixelsPerSecond: nil, decision: nil).text
        }
    }
}

/// A subscription to a stack's interactive pop. It ends with `cancel()` or when the token is
/// released, whichever comes first; an observer registered with an owner page also ends when
/// that page leaves its stack for good (popped and dropped from the forward list).
public final class ObservationToken {
    weak var navigator: Navigator?
    let id: Int

    init(navigator: Navigator, id: Int) {
        self.navigator = navigator
        self.id = id
    }

    /// Ends the subscription; the handler is never called again. Calling it twice does nothing.
    public func cancel() {
        navigator?.removeObserver(id)
        navigator = nil
    }

    deinit { cancel() }
}
