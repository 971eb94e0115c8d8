// SPDX-License-Identifier: Apache-2.0
import XCTest
import SwipeBackCore
import SwipeBackFormats

/// `swipeback system`'s event log, read back for `plot` and `replay --compare`.
final class SystemLogReaderTests: XCTestCase {
    let log = """
        {"t": 1, "type": "system", "event": "started", "style": "arrow", "edgeWidth": 6, "commitDistance": 20}
        {"t": 5, "type": "system", "event": "rejected", "touch": 1, "x": 640, "y": 400, "reason": "outside"}
        {"t": 90, "type": "system", "event": "committed", "touch": 2, "kind": "back", "class": "X", "progress": 0.1, "velocity": 2500, "distance": 128, "width": 1280, "commitDistance": 75.6}
        {"t": 900, "type": "system", "event": "cancelled", "touch": 3, "kind": "back", "class": "X", "progress": 0.04, "velocity": null, "distance": 51.2, "width": 1280, "commitDistance": 75.6}
        """

    func testReleasesAndTheirDecisionUnderAnotherConfiguration() throws {
        XCTAssertTrue(SystemLogReader.isSystemLog(log))
        XCTAssertFalse(SystemLogReader.isSystemLog(#"{"t": 0, "type": "down", "x": 1, "y": 2}"#))
        let releases = try SystemLogReader.releases(log, file: "s.jsonl")
        XCTAssertEqual(releases.map(\.decision), [.commit, .cancel])
        XCTAssertEqual(releases[0].pixelsPerMillimetre, 75.6 / 20, accuracy: 1e-9)
        XCTAssertNil(releases[1].velocityPixelsPerSecond)
        // As logged under the defaults; a 100 mm commit distance and a 20 widths/s fling cancel the first.
        XCTAssertEqual(SystemLogReader.decide(releases[0], configuration: Configuration()), .commit)
        var strict = Configuration()
        strict.flingVelocity = 20
        strict.systemCommitDistance = 100
        XCTAssertEqual(SystemLogReader.decide(releases[0], configuration: strict), .cancel)
        var lenient = Configuration()
        lenient.systemCommitDistance = 10
        XCTAssertEqual(SystemLogReader.decide(releases[1], configuration: lenient), .commit, "51 px is past 10 mm (37.8 px)")
    }

    func testABadLineNamesTheFileAndLine() {
        let bad = log + "\n{\"t\": 1000, \"type\": \"system\", \"event\": \"committed\", \"progress\": \"far\"}"
        XCTAssertThrowsError(try SystemLogReader.releases(bad, file: "s.jsonl")) { error in
            XCTAssertEqual((error as? FormatError)?.line, 5)
            XCTAssertTrue("\(error)".hasPrefix("s.jsonl:5"), "\(error)")
        }
        XCTAssertThrowsError(try SystemLogReader.releases(log + "\n{not json", file: "s.jsonl")) { error in
            XCTAssertEqual((error as? FormatError)?.line, 5)
        }
    }
}
