// The touchpad: two-finger smooth scrolling and 3+ finger swipes, driven as a virtual pointer
// through the gesture arena from the stack's leading edge.
extension AppModel {
    // MARK: - Touchpad


    struct TouchpadRun {
        var stack: Int
        var origin: Point
        /// Accumulated finger travel in touchpad px, x positive toward the right edge.
        var dx = 0.0, dy = 0.0
        var lastMilliseconds: Double
        /// A 3+ finger gesture (ends with its own end or cancel), not two-finger scrolling.
        var gesture: Bool
        /// The run went vertical first: its deltas scroll the content.
        var vertical = false
    }

    /// The pointer id of the touchpad's virtual pointer (never a touch id or a mouse id).
    static let touchpadPointerID = Int.min / 2

    /// Two-finger smooth scrolling: horizontal runs toward popping drive the swipe, scaled so
    /// `touchpadDistance` px is a whole stack width; a zero delta (fingers lifted) or
    /// `touchpadEndTimeout` ms without one ends it. Vertical runs scroll the content.
    func touchpadScroll(dx: Double, dy: Double, at position: Point?, _ t: Double) {
        if dx == 0 && dy == 0 {
            endTouchpadRun(atMilliseconds: t, cancelled: false)
            return
        }
        if touchpadRun?.gesture == true { return } // a gesture owns the touchpad
        // Scrolling moves content against the fingers: a scroll toward the left edge (negative dx)
        // is the fingers moving right.
        moveTouchpad(fingersDx: -dx, fingersDy: -dy, scrollDy: dy, at: position, gesture: false, t)
    }

    /// An XI 2.4 touchpad swipe (3+ fingers): its deltas are the fingers' travel.
    func touchpadGesture(_ phase: SwipePhase, dx: Double, dy: Double, _ t: Double) {
        switch phase {
        case .begin:
            if touchpadRun != nil { endTouchpadRun(atMilliseconds: t, cancelled: true) }
            let index = touchpadStack(at: nil)
            let possible = arena.swipeOwner == nil && stacks[index].transition == nil && !stacks[index].isAtRoot
                && page(stacks[index].top).interactivePop
            logBack(t, source: .swipe, handled: possible)
            moveTouchpad(fingersDx: dx, fingersDy: dy, scrollDy: nil, at: nil, gesture: true, t)
        case .update:
            guard touchpadRun?.gesture == true else { return }
            moveTouchpad(fingersDx: dx, fingersDy: dy, scrollDy: nil, at: nil, gesture: true, t)
        case .end:
            if touchpadRun?.gesture == true { endTouchpadRun(atMilliseconds: t, cancelled: false) }
        case .cancel:
            // The driver says the gesture was not meant: the page goes back, whatever the progress.
            if touchpadRun?.gesture == true { endTouchpadRun(atMilliseconds: t, cancelled: true) }
        }
    }

    /// The stack a touchpad acts on: the one under the pointer position when the event has one,
    /// else the focused stack.
    func touchpadStack(at position: Point?) -> Int {
        if let position, let index = stacks.lastIndex(where: { $0.frame.contains(position) }) { return index }
        return min(focusedStack, stacks.count - 1)
    }

    func moveTouchpad(fingersDx: Double, fingersDy: Double, scrollDy: Double?, at position: Point?, gesture: Bool,
                              _ t: Double) {
        let id = Self.touchpadPointerID
        if touchpadRun == nil {
            let index = touchpadStack(at: position)
            let frame = stacks[index].frame
            // Just inside the leading edge, at the pointer's height (or the stack's middle).
            let y = min(max(position?.y ?? frame.y + frame.height / 2, frame.y), frame.maxY - 1)
            let origin = Point(x: direction == .leftToRight ? frame.x + 1 : frame.maxX - 1, y: y)
            touchpadRun = TouchpadRun(stack: index, origin: origin, lastMilliseconds: t, gesture: gesture)
            touchpadDown(id: id, stackIndex: index, at: origin, t)
        }
        guard var run = touchpadRun else { return }
        run.lastMilliseconds = t
        if run.vertical {
            touchpadRun = run
            if let scrollDy { scrollWheel(dy: scrollDy, at: position) }
            return
        }
        run.dx += fingersDx
        run.dy += fingersDy
        touchpadRun = run
        let scale = stacks[run.stack].frame.width / configuration.touchpadDistance
        pointerMove(PointerInput(phase: .move, id: id, device: .touch,
                                 position: Point(x: run.origin.x + run.dx * scale, y: run.origin.y + run.dy * scale)), t)
        // Vertical first (the recognizer failed on it, or nothing could swipe and the run is
        // mostly vertical): the content takes this run.
        // (The slop is in window px, the run's travel in touchpad px: `TouchSlop.isVertical` on the
        // run's own travel, with only its length scaled.)
        if let sequence = arena.sequences[id], sequence.members.isEmpty,
           sequence.claimedAtDown || (abs(run.dy) * scale >= configuration.touchSlop && abs(run.dy) >= abs(run.dx)) {
            touchpadRun?.vertical = true
            if let scrollDy { scrollWheel(dy: scrollDy, at: position) }
        }
    }

    func touchpadDown(id: Int, stackIndex index: Int, at point: Point, _ t: Double) {
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
        arena.open(sequence, model: self, atMilliseconds: t)
    }

    /// Ends the touchpad run: a release at the virtual pointer's place (the decision), or a cancel.
    func endTouchpadRun(atMilliseconds t: Double, cancelled: Bool) {
        guard let run = touchpadRun else { return }
        touchpadRun = nil
        let id = Self.touchpadPointerID
        guard arena.sequences[id] != nil else { return }
        if cancelled {
            pointerCancel(id: id, t)
        } else {
            let scale = stacks[run.stack].frame.width / configuration.touchpadDistance
            pointerUp(PointerInput(phase: .up, id: id, device: .touch,
                                   position: Point(x: run.origin.x + run.dx * scale, y: run.origin.y + run.dy * scale)), t)
        }
    }

    func scrollWheel(dy: Double, at position: Point?) {
        let point = position ?? Point(x: windowWidth / 2, y: windowHeight / 2)
        guard dy != 0, let index = stacks.lastIndex(where: { $0.frame.contains(point) }),
              stacks[index].transition == nil else { return }
        momentum.stop(stacks[index].top.serial)
        setScrollOffset(scrollOffset(of: stacks[index].top) + dy, stackIndex: index)
    }

    func advanceMomentum(_ t: Double) {
        momentum.advance(to: t, isValid: { serial, fling in
            fling.stack < stacks.count && stacks[fling.stack].top.serial == serial && stacks[fling.stack].transition == nil
        }, scroll: { fling, target in
            setScrollOffset(target, stackIndex: fling.stack)
            return scrollOffset(of: stacks[fling.stack].top)
        })
    }
}
