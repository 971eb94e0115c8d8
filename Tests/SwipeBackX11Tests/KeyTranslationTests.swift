// SPDX-License-Identifier: Apache-2.0
import CX11
import XCTest
@testable import SwipeBackX11

final class KeyTranslationTests: XCTestCase {
    func testNamesWithModifiersInAFixedOrder() {
        XCTAssertEqual(KeyTranslation.name(keysym: KeySym(XK_Escape), state: 0), "Escape")
        XCTAssertEqual(KeyTranslation.name(keysym: KeySym(XK_Left), state: UInt32(Mod1Mask)), "Alt+Left")
        XCTAssertEqual(KeyTranslation.name(keysym: KeySym(XF86XK_Back), state: 0), "XF86Back")
        XCTAssertEqual(KeyTranslation.name(keysym: KeySym(XK_q), state: UInt32(ShiftMask | ControlMask | Mod1Mask)),
                       "Ctrl+Alt+Shift+Q")
        XCTAssertEqual(KeyTranslation.name(keysym: KeySym(XK_BackSpace), state: UInt32(Mod4Mask)), "Super+BackSpace")
    }

    func testBareModifiersAndUnknownKeysymsHaveNoName() {
        XCTAssertNil(KeyTranslation.name(keysym: KeySym(XK_Shift_L), state: UInt32(ShiftMask)))
        XCTAssertNil(KeyTranslation.name(keysym: 0, state: 0))
    }
}
