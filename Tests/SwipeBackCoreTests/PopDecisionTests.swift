// SPDX-License-Identifier: Apache-2.0
import XCTest
@testable import SwipeBackCore

final class PopDecisionTests: XCTestCase {
    let config = Configuration()

    private func decide(_ progress: Double, _ velocity: Double?, _ config: Configuration? = nil) -> PopDecision {
        PopDecision.decide(progress: progress, velocityPixelsPerSecond: velocity, widthPixels: 800,
                           configuration: config ?? self.config)
    }

    func testSlowReleaseDecidesByProgress() {
        XCTAssertEqual(decide(0.49, 0), .cancel)
        XCTAssertEqual(decide(0.5, 0), .commit)
        XCTAssertEqual(decide(0.6, 799), .commit)
        XCTAssertEqual(decide(0.4, -799), .cancel)
    }

    func testNoEstimateCountsAsZero() {
        XCTAssertEqual(decide(0.3, nil), .cancel)
        XCTAssertEqual(decide(0.7, nil), .commit)
    }

    func testFlingAtOrAboveOneWidthPerSecondDecidesByDirection() {
        XCTAssertEqual(decide(0.1, 800), .commit, "a short fast flick commits")
        XCTAssertEqual(decide(0.9, -800), .cancel, "a flick back cancels even past halfway")
        XCTAssertEqual(decide(0.05, 5000), .commit)
    }

    func testVelocityIsClampedToMaxVelocity() {
        var c = config
        c.maxVelocity = 500
        // 2000 px/s is clamped to 500, below the 800 px/s fling threshold: distance decides.
        XCTAssertEqual(decide(0.2, 2000, c), .cancel)
    }

    func testProjectionPolicyProjectsMomentum() {
        var c = config
        c.policy = .projection
        // 0.998 per ms: coast = v/1000 * 0.998/0.002 = v * 0.499 px. 0.2 + 400*0.499/800 = 0.4495 < 0.5.
        XCTAssertEqual(decide(0.2, 400, c), .cancel)
        // 0.2 + 500*0.499/800 = 0.511875 >= 0.5.
        XCTAssertEqual(decide(0.2, 500, c), .commit)
        XCTAssertEqual(decide(0.8, -1000, c), .cancel)
    }
}
