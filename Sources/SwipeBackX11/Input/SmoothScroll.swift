// SPDX-License-Identifier: Apache-2.0
/// XI 2.1 smooth scrolling: scroll valuators are absolute counters, so each event's delta is its
/// value less the last one seen, divided by the valuator's increment (one wheel step).
///
/// A baseline is kept per device and valuator, and dropped on enter and on a device change (the
/// counter may have moved while the events went elsewhere). The emulated wheel buttons (4-7) the
/// server also sends for such devices must not be counted a second time.
public struct SmoothScroll: Sendable {
    /// One scroll valuator of a device.
    public struct Axis: Equatable, Sendable {
        /// The valuator's number in the device's events.
        public var number: Int
        /// Horizontal (true) or vertical.
        public var horizontal: Bool
        /// The valuator's change for one wheel step; may be negative (an inverted wheel), never 0.
        public var increment: Double

        /// Creates an axis.
        public init(number: Int, horizontal: Bool, increment: Double) {
            self.number = number
            self.horizontal = horizontal
            self.increment = increment
        }
    }

    private var axes: [Int32: [Axis]] = [:]
    private var touchpads: Set<Int32> = []
    private var baselines: [Int32: [Int: Double]] = [:]

    /// No devices known yet.
    public init() {}

    /// Records a device's scroll valuators (replacing what was known of it) and drops its baselines.
    ///
    /// - Parameters:
    ///   - device: the slave device id (events' `sourceid`).
    ///   - axes: its scroll valuators; axes with a zero increment are left out.
    ///   - isTouchpad: whether its scrolling comes from fingers on a touchpad (it has XI 2.4
    ///     gestures, or dependent touch), not a wheel.
    public mutating func setDevice(_ device: Int32, axes: [Axis], isTouchpad: Bool) {
        self.axes[device] = axes.filter { $0.increment != 0 }
        if isTouchpad { touchpads.insert(device) } else { touchpads.remove(device) }
        baselines[device] = nil
    }

    /// Forgets every device (before they are read again).
    public mutating func removeAllDevices() {
        axes = [:]
        touchpads = []
        baselines = [:]
    }

    /// Drops the baselines of one device, or of all (on enter).
    public mutating func resetBaselines(device: Int32? = nil) {
        if let device { baselines[device] = nil } else { baselines = [:] }
    }

    /// Whether the device scrolls with valuators (then its emulated wheel buttons are duplicates).
    public func hasScrollValuators(_ device: Int32) -> Bool { !(axes[device] ?? []).isEmpty }

    /// Whether the device is a touchpad.
    public func isTouchpad(_ device: Int32) -> Bool { touchpads.contains(device) }

    /// The scroll of one event, in px (one wheel step is `XI2Translation.wheelStepPixels`);
    /// positive dx scrolls toward the right, positive dy down.
    ///
    /// - Parameters:
    ///   - device: the event's source device.
    ///   - valuators: the event's valuator values by number (only those in its mask).
    /// - Returns: nil when the event carries no scroll valuator of the device, or only ones seen
    ///   for the first time since a reset (they set the baseline); (0, 0) when the valuators did not
    ///   move: the fingers were lifted.
    public mutating func delta(device: Int32, valuators: [Int: Double]) -> (dx: Double, dy: Double)? {
        guard let deviceAxes = axes[device] else { return nil }
        var dx = 0.0, dy = 0.0, present = false, fresh = false
        for axis in deviceAxes {
            guard let value = valuators[axis.number] else { continue }
            present = true
            if let last = baselines[device]?[axis.number] {
                let px = (value - last) / axis.increment * XI2Translation.wheelStepPixels
                if axis.horizontal { dx += px } else { dy += px }
            } else {
                fresh = true
            }
            baselines[device, default: [:]][axis.number] = value
        }
        guard present, !fresh || dx != 0 || dy != 0 else { return nil }
        return (dx, dy)
    }
}
