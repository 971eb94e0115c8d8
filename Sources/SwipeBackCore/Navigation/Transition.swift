// SPDX-License-Identifier: Apache-2.0
/// A running transition of one stack: an animated push or pop, an interactive pop, or an
/// interactive forward push.
///
/// `progress` is the pop's progress for every kind: 0 has `upper` fully in place, 1 has it fully
/// off-screen toward the trailing edge with `lower` uncovered. A push runs from 1 to 0.
public struct Transition: Sendable {
    /// Push, pop (popToRoot and popTo too), interactive pop or interactive forward.
    public let kind: TransitionKind
    /// The stack operation it completes with (push, pop, popToRoot, popTo).
    public let operation: StackOperation
    /// The page that slides: the pushed page, or the page that leaves.
    public let upper: PageInstance
    /// The page beneath it, in parallax and dimmed: for a pop, the page that will be the top.
    public let lower: PageInstance
    /// Whether it pushes the forward list's first page (a forward command or swipe).
    public let isForward: Bool
    /// Whether completing it clears the stack's forward list (the kiosk's idle return to the root).
    let clearsForward: Bool
    /// The direction it started in; it keeps it until it ends.
    public let direction: LayoutDirection
    /// Current progress, 0...1.
    public internal(set) var progress: Double
    /// The settle in flight: its motion (the spring, or a timed curve: the `card` style's finish
    /// and reduced motion's crossfade) and its start time in ms; nil while a finger drives it.
    public internal(set) var settle: (motion: any Motion, startMilliseconds: Double)?
    /// The finger's vertical movement since the swipe began, px (0 for animated transitions).
    public internal(set) var verticalTravel: Double = 0
    /// The style it draws in when it is not the configuration's: `crossfade` for an animated
    /// push or pop under reduced motion; nil otherwise.
    public internal(set) var style: TransitionStyle?

    /// The value `progress` settles to: 1 completes a pop, 0 completes a push or cancels a pop.
    public var target: Double? { settle?.motion.restingValue }

    /// Whether the transition, once settled, completes (a push lands, a pop leaves).
    public var completes: Bool {
        guard let target else { return false }
        return kind == .push || kind == .interactiveForward ? target == 0 : target == 1
    }

    /// Creates a transition at `progress`, with no settle yet.
    init(kind: TransitionKind, operation: StackOperation, upper: PageInstance, lower: PageInstance,
         direction: LayoutDirection, progress: Double, isForward: Bool = false, clearsForward: Bool = false) {
        self.kind = kind
        self.operation = operation
        self.upper = upper
        self.lower = lower
        self.direction = direction
        self.progress = progress
        self.isForward = isForward
        self.clearsForward = clearsForward
    }
}
