// SPDX-License-Identifier: Apache-2.0
/// Vertical scrolling of a page taller than its stack: a drag that goes vertical first (past the
/// touch slop, at least as far as across) takes the page's content, and a release flicks it into
/// momentum.
final class VerticalScrollMember: GestureArenaMember {
    /// The scroll offset plus the drag when the sequence began scrolling, by sequence id; absent
    /// while it has not (yet) begun.
    private var scrollStarts: [Int: Double] = [:]

    /// How many sequences it holds state for (soak tests).
    var retainedCount: Int { scrollStarts.count }

    func claim(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) -> Bool {
        guard !sequence.isTouchpad, let index = sequence.stackIndex else { return false }
        return context.stacks[index].transition == nil
    }

    func move(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) -> ArenaMoveResult {
        guard let index = sequence.stackIndex, context.arena.swipeOwner != sequence.id,
              context.stacks[index].transition == nil, context.stacks[index].top == sequence.pageAtDown else { return .pass }
        let d = sequence.translation
        if scrollStarts[sequence.id] == nil, TouchSlop.isVertical(dx: d.x, dy: d.y, slop: context.settings.touchSlopPixels),
           context.maxScrollOffset(stackIndex: index) > 0 {
            // Vertical first: the page's content takes the drag (the edge swipe fails on it too).
            scrollStarts[sequence.id] = context.scrollOffset(stackIndex: index) + d.y
            context.arena.accept(sequence, by: self)
        }
        guard let start = scrollStarts[sequence.id] else { return .pass }
        context.perform(.scroll(stackIndex: index, offset: start - d.y), atMilliseconds: t)
        return .handled
    }

    func end(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) -> Bool {
        guard scrollStarts[sequence.id] != nil, let index = sequence.stackIndex else { return false }
        let vy = sequence.tracker.velocity(atMilliseconds: t)?.yPixelsPerSecond ?? 0
        if context.stacks[index].transition == nil {
            context.perform(.fling(stackIndex: index, fingerVelocity: vy), atMilliseconds: t)
        }
        return true
    }

    func cancel(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) {
        scrollStarts[sequence.id] = nil
    }

    func reject(_ sequence: ArenaSequence) {
        scrollStarts[sequence.id] = nil
    }

    /// A swipe on another stack leaves this scroll alone.
    func staysWhenSwipeBegins(elsewhere owner: ArenaSequence, in sequence: ArenaSequence) -> Bool { true }
}
