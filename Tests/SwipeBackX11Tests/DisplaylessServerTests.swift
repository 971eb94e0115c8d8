// SPDX-License-Identifier: Apache-2.0
import XCTest
@testable import SwipeBackX11

/// The fake Present clock's shortcut is taken only on a server identified as having no display,
/// from its RandR outputs, never from timing alone.
final class DisplaylessServerTests: XCTestCase {
    func testXvfbAndTheDummyDriverHaveNoDisplayAndRealOutputsDo() {
        XCTAssertTrue(X11Window.isDisplayless(outputs: [("screen", 0, 0)]), "Xvfb")
        XCTAssertTrue(X11Window.isDisplayless(outputs: [("DUMMY0", 0, 0), ("DUMMY1", 0, 0)]), "Xorg's dummy driver")
        XCTAssertFalse(X11Window.isDisplayless(outputs: []), "no RandR outputs: not identified")
        XCTAssertFalse(X11Window.isDisplayless(outputs: [("XWAYLAND0", 300, 190)]), "Xwayland: a compositor's clock")
        XCTAssertFalse(X11Window.isDisplayless(outputs: [("eDP-1", 310, 170)]))
        XCTAssertFalse(X11Window.isDisplayless(outputs: [("DUMMY0", 0, 0), ("HDMI-1", 600, 340)]), "one real display is enough")
        XCTAssertFalse(X11Window.isDisplayless(outputs: [("screen", 520, 290)]), "an output named screen with a size")
        XCTAssertFalse(X11Window.isDisplayless(outputs: [("DUMMY", 0, 0)]))
    }
}
