// SPDX-License-Identifier: Apache-2.0
import XCTest
@testable import SwipeBackX11

final class TouchOwnershipTests: XCTestCase {
    func testAnOwnedTouchEndsAsAReleaseAndATakenOneAsACancel() {
        var ownership = TouchOwnership()
        ownership.didBecomeOwner(of: 7)
        XCTAssertEqual(ownership.ended(7), .up)
        XCTAssertEqual(ownership.ended(7), .cancel, "ownership ends with the touch")
        XCTAssertEqual(ownership.ended(9), .cancel, "never owned: another client accepted it")
    }
}
