// SPDX-License-Identifier: Apache-2.0
import CX11
import SwipeBackCore
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
        XCTAssertEqual(KeyTranslation.keysyms(ofChord: KeyChord("Alt+Left")!), [KeySym(XK_Alt_L), KeySym(XK_Left)])
        XCTAssertEqual(KeyTranslation.keysyms(ofChord: KeyChord("ctrl+alt+minus")!), [KeySym(XK_Control_L), KeySym(XK_Alt_L), KeySym(XK_minus)])
        XCTAssertEqual(KeyTranslation.keysyms(ofChord: KeyChord("XF86Back")!), [KeySym(XF86XK_Back)])
        XCTAssertEqual(KeyTranslation.keysyms(ofChord: KeyChord("Shift+q")!), [KeySym(XK_Shift_L), KeySym(XK_q)])
        XCTAssertNil(KeyTranslation.keysyms(ofChord: KeyChord("Alt+Lfet")!))
        XCTAssertNil(KeyChord("Alt+"), "no key: the chord does not read")
    }

    /// The reader's check of X chords: a key X has no name for is refused, with what was expected.
    func testTheReadersCheckRefusesAKeyXDoesNotKnow() {
        let check = KeyTranslation.check(keys: ["systemBackAction", "kioskExitChord"])
        var configuration = Configuration()
        XCTAssertNil(check.firstProblem(in: configuration)?.problem)
        configuration.systemBackAction = .key(KeyChord("Alt+Lfet")!)
        let found = check.firstProblem(in: configuration)
        XCTAssertEqual(found?.key, "systemBackAction")
        XCTAssertEqual(found?.problem.text, "key:Alt+Lfet")
        XCTAssertTrue(found?.problem.expected.contains("\"Lfet\" is not one") == true, found?.problem.expected ?? "")
        configuration.systemBackAction = .button(8)
        configuration.kioskExitChord = KeyChord("ctrl+banana")
        XCTAssertEqual(check.firstProblem(in: configuration)?.problem.text, "Ctrl+banana")
    }
}
