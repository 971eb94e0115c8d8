// SPDX-License-Identifier: Apache-2.0
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
}
