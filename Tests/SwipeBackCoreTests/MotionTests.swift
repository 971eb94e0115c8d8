// SPDX-License-Identifier: Apache-2.0
import SwipeBackCore
import XCTest

/// The settle spring and a coast are one type of motion: a value by a law of time and where it rests.
final class MotionTests: XCTestCase {
    private func motions() -> [(String, any Motion)] {
        [("spring", SpringSimulation(from: 0.4, target: 1, initialVelocity: 2, stiffness: 1000, dampingRatio: 1)),
         ("coast", Coast(from: 100, velocityPerSecond: 1000, deceleration: .normal))]
    }

    func testEachMotionStartsAtItsStartAndComesToRestWhereItSays() {
        for (name, motion) in motions() {
            XCTAssertEqual(motion.value(afterMilliseconds: 0), name == "spring" ? 0.4 : 100, accuracy: 1e-12, name)
            XCTAssertEqual(motion.value(afterMilliseconds: 20_000), motion.restingValue, accuracy: 1e-6, name)
            XCTAssertEqual(motion.velocityPerSecond(afterMilliseconds: 20_000), 0, accuracy: 1e-6, name)
        }
        // UIKit's normal deceleration coasts 1000 px/s for 499 px: 100 + 499.
        XCTAssertEqual(Coast(from: 100, velocityPerSecond: 1000, deceleration: .normal).restingValue, 599, accuracy: 1e-9)
        XCTAssertEqual(Coast(from: 0, velocityPerSecond: 1000, deceleration: .normal).velocityPerSecond(afterMilliseconds: 0), 1000)
    }

    func testTheProjectionRuleDecidesByTheCoastsRestingPlace() {
        var configuration = Configuration()
        configuration.policy = .projection
        // 500 px/s coasts 249.5 px: from 0.2 of an 800 px stack it rests at 0.2 + 249.5 / 800 = 0.5119 >= 0.5.
        let projected = PopDecision.projectedProgress(progress: 0.2, velocityPixelsPerSecond: 500, widthPixels: 800,
                                                      configuration: configuration)
        XCTAssertEqual(projected, 0.2 + 249.5 / 800, accuracy: 1e-9)
        XCTAssertEqual(PopDecision.decide(progress: 0.2, velocityPixelsPerSecond: 500, widthPixels: 800, configuration: configuration), .commit)
        XCTAssertEqual(PopDecision.decide(progress: 0.2, velocityPixelsPerSecond: 400, widthPixels: 800, configuration: configuration), .cancel)
    }
}
