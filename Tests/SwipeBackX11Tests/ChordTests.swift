// SPDX-License-Identifier: Apache-2.0
import CX11
import SwipeBackX11
import XCTest

final class ChordTests: XCTestCase {
    func testChordsAreWrittenAsKeyPressesAreNamed() {
        XCTAssertEqual(KeyTranslation.normalizedChord("ctrl+alt+q"), "Ctrl+Alt+Q")
        XCTAssertEqual(KeyTranslation.normalizedChord("Shift+Ctrl+Alt+Q"), "Ctrl+Alt+Shift+Q", "modifiers in the order key names use")
        XCTAssertEqual(KeyTranslation.normalizedChord("Super+Escape"), "Super+Escape")
        XCTAssertEqual(KeyTranslation.normalizedChord("F12"), "F12")
        XCTAssertNil(KeyTranslation.normalizedChord("Ctrl+Banana"))
        XCTAssertNil(KeyTranslation.normalizedChord("Ctrl+"))
        XCTAssertNil(KeyTranslation.normalizedChord("Ctrl+Ctrl+Q"))
        XCTAssertNil(KeyTranslation.normalizedChord("Hyper+Q"))
    }

    /// The keysyms `swipeback system` presses for a `key:` action: modifiers first, as left keys.
    func testAChordsKeysymsForSending() {
        XCTAssertEqual(KeyTranslation.keysyms(ofChord: "Alt+Left"), [KeySym(XK_Alt_L), KeySym(XK_Left)])
        XCTAssertEqual(KeyTranslation.keysyms(ofChord: "ctrl+alt+minus"), [KeySym(XK_Control_L), KeySym(XK_Alt_L), KeySym(XK_minus)])
        XCTAssertEqual(KeyTranslation.keysyms(ofChord: "XF86Back"), [KeySym(XF86XK_Back)])
        XCTAssertEqual(KeyTranslation.keysyms(ofChord: "Shift+q"), [KeySym(XK_Shift_L), KeySym(XK_q)])
        XCTAssertNil(KeyTranslation.keysyms(ofChord: "Alt+Lfet"))
        XCTAssertNil(KeyTranslation.keysyms(ofChord: "Alt+"))
    }
}
