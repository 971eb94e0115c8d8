// SPDX-License-Identifier: Apache-2.0
import CX11

/// The XInput 2 requests every host makes the same way: the extension and its version, event
/// masks, event selection and the touch grab. The window (`X11Window`, `XI2Devices`) and
/// `swipeback system` (its grab and its watchdog) use them.
public enum XInput2 {
    /// The extension as the server has it.
    public struct Version: Sendable, Equatable {
        /// The extension's major opcode (an XI2 event's `extension`).
        public var opcode: Int32
        /// The version the server speaks (what Xlib left when the request failed).
        public var major: Int32, minor: Int32
        /// Whether the server answered the version request (a server without XI 2 refuses it).
        public var speaksXI2: Bool

        /// Whether it has touch events and grabs (2.2 or later).
        public var hasTouch: Bool { speaksXI2 && (major > 2 || (major == 2 && minor >= 2)) }
        /// Whether it has touchpad gesture events (2.4 or later).
        public var hasGestures: Bool { speaksXI2 && (major > 2 || (major == 2 && minor >= 4)) }
    }

    /// Asks the server for the extension, announcing that this client speaks 2.`minor`.
    ///
    /// - Parameters:
    ///   - display: an open connection.
    ///   - minor: the highest 2.x this client speaks (the server answers with the lower of its own
    ///     and this; a connection's first answer stands for the connection).
    /// - Returns: the opcode and version; nil when the server has no XInput extension.
    public static func query(_ display: OpaquePointer, speaking minor: Int32) -> Version? {
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        guard XQueryExtension(display, "XInputExtension", &opcode, &event, &error) != 0 else { return nil }
        var major: Int32 = 2, answered = minor
        let status = XIQueryVersion(display, &major, &answered)
        return Version(opcode: opcode, major: major, minor: answered, speaksXI2: status == Success)
    }

    /// The mask bytes for `events` (`XI_TouchBegin`, ...).
    public static func mask(_ events: [Int32]) -> [UInt8] {
        var mask = [UInt8](repeating: 0, count: Int(swipeback_xi_mask_len(XI_LASTEVENT)))
        for event in events { swipeback_xi_set_mask(&mask, event) }
        return mask
    }

    /// Selects `events` from `device` (`XIAllDevices`, `XIAllMasterDevices` or one device) on `window`.
    ///
    /// - Returns: the request's status as Xlib gives it (errors come through the error handler).
    @discardableResult
    public static func select(_ events: [Int32], from device: Int32, on window: Window, display: OpaquePointer) -> Int32 {
        var bytes = mask(events)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            var eventMask = XIEventMask(deviceid: device, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            return XISelectEvents(display, window, &eventMask, 1)
        }
    }

    /// A passive touch grab on `window` for every master device and any modifiers, for `events`
    /// (`XIGrabTouchBegin`).
    ///
    /// - Returns: 0 when the grab was taken; otherwise the server's failure (another client holds it).
    public static func grabTouchBegin(_ events: [Int32], on window: Window, display: OpaquePointer) -> Int32 {
        var bytes = mask(events)
        var modifiers = XIGrabModifiers(modifiers: Int32(bitPattern: UInt32(XIAnyModifier)), status: 0)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            var eventMask = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            return XIGrabTouchBegin(display, XIAllMasterDevices, window, 0, &eventMask, 1, &modifiers)
        }
    }
}
