// SPDX-License-Identifier: Apache-2.0
import Foundation
import XCTest
import SwipeBackCore
import SwipeBackFormats

/// A scenario's `scale` (what `record` writes at a HiDPI session): the edge zone, the touch slop
/// and the header follow it in a replay, as they do in the window.
final class LayoutScaleScenarioTests: XCTestCase {
    /// The gesture lines of a drag from x = `downX` 60 px toward popping, in steps of 10 px.
    private func gestures(scale: Double?, downX: Double) throws -> [TimedEvent] {
        var text = #"{"scenario": 1, "window": {"width": 800, "height": 600}, "stacks": [{"id": "main", "pages": ["A", "B"]}]"#
        if let scale { text += #", "scale": \#(scale)"# }
        text += "}\n" + #"{"t": 0, "type": "down", "x": \#(downX), "y": 300}"# + "\n"
        for step in 1...6 { text += #"{"t": \#(step * 10), "type": "move", "x": \#(downX + Double(step) * 10), "y": 300}"# + "\n" }
        let scenario = try ScenarioReader.parse(text, file: "scale.jsonl", baseDirectory: "/")
        var events: [TimedEvent] = []
        let model = ScenarioRunner.run(scenario, measurer: FixedContentMeasurer()) { events.append($0) }
        XCTAssertEqual(model.layoutScale, scale ?? 1)
        return events.filter { if case .gesture = $0.event { true } else { false } }
    }

    func testAtScale2TheEdgeIs40PxAndTheSlop16() throws {
        XCTAssertTrue(try gestures(scale: nil, downX: 39).isEmpty, "x = 39 is outside the 20 px edge at scale 1")
        XCTAssertTrue(try gestures(scale: 2, downX: 41).isEmpty, "x = 41 is outside the 40 px edge at scale 2")
        let began = try XCTUnwrap(try gestures(scale: 2, downX: 39).first)
        guard case .gesture(_, _, let step) = began.event else { return XCTFail("\(began)") }
        XCTAssertEqual(step.phase, .began)
        // The 16 px slop is passed at the second move (20 px), not the first (10 px).
        XCTAssertEqual(began.timeMilliseconds, 20)
        let atScale1 = try XCTUnwrap(try gestures(scale: nil, downX: 5).first)
        XCTAssertEqual(atScale1.timeMilliseconds, 10, "the 8 px slop at scale 1: the first move")
    }

    func testTheWriterKeepsTheScaleAndTheReaderRefusesAWildOne() throws {
        let header = ScenarioWriter.header(width: 800, height: 600, direction: .leftToRight, configuration: Configuration(),
                                           pages: nil, stacks: [StackDescription(id: "main", frame: nil, pages: ["A"])],
                                           layoutScale: 1.5)
        XCTAssertTrue(header.contains(#""scale":1.5"#) || header.contains(#""scale": 1.5"#), header)
        XCTAssertEqual(try ScenarioReader.parse(header + "\n", file: "s.jsonl", baseDirectory: "/").layoutScale, 1.5)
        let plain = ScenarioWriter.header(width: 800, height: 600, direction: .leftToRight, configuration: Configuration(),
                                          pages: nil, stacks: [StackDescription(id: "main", frame: nil, pages: ["A"])])
        XCTAssertFalse(plain.contains("scale"), "scale 1 is not written")
        XCTAssertThrowsError(try ScenarioReader.parse(#"{"scenario": 1, "window": {"width": 800, "height": 600}, "scale": 9}"# + "\n",
                                                      file: "s.jsonl", baseDirectory: "/")) { error in
            XCTAssertEqual("\(error)", "s.jsonl:1: header: \"scale\" is 9; expected a layout scale of 0.5...4 (px per layout unit)")
        }
    }
}
