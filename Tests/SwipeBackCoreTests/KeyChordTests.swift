// SPDX-License-Identifier: Apache-2.0
import XCTest
import SwipeBackCore

/// Key chords: read in any order and case, written one way.
final class KeyChordTests: XCTestCase {
    func testAChordIsWrittenWithItsModifiersInOrderAndASingleLetterUpperCased() {
        XCTAssertEqual(KeyChord("shift+ctrl+alt+q")?.description, "Ctrl+Alt+Shift+Q")
        XCTAssertEqual(KeyChord("Super+XF86Back")?.description, "Super+XF86Back")
        XCTAssertEqual(KeyChord("Escape")?.description, "Escape")
        XCTAssertEqual(KeyChord(modifiers: [.alt], key: "Left").description, "Alt+Left")
        XCTAssertEqual(KeyChord("alt+left"), KeyChord(modifiers: [.alt], key: "left"))
    }

    func testWhatIsNotAChordIsRefused() {
        for text in ["", "Alt+", "+Left", "Alt+Alt+Left", "Hyper+Left", "Ctrl++"] {
            XCTAssertNil(KeyChord(text), text)
        }
    }
}
