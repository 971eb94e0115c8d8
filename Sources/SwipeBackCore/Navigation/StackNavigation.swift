// SPDX-License-Identifier: Apache-2.0
/// Navigation, apart from input: the stacks, their forward lists, their queued operations with
/// the absorb rule, transitions (animated and interactive, back and forward) and the lifecycle
/// order (DESIGN.md "Lifecycle"), with their events. Input (the arena's members, back keys, the touchpad) asks it for operations; it
/// never looks at a pointer.
final class StackNavigation {
    /// The stacks, bottom to top.
    var stacks: [NavigationStack] = []
    /// The last gesture line of each stack, by stack id, while its swipe runs and settles: what a
    /// live gesture-status element shows.
    private(set) var gestureReadouts: [String: GestureReadout] = [:]
    /// The serial of the last page instance made.
    private var nextSerial = 0
    /// The engine's settings it reads, kept current by the engine.
    var context = NavigationContext()
    /// Where it reports what happens, in order (`NavigationReport`); the engine acts on each.
    var report: (NavigationReport) -> Void = { _ in }

    /// Navigation with no stacks yet.
    init() {}
    /// Starts the interactive pop of a stack's top page: the swipe began at `progress`.
    func beginInteractivePop(stackIndex index: Int, direction: LayoutDirection, progress: Double, _ t: Double) {
        let stack = stacks[index]
        let upper = stack.top
        let lower = stack.pages[stack.pages.count - 2]
        report(.closeHistoryMenu(t, stackID: nil))
        stacks[index].transition = Transition(kind: .interactivePop, operation: .pop, upper: upper, lower: lower,
                                              direction: direction, progress: progress)
        gesture(t, stacks[index], .began, progress: progress)
        lifecycle(t, stack, upper, .willDisappear)
        lifecycle(t, stack, lower, .willAppear)
        transitionStarted(t, stack, .interactivePop)
    }

    /// Starts the forward swipe of a stack: the forward list's first page comes in from the
    /// trailing side, `progress` (0...1) of the way in. The lifecycle is a push's.
    func beginInteractiveForward(stackIndex index: Int, direction: LayoutDirection, progress: Double, _ t: Double) {
        guard let upper = stacks[index].forwardPages.first else { return }
        report(.closeHistoryMenu(t, stackID: nil))
        stacks[index].forwardPages.removeFirst()
        let stack = stacks[index]
        report(.event(t, .forward(stack: stack.id, source: .swipe, handled: true)))
        stacks[index].transition = Transition(kind: .interactiveForward, operation: .push, upper: upper, lower: stack.top,
                                              direction: direction, progress: 1 - progress, isForward: true)
        gesture(t, stacks[index], .began, progress: progress)
        lifecycle(t, stack, stack.top, .willDisappear)
        lifecycle(t, stack, upper, .willAppear)
        transitionStarted(t, stack, .interactiveForward)
    }

    /// The transition's own progress for a swipe's `progress`: the pop's as it is, a forward
    /// swipe's (how far the page came in) turned round.
    private func transitionProgress(_ progress: Double, stackIndex index: Int) -> Double {
        stacks[index].transition?.kind == .interactiveForward ? 1 - progress : progress
    }

    /// A swipe's progress (0...1 toward committing) for its transition's progress.
    private func swipeProgress(_ transition: Transition) -> Double {
        transition.kind == .interactiveForward ? 1 - transition.progress : transition.progress
    }

    /// A finger took hold of a settling interactive pop: it goes on from where it is.
    func regrabInteractivePop(stackIndex index: Int, _ t: Double) {
        guard let transition = stacks[index].transition else { return }
        stacks[index].transition?.settle = nil
        gesture(t, stacks[index], .began, progress: swipeProgress(transition))
    }

    /// How far past its start a dragged page may rubber-band with `overshoot` on, as a fraction of
    /// the width: libadwaita's `OVERSHOOT_DISTANCE_MULTIPLIER` (adw-swipe-tracker.c) 0.1.
    static let overshootLimit = 0.1

    /// Where a page dragged `pixels` px past its start is drawn, as a (negative) progress: a rubber
    /// band that approaches `overshootLimit` of the width, d·a / (a + d) with d = 0.1 × width.
    static func overshootProgress(pixels: Double, width: Double) -> Double {
        let d = overshootLimit * width
        guard pixels > 0, d > 0 else { return 0 }
        return -(d * pixels / (pixels + d)) / width
    }

    /// The finger moved the page of a running swipe (back or forward) to `progress` toward
    /// committing; `drawn` is where the page is drawn when it rubber-bands past its start.
    /// `verticalTravel` is the finger's vertical movement since the swipe began, in px.
    func followFinger(stackIndex index: Int, progress: Double, drawn: Double? = nil, verticalTravel: Double = 0,
                      velocity: Double?, _ t: Double) {
        let value = drawn ?? transitionProgress(progress, stackIndex: index) // before the write: `?.` begins it first
        stacks[index].transition?.progress = value
        stacks[index].transition?.verticalTravel = verticalTravel
        gesture(t, stacks[index], .changed, progress: progress, velocity: velocity)
    }

    /// Puts the page of a running swipe at `progress` (0...1 toward committing) without a log line (a resize).
    func moveInteractivePop(stackIndex index: Int, to progress: Double) {
        let value = transitionProgress(progress, stackIndex: index) // before the write: `?.` begins it first
        stacks[index].transition?.progress = value
    }

    /// The finger let go of a swipe at `progress` toward committing: decide, then settle. The
    /// forward swipe's rule is the back swipe's, mirrored (`velocity` is along its direction).
    func releaseInteractivePop(stackIndex index: Int, progress: Double, velocity: Double?, _ t: Double) {
        let decision = PopDecision.decide(progress: progress, velocityPixelsPerSecond: velocity,
                                          widthPixels: stacks[index].frame.width, configuration: context.configuration)
        // A page rubber-banding past its start springs back from where it is drawn.
        let current = stacks[index].transition?.progress ?? 0
        let value = current < 0 && progress == 0 ? current : transitionProgress(progress, stackIndex: index)
        stacks[index].transition?.progress = value
        gesture(t, stacks[index], .ended, progress: progress, velocity: velocity, decision: decision)
        let forward = stacks[index].transition?.kind == .interactiveForward
        let commit = decision == .commit
        settle(stackIndex: index, to: commit != forward ? 1 : 0, velocityPixelsPerSecond: (forward ? -1 : 1) * (velocity ?? 0), t)
    }

    /// The system interrupted a swipe: the page goes back.
    func cancelInteractivePop(stackIndex index: Int, _ t: Double) {
        guard let transition = stacks[index].transition else { return }
        gesture(t, stacks[index], .cancelled, progress: swipeProgress(transition))
        settle(stackIndex: index, to: transition.kind == .interactiveForward ? 1 : 0, velocityPixelsPerSecond: 0, t)
    }

    // MARK: - Stack operations

    /// App code's push, pop or popToRoot of a stack, by id (unknown ids do nothing).
    func request(_ event: InputEvent, _ t: Double) {
        let stackID: String, operation: NavigationOperation
        switch event {
        case .push(let id, let page, let animated): (stackID, operation) = (id, .push(pageID: page, animated: animated))
        case .pop(let id, let animated): (stackID, operation) = (id, .pop(animated: animated))
        case .popToRoot(let id, let animated): (stackID, operation) = (id, .popToRoot(animated: animated, clearsForward: false))
        case .goForward(let id, let animated): (stackID, operation) = (id, .forward(animated: animated))
        default: return
        }
        guard let index = stacks.firstIndex(where: { $0.id == stackID }) else { return }
        request(operation, stackIndex: index, t)
    }

    /// Performs `operation` on a stack now, or after its running transition.
    func request(_ operation: NavigationOperation, stackIndex index: Int, _ t: Double) {
        if let transition = stacks[index].transition {
            // The first pop requested during an interactive pop is the swipe's own: if the swipe
            // commits it is absorbed (it would pop the revealed page); if it cancels, it applies in turn.
            let absorbable = operation.isPop && transition.kind == .interactivePop && transition.target != 0
                && !stacks[index].queued.contains(where: \.absorbable)
            stacks[index].queued.append((operation, absorbable))
            return
        }
        perform(operation, stackIndex: index, t)
    }

    func perform(_ operation: NavigationOperation, stackIndex index: Int, _ t: Double) {
        // Any change to a stack closes its history menu, before the change's own lines (a swipe's
        // start closes it in begin*; no menu opens while a transition runs, so its end needs none).
        report(.closeHistoryMenu(t, stackID: stacks[index].id))
        let stack = stacks[index]
        switch operation {
        case .push(let pageID, let animated):
            // A new page: what was popped can no longer come forward.
            releaseForwardPages(stackIndex: index)
            let upper = makeInstance(pageID)
            report(.created(upper, stackID: stack.id))
            push(upper, stackIndex: index, animated: animated, forward: false, t)
        case .forward(let animated):
            guard let upper = stack.forwardPages.first else { return }
            stacks[index].forwardPages.removeFirst()
            push(upper, stackIndex: index, animated: animated, forward: true, t)
        case .pop(let animated):
            guard !stack.isAtRoot else { return }
            pop(to: stack.pages[stack.pages.count - 2], operation: .pop, stackIndex: index, animated: animated, t)
        case .popToRoot(let animated, let clearsForward):
            if clearsForward { releaseForwardPages(stackIndex: index) }
            guard !stack.isAtRoot else { return }
            pop(to: stack.pages[0], operation: .popToRoot, stackIndex: index, animated: animated, clearsForward: clearsForward, t)
        case .popTo(let target, let animated):
            guard let position = stack.pages.firstIndex(of: target), position < stack.pages.count - 1 else { return }
            pop(to: target, operation: .popTo, stackIndex: index, animated: animated, t)
        }
    }

    private func push(_ upper: PageInstance, stackIndex index: Int, animated: Bool, forward: Bool, _ t: Double) {
        let stack = stacks[index]
        let lower = stack.top
        lifecycle(t, stack, lower, .willDisappear)
        lifecycle(t, stack, upper, .willAppear)
        if animated {
            stacks[index].transition = Transition(kind: .push, operation: .push, upper: upper, lower: lower,
                                                  direction: context.direction, progress: 1, isForward: forward)
            if context.reducesMotion { stacks[index].transition?.style = .crossfade }
            transitionStarted(t, stack, .push)
            settle(stackIndex: index, to: 0, velocityPixelsPerSecond: 0, t)
        } else {
            lifecycle(t, stack, lower, .didDisappear)
            lifecycle(t, stack, upper, .didAppear)
            stacks[index].pages.append(upper)
            stackLine(t, stacks[index], .push, page: upper, forward: forward)
        }
    }

    /// Pops the top page to `lower` (the page beneath it, the root, or a page between); only
    /// the top page and `lower` get lifecycle lines (UIKit's `popToViewController` order).
    private func pop(to lower: PageInstance, operation: StackOperation, stackIndex index: Int, animated: Bool,
                     clearsForward: Bool = false, _ t: Double) {
        let stack = stacks[index]
        let upper = stack.top
        lifecycle(t, stack, upper, .willDisappear)
        lifecycle(t, stack, lower, .willAppear)
        if animated {
            stacks[index].transition = Transition(kind: .pop, operation: operation, upper: upper, lower: lower,
                                                  direction: context.direction, progress: 0, clearsForward: clearsForward)
            if context.reducesMotion { stacks[index].transition?.style = .crossfade }
            transitionStarted(t, stack, .pop)
            settle(stackIndex: index, to: 1, velocityPixelsPerSecond: 0, t)
        } else {
            lifecycle(t, stack, upper, .didDisappear)
            lifecycle(t, stack, lower, .didAppear)
            removePages(stackIndex: index, above: lower, clearsForward: clearsForward)
            stackLine(t, stacks[index], operation, page: operation == .popTo ? lower : upper)
        }
    }

    /// Removes the pages above `lower`. They go to the front of the forward list, nearest first
    /// (unless `clearsForward`, or `forwardHistory` is 0); what the list's bound pushes out, and
    /// every page when it clears, is released.
    func removePages(stackIndex index: Int, above lower: PageInstance, clearsForward: Bool = false) {
        guard let position = stacks[index].pages.firstIndex(of: lower) else { return }
        let removed = Array(stacks[index].pages[(position + 1)...])
        stacks[index].pages.removeLast(removed.count)
        report(.leftStack(removed))
        let bound = clearsForward ? 0 : max(0, context.configuration.forwardHistory)
        let list = removed + stacks[index].forwardPages
        stacks[index].forwardPages = Array(list.prefix(bound))
        release(Array(list.dropFirst(bound)), stackIndex: index)
    }

    /// Releases every page of a stack's forward list.
    func releaseForwardPages(stackIndex index: Int) {
        let pages = stacks[index].forwardPages
        stacks[index].forwardPages = []
        release(pages, stackIndex: index)
    }

    /// Takes one instance off every forward list (a Swift page object pushed again elsewhere).
    func releaseFromForwardLists(_ instance: PageInstance) {
        for index in stacks.indices where stacks[index].forwardPages.contains(instance) {
            stacks[index].forwardPages.removeAll { $0 == instance }
            release([instance], stackIndex: index)
        }
    }

    /// Instances that left a stack for good: the delegate hears first, while their own state
    /// (their switches) is still there; then that state goes.
    private func release(_ instances: [PageInstance], stackIndex index: Int) {
        guard !instances.isEmpty else { return }
        report(.released(instances, stackID: stacks[index].id))
    }

    /// How long an animated push or pop crossfades under reduced motion, in ms: 150 (the issue's
    /// figure; libadwaita 1.9 crossfades its non-gesture transitions when reducing motion).
    static let reducedMotionDuration = 150.0
    /// The curve of that crossfade: CSS's `ease`, cubic-bezier(0.25, 0.1, 0.25, 1).
    static let reducedMotionCurve = EasingCurve.cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)
    /// How long a completed pop takes to finish under the `card` style, in ms: predictive back's
    /// `POST_COMMIT_DURATION` 450 (DefaultCrossActivityBackAnimation.kt), along the emphasized curve.
    static let cardFinishDuration = 450.0

    /// Starts the settle of a stack's transition toward `target`: the spring, or a timed curve for
    /// a reduced-motion crossfade and for a pop that completes under the `card` style.
    func settle(stackIndex index: Int, to target: Double, velocityPixelsPerSecond: Double, _ t: Double) {
        guard let transition = stacks[index].transition else { return }
        let configuration = context.configuration
        let motion: any Motion
        if transition.style == .crossfade {
            motion = TimedCurve(from: transition.progress, to: target, durationMilliseconds: Self.reducedMotionDuration,
                                curve: Self.reducedMotionCurve)
        } else if configuration.transition == .card, target == 1, transition.kind == .pop || transition.kind == .interactivePop {
            motion = TimedCurve(from: transition.progress, to: target, durationMilliseconds: Self.cardFinishDuration,
                                curve: .emphasized)
        } else {
            let width = max(stacks[index].frame.width, 1)
            motion = SwipeSettle.spring(from: transition.progress, to: target, velocityPerSecond: velocityPixelsPerSecond / width,
                                        configuration: configuration)
        }
        stacks[index].transition?.settle = (motion, t)
    }

    func finishTransition(stackIndex index: Int, _ t: Double) {
        guard let transition = stacks[index].transition else { return }
        let stack = stacks[index]
        stacks[index].transition = nil
        let completed = transition.completes
        // The gesture status shows the swipe while it runs and its settle; after that it is idle again.
        if gestureReadouts.removeValue(forKey: stack.id) != nil {
            report(.gestureShown([transition.upper, transition.lower]))
        }
        switch (transition.kind, completed) {
        case (.push, _), (.interactiveForward, true):
            lifecycle(t, stack, transition.lower, .didDisappear)
            lifecycle(t, stack, transition.upper, .didAppear)
            stacks[index].pages.append(transition.upper)
            stackLine(t, stacks[index], .push, page: transition.upper, forward: transition.isForward)
        case (.pop, _), (.interactivePop, true):
            lifecycle(t, stack, transition.upper, .didDisappear)
            lifecycle(t, stack, transition.lower, .didAppear)
            removePages(stackIndex: index, above: transition.lower, clearsForward: transition.clearsForward)
            stackLine(t, stacks[index], transition.operation, page: transition.operation == .popTo ? transition.lower : transition.upper)
        case (.interactivePop, false):
            // UIKit's order for a cancelled interactive pop.
            lifecycle(t, stack, transition.lower, .willDisappear)
            lifecycle(t, stack, transition.lower, .didDisappear)
            lifecycle(t, stack, transition.upper, .willAppear)
            lifecycle(t, stack, transition.upper, .didAppear)
        case (.interactiveForward, false):
            // The same order, mirrored: the forward page leaves again and goes back to the list's front.
            lifecycle(t, stack, transition.upper, .willDisappear)
            lifecycle(t, stack, transition.upper, .didDisappear)
            lifecycle(t, stack, transition.lower, .willAppear)
            lifecycle(t, stack, transition.lower, .didAppear)
            stacks[index].forwardPages.insert(transition.upper, at: 0)
        }
        report(.event(t, .transition(stack: stack.id, kind: transition.kind, phase: .finished(completed: completed))))
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
        report(.event(t, .lifecycle(stack: stack.id, page: page.pageID, phase: phase)))
        report(.lifecycle(phase, page, stackID: stack.id))
    }

    func gesture(_ t: Double, _ stack: NavigationStack, _ phase: GesturePhase, progress: Double,
                         velocity: Double? = nil, decision: PopDecision? = nil) {
        let instance = stack.transition?.upper ?? stack.top
        let page = instance.pageID
        let readout = GestureReadout(phase: phase, progress: progress, velocityPixelsPerSecond: velocity, decision: decision,
                                     kind: stack.transition?.kind == .interactiveForward ? .forward : .back)
        gestureReadouts[stack.id] = readout
        // Pages showing a gesture status draw it anew.
        report(.gestureShown([stack.transition?.upper ?? stack.top, stack.transition?.lower].compactMap({ $0 })))
        report(.event(t, .gesture(stack: stack.id, page: page, step: readout)))
        report(.interactivePop(readout, instance, stackID: stack.id))
    }

    func transitionStarted(_ t: Double, _ stack: NavigationStack, _ kind: TransitionKind) {
        report(.event(t, .transition(stack: stack.id, kind: kind, phase: .started)))
    }

    func stackLine(_ t: Double, _ stack: NavigationStack, _ op: StackOperation, page: PageInstance, forward: Bool = false) {
        // A plain loop: this runs for every push of a deep stack, and a generic map costs several
        // times as much in a debug build (the bounded-memory test replays 20,000 pushes).
        var ids: [String] = []
        ids.reserveCapacity(stack.pages.count)
        for instance in stack.pages { ids.append(instance.pageID) }
        report(.event(t, .stack(stack: stack.id, operation: op, page: page.pageID, pages: ids, forward: forward)))
    }

    /// Advances every settle to time `t` (ms) and finishes those that reached their target.
    func advanceSettles(to t: Double) {
        for index in stacks.indices {
            guard let transition = stacks[index].transition, let (motion, start) = transition.settle else { continue }
            let lowest = context.configuration.overshoot ? -Self.overshootLimit : 0
            var progress = min(max(motion.value(afterMilliseconds: max(0, t - start)), lowest), 1)
            let done = abs(progress - motion.restingValue) < SwipeSettle.snapDistance
            if done { progress = motion.restingValue }
            stacks[index].transition?.progress = progress
            if done { finishTransition(stackIndex: index, t) }
        }
    }
}
