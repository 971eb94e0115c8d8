/// Navigation, apart from input: the stacks, their queued operations with the absorb rule,
/// transitions (animated and interactive) and the lifecycle order (DESIGN.md "Lifecycle"), with
/// their events. Input (the arena's members, back keys, the touchpad) asks it for operations; it
/// never looks at a pointer.
final class StackNavigation {
    /// The stacks, bottom to top.
    var stacks: [NavigationStack] = []
    /// The last gesture line of each stack, by stack id, while its swipe runs and settles: what a
    /// live gesture-status element shows.
    private(set) var gestureReadouts: [String: GestureReadout] = [:]
    /// The serial of the last page instance made.
    private var nextSerial = 0
    /// The model it reports to (events, the delegate, page state); the model owns it and sets
    /// this as it starts.
    unowned(unsafe) var model: AppModel! = nil

    /// Navigation with no stacks yet.
    init() {}
    /// Starts the interactive pop of a stack's top page: the swipe began at `progress`.
    func beginInteractivePop(stackIndex index: Int, direction: LayoutDirection, progress: Double, _ t: Double) {
        let stack = stacks[index]
        let upper = stack.top
        let lower = stack.pages[stack.pages.count - 2]
        stacks[index].transition = Transition(kind: .interactivePop, operation: .pop, upper: upper, lower: lower,
                                              direction: direction, progress: progress)
        gesture(t, stacks[index], .began, progress: progress)
        lifecycle(t, stack, upper, .willDisappear)
        lifecycle(t, stack, lower, .willAppear)
        transitionStarted(t, stack, .interactivePop)
    }

    /// A finger took hold of a settling interactive pop: it goes on from where it is.
    func regrabInteractivePop(stackIndex index: Int, _ t: Double) {
        guard let transition = stacks[index].transition else { return }
        stacks[index].transition?.settle = nil
        gesture(t, stacks[index], .began, progress: transition.progress)
    }

    /// The finger moved the page of a running interactive pop to `progress`.
    func followFinger(stackIndex index: Int, progress: Double, velocity: Double?, _ t: Double) {
        stacks[index].transition?.progress = progress
        gesture(t, stacks[index], .changed, progress: progress, velocity: velocity)
    }

    /// Puts the page of a running interactive pop at `progress` (0...1) without a log line (a resize).
    func moveInteractivePop(stackIndex index: Int, to progress: Double) {
        stacks[index].transition?.progress = progress
    }

    /// The finger let go of an interactive pop at `progress`: decide, then settle.
    func releaseInteractivePop(stackIndex index: Int, progress: Double, velocity: Double?, _ t: Double) {
        let decision = PopDecision.decide(progress: progress, velocityPixelsPerSecond: velocity,
                                          widthPixels: stacks[index].frame.width, configuration: model.configuration)
        stacks[index].transition?.progress = progress
        gesture(t, stacks[index], .ended, progress: progress, velocity: velocity, decision: decision)
        settle(stackIndex: index, to: decision == .commit ? 1 : 0, velocityPixelsPerSecond: velocity ?? 0, t)
    }

    /// The system interrupted an interactive pop: the page goes back.
    func cancelInteractivePop(stackIndex index: Int, _ t: Double) {
        guard let transition = stacks[index].transition else { return }
        gesture(t, stacks[index], .cancelled, progress: transition.progress)
        settle(stackIndex: index, to: 0, velocityPixelsPerSecond: 0, t)
    }

    // MARK: - Stack operations

    func request(_ operation: InputEvent, _ t: Double) {
        let stackID: String
        switch operation {
        case .push(let id, _, _), .pop(let id, _), .popToRoot(let id, _): stackID = id
        default: return
        }
        guard let index = stacks.firstIndex(where: { $0.id == stackID }) else { return }
        if let transition = stacks[index].transition {
            // The first pop requested during an interactive pop is the swipe's own: if the swipe
            // commits it is absorbed (it would pop the revealed page); if it cancels, it applies in turn.
            var absorbable = false
            if case .pop = operation, transition.kind == .interactivePop, transition.target != 0,
               !stacks[index].queued.contains(where: \.absorbable) {
                absorbable = true
            }
            stacks[index].queued.append((operation, absorbable))
            return
        }
        perform(operation, stackIndex: index, t)
    }

    func perform(_ operation: InputEvent, stackIndex index: Int, _ t: Double) {
        let stack = stacks[index]
        switch operation {
        case .push(_, let pageID, let animated):
            let upper = makeInstance(pageID)
            model.delegate?.appModel(model, didCreate: upper, inStack: stack.id)
            let lower = stack.top
            lifecycle(t, stack, lower, .willDisappear)
            lifecycle(t, stack, upper, .willAppear)
            if animated {
                stacks[index].transition = Transition(kind: .push, operation: .push, upper: upper, lower: lower,
                                                      direction: model.direction, progress: 1)
                transitionStarted(t, stack, .push)
                settle(stackIndex: index, to: 0, velocityPixelsPerSecond: 0, t)
            } else {
                lifecycle(t, stack, lower, .didDisappear)
                lifecycle(t, stack, upper, .didAppear)
                stacks[index].pages.append(upper)
                stackLine(t, stacks[index], .push, page: upper)
            }
        case .pop(_, let animated), .popToRoot(_, let animated):
            guard !stack.isAtRoot else { return }
            let toRoot: Bool
            if case .popToRoot = operation { toRoot = true } else { toRoot = false }
            let upper = stack.top
            let lower = toRoot ? stack.pages[0] : stack.pages[stack.pages.count - 2]
            lifecycle(t, stack, upper, .willDisappear)
            lifecycle(t, stack, lower, .willAppear)
            if animated {
                stacks[index].transition = Transition(kind: .pop, operation: toRoot ? .popToRoot : .pop,
                                                      upper: upper, lower: lower, direction: model.direction, progress: 0)
                transitionStarted(t, stack, .pop)
                settle(stackIndex: index, to: 1, velocityPixelsPerSecond: 0, t)
            } else {
                lifecycle(t, stack, upper, .didDisappear)
                lifecycle(t, stack, lower, .didAppear)
                removePages(stackIndex: index, toRoot: toRoot)
                stackLine(t, stacks[index], toRoot ? .popToRoot : .pop, page: upper)
            }
        default:
            return
        }
    }

    func removePages(stackIndex index: Int, toRoot: Bool) {
        let removed = toRoot ? Array(stacks[index].pages.dropFirst()) : [stacks[index].top]
        stacks[index].pages.removeLast(removed.count)
        // The delegate hears first, while the instances' own state (their switches) is still there.
        model.delegate?.appModel(model, didRemove: removed, fromStack: stacks[index].id)
        for instance in removed {
            model.pageStates.remove(instance.serial)
            model.momentum.stop(instance.serial)
        }
    }

    func settle(stackIndex index: Int, to target: Double, velocityPixelsPerSecond: Double, _ t: Double) {
        guard let transition = stacks[index].transition else { return }
        let width = max(stacks[index].frame.width, 1)
        let spring = SpringSimulation(from: transition.progress, target: target,
                                      initialVelocity: velocityPixelsPerSecond / width,
                                      stiffness: model.configuration.springStiffness,
                                      dampingRatio: model.configuration.springDampingRatio)
        stacks[index].transition?.settle = (spring, t)
    }

    func finishTransition(stackIndex index: Int, _ t: Double) {
        guard let transition = stacks[index].transition else { return }
        let stack = stacks[index]
        stacks[index].transition = nil
        let completed = transition.completes
        // The gesture status shows the swipe while it runs and its settle; after that it is idle again.
        if gestureReadouts.removeValue(forKey: stack.id) != nil {
            for instance in [transition.upper, transition.lower]
            where model.document.page(instance.pageID).elements.contains(where: { $0.kind == .gestureStatus }) {
                model.pageStates.invalidate(instance.serial)
            }
        }
        switch (transition.kind, completed) {
        case (.push, _):
            lifecycle(t, stack, transition.lower, .didDisappear)
            lifecycle(t, stack, transition.upper, .didAppear)
            stacks[index].pages.append(transition.upper)
            stackLine(t, stacks[index], .push, page: transition.upper)
        case (.pop, _), (.interactivePop, true):
            lifecycle(t, stack, transition.upper, .didDisappear)
            lifecycle(t, stack, transition.lower, .didAppear)
            removePages(stackIndex: index, toRoot: transition.operation == .popToRoot)
            stackLine(t, stacks[index], transition.operation, page: transition.upper)
        case (.interactivePop, false):
            // UIKit's order for a cancelled interactive pop.
            lifecycle(t, stack, transition.lower, .willDisappear)
            lifecycle(t, stack, transition.lower, .didDisappear)
            lifecycle(t, stack, transition.upper, .willAppear)
            lifecycle(t, stack, transition.upper, .didAppear)
        }
        model.emit(t, .transition(stack: stack.id, kind: transition.kind, phase: .finished(completed: completed)))
        if transition.kind == .interactivePop && completed {
            stacks[index].queued.removeAll { $0.absorbable }
        } else {
            for i in stacks[index].queued.indices { stacks[index].queued[i].absorbable = false }
        }
        // Apply what was queued during the transition, until one starts a new transition.
        while stacks[index].transition == nil, !stacks[index].queued.isEmpty {
            let next = stacks[index].queued.removeFirst().operation
            perform(next, stackIndex: index, t)
        }
    }

    func makeInstance(_ pageID: String) -> PageInstance {
        nextSerial += 1
        return PageInstance(pageID: pageID, serial: nextSerial)
    }

    func lifecycle(_ t: Double, _ stack: NavigationStack, _ page: PageInstance, _ phase: LifecyclePhase) {
        model.emit(t, .lifecycle(stack: stack.id, page: page.pageID, phase: phase))
        model.delegate?.appModel(model, lifecycle: phase, of: page, inStack: stack.id)
    }

    func gesture(_ t: Double, _ stack: NavigationStack, _ phase: GesturePhase, progress: Double,
                         velocity: Double? = nil, decision: PopDecision? = nil) {
        let instance = stack.transition?.upper ?? stack.top
        let page = instance.pageID
        let readout = GestureReadout(phase: phase, progress: progress,
                                     velocityPixelsPerSecond: velocity, decision: decision)
        gestureReadouts[stack.id] = readout
        // Pages showing a gesture status draw it anew.
        for instance in [stack.transition?.upper ?? stack.top, stack.transition?.lower].compactMap({ $0 })
        where model.document.page(instance.pageID).elements.contains(where: { $0.kind == .gestureStatus }) {
            model.pageStates.invalidate(instance.serial)
        }
        model.emit(t, .gesture(stack: stack.id, page: page, step: readout))
        model.delegate?.appModel(model, interactivePop: readout, of: instance, inStack: stack.id)
    }

    func transitionStarted(_ t: Double, _ stack: NavigationStack, _ kind: TransitionKind) {
        model.emit(t, .transition(stack: stack.id, kind: kind, phase: .started))
    }

    func stackLine(_ t: Double, _ stack: NavigationStack, _ op: StackOperation, page: PageInstance) {
        model.emit(t, .stack(stack: stack.id, operation: op, page: page.pageID, pages: stack.pages.map(\.pageID)))
    }

    /// Distance to the target under which a settle snaps to it and ends.
    static let settleSnapDistance = 0.001

    /// Advances every settle to time `t` (ms) and finishes those that reached their target.
    func advanceSettles(to t: Double) {
        for index in stacks.indices {
            guard let transition = stacks[index].transition, let (spring, start) = transition.settle else { continue }
            var progress = min(max(spring.value(afterMilliseconds: max(0, t - start)), 0), 1)
            let done = abs(progress - spring.restingValue) < Self.settleSnapDistance
            if done { progress = spring.restingValue }
            stacks[index].transition?.progress = progress
            if done { finishTransition(stackIndex: index, t) }
        }
    }
}
