// SPDX-License-Identifier: Apache-2.0
import CX11
import XCTest
import SwipeBackCore
@testable import SwipeBackX11

/// The one XI2 translator, with its state, from zero-initialised XI2 structs: no server needed.
final class XI2TranslatorTests: XCTestCase {
    private func event(_ type: Int32, detail: Int32 = 0, x: Double = 100, time: UInt = 1000, deviceID: Int32 = 2,
                       sourceID: Int32 = 11, flags: Int32 = 0) -> XIDeviceEvent {
        var e = XIDeviceEvent()
        e.type = GenericEvent
        e.evtype = type
        e.detail = detail
        e.event_x = x
        e.event_y = 300
        e.time = time
        e.deviceid = deviceID
        e.sourceid = sourceID
        e.flags = flags
        return e
    }

    private func pointers(_ inputs: [TranslatedInput]) -> [PointerInput] {
        inputs.compactMap { if case .pointer(let p) = $0.event { return p } else { return nil } }
    }

    func testPointerInputKeepsTheSourceDeviceAndTheEmulationFlag() {
        var translator = XI2Translator()
        let touch = pointers(translator.translate(event(XI_TouchBegin, detail: 5, sourceID: 14, flags: Int32(XITouchEmulatingPointer))) { _ in false })
        XCTAssertEqual(touch.first?.sourceDevice, 14)
        XCTAssertEqual(touch.first?.pointerEmulation, .emulating)
        let mouse = pointers(translator.translate(event(XI_ButtonPress, detail: 1, sourceID: 9)) { _ in false })
        XCTAssertEqual(mouse.first?.sourceDevice, 9)
        XCTAssertEqual(mouse.first?.pointerEmulation, PointerEmulation.none)
        // XITouchPendingEnd shares XIPointerEmulated's bit: a touch flagged so is not "emulated".
        let pending = pointers(translator.translate(event(XI_TouchUpdate, detail: 5, flags: Int32(XITouchPendingEnd))) { _ in false })
        XCTAssertEqual(pending.first?.pointerEmulation, PointerEmulation.none)
    }

    func testAnEndFromACutOffDeviceIsACancelAndAnOwnedTouchEndIsARelease() {
        var translator = XI2Translator()
        _ = translator.translate(event(XI_ButtonPress, detail: 1, sourceID: 9)) { _ in false }
        XCTAssertTrue(translator.hasHeldSequences)
        let release = pointers(translator.translate(event(XI_ButtonRelease, detail: 1, sourceID: 9)) { $0 == 9 })
        XCTAssertEqual(release.map(\.phase), [.cancel], "device 9 was floated by another client's grab")
        XCTAssertFalse(translator.hasHeldSequences)

        var owned = XITouchOwnershipEvent()
        owned.touchid = 5
        translator.didBecomeOwner(owned)
        _ = translator.translate(event(XI_TouchBegin, detail: 5)) { _ in false }
        XCTAssertEqual(pointers(translator.translate(event(XI_TouchEnd, detail: 5)) { _ in false }).map(\.phase), [.up])
        _ = translator.translate(event(XI_TouchBegin, detail: 6)) { _ in false }
        XCTAssertEqual(pointers(translator.translate(event(XI_TouchEnd, detail: 6)) { _ in false }).map(\.phase), [.cancel],
                       "never owned: another client took it")
    }

    func testCutOffSequencesAreCancelledWithTheirOwnDeviceKind() {
        var translator = XI2Translator()
        _ = translator.translate(event(XI_TouchBegin, detail: 3, sourceID: 14)) { _ in false }
        _ = translator.translate(event(XI_ButtonPress, detail: 1, deviceID: 2, sourceID: 9)) { _ in false }
        let cancels = translator.cancelCutOffSequences { _ in true }
        XCTAssertEqual(cancels.map(\.id), [-2, 3])
        XCTAssertEqual(cancels.map(\.device), [.mouse, .touch])
        XCTAssertEqual(cancels.map(\.phase), [.cancel, .cancel])
        XCTAssertEqual(cancels.map(\.sourceDevice), [9, 14])
        XCTAssertFalse(translator.hasHeldSequences)
    }

    func testSmoothScrollValuatorsBecomeATouchpadScrollBeforeTheMotion() {
        var translator = XI2Translator()
        translator.setScrollDevices([(device: 11, axes: [SmoothScroll.Axis(number: 2, horizontal: true, increment: 1),
                                                          SmoothScroll.Axis(number: 3, horizontal: false, increment: 1)],
                                      isTouchpad: true)])
        var mask: [UInt8] = [0b0000_1100] // valuators 2 and 3
        func motion(_ horizontal: Double, _ vertical: Double) -> [TranslatedInput] {
            var values = [horizontal, vertical]
            return mask.withUnsafeMutableBufferPointer { maskBuffer in
                values.withUnsafeMutableBufferPointer { valueBuffer in
                    var e = event(XI_Motion)
                    e.valuators.mask_len = 1
                    e.valuators.mask = maskBuffer.baseAddress
                    e.valuators.values = valueBuffer.baseAddress
                    XCTAssertEqual(XI2Translator.valuators(of: e), [2: horizontal, 3: vertical])
                    return translator.translate(e) { _ in false }
                }
            }
        }
        _ = motion(100, 50) // the baseline
        let inputs = motion(90, 50)
        // 10 increments of the counter are 10 wheel steps of 48 px.
        XCTAssertEqual(inputs.first?.event, .scroll(dx: -480, dy: 0, touchpad: true, position: Point(x: 100, y: 300)))
        XCTAssertEqual(inputs.count, 2, "then the motion itself")
    }
}
