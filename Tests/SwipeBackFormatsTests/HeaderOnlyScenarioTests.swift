// SPDX-License-Identifier: Apache-2.0
import XCTest
import SwipeBackCore
@testable import SwipeBackFormats

/// SPEC section 6: `window` is the one required key of a scenario header.
final class HeaderOnlyScenarioTests: XCTestCase {
    func testAHeaderWithOnlyAWindowIsOneStackMainWithAPlainRootPage() throws {
        let text = """
        {"scenario": 1, "window": {"width": 640, "height": 480}}
        {"t": 0, "type": "down", "x": 100, "y": 200}
        {"t": 16, "type": "move", "x": 140, "y": 200}
        {"t": 32, "type": "up", "x": 180, "y": 200}
        """
        let scenario = try ScenarioReader.parse(text, file: "stroke.jsonl", baseDirectory: "/tmp")
        XCTAssertEqual(scenario.document.stacks, [StackDescription(id: "main", frame: nil, pages: ["root"])])
        XCTAssertEqual(scenario.windowWidth, 640)
        XCTAssertEqual(scenario.lines.count, 3)
        let page = scenario.document.page("root")
        XCTAssertTrue(page.elements.isEmpty)
        XCTAssertTrue(page.interactivePop)
    }

    func testPagesWithoutARootOrStacksAreStillRefused() {
        let text = #"{"scenario": 1, "window": {"width": 640, "height": 480}, "pages": {"pages": {"A": {"title": "A"}}}}"#
        XCTAssertThrowsError(try ScenarioReader.parse(text, file: "s.jsonl", baseDirectory: "/tmp")) { error in
            XCTAssertTrue("\(error)".contains("no stacks"), "\(error)")
        }
    }
}
