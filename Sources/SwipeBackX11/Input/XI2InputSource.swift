// SPDX-License-Identifier: Apache-2.0
import CX11
import SwipeBackCore

/// A window's XI2 input: the events' data in, core input out, with the server's time of each.
///
/// It owns the translation state (`XI2Translator`), keeps the devices' scroll valuators current
/// (at start, on hierarchy and device changes), selects the events again when devices change, and
/// checks held sequences' devices for another client's grab every `grabCheckIntervalMilliseconds`.
/// What the input means is the engine's business: this type only reads it.
final class XI2InputSource {
    /// How often a held button's or touch's device is checked for another client's grab, in ms.
    static let grabCheckIntervalMilliseconds = 100.0

    private let devices: XI2Devices
    private var translator = XI2Translator()
    /// When the held sequences' devices were last checked, app clock ms.
    private var lastGrabCheck = 0.0

    /// The input from `devices`, their scroll valuators read now.
    init(devices: XI2Devices) {
        self.devices = devices
        loadScrollDevices()
    }

    /// When the held sequences' devices are due to be checked, app clock ms; nil when none is held.
    var nextGrabCheck: Double? {
        translator.hasHeldSequences ? lastGrabCheck + Self.grabCheckIntervalMilliseconds : nil
    }

    private func loadScrollDevices() {
        translator.setScrollDevices(devices.scrollDevices())
    }

    /// One XI2 event's data (from `EventCookie`), at `now` (app clock ms).
    ///
    /// - Parameters:
    ///   - evtype: the XI2 event type.
    ///   - data: its data, valid during the call.
    ///   - now: the app clock, ms.
    /// - Returns: the core input it carries, each with its server time, and the system cancels of
    ///   sequences whose device a change cut off (they have no server time: they happen now).
    func read(evtype: Int32, data: UnsafeMutableRawPointer, now: Double) -> (inputs: [TranslatedInput], cancels: [PointerInput]) {
        switch evtype {
        case XI_TouchOwnership:
            translator.didBecomeOwner(data.assumingMemoryBound(to: XITouchOwnershipEvent.self).pointee)
            return ([], [])
        case XI_HierarchyChanged:
            // A device was added, removed, enabled, disabled or floated: select again so the new
            // set of devices delivers to the window, and end the sequences of a device cut off.
            try? devices.selectInput()
            loadScrollDevices()
            return ([], cutOffSequences())
        case XI_DeviceChanged:
            // A device's classes changed (or the master switched slaves): its scroll valuators and
            // their counters start afresh.
            loadScrollDevices()
            return ([], [])
        case XI_Enter:
            // Scroll counters moved while the pointer was elsewhere: new baselines.
            translator.pointerEntered()
            return ([], [])
        case XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd:
            let gesture = data.assumingMemoryBound(to: XIGestureSwipeEvent.self).pointee
            return (translator.translate(gesture).map { [$0] } ?? [], [])
        default:
            let device = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
            let wasHolding = translator.hasHeldSequences
            let inputs = translator.translate(device) { [devices] in devices.isCutOff(device: $0) }
            if !wasHolding, translator.hasHeldSequences { lastGrabCheck = now }
            return (inputs, [])
        }
    }

    /// When a check is due at `now` (app clock ms), the system cancels of held sequences whose
    /// device no longer reaches the window (`XI2Translator.cancelCutOffSequences`).
    func checkHeldDevices(now: Double) -> [PointerInput] {
        guard translator.hasHeldSequences, now - lastGrabCheck >= Self.grabCheckIntervalMilliseconds else { return [] }
        lastGrabCheck = now
        return cutOffSequences()
    }

    /// The window was unmapped: no ends will come for the sequences held.
    func forgetHeldSequences() {
        translator.forgetHeldSequences()
    }

    private func cutOffSequences() -> [PointerInput] {
        translator.cancelCutOffSequences { [devices] in devices.isCutOff(device: $0) }
    }
}
