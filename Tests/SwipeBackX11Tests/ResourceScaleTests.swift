// SPDX-License-Identifier: Apache-2.0
import SwipeBackX11
import XCTest

final class ResourceScaleTests: XCTestCase {
    func testTheKioskScaleComesFromXftDpiAndNeverGoesWild() {
        XCTAssertEqual(ResourceScale.scale(fromResources: "Xft.antialias:\t1\nXft.dpi:\t144\n"), 1.5)
        XCTAssertEqual(ResourceScale.scale(fromResources: "Xft.dpi: 96"), 1)
        XCTAssertEqual(ResourceScale.scale(fromResources: ""), 1, "unset: 96 dpi")
        XCTAssertEqual(ResourceScale.scale(fromResources: "Xft.dpi:\t0"), 1, "zero never divides")
        XCTAssertEqual(ResourceScale.scale(fromResources: "Xft.dpi:\tnan"), 1)
        XCTAssertEqual(ResourceScale.scale(fromResources: "Xft.dpi:\t-96"), 1)
        XCTAssertEqual(ResourceScale.scale(fromResources: "Xft.dpi:\t9600"), 1, "beyond 4x is a misreport")
        XCTAssertEqual(ResourceScale.scale(fromResources: "Xft.dpi:\tinf"), 1)
    }

    func testAnOverrideIsAPlainScaleOfHalfToFour() {
        XCTAssertEqual(ResourceScale.parseOverride("2"), 2)
        XCTAssertEqual(ResourceScale.parseOverride(" 1.5 "), 1.5)
        XCTAssertEqual(ResourceScale.parseOverride("0.5"), 0.5)
        XCTAssertEqual(ResourceScale.parseOverride("4"), 4)
        for bad in ["", "two", "0.49", "4.01", "nan", "inf", "-2", "2x"] {
            XCTAssertNil(ResourceScale.parseOverride(bad), bad)
        }
    }
}
