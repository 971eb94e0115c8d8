// SPDX-License-Identifier: Apache-2.0
import XCTest
@testable import SwipeBackCore

/// The touchpad as an input source on its own, no engine: what its virtual pointer does.
final class TouchpadRunsTests: XCTestCase {
    private let context = TouchpadContext(stackFrames: [Rect(x: 0, y: 0, width: 300, height: 600), Rect(x: 300, y: 0, width: 800, height: 600)],
                                          focusedStack: 1, direction: .leftToRight, touchpadDistance: 400, touchpadEndTimeout: 150)

    private func describe(_ outputs: [TouchpadOutput]) -> [String] {
        outputs.map { output in
            switch output {
            case .swipeBegan(let index): return "began \(index)"
            case .down(let point, let index): return "down \(Int(point.x)),\(Int(point.y)) on \(index)"
            case .move(let point, let travel, _, _): return "move \(Int(point.x)),\(Int(point.y)) travel \(Int(travel.x))"
            case .scrollContent(let dy, _): return "scroll \(Int(dy))"
            case .up(let point): return "up \(Int(point.x))"
            case .cancel: return "cancel"
            }
        }
    }

    func testASwipeGestureIsAVirtualPointerFromTheFocusedStacksLeadingEdgeScaledToItsWidth() {
        let runs = TouchpadRuns()
        // 800 px of stack for 400 touchpad px: each touchpad px is 2 window px.
        XCTAssertEqual(describe(runs.gesture(.begin, dx: 10, dy: 0, context, 0)), ["began 1", "down 301,300 on 1", "move 321,300 travel 20"])
        XCTAssertEqual(describe(runs.gesture(.update, dx: 90, dy: 0, context, 16)), ["move 501,300 travel 200"])
        XCTAssertEqual(describe(runs.gesture(.end, dx: 0, dy: 0, context, 32)), ["up 501"])
        XCTAssertNil(runs.run)
        // A new begin while a run is on cancels it first.
        _ = runs.gesture(.begin, dx: 10, dy: 0, context, 40)
        XCTAssertEqual(describe(runs.gesture(.begin, dx: 0, dy: 0, context, 50)).first, "cancel")
    }

    func testTwoFingerScrollingEndsByTimeoutAndScrollsTheContentOnceTheContentTookTheRun() {
        let runs = TouchpadRuns()
        // Under the pointer: the narrow stack; fingers moving right are a scroll of negative dx.
        XCTAssertEqual(describe(runs.scroll(dx: -5, dy: 0, at: Point(x: 100, y: 200), context, 0)),
                       ["down 1,200 on 0", "move 4,200 travel 3"])
        XCTAssertTrue(runs.needsTicks)
        runs.contentTookRun()
        XCTAssertEqual(describe(runs.scroll(dx: 0, dy: 7, at: Point(x: 100, y: 200), context, 16)), ["scroll 7"])
        XCTAssertNil(runs.expire(atMilliseconds: 100, context), "not yet 150 ms without a delta")
        let expired = runs.expire(atMilliseconds: 200, context)
        XCTAssertEqual(expired.map { describe($0.outputs) }, ["up 4"])
        XCTAssertEqual(expired?.at, 166, "at the time it ran out")
    }
}
