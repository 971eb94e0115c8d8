// SPDX-License-Identifier: Apache-2.0
import XCTest
@testable import SwipeBackCore
import SwipeBackTestSupport

/// The gesture arena on its own, with fake members, as Flutter's `arena_test.dart` tests its
/// arena: who is asked, in which order, who wins and who hears that it lost.
final class GestureArenaTests: XCTestCase {
    /// A member that claims, handles moves, accepts and ends as told, and writes down what it hears.
    private final class FakeMember: GestureArenaMember {
        let name: String
        let claims: Bool
        var handlesMoves = false
        var acceptsAtMove: Int?
        var handlesEnd = false
        var staysForOtherSwipes = false
        weak var arena: GestureArena?
        private let journal: Journal
        private var moves = 0

        init(_ name: String, claims: Bool = true, journal: Journal) {
            self.name = name
            self.claims = claims
            self.journal = journal
        }

        func claim(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) -> Bool {
            journal.lines.append("\(name) claim \(sequence.id)")
            return claims
        }

        func move(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) -> ArenaMoveResult {
            moves += 1
            journal.lines.append("\(name) move \(sequence.id)")
            if moves == acceptsAtMove { arena?.accept(sequence, by: self) }
            return handlesMoves ? .handled : .pass
        }

        func end(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) -> Bool {
            journal.lines.append("\(name) end \(sequence.id)")
            return handlesEnd
        }

        func cancel(_ sequence: ArenaSequence, in context: ArenaContext, atMilliseconds t: Double) {
            journal.lines.append("\(name) cancel \(sequence.id)")
        }

        func reject(_ sequence: ArenaSequence) {
            journal.lines.append("\(name) reject \(sequence.id)")
        }

        func staysWhenSwipeBegins(elsewhere owner: ArenaSequence, in sequence: ArenaSequence) -> Bool { staysForOtherSwipes }
    }

    private final class Journal { var lines: [String] = [] }

    /// The members' host: the arena never looks at it, only hands it on.
    private let context = FakeArenaContext(stack: ["A"])

    private func sequence(_ id: Int) -> ArenaSequence {
        let sequence = ArenaSequence(id: id, device: .touch, downPoint: Point(x: 10, y: 10), isTouchpad: false)
        sequence.stackIndex = 0
        return sequence
    }

    private func arena(_ members: [FakeMember]) -> GestureArena {
        let arena = GestureArena()
        for member in members {
            member.arena = arena
            arena.register(member)
        }
        return arena
    }

    func testMembersAreAskedInOrderAndOnlyClaimersHearMoves() {
        let journal = Journal()
        let a = FakeMember("a", journal: journal), b = FakeMember("b", claims: false, journal: journal)
        let c = FakeMember("c", journal: journal)
        let arena = arena([a, b, c])
        arena.open(sequence(1), in: context, atMilliseconds: 0)
        arena.move(id: 1, to: Point(x: 20, y: 10), in: context, atMilliseconds: 16)
        XCTAssertEqual(journal.lines, ["a claim 1", "b claim 1", "c claim 1", "a move 1", "c move 1"])
        XCTAssertTrue(arena.sequences[1]?.claimedAtDown == true)
    }

    func testAHandledMoveStopsAtItsMember() {
        let journal = Journal()
        let a = FakeMember("a", journal: journal), b = FakeMember("b", journal: journal)
        a.handlesMoves = true
        let arena = arena([a, b])
        arena.open(sequence(1), in: context, atMilliseconds: 0)
        arena.move(id: 1, to: Point(x: 20, y: 10), in: context, atMilliseconds: 16)
        XCTAssertEqual(journal.lines.filter { $0.contains("move") }, ["a move 1"])
    }

    func testTheFirstToAcceptWinsAndTheOthersAreRejectedAndHearNothingMore() {
        let journal = Journal()
        let a = FakeMember("a", journal: journal), b = FakeMember("b", journal: journal), c = FakeMember("c", journal: journal)
        b.acceptsAtMove = 2
        let arena = arena([a, b, c])
        arena.open(sequence(1), in: context, atMilliseconds: 0)
        arena.move(id: 1, to: Point(x: 20, y: 10), in: context, atMilliseconds: 16)
        arena.move(id: 1, to: Point(x: 30, y: 10), in: context, atMilliseconds: 32)
        arena.move(id: 1, to: Point(x: 40, y: 10), in: context, atMilliseconds: 48)
        arena.end(id: 1, at: Point(x: 40, y: 10), in: context, atMilliseconds: 64)
        XCTAssertEqual(Array(journal.lines.dropFirst(3)), [
            "a move 1", "b move 1", "c move 1",
            "a move 1", "b move 1", "a reject 1", "c reject 1", // b accepted during its second move
            "b move 1",
            "b end 1", "b reject 1",                          // the winner ends, then the arena closes
        ])
        XCTAssertNil(arena.sequences[1])
    }

    func testAReleaseGoesToTheRemainingMembersInOrderUntilOneHandlesIt() {
        let journal = Journal()
        let a = FakeMember("a", journal: journal), b = FakeMember("b", journal: journal), c = FakeMember("c", journal: journal)
        b.handlesEnd = true
        let arena = arena([a, b, c])
        arena.open(sequence(1), in: context, atMilliseconds: 0)
        arena.end(id: 1, at: Point(x: 10, y: 10), in: context, atMilliseconds: 5)
        XCTAssertEqual(Array(journal.lines.dropFirst(3)), ["a end 1", "b end 1", "a reject 1", "b reject 1", "c reject 1"])
    }

    func testOneSwipePerWindowRejectsOtherSequencesMembersUnlessTheyStay() {
        let journal = Journal()
        let a = FakeMember("a", journal: journal), b = FakeMember("b", journal: journal)
        b.staysForOtherSwipes = true
        let arena = arena([a, b])
        let first = sequence(1), second = sequence(2)
        arena.open(first, in: context, atMilliseconds: 0)
        arena.open(second, in: context, atMilliseconds: 1)
        arena.beginWindowSwipe(owner: first)
        XCTAssertEqual(arena.swipeOwner, 1)
        XCTAssertEqual(Array(journal.lines.dropFirst(4)), ["a reject 2"], "b stays in the other sequence; the owner keeps both")
        XCTAssertEqual(second.members.count, 1)
        XCTAssertEqual(first.members.count, 2)
        arena.cancel(id: 2, in: context, atMilliseconds: 10)
        XCTAssertEqual(journal.lines.last, "b cancel 2")
        arena.endWindowSwipe()
        XCTAssertNil(arena.swipeOwner)
    }
}
