// SPDX-License-Identifier: Apache-2.0
import CEvdev
import Glibc
import SwipeBackCore
import SwipeBackInput

/// `swipeback input`'s own keyboard and mouse (uinput), through which it sends back and forward:
/// a key chord goes to the app with the keyboard focus, a button to the one under the pointer.
/// Two devices, so udev tags each as what it is (a keyboard, a mouse).
public final class VirtualInput {
    private let keyboard: OpaquePointer
    private let mouse: OpaquePointer

    /// Makes both devices, named "SwipeBack keyboard" and "SwipeBack mouse".
    ///
    /// - Throws: `InputError` (status 2) when /dev/uinput cannot be opened.
    public init() throws {
        keyboard = try Self.make(name: "SwipeBack keyboard") { device in
            _ = libevdev_enable_event_type(device, UInt32(EV_KEY))
            for code in EvdevKeys.all { _ = libevdev_enable_event_code(device, UInt32(EV_KEY), UInt32(code), nil) }
        }
        do {
            mouse = try Self.make(name: "SwipeBack mouse") { device in
                _ = libevdev_enable_property(device, UInt32(INPUT_PROP_POINTER))
                _ = libevdev_enable_event_type(device, UInt32(EV_REL))
                for code in [REL_X, REL_Y] { _ = libevdev_enable_event_code(device, UInt32(EV_REL), UInt32(code), nil) }
                _ = libevdev_enable_event_type(device, UInt32(EV_KEY))
                for number in [1, 2, 3, 8, 9] {
                    _ = libevdev_enable_event_code(device, UInt32(EV_KEY), UInt32(EvdevKeys.button(number)!), nil)
                }
            }
        } catch {
            libevdev_uinput_destroy(keyboard)
            throw error
        }
    }

    deinit {
        libevdev_uinput_destroy(keyboard)
        libevdev_uinput_destroy(mouse)
    }

    private static func make(name: String, _ configure: (OpaquePointer) -> Void) throws -> OpaquePointer {
        guard let device = libevdev_new() else { throw InputError("cannot make a virtual device: out of memory") }
        defer { libevdev_free(device) }
        libevdev_set_name(device, name)
        libevdev_set_id_bustype(device, Int32(BUS_VIRTUAL))
        configure(device)
        var made: OpaquePointer?
        let status = libevdev_uinput_create_from_device(device, Int32(LIBEVDEV_UINPUT_OPEN_MANAGED.rawValue), &made)
        guard status == 0, let made else {
            let denied = status == -EACCES || status == -EPERM || status == -ENOENT
            throw InputError(denied
                ? "/dev/uinput: \(String(cString: strerror(-status))): run swipeback input as its system unit (systemctl enable --now swipeback-input), which has the access it needs, with the uinput module loaded"
                : "/dev/uinput: \(name) cannot be made: \(String(cString: strerror(-status)))", exitStatus: denied ? 2 : 1)
        }
        return made
    }

    /// Whether `action` can be sent at the device level: a key chord of keys the keyboard has, a
    /// mouse button it has, or none. A command is refused (it would run as root).
    ///
    /// - Returns: nil when it can; else what was expected, for a one-line message.
    public static func problem(with action: SystemAction) -> String? {
        switch action {
        case .none: nil
        case .key(let chord): EvdevKeys.codes(ofChord: chord) == nil ? "a key chord of keys the virtual keyboard has (\"\(chord.key)\" is not one)" : nil
        case .button(let number): EvdevKeys.button(number) == nil ? "a button the virtual mouse has (1, 2, 3, 8, 9), not \(number)" : nil
        case .command: "key:CHORD, button:N or none: swipeback input refuses a command (it would run as root)"
        }
    }

    /// The configuration reader's check of `swipeback input`'s actions (`inputBackAction`,
    /// `inputForwardAction`): what `problem(with:)` says.
    public static let check = SystemActionCheck(keys: ["inputBackAction", "inputForwardAction"], problem: problem(with:))

    /// Sends `action`: a chord's keys pressed in order and released in reverse, or a button's
    /// press and release, each in a frame of its own.
    ///
    /// - Returns: false when it cannot be sent here (see `problem(with:)`).
    @discardableResult
    public func send(_ action: SystemAction) -> Bool {
        switch action {
        case .none: return true
        case .key(let chord):
            guard let codes = EvdevKeys.codes(ofChord: chord) else { return false }
            for code in codes { press(keyboard, code, 1) }
            for code in codes.reversed() { press(keyboard, code, 0) }
            return true
        case .button(let number):
            guard let code = EvdevKeys.button(number) else { return false }
            press(mouse, code, 1)
            press(mouse, code, 0)
            return true
        case .command:
            return false
        }
    }

    private func press(_ device: OpaquePointer, _ code: UInt16, _ value: Int32) {
        _ = libevdev_uinput_write_event(device, UInt32(EV_KEY), UInt32(code), value)
        _ = libevdev_uinput_write_event(device, UInt32(EV_SYN), UInt32(SYN_REPORT), 0)
    }
}
