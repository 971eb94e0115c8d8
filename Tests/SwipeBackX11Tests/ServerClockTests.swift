import XCTest
@testable import SwipeBackX11

final class ServerClockTests: XCTestCase {
    /// Events 16 ms apart starting at `start`, received in real time from app time 5000.
    private func mapped(from start: UInt32, count: Int) -> [Double] {
        var clock = ServerClock()
        return (0..<count).map { i in
            clock.appTime(serverTime: start &+ UInt32(i * 16), nowMilliseconds: 5000 + Double(i * 16))
        }
    }

    func testStepsStayExactAcrossTwoToTheThirtyOne() {
        let times = mapped(from: (1 << 31) - 40, count: 6) // crosses 2^31 at the third event
        XCTAssertEqual(times, [5000, 5016, 5032, 5048, 5064, 5080])
    }

    func testStepsStayExactAcrossTheWrapAtTwoToTheThirtyTwo() {
        let times = mapped(from: UInt32.max - 40, count: 6) // wraps to small values
        XCTAssertEqual(times, [5000, 5016, 5032, 5048, 5064, 5080])
    }

    func testAnEventSlightlyOutOfOrderStepsBackAndALongGapResyncs() {
        var clock = ServerClock()
        XCTAssertEqual(clock.appTime(serverTime: 10, nowMilliseconds: 100), 100)
        XCTAssertEqual(clock.appTime(serverTime: 8, nowMilliseconds: 101), 98, "a step back of 2 ms, not 4e9")
        XCTAssertEqual(clock.appTime(serverTime: 3_000_000, nowMilliseconds: 200), 200, "far off the app clock: resync")
    }
}
