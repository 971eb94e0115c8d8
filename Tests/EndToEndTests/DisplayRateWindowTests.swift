// SPDX-License-Identifier: Apache-2.0
import SwipeBackX11
import XCTest

/// The window reads its monitor's refresh rate from RandR, which paces the frame clock.
final class DisplayRateWindowTests: XCTestCase {
    func testTheWindowReadsAMonitorsRateFromRandR() throws {
        let server = try XorgTouchServer(width: 1280, height: 800, refreshHertz: 75)
        let window = try X11Window(title: "rate", width: 400, height: 300, displayName: server.displayName)
        XCTAssertEqual(window.refreshHertz, 75, accuracy: 0.05)
        XCTAssertTrue(window.hasNoDisplay(), "the dummy driver's DUMMY0: no display reads its Present clock")
    }

    func testAServerWithoutModeTimingsGivesSixtyHertz() throws {
        let server = try XvfbServer()
        let window = try X11Window(title: "rate", width: 400, height: 300, displayName: server.displayName)
        XCTAssertNil(DisplayRate.read(display: window.display, window: window.window), "Xvfb's modes carry no timings")
        XCTAssertEqual(window.refreshHertz, 60)
    }
}
