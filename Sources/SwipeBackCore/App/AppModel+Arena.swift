// SPDX-License-Identifier: Apache-2.0
// Pointer sequences into the arena, and the arena members' host.
extension AppModel {
    /// A finger or button 1 went down: a new sequence, offered to the arena's members.
    func pointerDown(_ pointer: PointerInput, _ t: Double) {
        // A second down for an id that is still down means its end was lost: end it as a system cancel.
        if arena.sequences[pointer.id] != nil { pointerCancel(id: pointer.id, t) }
        let sequence = ArenaSequence(id: pointer.id, device: pointer.device, downPoint: pointer.position, isTouchpad: false)
        sequence.tracker.addSample(timeMilliseconds: t, position: pointer.position)
        sequence.directionAtDown = direction
        if arena.swipeOwner == nil, let index = stacks.lastIndex(where: { $0.frame.contains(pointer.position) }) {
            sequence.stackIndex = index
            sequence.pageAtDown = stacks[index].top
            focusedStack = index
            if stacks[index].transition == nil {
                // A touch on coasting content stops it, and is not a tap (as in UIKit).
                sequence.stoppedCoasting = momentum.stop(stacks[index].top.serial)
                sequence.elementAtDown = elementHit(stackIndex: index, at: pointer.position)
            }
        } else {
            sequence.isIgnored = true
        }
        arena.open(sequence, in: arenaHost, atMilliseconds: t)
        // A transition (animated push or pop, or a settle) owns the stack: a down does nothing,
        // except where a member takes it (the moving page of a swipe's settle).
        if let index = sequence.stackIndex, stacks[index].transition != nil, sequence.members.isEmpty {
            sequence.isIgnored = true
        }
    }

    func pointerMove(_ pointer: PointerInput, _ t: Double) {
        arena.move(id: pointer.id, to: pointer.position, in: arenaHost, atMilliseconds: t)
    }

    func pointerUp(_ pointer: PointerInput, _ t: Double) {
        let index = arena.sequences[pointer.id]?.stackIndex
        arena.end(id: pointer.id, at: pointer.position, in: arenaHost, atMilliseconds: t)
        endAbandonedSwipe(of: pointer.id, stackIndex: index, t)
    }

    func pointerCancel(id: Int, _ t: Double) {
        let index = arena.sequences[id]?.stackIndex
        arena.cancel(id: id, in: arenaHost, atMilliseconds: t)
        endAbandonedSwipe(of: id, stackIndex: index, t)
    }

    /// A sequence that ended still owning the window's swipe: its member began a swipe and never
    /// released or cancelled it. The swipe ends as a system cancel, so the stack is not left held.
    private func endAbandonedSwipe(of id: Int, stackIndex index: Int?, _ t: Double) {
        guard arena.swipeOwner == id else { return }
        arena.endWindowSwipe()
        if let index { arenaHost.perform(.cancelInteractivePop(stackIndex: index), atMilliseconds: t) }
    }

    func cancelAllSequences(_ t: Double) {
        for id in Array(arena.sequences.keys).sorted() { pointerCancel(id: id, t) }
    }
}

/// The app model as the arena members' host: what they read of it, and the intents it carries out.
final class AppArenaHost: ArenaContext {
    unowned let model: AppModel
    /// The model's arena and navigation, held here too: a swipe's every move reads and drives
    /// them, and an unowned reference costs a check per access.
    let arena: GestureArena
    private let navigation: StackNavigation
    /// Kept current by the model as its configuration, direction and layout scale change.
    var settings: ArenaSettings

    init(model: AppModel, settings: ArenaSettings) {
        self.model = model
        arena = model.arena
        navigation = model.navigation
        self.settings = settings
    }

    var stacks: [NavigationStack] { navigation.stacks }

    func page(_ instance: PageInstance) -> PageDefinition { model.page(instance) }

    func elementFrames(stackIndex index: Int) -> [Rect] {
        let stack = model.stacks[index]
        return model.elementFrames(of: model.page(stack.top), width: stack.frame.width)
    }

    func elementHit(stackIndex index: Int, at point: Point) -> Int? { model.elementHit(stackIndex: index, at: point) }

    func customElementHit(stackIndex index: Int, at point: Point) -> String? { model.customElementHit(stackIndex: index, at: point) }

    func systemBackButtonFrame(stackIndex index: Int) -> Rect? {
        let stack = model.stacks[index]
        return model.systemBackButtonFrame(stack: stack, page: model.page(stack.top))
    }

    func scrollOffset(stackIndex index: Int) -> Double { model.scrollOffset(of: model.stacks[index].top) }

    func maxScrollOffset(stackIndex index: Int) -> Double { model.maxScrollOffset(stackIndex: index) }

    func controlValue(stackIndex index: Int, element: Int) -> Double {
        model.controlValue(instance: model.stacks[index].top, element: element)
    }

    func shouldBeginInteractivePop(stackIndex index: Int, at downPoint: Point, atMilliseconds t: Double) -> Bool? {
        let stack = model.stacks[index]
        let page = model.page(stack.top)
        // A document page's static answer, or a Swift page's closure.
        guard let answer = page.shouldBegin
                ?? model.delegate?.appModel(model, shouldBeginInteractivePopOf: stack.top, inStack: stack.id, at: downPoint)
        else { return nil }
        model.emit(t, .veto(stack: stack.id, page: page.id, downPoint: downPoint, allowed: answer))
        return answer
    }

    func perform(_ intent: ArenaIntent, atMilliseconds t: Double) {
        guard fits(intent) else { return }
        switch intent {
        case .beginInteractivePop(let index, let direction, let progress):
            navigation.beginInteractivePop(stackIndex: index, direction: direction, progress: progress, t)
        case .beginInteractiveForward(let index, let direction, let progress):
            navigation.beginInteractiveForward(stackIndex: index, direction: direction, progress: progress, t)
        case .regrabInteractivePop(let index):
            navigation.regrabInteractivePop(stackIndex: index, t)
        case .followFinger(let index, let progress, let drawn, let verticalTravel, let velocity):
            navigation.followFinger(stackIndex: index, progress: progress, drawn: drawn, verticalTravel: verticalTravel,
                                    velocity: velocity, t)
        case .moveInteractivePop(let index, let progress):
            navigation.moveInteractivePop(stackIndex: index, to: progress)
        case .releaseInteractivePop(let index, let progress, let velocity):
            navigation.releaseInteractivePop(stackIndex: index, progress: progress, velocity: velocity, t)
        case .cancelInteractivePop(let index):
            navigation.cancelInteractivePop(stackIndex: index, t)
        case .pop(let index):
            navigation.request(.pop(animated: true), stackIndex: index, t)
        case .popTo(let target, let index):
            navigation.request(.popTo(target, animated: true), stackIndex: index, t)
        case .activate(let index, let instance, let elementID, let action):
            model.activate(t, stackIndex: index, instance: instance, elementID: elementID, action: action)
        case .tapCustom(let element, let index):
            let stack = model.stacks[index]
            model.delegate?.appModel(model, didTap: element, in: stack.top, inStack: stack.id)
        case .setControl(let index, let element, let value):
            model.setControl(t, stack: model.stacks[index], element: element, value: value)
        case .scroll(let index, let offset):
            model.setScrollOffset(offset, stackIndex: index)
        case .fling(let index, let velocity):
            model.fling(stackIndex: index, fingerVelocityPixelsPerSecond: velocity, atMilliseconds: t)
        case .historyMenu(let stackID, let phase):
            model.emit(t, .menu(stack: stackID, phase: phase))
        }
    }

    /// Whether `intent` fits the stacks as they are: its stack exists, a swipe's step has a swipe
    /// that a finger drives, a begin has an idle stack with somewhere to go, its numbers are finite.
    private func fits(_ intent: ArenaIntent) -> Bool {
        let stacks = navigation.stacks // one access for the checks below (this runs for every move of a swipe)
        func exists(_ index: Int) -> Bool { index >= 0 && index < stacks.count }
        func idle(_ index: Int) -> Bool { exists(index) && stacks[index].transition == nil }
        /// Whether a finger drives the stack's transition (an interactive one that is not settling).
        func fingerDriven(_ index: Int) -> Bool {
            guard exists(index), let transition = stacks[index].transition else { return false }
            return transition.settle == nil && (transition.kind == .interactivePop || transition.kind == .interactiveForward)
        }
        switch intent {
        case .beginInteractivePop(let index, _, let progress):
            return idle(index) && !stacks[index].isAtRoot && progress.isFinite
        case .beginInteractiveForward(let index, _, let progress):
            return idle(index) && !stacks[index].forwardPages.isEmpty && progress.isFinite
        case .regrabInteractivePop(let index):
            return exists(index) && stacks[index].transition?.kind == .interactivePop
                && stacks[index].transition?.settle != nil
        case .followFinger(let index, let progress, let drawn, let verticalTravel, let velocity):
            return fingerDriven(index) && progress.isFinite && (drawn?.isFinite ?? true) && verticalTravel.isFinite
                && (velocity?.isFinite ?? true)
        case .moveInteractivePop(let index, let progress):
            return fingerDriven(index) && progress.isFinite
        case .releaseInteractivePop(let index, let progress, let velocity):
            return fingerDriven(index) && progress.isFinite && (velocity?.isFinite ?? true)
        case .cancelInteractivePop(let index):
            return fingerDriven(index)
        case .pop(let index), .popTo(_, let index), .activate(let index, _, _, _), .tapCustom(_, let index):
            return exists(index)
        case .setControl(let index, let element, let value):
            return exists(index) && model.page(stacks[index].top).elements.indices.contains(element) && value.isFinite
        case .scroll(let index, let value), .fling(let index, let value):
            return exists(index) && value.isFinite
        case .historyMenu:
            return true
        }
    }
}
