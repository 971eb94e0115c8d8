// SPDX-License-Identifier: Apache-2.0
import CEvdev
import Glibc

/// Finds the touchscreens through libudev and follows hotplug: the event nodes udev tags
/// `ID_INPUT_TOUCHSCREEN`, and the ones udev has not classified yet (no `ID_INPUT`), which
/// `EvdevTouchscreen` then checks for a direct multitouch device itself.
public final class TouchscreenFinder {
    /// A device node that may be a touchscreen.
    public struct Candidate: Equatable, Sendable {
        /// The node, `/dev/input/eventN`.
        public var path: String
        /// Its sysfs path.
        public var syspath: String
        /// udev's `LIBINPUT_CALIBRATION_MATRIX`, six numbers; nil when it has none.
        public var calibration: [Double]?
    }

    /// A change udev reported.
    public enum Change: Equatable, Sendable {
        /// A node came (or changed, as udev's `change`).
        case added(Candidate)
        /// A node went.
        case removed(syspath: String)
    }

    private let udev: OpaquePointer
    private let monitor: OpaquePointer
    /// The monitor's socket, readable when udev has news.
    public let descriptor: Int32

    /// Connects to udev and starts listening to input devices' hotplug.
    ///
    /// - Throws: `InputError` when udev cannot be reached.
    public init() throws {
        guard let udev = udev_new() else { throw InputError("cannot reach udev (libudev: udev_new failed)") }
        guard let monitor = udev_monitor_new_from_netlink(udev, "udev") else {
            udev_unref(udev)
            throw InputError("cannot listen to udev's device events (udev_monitor_new_from_netlink failed)")
        }
        _ = udev_monitor_filter_add_match_subsystem_devtype(monitor, "input", nil)
        _ = udev_monitor_enable_receiving(monitor)
        self.udev = udev
        self.monitor = monitor
        descriptor = udev_monitor_get_fd(monitor)
    }

    deinit {
        udev_monitor_unref(monitor)
        udev_unref(udev)
    }

    /// The candidates there now.
    public func current() -> [Candidate] {
        guard let enumerate = udev_enumerate_new(udev) else { return [] }
        defer { udev_enumerate_unref(enumerate) }
        _ = udev_enumerate_add_match_subsystem(enumerate, "input")
        _ = udev_enumerate_scan_devices(enumerate)
        var found: [Candidate] = []
        var entry = udev_enumerate_get_list_entry(enumerate)
        while let current = entry {
            if let name = udev_list_entry_get_name(current), let device = udev_device_new_from_syspath(udev, name) {
                if let candidate = Self.candidate(device) { found.append(candidate) }
                udev_device_unref(device)
            }
            entry = udev_list_entry_get_next(current)
        }
        return found.sorted { $0.path < $1.path }
    }

    /// The changes waiting on the monitor (call when `descriptor` is readable).
    public func changes() -> [Change] {
        var changes: [Change] = []
        while let device = udev_monitor_receive_device(monitor) {
            defer { udev_device_unref(device) }
            let action = udev_device_get_action(device).map { String(cString: $0) } ?? ""
            let syspath = udev_device_get_syspath(device).map { String(cString: $0) } ?? ""
            if action == "remove" {
                changes.append(.removed(syspath: syspath))
            } else if let candidate = Self.candidate(device) {
                changes.append(.added(candidate))
            }
        }
        return changes
    }

    private static func property(_ device: OpaquePointer, _ name: String) -> String? {
        udev_device_get_property_value(device, name).map { String(cString: $0) }
    }

    /// A candidate when `device` is an event node tagged a touchscreen, or not classified yet.
    private static func candidate(_ device: OpaquePointer) -> Candidate? {
        guard let node = udev_device_get_devnode(device).map({ String(cString: $0) }), node.hasPrefix("/dev/input/event"),
              let syspath = udev_device_get_syspath(device).map({ String(cString: $0) }) else { return nil }
        let unclassified = property(device, "ID_INPUT") == nil
        guard property(device, "ID_INPUT_TOUCHSCREEN") == "1" || unclassified else { return nil }
        let matrix = property(device, "LIBINPUT_CALIBRATION_MATRIX").map { $0.split(separator: " ").compactMap { Double($0) } }
        return Candidate(path: node, syspath: syspath, calibration: matrix?.count == 6 ? matrix : nil)
    }
}
