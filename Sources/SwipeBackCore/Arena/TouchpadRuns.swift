// SPDX-License-Identifier: Apache-2.0
/// The touchpad as an input source of its own: two-finger smooth scrolling and 3+ finger swipes
/// become runs of a virtual pointer that goes down just inside a stack's leading edge, so the
/// arena's members (the edge pop, the content) decide them as they decide a finger: recognition,
/// the veto, the decision and the lifecycle are the edge swipe's.
///
/// It reads only what it is given (`TouchpadContext`) and returns what its virtual pointer does
/// (`TouchpadOutput`); the engine feeds that to the arena (`AppModel+Touchpad.swift`) and tells it
/// when the content took a run (`contentTookRun()`). It never calls the engine.
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
    func scroll(dx: Double, dy: Double, at position: Point?, _ context: TouchpadContext, _ t: Double) -> [TouchpadOutput] {
        if dx == 0 && dy == 0 { return end(cancelled: false, context) }
        if run?.gesture == true { return [] } // a gesture owns the touchpad
        // Scrolling moves content against the fingers: a scroll toward the left edge (negative dx)
        // is the fingers moving right.
        return move(fingersDx: -dx, fingersDy: -dy, scrollDy: dy, at: position, gesture: false, context, t)
    }

    /// An XI 2.4 touchpad swipe (3+ fingers): its deltas are the fingers' travel.
    func gesture(_ phase: SwipePhase, dx: Double, dy: Double, _ context: TouchpadContext, _ t: Double) -> [TouchpadOutput] {
        switch phase {
        case .begin:
            let ended = run != nil ? end(cancelled: true, context) : []
            let began = TouchpadOutput.swipeBegan(stackIndex: stack(at: nil, context))
            return ended + [began] + move(fingersDx: dx, fingersDy: dy, scrollDy: nil, at: nil, gesture: true, context, t)
        case .update:
            guard run?.gesture == true else { return [] }
            return move(fingersDx: dx, fingersDy: dy, scrollDy: nil, at: nil, gesture: true, context, t)
        case .end:
            return run?.gesture == true ? end(cancelled: false, context) : []
        case .cancel:
            // The driver says the gesture was not meant: the page goes back, whatever the progress.
            return run?.gesture == true ? end(cancelled: true, context) : []
        }
    }

    /// The content took the run (it went vertical first, or nothing could swipe): its deltas
    /// scroll the content from now on.
    func contentTookRun() {
        run?.vertical = true
    }

    /// The stack a touchpad acts on: the one under the pointer position when the event has one,
    /// else the focused stack.
    private func stack(at position: Point?, _ context: TouchpadContext) -> Int {
        if let position, let index = context.stackFrames.lastIndex(where: { $0.contains(position) }) { return index }
        return min(context.focusedStack, context.stackFrames.count - 1)
    }

    private func move(fingersDx: Double, fingersDy: Double, scrollDy: Double?, at position: Point?, gesture: Bool,
                      _ context: TouchpadContext, _ t: Double) -> [TouchpadOutput] {
        var outputs: [TouchpadOutput] = []
        if run == nil {
            let index = stack(at: position, context)
            let frame = context.stackFrames[index]
            // Just inside the leading edge, at the pointer's height (or the stack's middle).
            let y = min(max(position?.y ?? frame.y + frame.height / 2, frame.y), frame.maxY - 1)
            let origin = Point(x: context.direction == .leftToRight ? frame.x + 1 : frame.maxX - 1, y: y)
            run = Run(stack: index, origin: origin, lastMilliseconds: t, gesture: gesture)
            outputs.append(.down(origin, stackIndex: index))
        }
        guard var run = self.run else { return outputs }
        run.lastMilliseconds = t
        if run.vertical {
            self.run = run
            if let scrollDy { outputs.append(.scrollContent(dy: scrollDy, at: position)) }
            return outputs
        }
        run.dx += fingersDx
        run.dy += fingersDy
        self.run = run
        // The run's travel is in touchpad px: scaled to window px, the engine tests it against
        // the slop in window px at the layout scale, as every other member's.
        let scale = context.stackFrames[run.stack].width / context.touchpadDistance
        let travel = Point(x: run.dx * scale, y: run.dy * scale)
        outputs.append(.move(Point(x: run.origin.x + travel.x, y: run.origin.y + travel.y), travel: travel,
                             scrollDy: scrollDy, at: position))
        return outputs
    }

    /// Ends the touchpad run: a release at the virtual pointer's place (the decision), or a cancel.
    private func end(cancelled: Bool, _ context: TouchpadContext) -> [TouchpadOutput] {
        guard let run = self.run else { return [] }
        self.run = nil
        if cancelled { return [.cancel] }
        let scale = context.stackFrames[run.stack].width / context.touchpadDistance
        return [.up(Point(x: run.origin.x + run.dx * scale, y: run.origin.y + run.dy * scale))]
    }

    /// Ends a two-finger run that has had no delta for `touchpadEndTimeout` ms by `t` (the fingers
    /// lifted without the zero delta some drivers send), at the time it ran out, which it returns.
    func expire(atMilliseconds t: Double, _ context: TouchpadContext) -> (outputs: [TouchpadOutput], at: Double)? {
        guard let run, !run.gesture, t >= run.lastMilliseconds + context.touchpadEndTimeout else { return nil }
        return (end(cancelled: false, context), run.lastMilliseconds + context.touchpadEndTimeout)
    }
}

/// What the touchpad source reads: the stacks' frames and the settings it uses.
struct TouchpadContext {
    /// Each stack's frame, window px, by stack index.
    var stackFrames: [Rect]
    /// The stack that takes the touchpad when an event has no position.
    var focusedStack: Int
    /// The layout direction: the virtual pointer goes down just inside the leading edge.
    var direction: LayoutDirection
    /// Touchpad px for a whole stack width (`touchpadDistance`).
    var touchpadDistance: Double
    /// ms without a delta that end a two-finger run (`touchpadEndTimeout`).
    var touchpadEndTimeout: Double
}

/// What the touchpad's virtual pointer does, in order, for the engine to feed to the arena.
enum TouchpadOutput {
    /// A 3+ finger swipe began on a stack: the back command is logged (handled when a swipe can run).
    case swipeBegan(stackIndex: Int)
    /// The virtual pointer goes down at a point just inside a stack's leading edge.
    case down(Point, stackIndex: Int)
    /// It moves to a point, `travel` from where it went down; `scrollDy` is the content's share
    /// should the content take the run (two-finger scrolling only).
    case move(Point, travel: Point, scrollDy: Double?, at: Point?)
    /// A run the content took scrolls it.
    case scrollContent(dy: Double, at: Point?)
    /// It lifts at a point: the decision.
    case up(Point)
    /// The run was cancelled: the page goes back.
    case cancel
}
