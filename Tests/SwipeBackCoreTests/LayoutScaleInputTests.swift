// SPDX-License-Identifier: Apache-2.0
import XCTest
@testable import SwipeBackCore
import SwipeBackTestSupport

/// A change of the desktop's scale is an input line, so a session replays at the scale it ran at
/// each moment: the edge (20 layout units) is 40 px wide after a `scale` of 2.
final class LayoutScaleInputTests: XCTestCase {
    private func pops(after lines: [(Double, InputEvent)]) -> Bool {
        var script = GestureScript()
        for (t, event) in lines { script.add(event, at: t) }
        // A flick from x = 30: inside the edge only when it is 40 px wide.
        script.drag(from: Point(x: 30, y: 300), to: Point(x: 430, y: 300), start: script.endMilliseconds + 10)
        let run = TestModels.run(TestModels.scenario(TestModels.document(pages: ["A", "B"], stack: ["A", "B"]), script))
        return TestModels.pages(of: run.model) == ["A"]
    }

    func testAScaleLineWidensTheEdgeFromThatMomentOn() {
        XCTAssertFalse(pops(after: []), "x = 30 is outside the 20 px edge at scale 1")
        XCTAssertTrue(pops(after: [(5, .layoutScale(2))]), "and inside the 40 px edge at scale 2")
        XCTAssertFalse(pops(after: [(5, .layoutScale(2)), (6, .layoutScale(1))]))
        XCTAssertFalse(pops(after: [(5, .layoutScale(40))]), "a scale outside 0.5...4 is ignored")
    }

    func testTheDesktopsReducedMotionIsAnInput() {
        let model = TestModels.model(stack: ["A"])
        XCTAssertFalse(model.desktopReducesMotion)
        model.handle(.desktopReducesMotion(true), atMilliseconds: 0)
        XCTAssertTrue(model.desktopReducesMotion)
    }
}
