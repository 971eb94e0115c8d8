// SPDX-License-Identifier: Apache-2.0
/// The interactive pop driven by a pointer: the screen edge pan (`edge`, DESIGN.md "Recognition")
/// or the full-width content swipe (`content`, iOS 26), through a `ScreenEdgePanGestureRecognizer`
/// per sequence. It asks the page's veto once, begins the swipe, follows the finger and decides
/// at the release (`PopDecision`). The forward swipe (`forwardEdge`) is the same gesture in the
/// mirrored layout: from the trailing edge toward the leading edge, it brings the forward
/// list's first page back.
class InteractivePopMember: GestureArenaMember {
    /// Where a sequence must go down for this member to take it.
    enum Zone {
        /// Within `edgeWidth` of the stack's leading edge, not on a control (a touchpad run too).
        case edge
        /// Anywhere else, with `contentSwipe` on, unless the control under it can take the drag.
        case content
        /// Within `edgeWidth` of the stack's trailing edge, with `forwardSwipe` on and a page to
        /// go forward to, not on a control (the page under the finger's switch and veto apply).
        case forwardEdge
    }

    private let zone: Zone?
    /// The recognizers of the sequences it takes part in.
    var recognizers: [Int: ScreenEdgePanGestureRecognizer] = [:]

    /// How many sequences it holds state for (soak tests).
    var retainedCount: Int { recognizers.count }

    /// A member for `zone`; nil for a subclass that decides its own claims.
    init(zone: Zone?) {
        self.zone = zone
    }

    func claim(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) -> Bool {
        guard let zone, let index = sequence.stackIndex else { return false }
        let stack = context.stacks[index]
        let settings = context.settings
        guard stack.transition == nil, canSwipe(stack, settings), context.page(stack.top).interactivePop else { return false }
        var direction = settings.direction
        if sequence.isTouchpad {
            guard zone == .edge else { return false }
        } else {
            let page = context.page(stack.top)
            let hit = sequence.elementAtDown
            let claimed = hit.map { page.elements[$0].claimsHorizontalDrags } ?? false
            let inEdgeZone = ScreenEdgePanGestureRecognizer.isInEdgeZone(sequence.downPoint, frame: stack.frame,
                                                                         direction: direction, edgeWidth: settings.edgeWidthPixels)
            switch zone {
            case .forwardEdge:
                // The trailing edge's zone, in the mirrored layout, on the same terms as the back edge.
                direction = direction.mirrored
                guard settings.forwardSwipe, !claimed,
                      ScreenEdgePanGestureRecognizer.isInEdgeZone(sequence.downPoint, frame: stack.frame, direction: direction,
                                                                  edgeWidth: settings.edgeWidthPixels) else { return false }
            case .edge:
                // The edge keeps priority in its zone, where a control under the finger keeps its drags.
                guard inEdgeZone, !claimed else { return false }
            case .content:
                // Elsewhere, with the full-width content swipe on (iOS 26, libadwaita), a drag toward the pop
                // direction anywhere on the page pops it, unless the control under it can take that drag.
                guard settings.contentSwipe, !inEdgeZone,
                      !(hit.map { Self.contentClaims(page.elements[$0].kind, stackIndex: index, element: $0, context) } ?? false)
                else { return false }
            }
        }
        recognizers[sequence.id] = ScreenEdgePanGestureRecognizer(downPoint: sequence.downPoint, direction: direction,
                                                                  widthPixels: stack.frame.width,
                                                                  touchSlop: settings.touchSlopPixels)
        return true
    }

    /// Whether a control claims a drag toward the pop direction against the content swipe: a
    /// slider always; a carousel only when it can still move that way (not on its first item).
    private static func contentClaims(_ kind: PageElement.Kind, stackIndex: Int, element: Int, _ context: ArenaContext) -> Bool {
        switch kind {
        case .slider: return true
        case .carousel: return context.controlValue(stackIndex: stackIndex, element: element) > 0
        default: return false
        }
    }

    /// The content swipe takes the drags toward popping of every sequence it claimed (over a
    /// carousel on its first item, the carousel yields them).
    func takesDragsTowardPop(in sequence: ArenaSequence) -> Bool {
        zone == .content && recognizers[sequence.id] != nil
    }

    func move(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) -> ArenaMoveResult {
        guard var recognizer = recognizers[sequence.id], let index = sequence.stackIndex else { return .pass }
        let outcome = recognizer.move(to: sequence.position)
        recognizers[sequence.id] = recognizer
        let arena = context.arena
        switch outcome {
        case .none:
            return .pass
        case .failed:
            arena.reject(sequence, member: self)
            return .pass
        case .wouldBegin:
            // The stack must still be as it was at the down: same top page, still enabled, nothing
            // animating (a push, pop or settle that started since then owns the stack).
            guard isAsAtDown(sequence, in: context) else {
                arena.reject(sequence, member: self)
                return .pass
            }
            // The page's veto, asked once per attempt with the start point.
            if let answer = context.shouldBeginInteractivePop(stackIndex: index, at: sequence.downPoint, atMilliseconds: t) {
                // The veto may have changed the stacks (a push or pop from inside it): then the swipe fails.
                let now = context.stacks[index]
                if !answer || now.transition != nil || now.top != sequence.pageAtDown || !canSwipe(now, context.settings) {
                    arena.reject(sequence, member: self)
                    return .pass
                }
            }
            recognizer.begin()
            recognizers[sequence.id] = recognizer
            arena.accept(sequence, by: self)
            arena.beginWindowSwipe(owner: sequence)
            if zone == .forwardEdge {
                context.perform(.beginInteractiveForward(stackIndex: index, direction: recognizer.direction.mirrored,
                                                         progress: recognizer.progress), atMilliseconds: t)
            } else {
                context.perform(.beginInteractivePop(stackIndex: index, direction: recognizer.direction, progress: recognizer.progress),
                                atMilliseconds: t)
            }
            return .handled
        case .changed:
            guard arena.swipeOwner == sequence.id, context.stacks[index].transition != nil else { return .handled }
            let settings = context.settings
            // Dragged back past the start: with `overshoot` the page rubber-bands (drawn only).
            let drawn = settings.overshoot && zone != .forwardEdge && recognizer.dx < 0
                ? StackNavigation.overshootProgress(pixels: -recognizer.dx, width: context.stacks[index].frame.width) : nil
            context.perform(.followFinger(stackIndex: index, progress: recognizer.progress, drawn: drawn,
                                          verticalTravel: sequence.position.y - sequence.downPoint.y,
                                          velocity: recognizer.popVelocity(samples: sequence.tracker, atMilliseconds: t,
                                                                           maxVelocity: settings.maxVelocity)),
                            atMilliseconds: t)
            return .handled
        }
    }

    /// Whether the sequence's stack is as it was at the down: idle, the same top page, its pop on,
    /// somewhere to go.
    private func isAsAtDown(_ sequence: ArenaSequence, in context: ArenaContext) -> Bool {
        guard let index = sequence.stackIndex else { return false }
        let stack = context.stacks[index]
        return stack.transition == nil && stack.top == sequence.pageAtDown && context.page(stack.top).interactivePop
            && canSwipe(stack, context.settings)
    }

    func end(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) -> Bool {
        guard context.arena.swipeOwner == sequence.id, var recognizer = recognizers[sequence.id], recognizer.isActive,
              let index = sequence.stackIndex else { return false }
        context.arena.endWindowSwipe()
        recognizer.end(at: sequence.position)
        recognizers[sequence.id] = recognizer
        guard context.stacks[index].transition != nil else { return true }
        context.perform(.releaseInteractivePop(stackIndex: index, progress: recognizer.progress,
                                               velocity: recognizer.popVelocity(samples: sequence.tracker, atMilliseconds: t,
                                                                                maxVelocity: context.settings.maxVelocity)),
                        atMilliseconds: t)
        return true
    }

    func cancel(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) {
        recognizers[sequence.id] = nil
        guard context.arena.swipeOwner == sequence.id, let index = sequence.stackIndex,
              context.stacks[index].transition != nil else { return }
        context.arena.endWindowSwipe()
        context.perform(.cancelInteractivePop(stackIndex: index), atMilliseconds: t)
    }

    func reject(_ sequence: ArenaSequence) {
        recognizers[sequence.id] = nil
    }

    /// Whether the stack has somewhere to go: a page beneath the top (back), or a forward page.
    private func canSwipe(_ stack: NavigationStack, _ settings: ArenaSettings) -> Bool {
        zone == .forwardEdge ? !stack.forwardPages.isEmpty && settings.forwardHistory > 0 : !stack.isAtRoot
    }

    /// Rejected when another sequence begins the swipe (one swipe per window).
    func staysWhenSwipeBegins(elsewhere owner: ArenaSequence, in sequence: ArenaSequence) -> Bool { false }

    func windowResized(oldFrames: [Rect], sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) {
        guard let index = sequence.stackIndex, var recognizer = recognizers[sequence.id] else { return }
        let old = oldFrames[index], new = context.stacks[index].frame
        let edgeShift = recognizer.direction == .leftToRight ? new.x - old.x : new.maxX - old.maxX
        recognizer.resize(widthPixels: new.width, shift: Point(x: edgeShift, y: new.y - old.y))
        recognizers[sequence.id] = recognizer
        // The page follows the finger at once, not at the next move.
        if context.arena.swipeOwner == sequence.id, recognizer.isActive, context.stacks[index].transition?.settle == nil {
            context.perform(.moveInteractivePop(stackIndex: index, progress: recognizer.progress), atMilliseconds: t)
        }
    }
}
