// SPDX-License-Identifier: Apache-2.0
import CX11
import SwipeBackCore
import SwipeBackX11
import XCTest

final class ChordTests: XCTestCase {
    /// A chord read from a configuration is written as X's key presses are named, and X knows its key.
    func testChordsAreWrittenAsKeyPressesAreNamed() {
        func normalized(_ text: String) -> String? {
            guard let chord = KeyChord(text), KeyTranslation.keysyms(ofChord: chord) != nil else { return nil }
            return chord.description
        }
        XCTAssertEqual(normalized("ctrl+alt+q"), "Ctrl+Alt+Q")
        XCTAssertEqual(normalized("Shift+Ctrl+Alt+Q"), "Ctrl+Alt+Shift+Q", "modifiers in the order key names use")
        XCTAssertEqual(normalized("Super+Escape"), "Super+Escape")
        XCTAssertEqual(normalized("F12"), "F12")
        XCTAssertNil(normalized("Ctrl+Banana"))
        XCTAssertNil(normalized("Ctrl+"))
        XCTAssertNil(normalized("Ctrl+Ctrl+Q"))
        XCTAssertNil(normalized("Hyper+Q"))
        // The kiosk's exit chord is compared with the name of the press.
        XCTAssertEqual(KeyTranslation.name(keysym: KeySym(XK_q), state: UInt32(ControlMask | Mod1Mask)), normalized("alt+ctrl+q"))
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
