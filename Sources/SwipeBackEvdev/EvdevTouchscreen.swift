// SPDX-License-Identifier: Apache-2.0
import CEvdev
import Glibc
import SwipeBackCore
import SwipeBackInput

/// Why `swipeback input` cannot run, or a device could not be taken: one line, and the command
/// line's exit status.
public struct InputError: SwipeBackError {
    /// One line: what failed and what to do.
    public let description: String
    /// 2 for what the machine or the configuration must change (no access, a refused action), 1 else.
    public let exitStatus: Int32

    /// Creates the error.
    public init(_ description: String, exitStatus: Int32 = 1) {
        self.description = description
        self.exitStatus = exitStatus
    }
}

/// One touchscreen taken from the compositor: its evdev node read through libevdev, grabbed
/// (`EVIOCGRAB`) once no finger is on it, with a uinput twin in its place that has its name, ids,
/// properties and axes (resolution included), so the compositor and its udev rules treat the twin
/// as the screen. Every frame goes through a `TouchscreenGate`; the twin gets what the gate gives.
public final class EvdevTouchscreen {
    /// The device node, like `/dev/input/event5`.
    public let path: String
    /// Its sysfs path (udev's), to know it again on removal.
    public let syspath: String
    /// Its name, as the kernel has it.
    public let name: String
    /// The open node (non-blocking), for `poll`.
    public let descriptor: Int32
    private let device: OpaquePointer
    private var twin: OpaquePointer?
    private var gate: TouchscreenGate
    /// The gate as made, for a fresh start at each take: the twin starts with no contact and no
    /// axis, and so must the gate's idea of it.
    private let freshGate: TouchscreenGate
    private var frame: [EvdevEvent] = []

    /// The twin's sysfs path once it exists (its events node is not a touchscreen to take).
    public private(set) var twinSyspath: String?
    /// Whether the device is grabbed and the twin made.
    public var isTaken: Bool { twin != nil }

    /// Opens a device node and reads what it is.
    ///
    /// - Parameters:
    ///   - path: the node, `/dev/input/eventN`.
    ///   - syspath: its sysfs path.
    ///   - calibration: udev's `LIBINPUT_CALIBRATION_MATRIX` (six numbers), or a rotation's; nil for none.
    ///   - settings: the configuration and direction for the gate.
    /// - Returns: nil when it is not a direct multitouch device with slots (not a touchscreen this takes).
    /// - Throws: `InputError` (status 2) when the node cannot be opened for lack of permission.
    public init?(path: String, syspath: String, calibration: [Double]?, settings: SystemSwipeSettings) throws {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == EACCES || errno == EPERM {
                throw InputError("\(path): no permission to read the touchscreen; run swipeback input as its system unit (systemctl enable --now swipeback-input), which has the access it needs", exitStatus: 2)
            }
            return nil
        }
        var created: OpaquePointer?
        guard libevdev_new_from_fd(fd, &created) == 0, let created else {
            close(fd)
            return nil
        }
        guard libevdev_has_property(created, UInt32(INPUT_PROP_DIRECT)) != 0,
              libevdev_has_event_code(created, UInt32(EV_ABS), UInt32(ABS_MT_SLOT)) != 0,
              libevdev_has_event_code(created, UInt32(EV_ABS), UInt32(ABS_MT_POSITION_X)) != 0,
              libevdev_has_event_code(created, UInt32(EV_ABS), UInt32(ABS_MT_POSITION_Y)) != 0,
              let xInfo = libevdev_get_abs_info(created, UInt32(ABS_MT_POSITION_X)),
              let yInfo = libevdev_get_abs_info(created, UInt32(ABS_MT_POSITION_Y)) else {
            libevdev_free(created)
            close(fd)
            return nil
        }
        _ = libevdev_set_clock_id(created, CLOCK_MONOTONIC)
        func axis(_ info: UnsafePointer<input_absinfo>) -> TouchscreenGeometry.Axis {
            TouchscreenGeometry.Axis(minimum: info.pointee.minimum, maximum: info.pointee.maximum, resolution: info.pointee.resolution)
        }
        func emulationAxis(_ code: Int32) -> TouchscreenGeometry.Axis? {
            libevdev_get_abs_info(created, UInt32(code)).map(axis)
        }
        let keys = [Evdev.BTN_TOUCH] + Evdev.fingerCountKeys
        gate = TouchscreenGate(geometry: TouchscreenGeometry(x: axis(xInfo), y: axis(yInfo), calibration: calibration ?? TouchscreenGeometry.identity),
                               slots: Int(libevdev_get_num_slots(created)), settings: settings,
                               emulationKeys: keys.filter { libevdev_has_event_code(created, UInt32(EV_KEY), UInt32($0)) != 0 },
                               emulationX: emulationAxis(ABS_X), emulationY: emulationAxis(ABS_Y),
                               emulatesPressure: libevdev_has_event_code(created, UInt32(EV_ABS), UInt32(ABS_PRESSURE)) != 0)
        freshGate = gate
        self.path = path
        self.syspath = syspath
        name = libevdev_get_name(created).map { String(cString: $0) } ?? ""
        descriptor = fd
        device = created
    }

    deinit { letGo() }

    /// Whether a finger is on the device now (libevdev's slot state): then it is not taken yet,
    /// or the compositor would see a touch that never ends.
    public var hasFingersDown: Bool {
        (0..<max(libevdev_get_num_slots(device), 0)).contains { libevdev_get_slot_value(device, UInt32($0), UInt32(ABS_MT_TRACKING_ID)) >= 0 }
    }

    /// Makes the twin, then grabs the device (in that order, so no frame is lost between them).
    ///
    /// - Throws: `InputError` (status 2) when /dev/uinput cannot be opened, 1 when the grab fails
    ///   (another program holds it).
    public func take() throws {
        guard twin == nil else { return }
        var made: OpaquePointer?
        let status = libevdev_uinput_create_from_device(device, Int32(LIBEVDEV_UINPUT_OPEN_MANAGED.rawValue), &made)
        guard status == 0, let made else {
            throw InputError(status == -EACCES || status == -EPERM || status == -ENOENT
                ? "/dev/uinput: \(String(cString: strerror(-status))): the twin of \(name) cannot be made; run swipeback input as its system unit (systemctl enable --now swipeback-input), which has the access it needs, with the uinput module loaded"
                : "\(path): the twin cannot be made: \(String(cString: strerror(-status)))", exitStatus: status == -EACCES || status == -EPERM || status == -ENOENT ? 2 : 1)
        }
        let grabbed = libevdev_grab(device, LIBEVDEV_GRAB)
        guard grabbed == 0 else {
            libevdev_uinput_destroy(made)
            throw InputError("\(path): \(name) cannot be grabbed: \(String(cString: strerror(-grabbed))) (another program holds it)")
        }
        twin = made
        gate = freshGate
        // The axes as they stand: a contact that comes down where the last one lifted brings no
        // position (the kernel drops unchanged values).
        for slot in 0..<max(libevdev_get_num_slots(device), 0) {
            var axes: [UInt16: Int32] = [:]
            for code in Evdev.contactAxes where libevdev_has_event_code(device, UInt32(EV_ABS), UInt32(code)) != 0 {
                axes[code] = libevdev_get_slot_value(device, UInt32(slot), UInt32(code))
            }
            gate.seed(slot: Int(slot), axes: axes)
        }
        frame.removeAll()
        twinSyspath = libevdev_uinput_get_syspath(made).map { String(cString: $0) }
    }

    /// Reads every event waiting, hands each frame to the gate and writes the twin's frames.
    ///
    /// - Returns: the gate's decisions, in order; empty while the device is not taken (its frames
    ///   then go to the compositor by the device itself).
    /// - Throws: `InputError` when the device is gone (`ENODEV`) or a read fails.
    public func read() throws -> [TouchscreenGateOutput] {
        var decisions: [TouchscreenGateOutput] = []
        var event = input_event()
        var flag = UInt32(LIBEVDEV_READ_FLAG_NORMAL.rawValue)
        while true {
            let status = libevdev_next_event(device, flag, &event)
            if status == -EAGAIN {
                if flag == UInt32(LIBEVDEV_READ_FLAG_SYNC.rawValue) {
                    flag = UInt32(LIBEVDEV_READ_FLAG_NORMAL.rawValue)
                    continue
                }
                return decisions
            }
            guard status >= 0 else { throw InputError("\(path): \(String(cString: strerror(-status)))") }
            if status == Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue) {
                if event.type == UInt16(EV_SYN), event.code == UInt16(SYN_DROPPED) {
                    // Events were lost: libevdev gives the difference as one resync frame instead.
                    frame.removeAll()
                    flag = UInt32(LIBEVDEV_READ_FLAG_SYNC.rawValue)
                    continue
                }
            }
            if event.type == UInt16(EV_SYN), event.code == UInt16(SYN_REPORT) {
                let time = Double(event.time.tv_sec) * 1000 + Double(event.time.tv_usec) / 1000
                // Not taken yet: the compositor reads the device itself; libevdev keeps its state.
                if twin != nil { decisions += deliver(gate.frame(frame, at: time)) }
                frame.removeAll()
            } else if event.type != UInt16(EV_SYN) {
                frame.append(EvdevEvent(event.type, event.code, event.value))
            }
        }
    }

    /// When the gate next wants `expire`, ms on `CLOCK_MONOTONIC`; nil when nothing is held.
    public var nextDeadline: Double? { gate.nextDeadline }

    /// Whether a touch is held undecided (the watchdog watches the loop only then).
    public var isHolding: Bool { gate.nextDeadline != nil }

    /// Whether touches held from now on wait for the session side's answer (`TouchscreenGate.asksSession`).
    public var asksSession: Bool {
        get { gate.asksSession }
        set { gate.asksSession = newValue }
    }

    /// The session side's answer for the touch held in `slot` (`TouchscreenGate.answer`): writes
    /// the twin's frames, returns the decisions.
    ///
    /// - Parameters:
    ///   - slot: the slot of the gate's `held` output.
    ///   - exclude: whether the app under it keeps its edge touches.
    ///   - timeMilliseconds: now, ms on `CLOCK_MONOTONIC`.
    public func answer(slot: Int, exclude: Bool, at timeMilliseconds: Double) -> [TouchscreenGateOutput] {
        deliver(gate.answer(slot: slot, exclude: exclude, at: timeMilliseconds))
    }

    /// Whether the touch in `slot` still waits for the session side's answer (`TouchscreenGate.waitsForAnswer`).
    public func waitsForAnswer(slot: Int, at timeMilliseconds: Double) -> Bool { gate.waitsForAnswer(slot: slot, at: timeMilliseconds) }

    /// Gives held touches past their deadline to the twin.
    public func expire(at timeMilliseconds: Double) -> [TouchscreenGateOutput] { deliver(gate.expire(at: timeMilliseconds)) }

    /// Writes the twin's frames among `outputs`; returns the decisions.
    private func deliver(_ outputs: [TouchscreenGateOutput]) -> [TouchscreenGateOutput] {
        var decisions: [TouchscreenGateOutput] = []
        for output in outputs {
            if case .twin(let events) = output {
                guard let twin else { continue }
                for event in events { _ = libevdev_uinput_write_event(twin, UInt32(event.type), UInt32(event.code), event.value) }
            } else {
                decisions.append(output)
            }
        }
        return decisions
    }

    /// Gives held touches to the twin, lets the device go and destroys the twin (the compositor
    /// falls back to the device). Safe to call twice.
    public func letGo() {
        if twin != nil { _ = deliver(gate.finish()) }
        if let twin {
            _ = libevdev_grab(device, LIBEVDEV_UNGRAB)
            libevdev_uinput_destroy(twin)
            self.twin = nil
        }
        if descriptor >= 0, !closed {
            libevdev_free(device)
            close(descriptor)
            closed = true
        }
    }

    private var closed = false
}
