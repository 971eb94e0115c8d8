// SPDX-License-Identifier: Apache-2.0
import XCTest
import SwipeBackCore
import SwipeBackTestSupport

/// A gesture added from outside the engine: a two-finger tap that pops, registered as an arena
/// member from the test target through the public API only. No engine file knows of it.
final class OutsideArenaMemberTests: XCTestCase {
    /// Two fingers down together on a stack and lifted within `touchSlop` and 300 ms: pop it.
    final class TwoFingerTapPop: GestureArenaMember {
        private struct Finger { var stack: Int; var downTime: Double; var moved = false }
        private var fingers: [Int: Finger] = [:]
        /// The fingers of the tap in progress, and whether two were down together.
        private var pair: Set<Int> = []
        private(set) var pops = 0

        func claim(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) -> Bool {
            guard !sequence.isTouchpad, let stack = sequence.stackIndex else { return false }
            fingers[sequence.id] = Finger(stack: stack, downTime: t)
            if fingers.count == 2, Set(fingers.values.map(\.stack)).count == 1 { pair = Set(fingers.keys) }
            return true
        }

        func move(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) -> ArenaMoveResult {
            if TouchSlop.hasLeft(sequence.translation, slop: context.settings.touchSlopPixels) {
                pair = []
                context.arena.reject(sequence, member: self)
            }
            return .pass
        }

        func end(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) -> Bool {
            guard let finger = fingers.removeValue(forKey: sequence.id), pair.contains(sequence.id) else { return false }
            pair.remove(sequence.id)
            // The second finger up, within 300 ms of its down: the tap.
            guard pair.isEmpty, t - finger.downTime <= 300 else { return false }
            pops += 1
            context.perform(.pop(stackIndex: finger.stack), atMilliseconds: t)
            return true
        }

        func cancel(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) {
            fingers[sequence.id] = nil
            pair = []
        }

        func reject(_ sequence: ArenaSequence) {
            fingers[sequence.id] = nil
            pair.remove(sequence.id)
        }
    }

    /// A middle swipe: a drag that starts in the middle third of a stack and
    /// goes 40 px toward popping drives the interactive pop by the finger, through intents alone.
    final class MiddleSwipePop: GestureArenaMember {
        private var driving: Set<Int> = []

        func claim(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) -> Bool {
            guard let index = sequence.stackIndex else { return false }
            let stack = context.stacks[index]
            let third = stack.frame.width / 3
            return stack.transition == nil && !stack.isAtRoot
                && sequence.downPoint.x > stack.frame.x + third && sequence.downPoint.x < stack.frame.maxX - third
        }

        private func progress(_ sequence: ArenaSequence, _ context: ArenaContext) -> Double {
            min(max(sequence.translation.x / context.stacks[sequence.stackIndex!].frame.width, 0), 1)
        }

        func move(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) -> ArenaMoveResult {
            let index = sequence.stackIndex!
            if !driving.contains(sequence.id) {
                guard sequence.translation.x >= 40, context.arena.swipeOwner == nil else { return .pass }
                driving.insert(sequence.id)
                context.arena.accept(sequence, by: self)
                context.arena.beginWindowSwipe(owner: sequence)
                context.perform(.beginInteractivePop(stackIndex: index, direction: .leftToRight, progress: progress(sequence, context)),
                                atMilliseconds: t)
                return .handled
            }
            context.perform(.followFinger(stackIndex: index, progress: progress(sequence, context), drawn: nil,
                                          verticalTravel: sequence.translation.y,
                                          velocity: context.settings.popVelocity(sequence.tracker, .leftToRight, atMilliseconds: t)),
                            atMilliseconds: t)
            return .handled
        }

        func end(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) -> Bool {
            guard driving.remove(sequence.id) != nil else { return false }
            context.arena.endWindowSwipe()
            context.perform(.releaseInteractivePop(stackIndex: sequence.stackIndex!, progress: progress(sequence, context),
                                                   velocity: context.settings.popVelocity(sequence.tracker, .leftToRight,
                                                                                          atMilliseconds: t)),
                            atMilliseconds: t)
            return true
        }

        func cancel(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) {
            guard driving.remove(sequence.id) != nil else { return }
            context.arena.endWindowSwipe()
            context.perform(.cancelInteractivePop(stackIndex: sequence.stackIndex!), atMilliseconds: t)
        }

        func reject(_ sequence: ArenaSequence) {
            driving.remove(sequence.id)
        }
    }

    func testAMemberFromOutsideDrivesTheInteractivePopByTheFinger() {
        var events: [AppEvent] = []
        let model = TestModels.model(stack: ["A", "B"], width: 900) { events.append($0.event) }
        model.arena.register(MiddleSwipePop())
        let clock = ManualFrameClock(model: model)
        model.start(atMilliseconds: 0)
        model.handle(touch(.down, 1, 400), atMilliseconds: 100)
        for (i, x) in [420.0, 460, 560, 700, 820].enumerated() {
            model.handle(touch(.move, 1, x), atMilliseconds: 100 + Double(i + 1) * 16)
        }
        model.handle(touch(.up, 1, 820), atMilliseconds: 200)
        clock.settle()
        XCTAssertEqual(model.stack(id: "main")?.pages.map(\.pageID), ["A"])
        let phases = events.compactMap { event -> GesturePhase? in
            if case .gesture(_, _, let step) = event { return step.phase } else { return nil }
        }
        XCTAssertEqual(phases, [.began, .changed, .changed, .changed, .ended], "the engine's own gesture lines, from outside")
        XCTAssertTrue(events.contains(.transition(stack: "main", kind: .interactivePop, phase: .finished(completed: true))))
    }

    /// A member that does everything wrong: at its first move it asks for intents that do not fit
    /// (a stack that does not exist, swipe steps with no swipe, numbers that are not finite), then
    /// begins a pop and, at the release, neither releases nor cancels it.
    final class CarelessMember: GestureArenaMember {
        func claim(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) -> Bool {
            sequence.stackIndex != nil && sequence.downPoint.x > 300
        }

        func move(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) -> ArenaMoveResult {
            guard context.arena.swipeOwner == nil else { return .handled }
            for intent: ArenaIntent in [
                .pop(stackIndex: 5), .beginInteractivePop(stackIndex: -1, direction: .leftToRight, progress: 0.1),
                .followFinger(stackIndex: 0, progress: 0.3, drawn: nil, verticalTravel: 0, velocity: nil),
                .releaseInteractivePop(stackIndex: 0, progress: 0.9, velocity: 500), .cancelInteractivePop(stackIndex: 0),
                .setControl(stackIndex: 0, element: 40, value: 1), .scroll(stackIndex: 9, offset: 10),
                .beginInteractivePop(stackIndex: 0, direction: .leftToRight, progress: .nan),
            ] {
                context.perform(intent, atMilliseconds: t)
            }
            context.arena.accept(sequence, by: self)
            context.arena.beginWindowSwipe(owner: sequence)
            context.perform(.beginInteractivePop(stackIndex: 0, direction: .leftToRight, progress: 0.2), atMilliseconds: t)
            context.perform(.beginInteractivePop(stackIndex: 0, direction: .leftToRight, progress: 0.2), atMilliseconds: t)
            return .handled
        }

        func end(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) -> Bool { false }
        func cancel(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) {}
        func reject(_ sequence: ArenaSequence) {}
    }

    func testIntentsThatDoNotFitDoNothingAndAnAbandonedSwipeIsCancelled() {
        var events: [AppEvent] = []
        let model = TestModels.model(stack: ["A", "B"]) { events.append($0.event) }
        model.arena.register(CarelessMember())
        let clock = ManualFrameClock(model: model)
        model.start(atMilliseconds: 0)
        events = []
        model.handle(touch(.down, 1, 400), atMilliseconds: 100)
        model.handle(touch(.move, 1, 420), atMilliseconds: 116)
        let phases = { events.compactMap { event -> GesturePhase? in
            if case .gesture(_, _, let step) = event { return step.phase } else { return nil }
        } }
        XCTAssertEqual(phases(), [.began], "one swipe began: the intents that did not fit did nothing, the second begin too")
        model.handle(touch(.up, 1, 420), atMilliseconds: 150)
        XCTAssertEqual(phases(), [.began, .cancelled], "the member never released it: a system cancel")
        XCTAssertNil(model.arena.swipeOwner)
        clock.settle()
        XCTAssertEqual(model.stack(id: "main")?.pages.map(\.pageID), ["A", "B"])
        XCTAssertNil(model.stack(id: "main")?.transition)

        // The edge swipe works again.
        model.handle(touch(.down, 2, 4), atMilliseconds: 1000)
        for (i, x) in [40.0, 120, 260, 420, 600].enumerated() {
            model.handle(touch(.move, 2, x), atMilliseconds: 1000 + Double(i + 1) * 16)
        }
        model.handle(touch(.up, 2, 600), atMilliseconds: 1100)
        clock.settle()
        XCTAssertEqual(model.stack(id: "main")?.pages.map(\.pageID), ["A"])
    }

    func testANavigatorTakesAGestureOfTheAppsOwn() {
        let navigator = Navigator(stacks: [Navigator.Stack(root: .document("A"))],
                                  document: PagesDocument(pages: [:], stacks: []), width: 900, height: 600,
                                  measurer: FixedContentMeasurer())
        XCTAssertTrue(navigator.push(documentPage: "B", animated: false))
        navigator.register(MiddleSwipePop())
        navigator.handle(touch(.down, 1, 400), atMilliseconds: 100)
        for (i, x) in [460.0, 600, 800].enumerated() {
            navigator.handle(touch(.move, 1, x), atMilliseconds: 100 + Double(i + 1) * 16)
        }
        navigator.handle(touch(.up, 1, 800), atMilliseconds: 170)
        var t = 170.0
        while navigator.needsFrames && t < 5000 {
            t += 16
            navigator.tick(atMilliseconds: t)
        }
        XCTAssertEqual(navigator.stack(id: "main")?.pages.map(\.pageID), ["A"])
    }

    private func touch(_ phase: PointerPhase, _ id: Int, _ x: Double, _ y: Double = 300) -> InputEvent {
        .pointer(PointerInput(phase: phase, id: id, device: .touch, position: Point(x: x, y: y)))
    }

    func testATwoFingerTapPopsBesideTheEdgeSwipe() {
        var events: [AppEvent] = []
        let model = TestModels.model(stack: ["A", "B", "C"]) { events.append($0.event) }
        let tap = TwoFingerTapPop()
        model.arena.register(tap)
        let clock = ManualFrameClock(model: model)
        model.start(atMilliseconds: 0)

        // Two fingers in the middle of the page, lifted together: C pops.
        model.handle(touch(.down, 1, 300), atMilliseconds: 100)
        model.handle(touch(.down, 2, 500), atMilliseconds: 110)
        model.handle(touch(.move, 1, 302), atMilliseconds: 150)
        model.handle(touch(.up, 1, 302), atMilliseconds: 180)
        model.handle(touch(.up, 2, 500), atMilliseconds: 190)
        XCTAssertEqual(tap.pops, 1)
        clock.settle()
        XCTAssertEqual(model.stack(id: "main")?.pages.map(\.pageID), ["A", "B"])
        XCTAssertTrue(events.contains(.stack(stack: "main", operation: .pop, page: "C", pages: ["A", "B"], forward: false)))
        XCTAssertTrue(events.contains(.transition(stack: "main", kind: .pop, phase: .started)), "an animated pop")

        // The edge swipe still works, and the two-finger member leaves it alone: B pops by the finger.
        events = []
        model.handle(touch(.down, 3, 4), atMilliseconds: 1000)
        for (i, x) in [40.0, 120, 260, 420, 600].enumerated() {
            model.handle(touch(.move, 3, x), atMilliseconds: 1000 + Double(i + 1) * 16)
        }
        model.handle(touch(.up, 3, 600), atMilliseconds: 1100)
        clock.settle()
        XCTAssertEqual(tap.pops, 1)
        XCTAssertEqual(model.stack(id: "main")?.pages.map(\.pageID), ["A"])
        let phases = events.compactMap { event -> GesturePhase? in
            if case .gesture(_, _, let step) = event { return step.phase } else { return nil }
        }
        XCTAssertEqual(phases.first, .began)
        XCTAssertEqual(phases.last, .ended)
        XCTAssertTrue(events.contains(.transition(stack: "main", kind: .interactivePop, phase: .finished(completed: true))))

        // One finger alone is no two-finger tap.
        model.handle(touch(.down, 4, 300), atMilliseconds: 2000)
        model.handle(touch(.up, 4, 300), atMilliseconds: 2050)
        XCTAssertEqual(tap.pops, 1)
    }
}
