/// A running transition of one stack: an animated push or pop, or an interactive pop.
///
/// `progress` is the pop's progress for every kind: 0 has `upper` fully in place, 1 has it fully
/// off-screen toward the trailing edge with `lower` uncovered. A push runs from 1 to 0.
public struct Transition: Sendable {
    /// Push, pop (popToRoot too) or interactive pop.
    public let kind: TransitionKind
    /// The stack operation it completes with (push, pop, popToRoot).
    public let operation: StackOperation
    /// The page that slides: the pushed page, or the page that leaves.
    public let upper: PageInstance
    /// The page beneath it, in parallax and dimmed.
    public let lower: PageInstance
    /// The direction it started in; it keeps it until it ends.
    public let direction: LayoutDirection
    /// Current progress, 0...1.
    public internal(set) var progress: Double
    /// The settle in flight: the spring and its start time in ms; nil while a finger drives it.
    public internal(set) var settle: (spring: SpringSimulation, startMilliseconds: Double)?

    /// The value `progress` settles to: 1 completes a pop, 0 completes a push or cancels a pop.
    public var target: Double? { settle?.spring.target }

    /// Whether the transition, once settled, completes (a push lands, a pop leaves).
    public var completes: Bool {
        guard let target else { return false }
        return kind == .push ? target == 0 : target == 1
    }
}
