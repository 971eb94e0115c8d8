// SPDX-License-Identifier: Apache-2.0
/// A gesture that competes for pointer sequences in the `GestureArena`: one small interface, as in
/// Flutter's `arena.dart` (would you claim this down; this move; this end; this cancel).
///
/// Members never refer to one another. Each keeps its own state per sequence (by `id`) and the
/// arena tells it when it is out of a sequence (`reject`). A member that wins a sequence calls
/// `GestureArena.accept(_:by:)`: every other member of that sequence is rejected. It sees its host
/// only through an `ArenaContext` and acts through `ArenaContext.perform(_:atMilliseconds:)`. A new gesture is
/// a new member and one `GestureArena.register(_:)`; the others do not change.
public protocol GestureArenaMember: AnyObject {
    /// Whether it takes part in `sequence`, asked at its down, in registration order. Downs during
    /// a transition on the stack are offered too (a settle may be grabbed again): check
    /// `context.stacks[i].transition` when the gesture must not start then. A down no member claims
    /// while another sequence owns the swipe or a transition runs is ignored from then on.
    ///
    /// - Parameters:
    ///   - sequence: the new sequence (its down point, stack, top page, device).
    ///   - context: what the member sees of its host (stacks, geometry, settings) and may ask of it.
    ///   - t: the down's time in ms.
    func claim(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) -> Bool
    /// A move of a sequence it takes part in; members see it in registration order.
    ///
    /// - Returns: `.handled` to keep the move from the members after it, `.pass` to let them see it.
    func move(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) -> ArenaMoveResult
    /// The release of a sequence it takes part in (the winner's, or every remaining member's in
    /// order until one returns true).
    ///
    /// - Returns: whether it handled the release.
    func end(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) -> Bool
    /// The system cancelled a sequence it takes part in (focus lost, ownership lost, a second down
    /// for the same id); it forgets the sequence afterwards.
    func cancel(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double)
    /// It is out of `sequence`: another member won it, or it gave up. It forgets its state for it.
    func reject(_ sequence: ArenaSequence)
    /// Whether it stays in `sequence` when another sequence (`owner`) begins the window's one swipe
    /// (DESIGN.md: one swipe per window). Default: no, it is rejected.
    func staysWhenSwipeBegins(elsewhere owner: ArenaSequence, in sequence: ArenaSequence) -> Bool
    /// Whether it takes `sequence`'s horizontal drags toward popping, so a member that would
    /// also take them (a control on a carousel's first item) yields those to it. Default: no.
    ///
    /// - Parameter sequence: a sequence it takes part in.
    func takesDragsTowardPop(in sequence: ArenaSequence) -> Bool
    /// The window was resized: stack frames changed from `oldFrames` (by stack index) to the
    /// context's, at `t` ms. Default: nothing.
    func windowResized(oldFrames: [Rect], sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double)
}

extension GestureArenaMember {
    /// Rejected: one swipe per window.
    public func staysWhenSwipeBegins(elsewhere owner: ArenaSequence, in sequence: ArenaSequence) -> Bool { false }
    /// No.
    public func takesDragsTowardPop(in sequence: ArenaSequence) -> Bool { false }
    /// Nothing.
    public func windowResized(oldFrames: [Rect], sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) {}
}

/// What a member did with a move.
public enum ArenaMoveResult: Sendable {
    /// The move is the member's: members after it do not see it.
    case handled
    /// Members after it see the move too.
    case pass
}
