// SPDX-License-Identifier: Apache-2.0
import XCTest
@testable import SwipeBackCore

/// The engine's own arena members with no app model: they see a `FakeArenaContext` (stacks,
/// settings, hit tests) and act only through its intents.
final class ArenaMemberTests: XCTestCase {
    private func context(_ members: [GestureArenaMember], stack: [String] = ["A", "B"]) -> FakeArenaContext {
        let context = FakeArenaContext(stack: stack)
        for member in members { context.arena.register(member) }
        return context
    }

    private func beginIndex(_ intents: [ArenaIntent]) -> Int? {
        intents.firstIndex { if case .beginInteractivePop = $0 { return true } else { return false } }
    }

    func testTheEdgeMemberBeginsFollowsAndReleasesThroughIntentsOnly() {
        let edge = InteractivePopMember(zone: .edge)
        let context = context([edge])
        context.veto = true
        let sequence = context.down(1, at: Point(x: 5, y: 300), atMilliseconds: 0)
        XCTAssertTrue(sequence.contains(edge), "a down in the edge zone is the edge member's")
        for (i, x) in [9.0, 40, 120, 300, 500].enumerated() {
            context.arena.move(id: 1, to: Point(x: x, y: 300), in: context, atMilliseconds: Double(i + 1) * 16)
        }
        context.arena.end(id: 1, at: Point(x: 500, y: 300), in: context, atMilliseconds: 96)

        XCTAssertEqual(context.vetoesAsked.count, 1, "the veto is asked once per attempt")
        XCTAssertEqual(context.vetoesAsked.first?.1, Point(x: 5, y: 300), "with the start point")
        let begin = try? XCTUnwrap(beginIndex(context.intents))
        XCTAssertEqual(begin, 0, "nothing before the swipe begins")
        let follows = context.intents.compactMap { intent -> Double? in
            if case .followFinger(0, let progress, _, _, _) = intent { return progress } else { return nil }
        }
        XCTAssertEqual(follows.count, 3, "the moves after the one that began it")
        XCTAssertEqual(follows, follows.sorted(), "the page follows the finger toward popping")
        guard case .releaseInteractivePop(0, let progress, let velocity?)? = context.intents.last else {
            return XCTFail("the release ends it: \(context.intents)")
        }
        XCTAssertEqual(progress, (500 - 5) / 800, accuracy: 1e-9)
        XCTAssertGreaterThan(velocity, 0, "toward popping")
        XCTAssertNil(context.arena.swipeOwner)
        XCTAssertNotNil(context.stacks[0].transition?.settle, "the host's navigation settles the released page")
    }

    func testAVetoThatSaysNoRejectsTheMemberAndNothingHappens() {
        let edge = InteractivePopMember(zone: .edge)
        let context = context([edge])
        context.veto = false
        _ = context.down(1, at: Point(x: 5, y: 300), atMilliseconds: 0)
        for (i, x) in [40.0, 120, 300].enumerated() {
            context.arena.move(id: 1, to: Point(x: x, y: 300), in: context, atMilliseconds: Double(i + 1) * 16)
        }
        XCTAssertEqual(context.vetoesAsked.count, 1)
        XCTAssertTrue(context.intents.isEmpty, "\(context.intents)")
        XCTAssertNil(context.arena.swipeOwner)
    }

    func testTheTouchSlopIsInLayoutUnitsTimesTheScale() {
        for (scale, beginsAt) in [(1.0, 9.0), (2.0, 17.0)] {
            let context = context([InteractivePopMember(zone: .edge)])
            context.settings = ArenaSettings(configuration: Configuration(), direction: .leftToRight, layoutScale: scale)
            _ = context.down(1, at: Point(x: 1, y: 300), atMilliseconds: 0)
            context.arena.move(id: 1, to: Point(x: beginsAt - 1, y: 300), in: context, atMilliseconds: 16)
            XCTAssertNil(beginIndex(context.intents), "within the slop (8 units) at scale \(scale)")
            context.arena.move(id: 1, to: Point(x: beginsAt + 1, y: 300), in: context, atMilliseconds: 32)
            XCTAssertNotNil(beginIndex(context.intents), "past the slop at scale \(scale)")
        }
    }

    func testABackButtonTapPopsAndADragFromItSwipesInstead() {
        // The back button lies in the edge zone: a tap on it is the tap member's, a drag the edge's.
        let tap = TapMember(), edge = InteractivePopMember(zone: .edge)
        let context = context([tap, edge], stack: ["A", "B", "C"])
        _ = context.down(1, at: Point(x: 5, y: 20), atMilliseconds: 0)
        context.arena.end(id: 1, at: Point(x: 7, y: 21), in: context, atMilliseconds: 80)
        XCTAssertEqual(context.intents.count, 1)
        guard case .activate(0, let instance, nil, .pop)? = context.intents.first else {
            return XCTFail("the back button's tap: \(context.intents)")
        }
        XCTAssertEqual(instance.pageID, "C")
        XCTAssertEqual(context.stacks[0].pages.map(\.pageID), ["A", "B"], "the host carried it out")

        _ = context.down(2, at: Point(x: 5, y: 20), atMilliseconds: 1000)
        for (i, x) in [30.0, 90, 200].enumerated() {
            context.arena.move(id: 2, to: Point(x: x, y: 20), in: context, atMilliseconds: 1000 + Double(i + 1) * 16)
        }
        context.arena.end(id: 2, at: Point(x: 200, y: 20), in: context, atMilliseconds: 1064)
        let second = Array(context.intents.dropFirst())
        XCTAssertEqual(beginIndex(second), 0, "\(second)")
        XCTAssertFalse(second.contains { if case .activate = $0 { return true } else { return false } }, "no tap")
    }
}
