// SPDX-License-Identifier: Apache-2.0
/// A finger that goes down on the moving page of a settling interactive pop takes hold of it
/// again once it moves `touchSlop` horizontally (and more than vertically): the swipe goes on from
/// the current progress, `began` logged there, with no new lifecycle or transition lines
/// (DESIGN.md "Settle"). A tap there does nothing.
final class SettleRegrabMember: InteractivePopMember {
    /// The sequences on a settling page that have not taken hold of it yet.
    private var waiting: Set<Int> = []

    /// How many sequences it holds state for (soak tests).
    override var retainedCount: Int { super.retainedCount + waiting.count }

    init() {
        super.init(zone: nil)
    }

    override func claim(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) -> Bool {
        guard !sequence.isTouchpad, let index = sequence.stackIndex, let transition = context.stacks[index].transition,
              transition.kind == .interactivePop, transition.settle != nil,
              Self.isOnMovingPage(sequence.downPoint, frame: context.stacks[index].frame, transition: transition) else { return false }
        waiting.insert(sequence.id)
        return true
    }

    override func move(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) -> ArenaMoveResult {
        guard waiting.contains(sequence.id), let index = sequence.stackIndex else {
            return super.move(sequence, in: context, atMilliseconds: t)
        }
        let arena = context.arena
        guard arena.swipeOwner == nil, let transition = context.stacks[index].transition, transition.kind == .interactivePop,
              transition.settle != nil else {
            sequence.isIgnored = true // the settle ended, or another finger took the page: too late
            arena.reject(sequence, member: self)
            return .handled
        }
        let slop = context.settings.touchSlopPixels
        let d = sequence.translation
        if TouchSlop.isVertical(dx: d.x, dy: d.y, slop: slop) {
            sequence.isIgnored = true
            arena.reject(sequence, member: self)
            return .handled
        }
        guard TouchSlop.isHorizontal(dx: abs(d.x), dy: d.y, slop: slop) else { return .handled }
        waiting.remove(sequence.id)
        recognizers[sequence.id] = ScreenEdgePanGestureRecognizer.grabbing(
            at: sequence.position, progress: transition.progress, direction: transition.direction,
            widthPixels: context.stacks[index].frame.width, touchSlop: slop)
        sequence.pageAtDown = context.stacks[index].top
        arena.accept(sequence, by: self)
        arena.beginWindowSwipe(owner: sequence)
        context.perform(.regrabInteractivePop(stackIndex: index), atMilliseconds: t)
        return .handled
    }

    override func end(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) -> Bool {
        waiting.contains(sequence.id) ? false : super.end(sequence, in: context, atMilliseconds: t)
    }

    override func cancel(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) {
        waiting.remove(sequence.id)
        super.cancel(sequence, in: context, atMilliseconds: t)
    }

    override func reject(_ sequence: ArenaSequence) {
        waiting.remove(sequence.id)
        super.reject(sequence)
    }

    /// Whether `point` (window px) is on the page a transition moves in a stack at `frame`.
    static func isOnMovingPage(_ point: Point, frame: Rect, transition: Transition) -> Bool {
        guard frame.contains(point) else { return false }
        let offset = transition.progress * frame.width
        return transition.direction == .leftToRight ? point.x >= frame.x + offset : point.x < frame.maxX - offset
    }

    /// A finger still waiting to take hold stays when another takes the page (it then finds it taken).
    override func staysWhenSwipeBegins(elsewhere owner: ArenaSequence, in sequence: ArenaSequence) -> Bool {
        waiting.contains(sequence.id)
    }
}
