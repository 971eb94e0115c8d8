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
    /// The pointer id of a mouse sequence: the negated id of the master device, so it never
    /// collides with a touch id (touch ids are positive).
    public static func mouseID(deviceID: Int32) -> Int { -Int(deviceID) }

    /// Translates one XI2 device event.
    ///
    /// - Parameter event: an `XIDeviceEvent` whose `evtype` is `XI_ButtonPress`, `XI_ButtonRelease`,
    ///   `XI_Motion`, `XI_TouchBegin`, `XI_TouchUpdate` or `XI_TouchEnd`; positions are the
    ///   event window's (`event_x`, `event_y`, px).
    /// - Returns: the core event, or nil for events the core does not take: pointer events the
    ///   server emulates from a touch (`XIPointerEmulated`), buttons other than 1, 8 and 9, and
    ///   other event types.
    public static func translate(_ event: XIDeviceEvent) -> TranslatedInput? {
        let time = UInt32(truncatingIfNeeded: event.time)
        let position = Point(x: event.event_x, y: event.event_y)
        let isPointerEvent = event.evtype == XI_ButtonPress || event.evtype == XI_ButtonRelease || event.evtype == XI_Motion
        // The server's pointer emulation of the first touch: the touch events themselves carry it.
        if isPointerEvent && event.flags & Int32(XIPointerEmulated) != 0 { return nil }
        func pointer(_ phase: PointerPhase, _ id: Int, _ device: PointerDevice) -> TranslatedInput {
            TranslatedInput(serverTime: time, event: .pointer(PointerInput(phase: phase, id: id, device: device, position: position)))
        }
        let mouse = mouseID(deviceID: event.deviceid)
        switch event.evtype {
        case XI_ButtonPress where event.detail == 1:
            return pointer(.down, mouse, .mouse)
        case XI_ButtonPress where event.detail == 8 || event.detail == 9:
            return TranslatedInput(serverTime: time, event: .button(Int(event.detail)))
        case XI_ButtonRelease where event.detail == 1:
            return pointer(.up, mouse, .mouse)
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
}
