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

    func claim(_ sequence: ArenaSequence, model: AppModel, atMilliseconds t: Double) -> Bool {
        guard !sequence.isTouchpad, !sequence.stoppedCoasting, let index = sequence.stackIndex,
              model.stacks[index].transition == nil else { return false }
        let stack = model.stacks[index]
        let hit = sequence.elementAtDown
        let local = stack.frame.localPoint(sequence.downPoint)
        if hit == nil, let custom = model.customElementHit(stackIndex: index, at: sequence.downPoint) {
            targets[sequence.id] = .custom(custom)
        } else if let hit {
            targets[sequence.id] = .element(hit)
        } else if model.systemBackButtonFrame(stack: stack, page: model.page(stack.top))?.contains(local) == true {
            targets[sequence.id] = .systemBackButton
        } else {
            return false
        }
        return true
    }

    func move(_ sequence: ArenaSequence, model: AppModel, atMilliseconds t: Double) -> ArenaMoveResult {
        // A finger that slides off its tap target by more than the touch slop no longer taps.
        if TouchSlop.hasLeft(sequence.translation, slop: model.touchSlopPixels) {
            model.arena.reject(sequence, member: self)
        }
        return .pass
    }

    func end(_ sequence: ArenaSequence, model: AppModel, atMilliseconds t: Double) -> Bool {
        guard let target = targets[sequence.id], let index = sequence.stackIndex else { return false }
        guard model.stacks[index].transition == nil else { return true }
        guard !TouchSlop.hasLeft(sequence.translation, slop: model.touchSlopPixels) else { return true }
        let stack = model.stacks[index]
        let point = sequence.position
        let local = stack.frame.localPoint(point)
        let page = model.page(stack.top)
        switch target {
        case .systemBackButton:
            guard model.systemBackButtonFrame(stack: stack, page: page)?.contains(local) == true else { return true }
            model.activate(t, stackIndex: index, instance: stack.top, elementID: nil, action: .pop)
        case .custom(let element):
            guard model.customElementHit(stackIndex: index, at: point) == element else { return true }
            model.delegate?.appModel(model, didTap: element, in: stack.top, inStack: stack.id)
        case .element(let elementIndex):
            guard model.elementHit(stackIndex: index, at: point) == elementIndex else { return true }
            let element = page.elements[elementIndex]
            switch element.kind {
            case .button(_, let action):
                model.activate(t, stackIndex: index, instance: stack.top, elementID: element.id, action: action)
            case .toggle(_, let bind):
                model.activate(t, stackIndex: index, instance: stack.top, elementID: element.id, action: .toggle(bind))
            default:
                break
            }
        }
        return true
    }

    func cancel(_ sequence: ArenaSequence, model: AppModel, atMilliseconds t: Double) {
        targets[sequence.id] = nil
    }

    func reject(_ sequence: ArenaSequence) {
        targets[sequence.id] = nil
    }

    /// The button each page instance shows pressed: instance serial to element index, for fingers
    /// resting on a button of an idle stack's top page.
    func pressedButtons(model: AppModel) -> [Int: Int] {
        var pressed: [Int: Int] = [:]
        for (id, target) in targets {
            guard case .element(let element) = target, let sequence = model.arena.sequences[id], !sequence.isIgnored,
                  let index = sequence.stackIndex, model.stacks[index].transition == nil else { continue }
            let page = model.page(model.stacks[index].top)
            if element < page.elements.count, case .button = page.elements[element].kind {
                pressed[model.stacks[index].top.serial] = element
            }
        }
        return pressed
    }
}
