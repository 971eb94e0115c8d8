// SPDX-License-Identifier: Apache-2.0
import SwipeBackX11
import XCTest

final class DisplayRateTests: XCTestCase {
    func testAModesRateIsItsPixelClockOverItsTotals() throws {
        // CVT 1920x1080 at 60 Hz: 173.00 MHz, 2576 x 1120 → 59.96 Hz.
        let rate = try XCTUnwrap(DisplayRate.hertz(dotClock: 173_000_000, hTotal: 2576, vTotal: 1120, doubleScan: false, interlace: false))
        XCTAssertEqual(rate, 59.963, accuracy: 0.001)
        // 1080i: each frame is two fields, so the field rate doubles.
        let interlaced = try XCTUnwrap(DisplayRate.hertz(dotClock: 74_250_000, hTotal: 2200, vTotal: 1125, doubleScan: false, interlace: true))
        XCTAssertEqual(interlaced, 60, accuracy: 0.001)
        // Double scan draws each line twice: half the rate.
        let doubled = try XCTUnwrap(DisplayRate.hertz(dotClock: 25_175_000, hTotal: 800, vTotal: 525, doubleScan: true, interlace: false))
        XCTAssertEqual(doubled, 29.970, accuracy: 0.001)
    }

    func testModesWithoutTimingsOrImplausibleRatesGiveNothing() {
        XCTAssertNil(DisplayRate.hertz(dotClock: 0, hTotal: 1024, vTotal: 768, doubleScan: false, interlace: false))
        XCTAssertNil(DisplayRate.hertz(dotClock: 65_000_000, hTotal: 0, vTotal: 806, doubleScan: false, interlace: false))
        XCTAssertNil(DisplayRate.hertz(dotClock: 65_000_000, hTotal: 1344, vTotal: 0, doubleScan: false, interlace: false))
        XCTAssertNil(DisplayRate.hertz(dotClock: 1_000_000, hTotal: 1344, vTotal: 806, doubleScan: false, interlace: false), "0.9 Hz")
        XCTAssertNil(DisplayRate.hertz(dotClock: 2_000_000_000, hTotal: 1344, vTotal: 806, doubleScan: false, interlace: false), "1846 Hz")
    }
}
