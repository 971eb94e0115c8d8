// SPDX-License-Identifier: Apache-2.0
import CX11
import XCTest
import SwipeBackCore
@testable import SwipeBackX11

/// XI2 translation from constructed, zero-initialised XI2 structs: no server needed.
final class XI2TranslationTests: XCTestCase {
    private func event(_ type: Int32, detail: Int32 = 0, x: Double = 12.5, y: Double = 40.25, time: UInt = 123_456,
                       flags: Int32 = 0, deviceID: Int32 = 2) -> XIDeviceEvent {
        var e = XIDeviceEvent()
        e.type = GenericEvent
        e.evtype = type
        e.detail = detail
        e.event_x = x
        e.event_y = y
        e.root_x = x + 1000 // the window is not at the root's origin: window coordinates must win
        e.root_y = y + 1000
        e.time = time
        e.flags = flags
        e.deviceid = deviceID
        e.sourceid = 11
        return e
    }

    func testTouchesBecomeTouchSequencesWithServerTime() {
        let begin = XI2Translation.translate(event(XI_TouchBegin, detail: 7))
        XCTAssertEqual(begin, TranslatedInput(serverTime: 123_456, event: .pointer(PointerInput(
            phase: .down, id: 7, device: .touch, position: Point(x: 12.5, y: 40.25)))))
        XCTAssertEqual(XI2Translation.translate(event(XI_TouchUpdate, detail: 7, x: 30))?.event,
                       .pointer(PointerInput(phase: .move, id: 7, device: .touch, position: Point(x: 30, y: 40.25))))
        XCTAssertEqual(XI2Translation.translate(event(XI_TouchEnd, detail: 7))?.event,
                       .pointer(PointerInput(phase: .up, id: 7, device: .touch, position: Point(x: 12.5, y: 40.25))))
    }

    func testTouchEmulatingPointerFlagDoesNotDropTheTouch() {
        // XITouchEmulatingPointer and XITouchPendingEnd share bits with pointer flags; touches stay.
        let touch = event(XI_TouchBegin, detail: 3, flags: Int32(XITouchEmulatingPointer))
        XCTAssertNotNil(XI2Translation.translate(touch))
    }

    func testButtonOneIsAMouseSequence() {
        let down = XI2Translation.translate(event(XI_ButtonPress, detail: 1, deviceID: 2))
        XCTAssertEqual(down?.event, .pointer(PointerInput(phase: .down, id: -2, device: .mouse, position: Point(x: 12.5, y: 40.25))))
        XCTAssertEqual(XI2Translation.translate(event(XI_Motion))?.event,
                       .pointer(PointerInput(phase: .move, id: -2, device: .mouse, position: Point(x: 12.5, y: 40.25))))
        XCTAssertEqual(XI2Translation.translate(event(XI_ButtonRelease, detail: 1))?.event,
                       .pointer(PointerInput(phase: .up, id: -2, device: .mouse, position: Point(x: 12.5, y: 40.25))))
    }

    func testPointerEventsEmulatedFromTouchAreDropped() {
        for type in [XI_ButtonPress, XI_Motion, XI_ButtonRelease] {
            XCTAssertNil(XI2Translation.translate(event(type, detail: 1, flags: Int32(XIPointerEmulated))), "evtype \(type)")
        }
    }

    func testBackButtonsAndOtherButtons() {
        XCTAssertEqual(XI2Translation.translate(event(XI_ButtonPress, detail: 8))?.event, .button(8))
        XCTAssertEqual(XI2Translation.translate(event(XI_ButtonPress, detail: 9))?.event, .button(9))
        XCTAssertEqual(XI2Translation.translate(event(XI_ButtonPress, detail: 12))?.event, .button(12))
        // The right button is a press and release of its own: the history menu's right-click.
        XCTAssertEqual(XI2Translation.translate(event(XI_ButtonPress, detail: 3, deviceID: 2))?.event,
                       .pointer(PointerInput(phase: .down, id: -2, device: .mouse, position: Point(x: 12.5, y: 40.25), button: 3)))
        XCTAssertEqual(XI2Translation.translate(event(XI_ButtonRelease, detail: 3, deviceID: 2))?.event,
                       .pointer(PointerInput(phase: .up, id: -2, device: .mouse, position: Point(x: 12.5, y: 40.25), button: 3)))
        XCTAssertNil(XI2Translation.translate(event(XI_ButtonRelease, detail: 8)))
        XCTAssertNil(XI2Translation.translate(event(XI_KeyPress, detail: 38)))
    }

    func testWheelButtonsScrollTheContentEvenWhenEmulated() {
        XCTAssertEqual(XI2Translation.translate(event(XI_ButtonPress, detail: 5))?.event,
                       .scroll(dx: 0, dy: 48, touchpad: false, position: Point(x: 12.5, y: 40.25)))
        XCTAssertEqual(XI2Translation.translate(event(XI_ButtonPress, detail: 4, flags: Int32(XIPointerEmulated)))?.event,
                       .scroll(dx: 0, dy: -48, touchpad: false, position: Point(x: 12.5, y: 40.25)))
        XCTAssertNil(XI2Translation.translate(event(XI_ButtonRelease, detail: 5)))
    }

    func testEmulatedWheelButtonsOfASmoothScrollingDeviceAreNotCountedTwice() {
        let emulated = event(XI_ButtonPress, detail: 6, flags: Int32(XIPointerEmulated))
        XCTAssertNil(XI2Translation.translate(emulated, smoothScrolling: true), "its valuators already scrolled")
        XCTAssertNotNil(XI2Translation.translate(emulated, smoothScrolling: false), "a wheel without valuators")
        XCTAssertNotNil(XI2Translation.translate(event(XI_ButtonPress, detail: 5), smoothScrolling: true), "a real wheel click")
    }

    func testTouchpadSwipeGesturesBecomeSwipesAndACancelledEndIsACancel() {
        func gesture(_ type: Int32, dx: Double, flags: Int32 = 0) -> XIGestureSwipeEvent {
            var e = XIGestureSwipeEvent()
            e.evtype = type
            e.detail = 3
            e.delta_x = dx
            e.delta_y = -1
            e.flags = flags
            e.time = 99
            return e
        }
        XCTAssertEqual(XI2Translation.translate(gesture(XI_GestureSwipeBegin, dx: 4)),
                       TranslatedInput(serverTime: 99, event: .swipe(phase: .begin, dx: 4, dy: -1, fingers: 3)))
        XCTAssertEqual(XI2Translation.translate(gesture(XI_GestureSwipeUpdate, dx: 12))?.event, .swipe(phase: .update, dx: 12, dy: -1, fingers: 3))
        XCTAssertEqual(XI2Translation.translate(gesture(XI_GestureSwipeEnd, dx: 0))?.event, .swipe(phase: .end, dx: 0, dy: -1, fingers: 3))
        XCTAssertEqual(XI2Translation.translate(gesture(XI_GestureSwipeEnd, dx: 0, flags: Int32(XIGestureSwipeEventCancelled)))?.event,
                       .swipe(phase: .cancel, dx: 0, dy: -1, fingers: 3))
    }

    func testServerTimeKeepsAllThirtyTwoBits() {
        let late = XI2Translation.translate(event(XI_TouchBegin, detail: 1, time: 4_294_967_290))
        XCTAssertEqual(late?.serverTime, 4_294_967_290)
    }
}
