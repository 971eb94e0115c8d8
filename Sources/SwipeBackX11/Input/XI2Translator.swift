// SPDX-License-Identifier: Apache-2.0
import CX11
import SwipeBackCore

/// All of the XI2-to-input translation, with the state it needs: smooth-scroll baselines and which
/// devices scroll like a touchpad, touch ownership, and the source device of each sequence held.
///
/// It asks the server nothing: what it must know of the devices comes in as arguments (the scroll
/// devices, whether a device is cut off from the window), so it is tested from zero-initialised XI
/// structs without a server. `XI2InputSource` owns the device queries and hands it events. It maps
/// the server's facts onto the input vocabulary of SPEC section 2 and decides nothing about
/// gestures: a sequence the server ended for the window without a release (a touch another client
/// took, an end from a device cut off from the window) is SPEC's `cancel`, "the system ended that
/// sequence", whatever the engine was doing with it.
public struct XI2Translator: Sendable {
    private var smoothScroll = SmoothScroll()
    private var touchOwnership = TouchOwnership()
    /// The sequences in progress (a held button, a touch), by pointer id: the slave device each
    /// came from, and its kind, to notice that device being cut off from the window.
    private var held: [Int: (source: Int32, device: PointerDevice)] = [:]

    /// Nothing known yet.
    public init() {}

    /// Whether a sequence (a held button, a touch) is in progress.
    public var hasHeldSequences: Bool { !held.isEmpty }

    /// Replaces what is known of the scroll devices (at start, and when devices change).
    ///
    /// - Parameter devices: each slave device's id, its scroll valuators and whether it is a touchpad.
    public mutating func setScrollDevices(_ devices: [(device: Int32, axes: [SmoothScroll.Axis], isTouchpad: Bool)]) {
        smoothScroll.removeAllDevices()
        for device in devices {
            smoothScroll.setDevice(device.device, axes: device.axes, isTouchpad: device.isTouchpad)
        }
    }

    /// The pointer entered the window: scroll counters moved while it was elsewhere, so new baselines.
    public mutating func pointerEntered() {
        smoothScroll.resetBaselines()
    }

    /// The server made this client the owner of a touch (`XI_TouchOwnership`).
    public mutating func didBecomeOwner(_ event: XITouchOwnershipEvent) {
        touchOwnership.didBecomeOwner(of: event.touchid)
    }

    /// Translates one XI2 device event into the core input it means, in order: a smooth-scroll
    /// delta read from its valuators, then the pointer, touch, wheel or button event.
    ///
    /// - Parameters:
    ///   - event: an `XIDeviceEvent` (`XI_ButtonPress`, `XI_ButtonRelease`, `XI_Motion`, `XI_Touch*`).
    ///   - isCutOff: whether a slave device no longer reaches the window (disabled, removed,
    ///     floated by another client's grab); asked of the release's device.
    /// - Returns: the events, each with the server time; empty when the event means nothing to the core.
    ///   A `TouchEnd` of a touch never owned (another client took it) and a release from a device
    ///   now cut off are system cancels, not releases.
    public mutating func translate(_ event: XIDeviceEvent, isCutOff: (Int32) -> Bool) -> [TranslatedInput] {
        var result: [TranslatedInput] = []
        if event.evtype == XI_Motion, let scroll = smoothScroll.delta(device: event.sourceid, valuators: Self.valuators(of: event)) {
            result.append(TranslatedInput(serverTime: UInt32(truncatingIfNeeded: event.time),
                                          event: .scroll(dx: scroll.dx, dy: scroll.dy, touchpad: smoothScroll.isTouchpad(event.sourceid),
                                                         position: Point(x: event.event_x, y: event.event_y))))
        }
        guard var input = XI2Translation.translate(event, smoothScrolling: smoothScroll.hasScrollValuators(event.sourceid)) else {
            return result
        }
        // Buttons 2 and 3 start no sequence: only button 1 and touches are held.
        if case .pointer(var pointer) = input.event, pointer.button == 1 {
            switch pointer.phase {
            case .down:
                held[pointer.id] = (event.sourceid, pointer.device)
            case .up:
                // An end from a device now cut off is the server ending the sequence for the device,
                // not a release: SPEC's `cancel`.
                if let source = held.removeValue(forKey: pointer.id)?.source, isCutOff(source) { pointer.phase = .cancel }
            case .cancel:
                held[pointer.id] = nil
            case .move:
                break
            }
            // A touch that ends without ever having been ours was taken by another client: a cancel.
            if event.evtype == XI_TouchEnd, touchOwnership.ended(UInt32(bitPattern: event.detail)) == .cancel {
                pointer.phase = .cancel
            }
            input.event = .pointer(pointer)
        }
        result.append(input)
        return result
    }

    /// Translates an XI 2.4 touchpad swipe gesture event; see `XI2Translation.translate(_:)`.
    public func translate(_ event: XIGestureSwipeEvent) -> TranslatedInput? {
        XI2Translation.translate(event)
    }

    /// Ends, as system cancels, the sequences whose device no longer reaches the window (so the
    /// rest of the drag and its release would go to another client and the window never hear the end).
    ///
    /// - Parameter isCutOff: whether a slave device is cut off from the window.
    /// - Returns: a cancel for each such sequence, in pointer id order (no server time: the caller
    ///   stamps them now).
    public mutating func cancelCutOffSequences(isCutOff: (Int32) -> Bool) -> [PointerInput] {
        let cutOff = held.filter { isCutOff($0.value.source) }
        return cutOff.keys.sorted().map { id in
            let sequence = held.removeValue(forKey: id)!
            return PointerInput(phase: .cancel, id: id, device: sequence.device, position: Point(x: 0, y: 0),
                                sourceDevice: Int(sequence.source))
        }
    }

    /// Forgets every sequence held (the window was unmapped: no ends will come).
    public mutating func forgetHeldSequences() {
        held = [:]
    }

    /// An event's valuator values by valuator number (the event lists only those in its mask, in order).
    public static func valuators(of event: XIDeviceEvent) -> [Int: Double] {
        guard let mask = event.valuators.mask, let values = event.valuators.values else { return [:] }
        var result: [Int: Double] = [:]
        var next = 0
        for bit in 0..<Int(event.valuators.mask_len) * 8 where swipeback_xi_mask_is_set(mask, Int32(bit)) != 0 {
            result[bit] = values[next]
            next += 1
        }
        return result
    }
}
