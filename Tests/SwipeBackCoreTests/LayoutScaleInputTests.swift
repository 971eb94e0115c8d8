// SPDX-License-Identifier: Apache-2.0
import XCTest
@testable import SwipeBackCore

/// A change of the desktop's scale is an input line, so a session replays at the scale it ran at
/// each moment: the edge (20 layout units) is 40 px wide after a `scale` of 2.
final class LayoutScaleInputTests: XCTestCase {
    private func pops(after lines: [(Double, InputEvent)]) -> Bool {
        let document = PagesDocument(pages: ["A": PageDefinition(id: "A"), "B": PageDefinition(id: "B")],
                                     stacks: [StackDescription(id: "main", frame: nil, pages: ["A", "B"])])
        var all = lines
        let start = (lines.last?.0 ?? 0) + 10
        all.append((start, .pointer(PointerInput(phase: .down, id: 1, device: .touch, position: Point(x: 30, y: 300)))))
        for step in 1...8 {
            all.append((start + Double(step) * 16, .pointer(PointerInput(phase: .move, id: 1, device: .touch,
                                                                         position: Point(x: 30 + Double(step) * 50, y: 300)))))
        }
        all.append((start + 144, .pointer(PointerInput(phase: .up, id: 1, device: .touch, position: Point(x: 430, y: 300)))))
        let scenario = Scenario(windowWidth: 800, windowHeight: 600, direction: .leftToRight, configuration: Configuration(),
                                document: document,
                                lines: all.enumerated().map { ScenarioLine(timeMilliseconds: $1.0, event: $1.1, lineNumber: $0 + 2) })
        let model = ScenarioRunner.run(scenario, measurer: FixedContentMeasurer()) { _ in }
        return model.stack(id: "main")?.pages.map(\.pageID) == ["A"]
    }

    func testAScaleLineWidensTheEdgeFromThatMomentOn() {
        XCTAssertFalse(pops(after: []), "x = 30 is outside the 20 px edge at scale 1")
        XCTAssertTrue(pops(after: [(5, .layoutScale(2))]), "and inside the 40 px edge at scale 2")
        XCTAssertFalse(pops(after: [(5, .layoutScale(2)), (6, .layoutScale(1))]))
        XCTAssertFalse(pops(after: [(5, .layoutScale(40))]), "a scale outside 0.5...4 is ignored")
    }

    func testTheDesktopsReducedMotionIsAnInput() {
        let model = AppModel(configuration: Configuration(), windowWidth: 800, windowHeight: 600, direction: .leftToRight,
                             document: PagesDocument(pages: ["A": PageDefinition(id: "A")],
                                                     stacks: [StackDescription(id: "main", frame: nil, pages: ["A"])]),
                             measurer: FixedContentMeasurer()) { _ in }
        XCTAssertFalse(model.desktopReducesMotion)
        model.handle(.desktopReducesMotion(true), atMilliseconds: 0)
        XCTAssertTrue(model.desktopReducesMotion)
    }
}
