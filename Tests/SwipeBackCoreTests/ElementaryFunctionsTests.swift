// SPDX-License-Identifier: Apache-2.0
import Foundation
import XCTest
@testable import SwipeBackCore

/// The core's own exp, sin and cos against the C library's.
final class ElementaryFunctionsTests: XCTestCase {
    private func relative(_ a: Double, _ b: Double) -> Double {
        a == b ? 0 : abs(a - b) / max(abs(b), 1e-300)
    }

    func testExponentialMatchesTheCLibrary() {
        var worst = 0.0
        var x = -700.0
        while x <= 700 {
            worst = max(worst, relative(exponential(x), Foundation.exp(x)))
            x += 0.37
        }
        for x in [0.0, 1e-12, -1e-12, 0.5, -0.5, 1, -1, 30, -30] {
            worst = max(worst, relative(exponential(x), Foundation.exp(x)))
        }
        XCTAssertLessThan(worst, 1e-14)
        XCTAssertEqual(exponential(-800), 0)
        XCTAssertEqual(exponential(800), .infinity)
    }

    func testSineAndCosineMatchTheCLibrary() {
        var worst = 0.0
        var x = -2000.0
        while x <= 2000 {
            worst = max(worst, abs(sine(x) - Foundation.sin(x)), abs(cosine(x) - Foundation.cos(x)))
            x += 0.113
        }
        XCTAssertLessThan(worst, 1e-13)
        XCTAssertEqual(sine(0), 0)
        XCTAssertEqual(cosine(0), 1)
    }
}
