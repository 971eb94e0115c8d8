import SwipeBackX11
import XCTest

final class ResourceScaleTests: XCTestCase {
    func testTheKioskScaleComesFromXftDpiAndNeverGoesWild() {
        XCTAssertEqual(X11Window.scale(fromResources: "Xft.antialias:\t1\nXft.dpi:\t144\n"), 1.5)
        XCTAssertEqual(X11Window.scale(fromResources: "Xft.dpi: 96"), 1)
        XCTAssertEqual(X11Window.scale(fromResources: ""), 1, "unset: 96 dpi")
        XCTAssertEqual(X11Window.scale(fromResources: "Xft.dpi:\t0"), 1, "zero never divides")
        XCTAssertEqual(X11Window.scale(fromResources: "Xft.dpi:\tnan"), 1)
        XCTAssertEqual(X11Window.scale(fromResources: "Xft.dpi:\t-96"), 1)
        XCTAssertEqual(X11Window.scale(fromResources: "Xft.dpi:\t9600"), 1, "beyond 4x is a misreport")
        XCTAssertEqual(X11Window.scale(fromResources: "Xft.dpi:\tinf"), 1)
    }
}
