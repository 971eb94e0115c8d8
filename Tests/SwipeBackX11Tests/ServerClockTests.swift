// SPDX-License-Identifier: Apache-2.0
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

/// A server on this machine stamps events with the monotonic clock the app reads: mapped exactly,
/// however late an event is read.
final class SharedServerClockTests: XCTestCase {
    func testAnEventReadLateIsMappedToWhenItHappened() {
        var clock = ServerClock()
        // The monotonic clock reads 7,000,123.4 ms (uptime) when the app clock reads 500.
        // An event stamped 7,000,100 was read 23.4 ms after it happened, the next on time.
        XCTAssertEqual(clock.appTime(serverTime: 7_000_100, nowMilliseconds: 500, monotonicMilliseconds: 7_000_123.4), 476.6, accuracy: 1e-9)
        XCTAssertEqual(clock.appTime(serverTime: 7_000_116, nowMilliseconds: 516.2, monotonicMilliseconds: 7_000_139.6), 492.6, accuracy: 1e-9)
        // Anchored at its reading instead, the first would have put every later event 23.4 ms ahead.
        var anchored = ServerClock()
        XCTAssertEqual(anchored.appTime(serverTime: 7_000_100, nowMilliseconds: 500), 500)
        XCTAssertEqual(anchored.appTime(serverTime: 7_000_116, nowMilliseconds: 516.2), 516)
    }

    func testTheStampWrapsWithTheMonotonicClocksLow32Bits() {
        var clock = ServerClock()
        // 2^32 + 5 ms of uptime: the server's stamp has wrapped to 5; an event 10 ms old is stamped 2^32 − 5.
        let monotonic = 4_294_967_296.0 + 5
        XCTAssertEqual(clock.appTime(serverTime: UInt32.max - 4, nowMilliseconds: 100, monotonicMilliseconds: monotonic), 90, accuracy: 1e-9)
    }

    func testAnotherMachinesClockFallsBackToTheAnchor() {
        var clock = ServerClock()
        // A stamp 2,000 s away from our monotonic clock (a remote server), or in its future.
        XCTAssertEqual(clock.appTime(serverTime: 5_000_000, nowMilliseconds: 100, monotonicMilliseconds: 7_000_000), 100)
        XCTAssertEqual(clock.appTime(serverTime: 5_000_016, nowMilliseconds: 120, monotonicMilliseconds: 7_000_020), 116)
        var future = ServerClock()
        XCTAssertEqual(future.appTime(serverTime: 7_000_050, nowMilliseconds: 100, monotonicMilliseconds: 7_000_000), 100)
    }
}
