// SPDX-License-Identifier: Apache-2.0
/// The touchpad's runs: two-finger smooth scrolling and 3+ finger swipes, each driven as a virtual
/// pointer sequence through the gesture arena from the stack's leading edge, so recognition, the
/// veto, the decision and the lifecycle are the edge swipe's. It owns the run in progress; the
/// coordinator (`AppModel.handle`) hands it the touchpad's events and the frame ticks.
///
/// It is not an arena member: a touchpad reports scroll deltas and swipe phases, not pointer
/// sequences, and the arena's members decide the virtual sequence it makes (the edge pop takes a
/// run toward popping; a run that goes vertical first scrolls the content).
final class TouchpadRuns {
    /// A run in progress: two-finger smooth scrolling or a 3+ finger gesture.
    struct Run {
        /// The index of the stack it drives.
        var stack: Int
        /// Where its virtual pointer went down: just inside the stack's leading edge, window px.
        var origin: Point
        /// Accumulated finger travel in touchpad px, x positive toward the right edge.
        var dx = 0.0, dy = 0.0
        /// The time of its last delta, ms (the end timeout counts from it).
        var lastMilliseconds: Double
        /// A 3+ finger gesture (ends with its own end or cancel), not two-finger scrolling.
        var gesture: Bool
        /// The run went vertical first: its deltas scroll the content.
        var vertical = false
    }

    /// The pointer id of the touchpad's virtual pointer (never a touch id or a mouse id).
    static let pointerID = Int.min / 2

    /// The run in progress, if any.
    private(set) var run: Run?

    /// Whether frame ticks are needed: a two-finger run ends by a timeout the ticks check.
    var needsTicks: Bool { run?.gesture == false }

    /// Two-finger smooth scrolling: horizontal runs toward popping drive the swipe, scaled so
    /// `touchpadDistance` px is a whole stack width; a zero delta (fingers lifted) or
    /// `touchpadEndTimeout` ms without one ends it. Vertical runs scroll the content.
    func scroll(dx: Double, dy: Double, at position: Point?, model: AppModel, _ t: Double) {
        if dx == 0 && dy == 0 {
            end(atMilliseconds: t, cancelled: false, model: model)
            return
        }
        if run?.gesture == true { return } // a gesture owns the touchpad
        // Scrolling moves content against the fingers: a scroll toward the left edge (negative dx)
        // is the fingers moving right.
        move(fingersDx: -dx, fingersDy: -dy, scrollDy: dy, at: position, gesture: false, model: model, t)
    }

    /// An XI 2.4 touchpad swipe (3+ fingers): its deltas are the fingers' travel.
    func gesture(_ phase: SwipePhase, dx: Double, dy: Double, model: AppModel, _ t: Double) {
        switch phase {
        case .begin:
            if run != nil { end(atMilliseconds: t, cancelled: true, model: model) }
            let index = stack(at: nil, model: model)
            let possible = model.arena.swipeOwner == nil && model.stacks[index].transition == nil && !model.stacks[index].isAtRoot
                && model.page(model.stacks[index].top).interactivePop
            model.logBack(t, source: .swipe, handled: possible)
            move(fingersDx: dx, fingersDy: dy, scrollDy: nil, at: nil, gesture: true, model: model, t)
        case .update:
            guard run?.gesture == true else { return }
            move(fingersDx: dx, fingersDy: dy, scrollDy: nil, at: nil, gesture: true, model: model, t)
        case .end:
            if run?.gesture == true { end(atMilliseconds: t, cancelled: false, model: model) }
        case .cancel:
            // The driver says the gesture was not meant: the page goes back, whatever the progress.
            if run?.gesture == true { end(atMilliseconds: t, cancelled: true, model: model) }
        }
    }

    /// The stack a touchpad acts on: the one under the pointer position when the event has one,
    /// else the focused stack.
    private func stack(at position: Point?, model: AppModel) -> Int {
        if let position, let index = model.stacks.lastIndex(where: { $0.frame.contains(position) }) { return index }
        return min(model.focusedStack, model.stacks.count - 1)
    }

    private func move(fingersDx: Double, fingersDy: Double, scrollDy: Double?, at position: Point?, gesture: Bool,
                      model: AppModel, _ t: Double) {
        let id = Self.pointerID
        if run == nil {
            let index = stack(at: position, model: model)
            let frame = model.stacks[index].frame
            // Just inside the leading edge, at the pointer's height (or the stack's middle).
            let y = min(max(position?.y ?? frame.y + frame.height / 2, frame.y), frame.maxY - 1)
            let origin = Point(x: model.direction == .leftToRight ? frame.x + 1 : frame.maxX - 1, y: y)
            run = Run(stack: index, origin: origin, lastMilliseconds: t, gesture: gesture)
            down(id: id, stackIndex: index, at: origin, model: model, t)
        }
        guard var run = self.run else { return }
        run.lastMilliseconds = t
        if run.vertical {
            self.run = run
            if let scrollDy { model.scrollWheel(dy: scrollDy, at: position) }
            return
        }
        run.dx += fingersDx
        run.dy += fingersDy
        self.run = run
        let scale = model.stacks[run.stack].frame.width / model.configuration.touchpadDistance
        model.pointerMove(PointerInput(phase: .move, id: id, device: .touch,
                                       position: Point(x: run.origin.x + run.dx * scale, y: run.origin.y + run.dy * scale)), t)
        // Vertical first (the recognizer failed on it, or nothing could swipe and the run is
        // mostly vertical): the content takes this run.
        // (The run's travel is in touchpad px: scaled to window px, it is tested against the slop
        // in window px at the layout scale, as every other member's.)
        if let sequence = model.arena.sequences[id], sequence.members.isEmpty,
           sequence.claimedAtDown || TouchSlop.isVertical(dx: run.dx * scale, dy: run.dy * scale, slop: model.touchSlopPixels) {
            self.run?.vertical = true
            if let scrollDy { model.scrollWheel(dy: scrollDy, at: position) }
        }
    }

    private func down(id: Int, stackIndex index: Int, at point: Point, model: AppModel, _ t: Double) {
        if model.arena.sequences[id] != nil { model.pointerCancel(id: id, t) }
        let sequence = ArenaSequence(id: id, device: .touch, downPoint: point, isTouchpad: true)
        sequence.tracker.addSample(timeMilliseconds: t, position: point)
        sequence.directionAtDown = model.direction
        sequence.stackIndex = index
        sequence.pageAtDown = model.stacks[index].top
        if model.arena.swipeOwner != nil || model.stacks[index].transition != nil {
            sequence.isIgnored = true
        } else {
            model.focusedStack = index
        }
        model.arena.open(sequence, model: model, atMilliseconds: t)
    }

    /// Ends the touchpad run: a release at the virtual pointer's place (the decision), or a cancel.
    func end(atMilliseconds t: Double, cancelled: Bool, model: AppModel) {
        guard let run = self.run else { return }
        self.run = nil
        let id = Self.pointerID
        guard model.arena.sequences[id] != nil else { return }
        if cancelled {
            model.pointerCancel(id: id, t)
        } else {
            let scale = model.stacks[run.stack].frame.width / model.configuration.touchpadDistance
            model.pointerUp(PointerInput(phase: .up, id: id, device: .touch,
                                         position: Point(x: run.origin.x + run.dx * scale, y: run.origin.y + run.dy * scale)), t)
        }
    }

    /// Ends a two-finger run that has had no delta for `touchpadEndTimeout` ms by `t` (the fingers
    /// lifted without the zero delta some drivers send), at the time it ran out.
    func expire(atMilliseconds t: Double, model: AppModel) {
        if let run, !run.gesture, t >= run.lastMilliseconds + model.configuration.touchpadEndTimeout {
            end(atMilliseconds: run.lastMilliseconds + model.configuration.touchpadEndTimeout, cancelled: false, model: model)
        }
    }
}
