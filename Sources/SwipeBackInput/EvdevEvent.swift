// SPDX-License-Identifier: Apache-2.0
/// One evdev event as the kernel's `struct input_event` carries it, less its time (frames are
/// timed as a whole, by their SYN_REPORT).
public struct EvdevEvent: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The event type (`EV_ABS`, `EV_KEY`, ...).
    public var type: UInt16
    /// The code within the type (`ABS_MT_POSITION_X`, `BTN_TOUCH`, ...).
    public var code: UInt16
    /// The value: an axis position in device units, 1 or 0 for a key, a slot, a tracking id.
    public var value: Int32

    /// Creates an event.
    public init(_ type: UInt16, _ code: UInt16, _ value: Int32) {
        self.type = type
        self.code = code
        self.value = value
    }

    /// `type:code=value`, in hex codes as `evtest` prints them.
    public var description: String { "\(type):0x\(String(code, radix: 16))=\(value)" }

    /// The `SYN_REPORT` that ends a frame.
    public static let report = EvdevEvent(Evdev.EV_SYN, Evdev.SYN_REPORT, 0)
}

/// The kernel's input event codes this package uses (`linux/input-event-codes.h`, a stable ABI),
/// spelled as there so they can be looked up.
public enum Evdev {
    /// Event types.
    public static let EV_SYN: UInt16 = 0x00, EV_KEY: UInt16 = 0x01, EV_ABS: UInt16 = 0x03, EV_MSC: UInt16 = 0x04
    /// Synchronisation: the end of a frame, and the kernel's word that events were lost.
    public static let SYN_REPORT: UInt16 = 0, SYN_DROPPED: UInt16 = 3
    /// The touch and finger-count keys of a touchscreen's single-touch emulation.
    public static let BTN_TOUCH: UInt16 = 0x14a, BTN_TOOL_FINGER: UInt16 = 0x145, BTN_TOOL_DOUBLETAP: UInt16 = 0x14d,
                      BTN_TOOL_TRIPLETAP: UInt16 = 0x14e, BTN_TOOL_QUADTAP: UInt16 = 0x14f, BTN_TOOL_QUINTTAP: UInt16 = 0x148
    /// The finger-count keys by count: index 0 is one finger.
    public static let fingerCountKeys = [BTN_TOOL_FINGER, BTN_TOOL_DOUBLETAP, BTN_TOOL_TRIPLETAP, BTN_TOOL_QUADTAP, BTN_TOOL_QUINTTAP]
    /// Single-touch axes.
    public static let ABS_X: UInt16 = 0x00, ABS_Y: UInt16 = 0x01, ABS_PRESSURE: UInt16 = 0x18
    /// Multitouch protocol B: the slot being written, the contact's axes, its tracking id.
    public static let ABS_MT_SLOT: UInt16 = 0x2f, ABS_MT_POSITION_X: UInt16 = 0x35, ABS_MT_POSITION_Y: UInt16 = 0x36,
                      ABS_MT_TRACKING_ID: UInt16 = 0x39, ABS_MT_PRESSURE: UInt16 = 0x3a
    /// Every per-contact axis: ABS_MT_TOUCH_MAJOR (0x30) through ABS_MT_TOOL_Y (0x3d), less the
    /// tracking id (0x39), which begins and ends a contact rather than describing it.
    public static let contactAxes: [UInt16] = (0x30...0x3d).filter { $0 != 0x39 }
    /// The device's own clock, µs.
    public static let MSC_TIMESTAMP: UInt16 = 0x05
    /// `INPUT_PROP_DIRECT`: a touchscreen (the touch is on the display), not a touchpad.
    public static let INPUT_PROP_DIRECT: UInt32 = 0x01
}
