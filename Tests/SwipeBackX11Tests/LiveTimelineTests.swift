// SPDX-License-Identifier: Apache-2.0
import XCTest
@testable import SwipeBackX11

/// The live event log's one timeline: input, ticks and frames in order.
final class LiveTimelineTests: XCTestCase {
    func testInputReadAfterALaterFrameMovesUpAndLaterInputKeepsItsSteps() {
        var timeline = LiveTimeline()
        XCTAssertEqual(timeline.inputTime(mappedMilliseconds: 400), 400)
        XCTAssertEqual(timeline.appTime(nowMilliseconds: 433.5), 433.5, "a frame")
        // The case: an input stamped 427.5 read after the frame at 433.5.
        XCTAssertEqual(timeline.inputTime(mappedMilliseconds: 427.5), 433.5)
        XCTAssertEqual(timeline.offsetMilliseconds, 6)
        // A late batch keeps its 8 ms steps, even past the app clock.
        XCTAssertEqual(timeline.inputTime(mappedMilliseconds: 435.5), 441.5)
        XCTAssertEqual(timeline.inputTime(mappedMilliseconds: 443.5), 449.5)
        XCTAssertEqual(timeline.appTime(nowMilliseconds: 445), 449.5, "the next frame is not before the input")
        XCTAssertEqual(timeline.appTime(nowMilliseconds: 466), 466)
    }

    func testTimesNeverGoDownWhateverTheMixOfInputAndFrames() {
        var timeline = LiveTimeline()
        var now = 0.0, last = -Double.infinity
        var generator = SystemRandomNumberGenerator()
        for i in 0..<2000 {
            now += Double.random(in: 0...5, using: &generator)
            let t = i % 3 == 0 ? timeline.appTime(nowMilliseconds: now)
                : timeline.inputTime(mappedMilliseconds: now + Double.random(in: -30...10, using: &generator))
            XCTAssertGreaterThanOrEqual(t, last)
            last = t
        }
    }
}
