// SPDX-License-Identifier: Apache-2.0
import XCTest
@testable import SwipeBackCore

/// The parts split out of the app model, on their own: deceleration, the touch slop, the idle policy.
final class MotionAndIdleTests: XCTestCase {
    func testOneDecelerationLawForMomentumAndProjection() {
        let normal = Deceleration.normal
        // 1000 px/s at 0.998 per ms: 1 px in the first ms, 499 px in all (1 * 0.998 / 0.002).
        XCTAssertEqual(normal.coastDistance(velocityPixelsPerSecond: 1000), 499, accuracy: 1e-9)
        XCTAssertEqual(normal.decay(afterMilliseconds: 100), 0.81857, accuracy: 1e-5) // 0.998^100
        XCTAssertEqual(normal.distance(velocityPixelsPerSecond: 1000, afterMilliseconds: 100), 499 * (1 - 0.998.power(100)), accuracy: 1e-6)
        XCTAssertEqual(normal.distance(velocityPixelsPerSecond: 1000, afterMilliseconds: 1e7), 499, accuracy: 1e-6, "it coasts to the projection")
        // The projection policy coasts by the same law.
        var configuration = Configuration()
        configuration.policy = .projection
        configuration.commitProgress = 0.5
        // 0.2 of 800 px plus 499 px of coast at 1000 px/s: 0.82375 >= 0.5.
        XCTAssertEqual(PopDecision.decide(progress: 0.2, velocityPixelsPerSecond: 1000, widthPixels: 800, configuration: configuration), .commit)
        XCTAssertEqual(PopDecision.decide(progress: 0.2, velocityPixelsPerSecond: 400, widthPixels: 800, configuration: configuration), .cancel,
                       "0.2 + 199.6 / 800 = 0.4495")
    }

    func testTheTouchSlopDecidesAlongTheLongerAxisAndATieIsVertical() {
        XCTAssertTrue(TouchSlop.isHorizontal(dx: 8, dy: 7.9, slop: 8))
        XCTAssertFalse(TouchSlop.isHorizontal(dx: 8, dy: 8, slop: 8), "a tie is not horizontal")
        XCTAssertTrue(TouchSlop.isVertical(dx: 8, dy: -8, slop: 8), "a tie is vertical")
        XCTAssertFalse(TouchSlop.isVertical(dx: 0, dy: 7.99, slop: 8))
        XCTAssertFalse(TouchSlop.isHorizontal(dx: -20, dy: 0, slop: 8), "signed: away from the direction")
        XCTAssertFalse(TouchSlop.hasLeft(Point(x: 6, y: 8), slop: 10), "10 px away is still within 10 px")
        XCTAssertTrue(TouchSlop.hasLeft(Point(x: 6, y: 8.01), slop: 10))
    }

    func testTheIdlePolicyRunsOnlyWhenOnNothingIsDownAndAStackIsAwayFromItsRoot() {
        var idle = IdlePolicy()
        XCTAssertNil(idle.dueMilliseconds(timeoutSeconds: 120, pointersDown: false, awayFromRoot: true), "off by default")
        idle.isEnabled = true
        idle.noteActivity(atMilliseconds: 500)
        XCTAssertEqual(idle.dueMilliseconds(timeoutSeconds: 2, pointersDown: false, awayFromRoot: true), 2500)
        XCTAssertNil(idle.dueMilliseconds(timeoutSeconds: 2, pointersDown: true, awayFromRoot: true))
        XCTAssertNil(idle.dueMilliseconds(timeoutSeconds: 2, pointersDown: false, awayFromRoot: false))
        XCTAssertNil(idle.dueMilliseconds(timeoutSeconds: 0, pointersDown: false, awayFromRoot: true), "0 turns it off")
    }
}

private extension Double {
    /// self^n for a whole n, by repeated multiplication (no C library in the core's tests either).
    func power(_ n: Int) -> Double { (0..<n).reduce(1) { value, _ in value * self } }
}
