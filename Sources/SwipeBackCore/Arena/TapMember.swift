// SPDX-License-Identifier: Apache-2.0
/// The tap (SPEC section 2): a down and an up on the same element, the up within `touchSlop` of
/// the down; it fires at the up. Buttons, toggles, the system back button and elements a Swift page
/// draws itself.
final class TapMember: GestureArenaMember {
    /// What a tap would activate.
    enum Target: Equatable {
        /// A document element, by index.
        case element(Int)
        /// The header's system back button.
        case systemBackButton
        /// An element a Swift page draws and hit-tests itself, by its id.
        case custom(String)
    }

    private var targets: [Int: Target] = [:]

    /// How many sequences it holds state for (soak tests).
    var retainedCount: Int { targets.count }

    func claim(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) -> Bool {
        guard !sequence.isTouchpad, !sequence.stoppedCoasting, let index = sequence.stackIndex,
              context.stacks[index].transition == nil else { return false }
        let stack = context.stacks[index]
        let hit = sequence.elementAtDown
        let local = stack.frame.localPoint(sequence.downPoint)
        if hit == nil, let custom = context.customElementHit(stackIndex: index, at: sequence.downPoint) {
            targets[sequence.id] = .custom(custom)
        } else if let hit {
            targets[sequence.id] = .element(hit)
        } else if context.systemBackButtonFrame(stackIndex: index)?.contains(local) == true {
            targets[sequence.id] = .systemBackButton
        } else {
            return false
        }
        return true
    }

    func move(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) -> ArenaMoveResult {
        // A finger that slides off its tap target by more than the touch slop no longer taps.
        if TouchSlop.hasLeft(sequence.translation, slop: context.settings.touchSlopPixels) {
            context.arena.reject(sequence, member: self)
        }
        return .pass
    }

    func end(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) -> Bool {
        guard let target = targets[sequence.id], let index = sequence.stackIndex else { return false }
        guard context.stacks[index].transition == nil else { return true }
        guard !TouchSlop.hasLeft(sequence.translation, slop: context.settings.touchSlopPixels) else { return true }
        let stack = context.stacks[index]
        let point = sequence.position
        let local = stack.frame.localPoint(point)
        switch target {
        case .systemBackButton:
            guard context.systemBackButtonFrame(stackIndex: index)?.contains(local) == true else { return true }
            context.perform(.activate(stackIndex: index, instance: stack.top, elementID: nil, action: .pop), atMilliseconds: t)
        case .custom(let element):
            guard context.customElementHit(stackIndex: index, at: point) == element else { return true }
            context.perform(.tapCustom(element: element, stackIndex: index), atMilliseconds: t)
        case .element(let elementIndex):
            guard context.elementHit(stackIndex: index, at: point) == elementIndex else { return true }
            let element = context.page(stack.top).elements[elementIndex]
            switch element.kind {
            case .button(_, let action):
                context.perform(.activate(stackIndex: index, instance: stack.top, elementID: element.id, action: action), atMilliseconds: t)
            case .toggle(_, let bind):
                context.perform(.activate(stackIndex: index, instance: stack.top, elementID: element.id, action: .toggle(bind)),
                                atMilliseconds: t)
            default:
                break
            }
        }
        return true
    }

    func cancel(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) {
        targets[sequence.id] = nil
    }

    func reject(_ sequence: ArenaSequence) {
        targets[sequence.id] = nil
    }

    /// The button each page instance shows pressed: instance serial to element index, for fingers
    /// resting on a button of an idle stack's top page.
    func pressedButtons(in context: ArenaContext) -> [Int: Int] {
        var pressed: [Int: Int] = [:]
        for (id, target) in targets {
            guard case .element(let element) = target, let sequence = context.arena.sequences[id], !sequence.isIgnored,
                  let index = sequence.stackIndex, context.stacks[index].transition == nil else { continue }
            let top = context.stacks[index].top
            let page = context.page(top)
            if element < page.elements.count, case .button = page.elements[element].kind {
                pressed[top.serial] = element
            }
        }
        return pressed
    }
}
