// SPDX-License-Identifier: Apache-2.0
import Foundation
import XCTest
import SwipeBackFormats

/// A raw stroke with a header of only `window` (SPEC section 6) replays and is measured.
final class HeaderOnlyScenarioCommandTests: XCTestCase {
    private func stroke() throws -> (path: String, directory: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("swipeback-header-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("stroke.jsonl").path
        try """
        {"scenario": 1, "window": {"width": 800, "height": 600}}
        {"t": 0, "type": "down", "x": 100, "y": 300}
        {"t": 10, "type": "move", "x": 110, "y": 300}
        {"t": 20, "type": "move", "x": 120, "y": 300}
        {"t": 30, "type": "move", "x": 130, "y": 300}
        {"t": 40, "type": "up", "x": 140, "y": 300}

        """.write(toFile: path, atomically: true, encoding: .utf8)
        return (path, directory)
    }

    func testVelocityMeasuresAStrokeWhoseHeaderHasOnlyAWindow() throws {
        let (path, directory) = try stroke()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try runCommand(try Paths.swipeback, ["velocity", path])
        XCTAssertEqual(result.status, 0, result.standardError)
        let line = try XCTUnwrap(EventLogReader.linesSoFar(result.standardOutput).first)
        XCTAssertEqual(line.number("t"), 40)
        XCTAssertEqual(line.number("vx") ?? 0, 1000, accuracy: 1e-6, "10 px every 10 ms")
        XCTAssertEqual(line.number("vy") ?? 1, 0, accuracy: 1e-6)
    }

    func testReplayOfAHeaderWithOnlyAWindowShowsTheRootPageAndEndsOnIt() throws {
        let (path, directory) = try stroke()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try runCommand(try Paths.swipeback, ["replay", path])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardOutput, """
        {"t": 0, "type": "lifecycle", "stack": "main", "page": "root", "phase": "willAppear"}
        {"t": 0, "type": "lifecycle", "stack": "main", "page": "root", "phase": "didAppear"}
        {"t": 40, "type": "final", "stacks": {"main": ["root"]}}

        """)
    }
}
