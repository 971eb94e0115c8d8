// SPDX-License-Identifier: Apache-2.0
import SwipeBackCore
import SwipeBackInput

/// What a consumer of the twin device (libinput, a compositor) makes of its frames: slot state as
/// the kernel keeps it, and each contact's life as a list of its points, by tracking id.
struct TwinObserver {
    struct Touch: Equatable {
        var trackingID: Int32
        var points: [[Int32]] = []
        var ended = false
    }

    private var slot = 0
    private var positions: [Int: (x: Int32, y: Int32)] = [:]
    private var active: [Int: Int] = [:]
    /// Every contact the twin showed, in the order they came down.
    private(set) var touches: [Touch] = []
    /// `BTN_TOUCH` as the twin says it now.
    private(set) var touching: Int32 = 0
    /// Frames seen.
    private(set) var frames = 0

    /// Applies one twin frame (it must end with SYN_REPORT).
    mutating func apply(_ frame: [EvdevEvent]) {
        precondition(frame.last == EvdevEvent.report, "a twin frame ends with SYN_REPORT: \(frame)")
        frames += 1
        var moved: Set<Int> = []
        for event in frame.dropLast() {
            switch (event.type, event.code) {
            case (Evdev.EV_ABS, Evdev.ABS_MT_SLOT): slot = Int(event.value)
            case (Evdev.EV_ABS, Evdev.ABS_MT_TRACKING_ID):
                if event.value < 0 {
                    if let index = active[slot] { touches[index].ended = true }
                    active[slot] = nil
                } else {
                    precondition(active[slot] == nil, "a new contact in slot \(slot) before the last one ended")
                    touches.append(Touch(trackingID: event.value))
                    active[slot] = touches.count - 1
                    moved.insert(slot)
                }
            case (Evdev.EV_ABS, Evdev.ABS_MT_POSITION_X):
                positions[slot, default: (0, 0)].x = event.value
                moved.insert(slot)
            case (Evdev.EV_ABS, Evdev.ABS_MT_POSITION_Y):
                positions[slot, default: (0, 0)].y = event.value
                moved.insert(slot)
            case (Evdev.EV_KEY, Evdev.BTN_TOUCH): touching = event.value
            default: break
            }
        }
        for changed in moved.sorted() {
            guard let index = active[changed], let position = positions[changed] else { continue }
            touches[index].points.append([position.x, position.y])
        }
    }

    /// Applies every twin frame of `outputs`.
    mutating func apply(_ outputs: [TouchscreenGateOutput]) {
        for output in outputs { if case .twin(let frame) = output { apply(frame) } }
    }
}

/// Builds device frames of a protocol B touchscreen.
enum DeviceFrame {
    static func down(_ slot: Int32, id: Int32, x: Int32, y: Int32) -> [EvdevEvent] {
        [EvdevEvent(Evdev.EV_ABS, Evdev.ABS_MT_SLOT, slot), EvdevEvent(Evdev.EV_ABS, Evdev.ABS_MT_TRACKING_ID, id),
         EvdevEvent(Evdev.EV_ABS, Evdev.ABS_MT_POSITION_X, x), EvdevEvent(Evdev.EV_ABS, Evdev.ABS_MT_POSITION_Y, y)]
    }

    static func move(_ slot: Int32, x: Int32? = nil, y: Int32? = nil) -> [EvdevEvent] {
        [EvdevEvent(Evdev.EV_ABS, Evdev.ABS_MT_SLOT, slot)]
            + (x.map { [EvdevEvent(Evdev.EV_ABS, Evdev.ABS_MT_POSITION_X, $0)] } ?? [])
            + (y.map { [EvdevEvent(Evdev.EV_ABS, Evdev.ABS_MT_POSITION_Y, $0)] } ?? [])
    }

    static func up(_ slot: Int32) -> [EvdevEvent] {
        [EvdevEvent(Evdev.EV_ABS, Evdev.ABS_MT_SLOT, slot), EvdevEvent(Evdev.EV_ABS, Evdev.ABS_MT_TRACKING_ID, -1)]
    }
}
