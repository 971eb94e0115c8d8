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

    func claim(_ sequence: ArenaSequence, model: AppModel, atMilliseconds t: Double) -> Bool {
        guard let zone, let index = sequence.stackIndex else { return false }
        let stack = model.stacks[index]
        guard stack.transition == nil, canSwipe(stack, model: model), model.page(stack.top).interactivePop else { return false }
        let configuration = model.configuration
        var direction = model.direction
        if sequence.isTouchpad {
            guard zone == .edge else { return false }
        } else {
            let page = model.page(stack.top)
            let hit = sequence.elementAtDown
            let claimed = hit.map { page.elements[$0].claimsHorizontalDrags } ?? false
            let inEdgeZone = ScreenEdgePanGestureRecognizer.isInEdgeZone(sequence.downPoint, frame: stack.frame,
                                                                         direction: model.direction, edgeWidth: model.edgeWidthPixels)
            switch zone {
            case .forwardEdge:
                // The trailing edge's zone, in the mirrored layout, on the same terms as the back edge.
                direction = direction.mirrored
                guard configuration.forwardSwipe, !claimed,
                      ScreenEdgePanGestureRecognizer.isInEdgeZone(sequence.downPoint, frame: stack.frame, direction: direction,
                                                                  edgeWidth: model.edgeWidthPixels) else { return false }
            case .edge:
                // The edge keeps priority in its zone, where a control under the finger keeps its drags.
                guard inEdgeZone, !claimed else { return false }
            case .content:
                // Elsewhere, with the full-width content swipe on (iOS 26, libadwaita), a drag toward the pop
                // direction anywhere on the page pops it, unless the control under it can take that drag.
                guard configuration.contentSwipe, !inEdgeZone,
                      !(hit.map { model.contentClaims(stackIndex: index, element: $0) } ?? false) else { return false }
            }
        }
        recognizers[sequence.id] = ScreenEdgePanGestureRecognizer(downPoint: sequence.downPoint, direction: direction,
                                                                  widthPixels: stack.frame.width,
                                                                  touchSlop: model.touchSlopPixels)
        return true
    }

    /// The content swipe takes the drags toward popping of every sequence it claimed (over a
    /// carousel on its first item, the carousel yields them).
    func takesDragsTowardPop(in sequence: ArenaSequence) -> Bool {
        zone == .content && recognizers[sequence.id] != nil
    }

    func move(_ sequence: ArenaSequence, model: AppModel, atMilliseconds t: Double) -> ArenaMoveResult {
        guard var recognizer = recognizers[sequence.id], let index = sequence.stackIndex else { return .pass }
        let outcome = recognizer.move(to: sequence.position)
        recognizers[sequence.id] = recognizer
        switch outcome {
        case .none:
            return .pass
        case .failed:
            model.arena.reject(sequence, member: self)
            return .pass
        case .wouldBegin:
            let stack = model.stacks[index]
            let page = model.page(stack.top)
            // The stack must still be as it was at the down: same top page, still enabled, nothing
            // animating (a push, pop or settle that started since then owns the stack).
            guard stack.transition == nil, stack.top == sequence.pageAtDown, page.interactivePop, canSwipe(stack, model: model) else {
                model.arena.reject(sequence, member: self)
                return .pass
            }
            // The page's veto, asked once per attempt with the start point: a document page's
            // static answer, or a Swift page's closure.
            let answer = page.shouldBegin
                ?? model.delegate?.appModel(model, shouldBeginInteractivePopOf: stack.top, inStack: stack.id, at: sequence.downPoint)
            if let answer {
                model.emit(t, .veto(stack: stack.id, page: page.id, downPoint: sequence.downPoint, allowed: answer))
                // The veto may have changed the stacks (a push or pop from inside it): then the swipe fails.
                let now = model.stacks[index]
                if !answer || now.transition != nil || now.top != sequence.pageAtDown || !canSwipe(now, model: model) {
                    model.arena.reject(sequence, member: self)
                    return .pass
                }
            }
            recognizer.begin()
            recognizers[sequence.id] = recognizer
            model.arena.accept(sequence, by: self)
            model.arena.beginWindowSwipe(owner: sequence)
            if zone == .forwardEdge {
                model.navigation.beginInteractiveForward(stackIndex: index, direction: recognizer.direction.mirrored,
                                                         progress: recognizer.progress, t)
            } else {
                model.navigation.beginInteractivePop(stackIndex: index, direction: recognizer.direction, progress: recognizer.progress, t)
            }
            return .handled
        case .changed:
            guard model.arena.swipeOwner == sequence.id, model.stacks[index].transition != nil else { return .handled }
            // Dragged back past the start: with `overshoot` the page rubber-bands (drawn only).
            let drawn = model.configuration.overshoot && zone != .forwardEdge && recognizer.dx < 0
                ? StackNavigation.overshootProgress(pixels: -recognizer.dx, width: model.stacks[index].frame.width) : nil
            model.navigation.followFinger(stackIndex: index, progress: recognizer.progress, drawn: drawn,
                               verticalTravel: sequence.position.y - sequence.downPoint.y,
                               velocity: model.popVelocity(sequence.tracker, recognizer.direction, atMilliseconds: t), t)
            return .handled
        }
    }

    func end(_ sequence: ArenaSequence, model: AppModel, atMilliseconds t: Double) -> Bool {
        guard model.arena.swipeOwner == sequence.id, var recognizer = recognizers[sequence.id], recognizer.isActive,
              let index = sequence.stackIndex else { return false }
        model.arena.endWindowSwipe()
        recognizer.end(at: sequence.position)
        recognizers[sequence.id] = recognizer
        guard model.stacks[index].transition != nil else { return true }
        model.navigation.releaseInteractivePop(stackIndex: index, progress: recognizer.progress,
                                    velocity: model.popVelocity(sequence.tracker, recognizer.direction, atMilliseconds: t), t)
        return true
    }

    func cancel(_ sequence: ArenaSequence, model: AppModel, atMilliseconds t: Double) {
        recognizers[sequence.id] = nil
        guard model.arena.swipeOwner == sequence.id, let index = sequence.stackIndex,
              model.stacks[index].transition != nil else { return }
        model.arena.endWindowSwipe()
        model.navigation.cancelInteractivePop(stackIndex: index, t)
    }

    func reject(_ sequence: ArenaSequence) {
        recognizers[sequence.id] = nil
    }

    /// Whether the stack has somewhere to go: a page beneath the top (back), or a forward page.
    private func canSwipe(_ stack: NavigationStack, model: AppModel) -> Bool {
        zone == .forwardEdge ? !stack.forwardPages.isEmpty && model.configuration.forwardHistory > 0 : !stack.isAtRoot
    }

    /// Rejected when another sequence begins the swipe (one swipe per window).
    func staysWhenSwipeBegins(elsewhere owner: ArenaSequence, in sequence: ArenaSequence) -> Bool { false }

    func windowResized(oldFrames: [Rect], sequence: ArenaSequence, model: AppModel) {
        guard let index = sequence.stackIndex, var recognizer = recognizers[sequence.id] else { return }
        let old = oldFrames[index], new = model.stacks[index].frame
        let edgeShift = recognizer.direction == .leftToRight ? new.x - old.x : new.maxX - old.maxX
        recognizer.resize(widthPixels: new.width, shift: Point(x: edgeShift, y: new.y - old.y))
        recognizers[sequence.id] = recognizer
        // The page follows the finger at once, not at the next move.
        if model.arena.swipeOwner == sequence.id, recognizer.isActive, model.stacks[index].transition?.settle == nil {
            model.navigation.moveInteractivePop(stackIndex: index, to: recognizer.progress)
        }
    }
}
