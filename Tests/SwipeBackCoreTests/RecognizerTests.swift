// SPDX-License-Identifier: Apache-2.0
import XCTest
@testable import SwipeBackCore

final class RecognizerTests: XCTestCase {
    private func recognizer(_ direction: LayoutDirection = .leftToRight, at x: Double = 4) -> ScreenEdgePanGestureRecognizer {
        ScreenEdgePanGestureRecognizer(downPoint: Point(x: x, y: 300), direction: direction, widthPixels: 800, touchSlop: 8)
    }

    func testEdgeZoneIsStrictlyLessThanEdgeWidthFromTheLeadingEdge() {
        let frame = Rect(x: 100, y: 0, width: 400, height: 300)
        XCTAssertTrue(ScreenEdgePanGestureRecognizer.isInEdgeZone(Point(x: 100, y: 10), frame: frame, direction: .leftToRight, edgeWidth: 20))
        XCTAssertTrue(ScreenEdgePanGestureRecognizer.isInEdgeZone(Point(x: 119.9, y: 10), frame: frame, direction: .leftToRight, edgeWidth: 20))
        XCTAssertFalse(ScreenEdgePanGestureRecognizer.isInEdgeZone(Point(x: 120, y: 10), frame: frame, direction: .leftToRight, edgeWidth: 20))
        XCTAssertFalse(ScreenEdgePanGestureRecognizer.isInEdgeZone(Point(x: 99, y: 10), frame: frame, direction: .leftToRight, edgeWidth: 20))
        // Right to left: the right edge leads.
        XCTAssertTrue(ScreenEdgePanGestureRecognizer.isInEdgeZone(Point(x: 490, y: 10), frame: frame, direction: .rightToLeft, edgeWidth: 20))
        XCTAssertFalse(ScreenEdgePanGestureRecognizer.isInEdgeZone(Point(x: 110, y: 10), frame: frame, direction: .rightToLeft, edgeWidth: 20))
    }

    func testBeginsAtTheFirstMoveCrossingTheSlopHorizontally() {
        var r = recognizer()
        XCTAssertEqual(r.move(to: Point(x: 11, y: 302)), .none) // dx 7 < slop
        XCTAssertEqual(r.state, .possible)
        XCTAssertEqual(r.move(to: Point(x: 12, y: 303)), .wouldBegin) // dx 8 >= slop, 8 > 3
        r.begin()
        XCTAssertEqual(r.state, .began)
        XCTAssertEqual(r.progress, 8.0 / 800)
        XCTAssertEqual(r.move(to: Point(x: 404, y: 300)), .changed)
        XCTAssertEqual(r.state, .changed)
        XCTAssertEqual(r.progress, 0.5)
        _ = r.move(to: Point(x: 2000, y: 300))
        XCTAssertEqual(r.progress, 1, "progress clamps to 1")
        _ = r.move(to: Point(x: -50, y: 300))
        XCTAssertEqual(r.progress, 0, "progress clamps to 0")
        r.end(at: Point(x: 100, y: 300))
        XCTAssertEqual(r.state, .ended)
    }

    func testDiagonalAtExactlyFortyFiveDegreesDoesNotBeginButFails() {
        var r = recognizer()
        // dx = |dy| = 10: not dx > |dy|, and |dy| >= slop and |dy| >= dx: fails (vertical wins ties).
        XCTAssertEqual(r.move(to: Point(x: 14, y: 310)), .failed)
        XCTAssertEqual(r.state, .failed)
        XCTAssertEqual(r.move(to: Point(x: 300, y: 310)), .none, "a failed sequence never begins")
    }

    func testFailsVerticallyAndAgainstThePopDirection() {
        var vertical = recognizer()
        XCTAssertEqual(vertical.move(to: Point(x: 6, y: 308)), .failed)
        var backward = recognizer(at: 15)
        XCTAssertEqual(backward.move(to: Point(x: 7, y: 300)), .failed)
    }

    func testRightToLeftMirrors() {
        var r = recognizer(.rightToLeft, at: 796)
        XCTAssertEqual(r.move(to: Point(x: 800, y: 300)), .none)
        XCTAssertEqual(r.move(to: Point(x: 780, y: 300)), .wouldBegin)
        r.begin()
        _ = r.move(to: Point(x: 396, y: 300))
        XCTAssertEqual(r.progress, 0.5)
        var wrong = recognizer(.rightToLeft, at: 790)
        XCTAssertEqual(wrong.move(to: Point(x: 799, y: 300)), .failed)
    }

    func testVetoAnswerFailsTheSequence() {
        var r = recognizer()
        XCTAssertEqual(r.move(to: Point(x: 40, y: 300)), .wouldBegin)
        r.fail()
        XCTAssertEqual(r.state, .failed)
        XCTAssertEqual(r.move(to: Point(x: 80, y: 300)), .none)
    }
}
