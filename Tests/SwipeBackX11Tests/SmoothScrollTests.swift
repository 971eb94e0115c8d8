// SPDX-License-Identifier: Apache-2.0
import SwipeBackX11
import XCTest

final class SmoothScrollTests: XCTestCase {
    /// A touchpad like libinput's (and the inputtest driver's): valuator 2 horizontal, 3 vertical, 15 per wheel step.
    private func touchpad() -> SmoothScroll {
        var scroll = SmoothScroll()
        scroll.setDevice(11, axes: [.init(number: 2, horizontal: true, increment: 15), .init(number: 3, horizontal: false, increment: 15)],
                         isTouchpad: true)
        scroll.setDevice(12, axes: [.init(number: 3, horizontal: false, increment: -1)], isTouchpad: false) // an inverted wheel
        return scroll
    }

    func testDeltasAreCounterDifferencesInWheelStepsAsPixels() {
        var scroll = touchpad()
        XCTAssertNil(scroll.delta(device: 11, valuators: [0: 5, 1: 5, 2: 1000, 3: 2000]), "the first event sets the baseline")
        let step = XI2Translation.wheelStepPixels
        let d = scroll.delta(device: 11, valuators: [2: 970, 3: 2003])
        XCTAssertEqual(d?.dx ?? .nan, -30.0 / 15 * step, accuracy: 1e-9, "toward the left edge")
        XCTAssertEqual(d?.dy ?? .nan, 3.0 / 15 * step, accuracy: 1e-9)
        XCTAssertTrue(scroll.isTouchpad(11))
        XCTAssertFalse(scroll.isTouchpad(12))
        XCTAssertNil(scroll.delta(device: 11, valuators: [0: 7]), "a plain motion carries no scroll")
        XCTAssertNil(scroll.delta(device: 99, valuators: [2: 1]), "an unknown device")
    }

    func testAnUnmovedCounterIsTheFingersLifting() {
        var scroll = touchpad()
        _ = scroll.delta(device: 11, valuators: [2: 100])
        _ = scroll.delta(device: 11, valuators: [2: 70])
        let lifted = scroll.delta(device: 11, valuators: [2: 70])
        XCTAssertEqual(lifted?.dx, 0)
        XCTAssertEqual(lifted?.dy, 0)
    }

    func testBaselinesStartAfreshAfterAResetAndPerDevice() {
        var scroll = touchpad()
        _ = scroll.delta(device: 11, valuators: [2: 100])
        _ = scroll.delta(device: 12, valuators: [3: 40])
        scroll.resetBaselines(device: 11)
        XCTAssertNil(scroll.delta(device: 11, valuators: [2: 5000]), "no jump from the old counter after a reset")
        let wheel = scroll.delta(device: 12, valuators: [3: 41])
        XCTAssertEqual(wheel?.dy ?? .nan, -XI2Translation.wheelStepPixels, accuracy: 1e-9, "an inverted increment turns the sign")
        scroll.resetBaselines()
        XCTAssertNil(scroll.delta(device: 12, valuators: [3: 60]))
        XCTAssertTrue(scroll.hasScrollValuators(11))
        scroll.removeAllDevices()
        XCTAssertFalse(scroll.hasScrollValuators(11))
    }
}
