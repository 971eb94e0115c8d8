// SPDX-License-Identifier: Apache-2.0
import XCTest
@testable import SwipeBackCore
import SwipeBackTestSupport

/// A touchpad run is vertical (it scrolls the content) once it has gone `touchSlop` along y, in
/// window px at the layout scale, as every other arena member counts it: at scale 2 that is 16 px.
final class TouchpadSlopTests: XCTestCase {
    /// The root page's scroll offset after two-finger scroll deltas, in touchpad px, at `scale`.
    private func scrolled(by deltas: [Double], scale: Double) -> Double {
        let tall = PageDefinition(id: "A", elements: (0..<60).map { PageElement(kind: .text("line \($0)")) })
        let document = PagesDocument(pages: ["A": tall], stacks: [StackDescription(id: "main", frame: nil, pages: ["A"])])
        // An 800 px stack and touchpadDistance 400: one touchpad px is two window px.
        var script = GestureScript()
        for (index, dy) in deltas.enumerated() {
            script.add(.scroll(dx: 0, dy: dy, touchpad: true, position: Point(x: 400, y: 300)), at: Double(index) * 16)
        }
        let model = TestModels.run(TestModels.scenario(document, script, layoutScale: scale)).model
        return model.scrollOffsets.values.max() ?? 0
    }

    func testTheTouchpadsVerticalSlopGrowsWithTheLayoutScale() {
        // 6 touchpad px are 12 window px: past the 8 px slop at scale 1, short of 16 px at scale 2.
        XCTAssertGreaterThan(scrolled(by: [6], scale: 1), 0, "at scale 1 the run is vertical and scrolls")
        XCTAssertEqual(scrolled(by: [6], scale: 2), 0, "at scale 2 it has not gone the slop yet")
        // 9 touchpad px, 18 window px: past 16 px, vertical at scale 2 too.
        XCTAssertGreaterThan(scrolled(by: [6, 3], scale: 2), 0)
    }
}
