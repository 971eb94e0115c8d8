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

    func testTheCountBeginsHalfAnIntervalEarly() throws {
        let clock = try XCTUnwrap(FakePresentClock(ust: 989_626_889, msc: 59_380))
        let begins = clock.countBegins(59_381)
        XCTAssertEqual(begins, 59_381 * 16_666 - 8_333)
        XCTAssertEqual((begins + 8_333) / 16_666, 59_381, "the server counts 59381 from then")
        XCTAssertEqual((begins - 1 + 8_333) / 16_666, 59_380, "and 59380 a µs before")
    }

    func testTheOneHertzClockOfAWindowOffARealDriversMonitors() throws {
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
    }
}
