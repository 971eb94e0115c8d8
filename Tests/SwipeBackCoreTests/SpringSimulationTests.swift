// SPDX-License-Identifier: Apache-2.0
import XCTest
@testable import SwipeBackCore

final class SpringSimulationTests: XCTestCase {
    /// Integrates x'' = -k (x - target) - c x' with small steps, as an independent reference.
    private func integrate(_ s: SpringSimulation, until seconds: Double) -> Double {
        let c = 2 * s.dampingRatio * s.stiffness.squareRoot()
        var x = s.from, v = s.initialVelocity
        let dt = 1e-6
        var t = 0.0
        while t < seconds {
            let a = -s.stiffness * (x - s.target) - c * v
            v += a * dt
            x += v * dt
            t += dt
        }
        return x
    }

    func testStartsAtFromWithTheInitialVelocity() {
        let s = SpringSimulation(from: 0.5, target: 1, initialVelocity: 3.9, stiffness: 1000, dampingRatio: 1)
        XCTAssertEqual(s.value(at: 0), 0.5, accuracy: 1e-12)
        XCTAssertEqual(s.velocity(at: 0), 3.9, accuracy: 1e-9)
    }

    func testClosedFormsMatchNumericIntegration() {
        for ratio in [0.3, 1.0, 2.5] {
            let s = SpringSimulation(from: 0.2, target: 1, initialVelocity: 2, stiffness: 1000, dampingRatio: ratio)
            for t in [0.01, 0.05, 0.1, 0.2] {
                XCTAssertEqual(s.value(at: t), integrate(s, until: t), accuracy: 1e-3, "ratio \(ratio) at \(t) s")
            }
        }
    }

    func testCriticallyDampedFromRestNeverOvershoots() {
        let s = SpringSimulation(from: 0, target: 1, initialVelocity: 0, stiffness: 1000, dampingRatio: 1)
        var previous = 0.0
        for ms in 1...1000 {
            let x = s.value(at: Double(ms) / 1000)
            XCTAssertLessThanOrEqual(x, 1)
            XCTAssertGreaterThanOrEqual(x, previous)
            previous = x
        }
        XCTAssertEqual(previous, 1, accuracy: 1e-9)
    }

    func testDerivativeMatchesVelocity() {
        for ratio in [0.5, 1.0, 3.0] {
            let s = SpringSimulation(from: 0.7, target: 0, initialVelocity: -1, stiffness: 500, dampingRatio: ratio)
            let h = 1e-6
            for t in [0.02, 0.08] {
                let numeric = (s.value(at: t + h) - s.value(at: t - h)) / (2 * h)
                XCTAssertEqual(s.velocity(at: t), numeric, accuracy: 1e-4)
            }
        }
    }
}
