// SPDX-License-Identifier: Apache-2.0
extension AppModel {
    /// What the touchpad source reads now.
    var touchpadContext: TouchpadContext {
        TouchpadContext(stackFrames: stacks.map(\.frame), focusedStack: focusedStack, direction: direction,
                        touchpadDistance: configuration.touchpadDistance, touchpadEndTimeout: configuration.touchpadEndTimeout)
    }

    /// Feeds what the touchpad's virtual pointer did to the arena, in order.
    func apply(_ outputs: [TouchpadOutput], _ t: Double) {
        let id = TouchpadRuns.pointerID
        for output in outputs {
            switch output {
            case .swipeBegan(let index):
                let possible = arena.swipeOwner == nil && stacks[index].transition == nil && !stacks[index].isAtRoot
                    && page(stacks[index].top).interactivePop
                logBack(t, source: .swipe, handled: possible)
            case .down(let point, let index):
                if arena.sequences[id] != nil { pointerCancel(id: id, t) }
                let sequence = ArenaSequence(id: id, device: .touch, downPoint: point, isTouchpad: true)
                sequence.tracker.addSample(timeMilliseconds: t, position: point)
                sequence.directionAtDown = direction
                sequence.stackIndex = index
                sequence.pageAtDown = stacks[index].top
                if arena.swipeOwner != nil || stacks[index].transition != nil {
                    sequence.isIgnored = true
                } else {
                    focusedStack = index
                }
                arena.open(sequence, in: arenaHost, atMilliseconds: t)
            case .move(let point, let travel, let scrollDy, let position):
                pointerMove(PointerInput(phase: .move, id: id, device: .touch, position: point), t)
                // Vertical first (the recognizer failed on it, or nothing could swipe and the run
                // is mostly vertical): the content takes this run.
                if let sequence = arena.sequences[id], sequence.members.isEmpty,
                   sequence.claimedAtDown || TouchSlop.isVertical(dx: travel.x, dy: travel.y, slop: touchSlopPixels) {
                    touchpadRuns.contentTookRun()
                    if let scrollDy { scrollWheel(dy: scrollDy, at: position) }
                }
            case .scrollContent(let dy, let position):
                scrollWheel(dy: dy, at: position)
            case .up(let point):
                guard arena.sequences[id] != nil else { continue }
                pointerUp(PointerInput(phase: .up, id: id, device: .touch, position: point), t)
            case .cancel:
                guard arena.sequences[id] != nil else { continue }
                pointerCancel(id: id, t)
            }
        }
    }
}
