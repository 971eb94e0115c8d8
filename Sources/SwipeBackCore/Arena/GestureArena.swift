// SPDX-License-Identifier: Apache-2.0
/// Arbitrates pointer sequences between gesture members, as Flutter's gesture arena does.
///
/// Each down opens a sequence; the registered members are asked in order whether they take part
/// (`GestureArenaMember.claim`). Moves go to the members still in it, in order, until one handles
/// the move. A member that wins calls `accept(_:by:)`; the rest of that sequence's members are
/// rejected. The window's one swipe (DESIGN.md) is `beginWindowSwipe(owner:)`: the other
/// sequences' members leave unless they say they stay.
public final class GestureArena {
    /// The members, in the order they are asked.
    public private(set) var members: [GestureArenaMember] = []
    /// The sequences that are down, by pointer id.
    public private(set) var sequences: [Int: ArenaSequence] = [:]
    /// The sequence that owns the running swipe, if any; one swipe per window.
    public internal(set) var swipeOwner: Int?

    /// An arena with no members.
    public init() {}

    /// Adds a member; it is asked after the members registered before it.
    public func register(_ member: GestureArenaMember) {
        members.append(member)
    }

    /// `member` wins `sequence`: every other member of it is rejected.
    public func accept(_ sequence: ArenaSequence, by member: GestureArenaMember) {
        for other in sequence.members where other !== member { other.reject(sequence) }
        sequence.members = sequence.members.filter { $0 === member }
    }

    /// `member` leaves `sequence` (it gave up, or it lost).
    public func reject(_ sequence: ArenaSequence, member: GestureArenaMember) {
        guard sequence.contains(member) else { return }
        sequence.members.removeAll { $0 === member }
        member.reject(sequence)
    }

    /// `owner` begins the window's one swipe: the members of every other sequence leave it, unless
    /// they say they stay (`GestureArenaMember.staysWhenSwipeBegins`).
    public func beginWindowSwipe(owner: ArenaSequence) {
        swipeOwner = owner.id
        for (id, other) in sequences where id != owner.id {
            for member in other.members where !member.staysWhenSwipeBegins(elsewhere: owner, in: other) {
                reject(other, member: member)
            }
        }
    }

    /// The running swipe ended (released or cancelled).
    public func endWindowSwipe() {
        swipeOwner = nil
    }

    /// Opens a sequence at its down and offers it to the members.
    ///
    /// - Parameters:
    ///   - sequence: the new sequence, its stack and top page set (or marked ignored).
    ///   - context: what the members see of the host.
    ///   - t: the down's time in ms.
    func open(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) {
        sequences[sequence.id] = sequence
        guard !sequence.isIgnored else { return }
        for member in members where member.claim(sequence, in: context, atMilliseconds: t) {
            sequence.members.append(member)
        }
        sequence.claimedAtDown = !sequence.members.isEmpty
    }

    /// A move of sequence `id` to `position` at `t` ms; a move of a pointer that is not down (hover) does nothing.
    func move(id: Int, to position: Point, in context: ArenaContext, atMilliseconds t: Double) {
        guard let sequence = sequences[id] else { return }
        sequence.position = position
        sequence.hasMoved = true
        sequence.tracker.addSample(timeMilliseconds: t, position: position)
        guard !sequence.isIgnored else { return }
        for member in sequence.members where sequence.contains(member) && !sequence.isIgnored {
            if member.move(sequence, in: context, atMilliseconds: t) == .handled { break }
        }
    }

    /// The release of sequence `id` at `position`: the members in order until one handles it.
    func end(id: Int, at position: Point, in context: ArenaContext, atMilliseconds t: Double) {
        guard let sequence = sequences.removeValue(forKey: id) else { return }
        guard !sequence.isIgnored, sequence.stackIndex != nil else { return close(sequence) }
        sequence.position = position
        for member in sequence.members where member.end(sequence, in: context, atMilliseconds: t) { break }
        close(sequence)
    }

    /// The system cancelled sequence `id`: every member hears it.
    func cancel(id: Int, in context: ArenaContext, atMilliseconds t: Double) {
        guard let sequence = sequences.removeValue(forKey: id) else { return }
        for member in sequence.members { member.cancel(sequence, in: context, atMilliseconds: t) }
        sequence.members = []
    }

    /// Every member forgets a sequence that ended.
    private func close(_ sequence: ArenaSequence) {
        for member in sequence.members { member.reject(sequence) }
        sequence.members = []
    }
}
