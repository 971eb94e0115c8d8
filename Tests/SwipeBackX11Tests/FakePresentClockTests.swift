// SPDX-License-Identifier: Apache-2.0
import XCTest
@testable import SwipeBackX11

/// Telling the X server's fake Present clock (`present/present_fake.c`: msc = round(ust /
/// interval)) from a display's, from one completion.
final class FakePresentClockTests: XCTestCase {
    func testACompletionFromXvfbIsTheSixtyHertzFakeClock() throws {
        // Read off Xvfb 21.1.7 on this machine: a completion 989.6 s after boot.
        let clock = try XCTUnwrap(FakePresentClock(ust: 989_626_889, msc: 59_380))
        XCTAssertEqual(clock.intervalMicroseconds, 16_666)
        // An immediate copy late in a count, and a timer that fired a ms before the count's time.
        XCTAssertNotNil(FakePresentClock(ust: 59_380 * 16_666 + 8_332, msc: 59_380))
        XCTAssertNotNil(FakePresentClock(ust: 59_380 * 16_666 - 1_000, msc: 59_380))
    }

    func testTheOneHertzClockOfAWindowNeverOnARealDriversMonitor() throws {
        let clock = try XCTUnwrap(FakePresentClock(ust: 5_000_400_000, msc: 5_000))
        XCTAssertEqual(clock.intervalMicroseconds, 1_000_000)
    }

    func testADisplaysCounterIsNotTheFakeClock() {
        // A display's counter starts with its output: its count is not the uptime in intervals.
        XCTAssertNil(FakePresentClock(ust: 989_626_889, msc: 58_700))
        XCTAssertNil(FakePresentClock(ust: 989_626_889, msc: 59_381), "one count off")
        XCTAssertNil(FakePresentClock(ust: 989_626_889, msc: 59_379), "one count off")
        XCTAssertNil(FakePresentClock(ust: 0, msc: 0), "no time")
        XCTAssertNil(FakePresentClock(ust: 1_000, msc: 1_000_000), "more counts than µs")
        XCTAssertNil(FakePresentClock(ust: .max, msc: .max / 16_666), "a hostile server's time: no overflow")
    }
}

/// Recognising the fake clock over several completions: the rule, and the timing of its timer.
final class FakePresentClockRecognizerTests: XCTestCase {
    private let interval: UInt64 = 16_666

    func testTwoSynchronousCompletionsOnTheTimerRecogniseIt() {
        var recognizer = FakePresentClockRecognizer()
        // The timer for count 59,380 fired 0.4 ms early (set in whole ms), the next 0.3 ms late.
        XCTAssertFalse(recognizer.awaitsConfirmation)
        XCTAssertNil(recognizer.observe(ust: 59_380 * interval - 400, msc: 59_380, synchronous: true), "one is not enough")
        XCTAssertTrue(recognizer.awaitsConfirmation, "the window sends one more frame while idle")
        XCTAssertEqual(recognizer.observe(ust: 59_381 * interval + 300, msc: 59_381, synchronous: true)?.intervalMicroseconds, interval)
        XCTAssertFalse(recognizer.awaitsConfirmation)
        // Recognised, frames go out at once: anywhere in the count, still the rule.
        XCTAssertNotNil(recognizer.observe(ust: 59_382 * interval + 7_000, msc: 59_382, synchronous: false))
        // A completion that breaks the rule (the window is on a display now) forgets it.
        XCTAssertNil(recognizer.observe(ust: 59_383 * interval, msc: 1_234, synchronous: false))
        XCTAssertNil(recognizer.clock)
    }

    func testADisplayThatFitsTheRuleButNotTheTimerIsNotTaken() {
        // A display whose counter has caught up with the uptime in intervals: its refreshes fall
        // 3 to 8 ms off the count's time, where the fake clock's timer never fires.
        var recognizer = FakePresentClockRecognizer()
        for (i, offset) in [3_100, 5_000, 8_000, 3_500, 6_200, 4_400].enumerated() {
            let msc = 59_380 + UInt64(i)
            XCTAssertNil(recognizer.observe(ust: msc * interval + UInt64(offset), msc: msc, synchronous: true), "completion \(i)")
        }
        // One on time between misses is not two in a row.
        XCTAssertNil(recognizer.observe(ust: 59_390 * interval + 500, msc: 59_390, synchronous: true))
        XCTAssertNil(recognizer.observe(ust: 59_391 * interval + 5_000, msc: 59_391, synchronous: true))
        XCTAssertNil(recognizer.observe(ust: 59_392 * interval + 500, msc: 59_392, synchronous: true))
    }

    func testResetForgetsItAndAsynchronousCompletionsAreNoEvidence() {
        var recognizer = FakePresentClockRecognizer()
        _ = recognizer.observe(ust: 100 * interval, msc: 100, synchronous: true)
        XCTAssertNotNil(recognizer.observe(ust: 101 * interval, msc: 101, synchronous: true))
        recognizer.reset()
        XCTAssertNil(recognizer.clock)
        XCTAssertNil(recognizer.observe(ust: 102 * interval, msc: 102, synchronous: false))
        XCTAssertNil(recognizer.observe(ust: 103 * interval, msc: 103, synchronous: true), "the async one counted for nothing")
        XCTAssertNotNil(recognizer.observe(ust: 104 * interval, msc: 104, synchronous: true))
    }
}
