// SPDX-License-Identifier: Apache-2.0
/// Sliders and carousels (SPEC section 2): they claim horizontal drags that start inside them,
/// even inside the edge zone. A slider's knob follows the finger from where it was (UISlider); a
/// carousel pages at the release, by a quarter of its width or a fling.
final class ControlDragMember: GestureArenaMember {
    private struct Drag {
        /// The control's element index.
        var element: Int
        /// Whether the sequence moved horizontally first and now drives the control.
        var active = false
        /// The slider's value when the drag took it.
        var startValue: Double?
    }

    private var drags: [Int: Drag] = [:]

    /// How many sequences it holds state for (soak tests).
    var retainedCount: Int { drags.count }

    func claim(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) -> Bool {
        guard !sequence.isTouchpad, let index = sequence.stackIndex, context.stacks[index].transition == nil,
              let hit = sequence.elementAtDown,
              context.page(context.stacks[index].top).elements[hit].claimsHorizontalDrags else { return false }
        drags[sequence.id] = Drag(element: hit)
        return true
    }

    func move(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) -> ArenaMoveResult {
        guard var drag = drags[sequence.id], let index = sequence.stackIndex else { return .pass }
        let settings = context.settings
        let slop = settings.touchSlopPixels
        let d = sequence.translation
        // Over a carousel on its first item with the content swipe on, a drag toward popping is the
        // swipe's; a drag the other way stays the carousel's.
        if !drag.active, sequence.members.contains(where: { $0 !== self && $0.takesDragsTowardPop(in: sequence) }) {
            let towardPop = d.x * sequence.directionAtDown.popSign
            if TouchSlop.isHorizontal(dx: towardPop, dy: d.y, slop: slop) {
                context.arena.reject(sequence, member: self)
                return .pass
            }
        }
        defer { if drags[sequence.id] != nil { drags[sequence.id] = drag } }
        let stack = context.stacks[index]
        let page = context.page(stack.top)
        guard stack.transition == nil, drag.element < page.elements.count else { return .handled }
        if !drag.active {
            // The control claims the drag once it is horizontal; a vertical one is not its.
            guard TouchSlop.isHorizontal(dx: abs(d.x), dy: d.y, slop: slop) else {
                if TouchSlop.isVertical(dx: d.x, dy: d.y, slop: slop) {
                    context.arena.reject(sequence, member: self)
                    return .pass // a vertical drag on a control falls through to scrolling
                }
                return .handled
            }
            drag.active = true
            context.arena.accept(sequence, by: self)
        }
        guard case .slider = page.elements[drag.element].kind else { return .handled } // a carousel pages at the release
        let startValue = drag.startValue ?? context.controlValue(stackIndex: index, element: drag.element)
        drag.startValue = startValue
        let frame = context.elementFrames(stackIndex: index)[drag.element]
        let track = max(1, frame.width - 2 * PageElement.sliderKnobRadius * settings.layoutScale)
        let delta = d.x * settings.direction.popSign / track
        context.perform(.setControl(stackIndex: index, element: drag.element, value: min(max(startValue + delta, 0), 1)),
                        atMilliseconds: t)
        return .handled
    }

    func end(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) -> Bool {
        guard let drag = drags[sequence.id], drag.active, let index = sequence.stackIndex else { return false }
        let stack = context.stacks[index]
        let page = context.page(stack.top)
        guard stack.transition == nil, drag.element < page.elements.count,
              case .carousel(let items) = page.elements[drag.element].kind else { return true }
        let frame = context.elementFrames(stackIndex: index)[drag.element]
        let settings = context.settings
        let direction = settings.direction
        // Toward the reading direction's end: a drag of a quarter of the carousel, or a fling, pages once.
        let forward = (sequence.downPoint.x - sequence.position.x) * direction.popSign
        let velocity = (sequence.tracker.velocity(atMilliseconds: t)?.xPixelsPerSecond ?? 0) * -direction.popSign
        let current = Int(context.controlValue(stackIndex: index, element: drag.element))
        let fling = settings.flingVelocity * frame.width
        var next = current
        if forward >= frame.width / 4 || (forward > 0 && velocity >= fling) {
            next = min(current + 1, max(items.count - 1, 0))
        } else if -forward >= frame.width / 4 || (forward < 0 && -velocity >= fling) {
            next = max(current - 1, 0)
        }
        context.perform(.setControl(stackIndex: index, element: drag.element, value: Double(next)), atMilliseconds: t)
        return true
    }

    func cancel(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) {
        drags[sequence.id] = nil
    }

    func reject(_ sequence: ArenaSequence) {
        drags[sequence.id] = nil
    }

    /// Carousels being dragged: instance serial to (element index, horizontal offset in px of the
    /// finger from where it went down), so the renderer can show the images following it.
    func carouselDrags(in context: ArenaContext) -> [Int: (element: Int, offset: Double)] {
        var result: [Int: (element: Int, offset: Double)] = [:]
        for (id, drag) in drags where drag.active {
            guard let sequence = context.arena.sequences[id], sequence.hasMoved, let index = sequence.stackIndex,
                  context.stacks[index].transition == nil,
                  case .carousel? = context.page(context.stacks[index].top).elements[safe: drag.element]?.kind else { continue }
            result[context.stacks[index].top.serial] = (drag.element, sequence.position.x - sequence.downPoint.x)
        }
        return result
    }
}
