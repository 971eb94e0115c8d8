// SPDX-License-Identifier: Apache-2.0
import CX11
import SwipeBackCore

/// A core input event translated from XI2, with the X server's time kept.
public struct TranslatedInput: Equatable, Sendable {
    /// The server time of the event in ms (32 bits, wraps after 49.7 days).
    public var serverTime: UInt32
    /// The core event.
    public var event: InputEvent
}

/// XI2 device events to core input: one pure function, testable from zero-initialised structs.
public enum XI2Translation {
    /// How far one wheel step scrolls, in px (GTK scrolls a similar 50 px-ish step; 48 is 3 lines of 16 px).
    public static let wheelStepPixels = 48.0

    /// The pointer id of a mouse sequence: the negated id of the master device, so it never
    /// collides with a touch id (touch ids are positive).
    public static func mouseID(deviceID: Int32) -> Int { -Int(deviceID) }

    /// Translates one XI2 device event.
    ///
    /// - Parameter event: an `XIDeviceEvent` whose `evtype` is `XI_ButtonPress`, `XI_ButtonRelease`,
    ///   `XI_Motion`, `XI_TouchBegin`, `XI_TouchUpdate` or `XI_TouchEnd`; positions are the
    ///   event window's (`event_x`, `event_y`, px).
    ///   - smoothScrolling: whether the event's source device scrolls with valuators (`SmoothScroll`):
    ///     then its wheel buttons 4-7 are the server's emulation of that scrolling, already counted.
    /// - Returns: the core event, or nil for events the core does not take: pointer events the
    ///   server emulates from a touch (`XIPointerEmulated`), emulated wheel buttons of a smooth-
    ///   scrolling device, releases of buttons other than 1 to 3, and other event types. Buttons 2
    ///   and 3 are pointer downs and ups with their `button` (3 is the right-click of the history
    ///   menu; neither starts a sequence); presses of 8 and above are `button` events (8 back, 9
    ///   forward).
    public static func translate(_ event: XIDeviceEvent, smoothScrolling: Bool = false) -> TranslatedInput? {
        let time = UInt32(truncatingIfNeeded: event.time)
        let position = Point(x: event.event_x, y: event.event_y)
        let isPointerEvent = event.evtype == XI_ButtonPress || event.evtype == XI_ButtonRelease || event.evtype == XI_Motion
        // The server's pointer emulation of the first touch: the touch events themselves carry it.
        // (Wheel buttons carry the same flag when emulated from smooth scrolling; they are the wheel.)
        let isWheel = event.evtype == XI_ButtonPress && (4...7).contains(event.detail)
        let emulated = event.flags & Int32(XIPointerEmulated) != 0
        if isPointerEvent && !isWheel && emulated { return nil }
        if isWheel && emulated && smoothScrolling { return nil }
        // On touch events the same bits mean other things (XITouchPendingEnd is XIPointerEmulated's bit).
        let emulation: PointerEmulation = isPointerEvent ? (emulated ? .emulated : .none)
            : event.flags & Int32(XITouchEmulatingPointer) != 0 ? .emulating : .none
        func pointer(_ phase: PointerPhase, _ id: Int, _ device: PointerDevice, button: Int = 1) -> TranslatedInput {
            TranslatedInput(serverTime: time, event: .pointer(PointerInput(phase: phase, id: id, device: device, position: position,
                                                                           sourceDevice: Int(event.sourceid),
                                                                           pointerEmulation: emulation, button: button)))
        }
        let mouse = mouseID(deviceID: event.deviceid)
        switch event.evtype {
        case XI_ButtonPress where event.detail == 1:
            return pointer(.down, mouse, .mouse)
        case XI_ButtonPress where (4...7).contains(event.detail):
            // Wheel steps (4 up, 5 down, 6 left, 7 right), from a wheel without scroll valuators.
            let step = wheelStepPixels
            let (dx, dy): (Double, Double) = [4: (0, -step), 5: (0, step), 6: (-step, 0), 7: (step, 0)][event.detail]!
            return TranslatedInput(serverTime: time, event: .scroll(dx: dx, dy: dy, touchpad: false, position: position))
        case XI_ButtonPress where event.detail == 2 || event.detail == 3:
            return pointer(.down, mouse, .mouse, button: Int(event.detail))
        case XI_ButtonPress where event.detail >= 8 && event.detail <= 255:
            return TranslatedInput(serverTime: time, event: .button(Int(event.detail)))
        case XI_ButtonRelease where event.detail == 1:
            return pointer(.up, mouse, .mouse)
        case XI_ButtonRelease where event.detail == 2 || event.detail == 3:
            return pointer(.up, mouse, .mouse, button: Int(event.detail))
        case XI_Motion:
            return pointer(.move, mouse, .mouse)
        case XI_TouchBegin:
            return pointer(.down, Int(UInt32(bitPattern: event.detail)), .touch)
        case XI_TouchUpdate:
            return pointer(.move, Int(UInt32(bitPattern: event.detail)), .touch)
        case XI_TouchEnd:
            return pointer(.up, Int(UInt32(bitPattern: event.detail)), .touch)
        default:
            return nil
        }
    }

    /// Translates an XI 2.4 touchpad swipe gesture event.
    ///
    /// - Parameter event: an `XIGestureSwipeEvent` (`XI_GestureSwipeBegin`, `...Update`, `...End`);
    ///   deltas in px of finger travel, positive x to the right; `detail` is the finger count.
    /// - Returns: the core `swipe` event (an end flagged `XIGestureSwipeEventCancelled` is a
    ///   cancel), or nil for other event types.
    public static func translate(_ event: XIGestureSwipeEvent) -> TranslatedInput? {
        let phase: SwipePhase
        switch event.evtype {
        case XI_GestureSwipeBegin: phase = .begin
        case XI_GestureSwipeUpdate: phase = .update
        case XI_GestureSwipeEnd: phase = event.flags & Int32(XIGestureSwipeEventCancelled) != 0 ? .cancel : .end
        default: return nil
        }
        return TranslatedInput(serverTime: UInt32(truncatingIfNeeded: event.time),
                               event: .swipe(phase: phase, dx: event.delta_x, dy: event.delta_y, fingers: Int(event.detail)))
    }
}
