// SPDX-License-Identifier: Apache-2.0
import SwipeBackCore

/// What the gate does with a frame of the touchscreen.
public enum TouchscreenGateOutput: Sendable {
    /// A frame for the twin device (ending with `SYN_REPORT`), to write as it is.
    case twin([EvdevEvent])
    /// A touch came down in a strip and is held; only while `asksSession` is on, so the service can
    /// ask its session side about it (`answer(slot:exclude:at:)`).
    case held(slot: Int, swipe: SystemSwipe)
    /// A touch went to the twin for `reason`; `point` (display px at 96 dpi) only for a touch
    /// that came down in a strip.
    case rejected(slot: Int, point: Point?, reason: SystemRejectReason)
    /// A touch became a swipe: the twin never sees it.
    case accepted(slot: Int, swipe: SystemSwipe)
    /// An accepted swipe's finger moved; `wouldCommit` is what a release now decides.
    case moved(slot: Int, swipe: SystemSwipe, wouldCommit: Bool)
    /// An accepted swipe's finger lifted.
    case released(slot: Int, swipe: SystemSwipe, release: SystemRelease)
}

/// Stands between a multitouch touchscreen (protocol B) and its twin, deciding each touch with the
/// system swipe's rules (`SystemSwipe`): a touch that comes down outside the edge strips goes to
/// the twin in the frame that brought it; one in a strip is held until decided, then either given
/// to the twin from its first point, frame by frame as it came (vertical, outward, a tap, the
/// timeout, a second finger), or kept from it (a swipe). Other fingers are never held back.
///
/// The twin's frames are made from the difference between the device's contacts and what the
/// twin has been shown, slot by slot, so a held contact the twin never saw cannot leave it a stale
/// axis; the single-touch emulation (`BTN_TOUCH`, the finger-count keys, `ABS_X`/`ABS_Y`) follows
/// the contacts the twin shows, its oldest one as the pointer, as the kernel's does.
///
/// With `asksSession` on (a session side is connected), a touch held in a strip also waits for the
/// session's answer (is its app excluded?) before it is kept as a swipe: a swipe that comes
/// before the answer stays held, and one that lifts before it waits with its lift, until the
/// answer or `systemDecisionTimeout` after it came down, whichever is first; past that the gate
/// decides alone, so no touch waits on the session longer than the timeout. An excluded touch goes
/// to the twin whole, from its first point.
///
/// A pure value: frames and their times come in (ms on one monotonic clock), frames and decisions
/// go out.
public struct TouchscreenGate: Sendable {
    private struct Contact: Equatable {
        var trackingID: Int32 = -1
        var axes: [UInt16: Int32] = [:]
    }

    private enum Status {
        case idle
        /// The twin shows it (or is about to).
        case shown
        /// Undecided: the twin has not seen it; every frame of it so far, to give it from its first point.
        case held(SystemSwipe, frames: [Contact])
        /// A swipe: the twin never sees it.
        case kept(SystemSwipe)
        /// A swipe by the rules that waits for the session's answer; every frame of it so far.
        case ready(SystemSwipe, frames: [Contact])
        /// A swipe that lifted while it waited for the answer (the slot is free on the device).
        case lifted(SystemSwipe, frames: [Contact], release: SystemRelease)
    }

    /// Whether touches held from now on wait for a session's answer (`answer(slot:exclude:at:)`).
    public var asksSession = false

    private let geometry: TouchscreenGeometry
    private let area: ScreenArea
    private let settings: SystemSwipeSettings
    /// The keys and axes of the single-touch emulation the device has (and so the twin has).
    private let emulation: (keys: [UInt16], x: TouchscreenGeometry.Axis?, y: TouchscreenGeometry.Axis?, pressure: Bool)
    private var device: [Contact]
    private var twin: [Contact]
    private var status: [Status]
    /// Until when each slot's touch waits for the session's answer, ms; nil once answered or not asked.
    private var asking: [Double?]
    /// When each slot's contact came down, in frames seen: the oldest shown contact is the pointer.
    private var started: [Int]
    private var frameCount = 0
    private var deviceSlot = 0
    private var twinSlot = -1
    private var twinKeys: [UInt16: Int32] = [:]
    private var twinPointer: (x: Int32, y: Int32, pressure: Int32)?

    /// Creates the gate for a device.
    ///
    /// - Parameters:
    ///   - geometry: the device's axes and calibration.
    ///   - slots: its number of slots (`ABS_MT_SLOT`'s maximum plus one), 1 or more.
    ///   - settings: the configuration's `system...` keys, touch slop and decision, and direction.
    ///   - emulationKeys: the single-touch keys it has (`BTN_TOUCH`, `BTN_TOOL_FINGER`, ...).
    ///   - emulationX, emulationY: its `ABS_X` and `ABS_Y` axes; nil when it has none.
    ///   - emulatesPressure: whether it has `ABS_PRESSURE` beside `ABS_MT_PRESSURE`.
    public init(geometry: TouchscreenGeometry, slots: Int, settings: SystemSwipeSettings, emulationKeys: [UInt16] = [],
                emulationX: TouchscreenGeometry.Axis? = nil, emulationY: TouchscreenGeometry.Axis? = nil, emulatesPressure: Bool = false) {
        self.geometry = geometry
        area = geometry.area
        self.settings = settings
        emulation = (emulationKeys, emulationX, emulationY, emulatesPressure)
        let count = max(slots, 1)
        device = Array(repeating: Contact(), count: count)
        twin = device
        status = Array(repeating: .idle, count: count)
        asking = Array(repeating: nil, count: count)
        started = Array(repeating: 0, count: count)
    }

    /// Sets the device's axes in `slot` as they are before the first frame (what libevdev read when
    /// it opened the device): the kernel leaves out of a frame every axis whose value has not
    /// changed in its slot, so a contact that comes down where the last one was brings no position.
    ///
    /// - Parameters:
    ///   - slot: the slot, 0 up to the slot count.
    ///   - axes: per-contact axes (`Evdev.contactAxes`) and their values, device units.
    public mutating func seed(slot: Int, axes: [UInt16: Int32]) {
        guard device.indices.contains(slot) else { return }
        device[slot].axes.merge(axes.filter { Evdev.contactAxes.contains($0.key) }) { $1 }
    }

    /// When the oldest held touch times out or stops waiting for the session, ms; nil when none is held.
    public var nextDeadline: Double? {
        let held = status.compactMap { if case .held(let swipe, _) = $0 { swipe.deadlineMilliseconds } else { nil } }
        return (held + asking.compactMap { $0 }).min()
    }

    /// Whether any touch is down on the device (a grab is taken only when none is).
    public var hasContacts: Bool { device.contains { $0.trackingID >= 0 } }

    /// Takes one frame of the device (its events up to, not including, `SYN_REPORT`).
    ///
    /// - Parameters:
    ///   - events: the frame's events, as read (after libevdev's resync on `SYN_DROPPED`).
    ///   - timeMilliseconds: the frame's time, ms.
    /// - Returns: what to do, in order: twin frames to write and decisions to report.
    public mutating func frame(_ events: [EvdevEvent], at timeMilliseconds: Double) -> [TouchscreenGateOutput] {
        frameCount += 1
        var out: [TouchscreenGateOutput] = []
        var touched: [Int] = [], began: Set<Int> = [], passThrough: [EvdevEvent] = []
        func touch(_ slot: Int) { if !touched.contains(slot) { touched.append(slot) } }
        for event in events {
            switch (event.type, event.code) {
            case (Evdev.EV_ABS, Evdev.ABS_MT_SLOT):
                deviceSlot = min(max(Int(event.value), 0), device.count - 1)
            case (Evdev.EV_ABS, Evdev.ABS_MT_TRACKING_ID):
                let slot = deviceSlot
                if device[slot].trackingID >= 0, event.value != device[slot].trackingID {
                    // The contact ends (a new id in its slot ends it too): decided with its last axes.
                    end(slot, at: timeMilliseconds, reused: event.value >= 0, into: &out)
                }
                if event.value >= 0, event.value != device[slot].trackingID {
                    device[slot].trackingID = event.value
                    began.insert(slot)
                    started[slot] = frameCount
                }
                touch(slot)
            case (Evdev.EV_ABS, let code) where Evdev.contactAxes.contains(code):
                device[deviceSlot].axes[code] = event.value
                touch(deviceSlot)
            case (Evdev.EV_ABS, Evdev.ABS_X), (Evdev.EV_ABS, Evdev.ABS_Y), (Evdev.EV_ABS, Evdev.ABS_PRESSURE), (Evdev.EV_SYN, _):
                break // made again from the contacts the twin shows
            case (Evdev.EV_KEY, let code) where code == Evdev.BTN_TOUCH || Evdev.fingerCountKeys.contains(code):
                break
            default:
                passThrough.append(event) // MSC_TIMESTAMP, and anything else the device says
            }
        }
        for slot in touched where device[slot].trackingID >= 0 {
            if began.contains(slot) { begin(slot, at: timeMilliseconds, into: &out) } else { move(slot, at: timeMilliseconds, into: &out) }
        }
        if let frame = twinFrame(passThrough) { out.append(.twin(frame)) }
        return out
    }

    /// The clock reached `timeMilliseconds` with no frame: held touches past their deadline go to the
    /// twin, and those the session has not answered in time are decided alone.
    public mutating func expire(at timeMilliseconds: Double) -> [TouchscreenGateOutput] {
        var out: [TouchscreenGateOutput] = []
        for slot in asking.indices {
            if let deadline = asking[slot], deadline <= timeMilliseconds { settle(slot, exclude: false, at: timeMilliseconds, into: &out) }
        }
        for slot in status.indices {
            guard case .held(var swipe, let frames) = status[slot], case .reject(let reason)? = swipe.expire(at: timeMilliseconds) else { continue }
            release(slot, frames: frames, reason: reason, point: swipe.start, into: &out)
        }
        return out
    }

    /// Gives every held touch to the twin now, from its first point (the service is ending).
    public mutating func finish() -> [TouchscreenGateOutput] {
        var out: [TouchscreenGateOutput] = []
        for slot in status.indices {
            asking[slot] = nil
            switch status[slot] {
            case .held(let swipe, let frames), .ready(let swipe, let frames):
                release(slot, frames: frames, reason: .timeout, point: swipe.start, into: &out)
            case .lifted(let swipe, let frames, _):
                release(slot, frames: frames, reason: .timeout, point: swipe.start, into: &out)
                status[slot] = .idle
            case .idle, .shown, .kept:
                break
            }
        }
        return out
    }

    /// The session's answer for the touch held in `slot`: an excluded touch goes to the twin from
    /// its first point (`rejected` with `excluded`); otherwise the touch goes on by the rules, and
    /// a swipe that waited is kept now (`accepted`, then its `moved` or `released`). An answer for
    /// a touch that no longer waits (decided alone, or ended) changes nothing.
    ///
    /// - Parameters:
    ///   - slot: the slot of the `held` output.
    ///   - exclude: whether the app under the touch keeps its edge touches (`systemExclude`).
    ///   - timeMilliseconds: when it came, ms on the frames' clock.
    /// - Returns: what to do, in order, as `frame(_:at:)` returns.
    public mutating func answer(slot: Int, exclude: Bool, at timeMilliseconds: Double) -> [TouchscreenGateOutput] {
        var out: [TouchscreenGateOutput] = []
        if waitsForAnswer(slot: slot, at: timeMilliseconds) { settle(slot, exclude: exclude, at: timeMilliseconds, into: &out) }
        return out
    }

    /// Whether the touch in `slot` still waits for the session's answer at `timeMilliseconds`: an
    /// answer after the deadline counts for nothing, even before `expire` has run.
    ///
    /// - Parameters:
    ///   - slot: the slot of the `held` output.
    ///   - timeMilliseconds: now, ms on the frames' clock.
    public func waitsForAnswer(slot: Int, at timeMilliseconds: Double) -> Bool {
        guard asking.indices.contains(slot), let deadline = asking[slot] else { return false }
        return timeMilliseconds <= deadline
    }

    /// Ends `slot`'s wait for the session: by the answer, or alone (`exclude` false) at its deadline.
    private mutating func settle(_ slot: Int, exclude: Bool, at time: Double, into out: inout [TouchscreenGateOutput]) {
        asking[slot] = nil
        switch status[slot] {
        case .held(var swipe, let frames):
            if exclude, swipe.reject(.excluded) != nil { release(slot, frames: frames, reason: .excluded, point: swipe.start, into: &out) }
        case .ready(let swipe, let frames):
            if exclude {
                release(slot, frames: frames, reason: .excluded, point: swipe.start, into: &out)
            } else {
                status[slot] = .kept(swipe)
                out.append(.accepted(slot: slot, swipe: swipe))
                out.append(.moved(slot: slot, swipe: swipe, wouldCommit: swipe.wouldCommit(at: time)))
            }
        case .lifted(let swipe, let frames, let lift):
            if exclude {
                release(slot, frames: frames, reason: .excluded, point: swipe.start, into: &out)
            } else {
                out.append(.accepted(slot: slot, swipe: swipe))
                out.append(.released(slot: slot, swipe: swipe, release: lift))
            }
            status[slot] = .idle
        case .idle, .shown, .kept:
            break
        }
    }

    private func point(_ contact: Contact) -> Point {
        geometry.point(x: contact.axes[Evdev.ABS_MT_POSITION_X] ?? geometry.x.minimum,
                       y: contact.axes[Evdev.ABS_MT_POSITION_Y] ?? geometry.y.minimum)
    }

    private mutating func begin(_ slot: Int, at time: Double, into out: inout [TouchscreenGateOutput]) {
        // A swipe that lifted in this slot and still waits for the session is decided alone first
        // (a flick and then a new finger in its slot within the timeout, with the session slow).
        if case .lifted = status[slot] { settle(slot, exclude: false, at: time, into: &out) }
        // A new finger ends every undecided touch: each goes to the twin before this one.
        for other in status.indices where other != slot {
            guard case .held(var swipe, let frames) = status[other], case .reject(let reason)? = swipe.otherFingerDown() else { continue }
            release(other, frames: frames, reason: reason, point: swipe.start, into: &out)
        }
        let here = point(device[slot])
        let others = device.indices.filter { $0 != slot && device[$0].trackingID >= 0 }.count
        switch SystemSwipe.begin(at: here, timeMilliseconds: time, areas: [area], screen: area, settings: settings,
                                 otherFingersDown: others) {
        case .failure(let refusal):
            status[slot] = .shown
            out.append(.rejected(slot: slot, point: refusal.reason == .outside ? nil : here, reason: refusal.reason))
        case .success(let swipe):
            status[slot] = .held(swipe, frames: [device[slot]])
            if asksSession {
                asking[slot] = time + settings.configuration.systemDecisionTimeout
                out.append(.held(slot: slot, swipe: swipe))
            }
        }
    }

    private mutating func move(_ slot: Int, at time: Double, into out: inout [TouchscreenGateOutput]) {
        switch status[slot] {
        case .held(var swipe, var frames):
            frames.append(device[slot])
            switch swipe.move(to: point(device[slot]), at: time) {
            case .accept? where asking[slot] != nil:
                status[slot] = .ready(swipe, frames: frames)
            case .accept?:
                status[slot] = .kept(swipe)
                out.append(.accepted(slot: slot, swipe: swipe))
            case .reject(let reason)?:
                release(slot, frames: frames, reason: reason, point: swipe.start, into: &out)
            case nil:
                status[slot] = .held(swipe, frames: frames)
            }
        case .kept(var swipe):
            _ = swipe.move(to: point(device[slot]), at: time)
            status[slot] = .kept(swipe)
            out.append(.moved(slot: slot, swipe: swipe, wouldCommit: swipe.wouldCommit(at: time)))
        case .ready(var swipe, var frames):
            frames.append(device[slot])
            _ = swipe.move(to: point(device[slot]), at: time)
            status[slot] = .ready(swipe, frames: frames)
        case .idle, .shown, .lifted:
            break
        }
    }

    /// The contact in `slot` lifted, or was replaced by a new one (`reused`).
    private mutating func end(_ slot: Int, at time: Double, reused: Bool, into out: inout [TouchscreenGateOutput]) {
        switch status[slot] {
        case .held(var swipe, var frames):
            frames.append(device[slot])
            if case .reject(let reason)? = swipe.end(at: time).verdict {
                // A tap: the twin gets it whole, its lift included.
                release(slot, frames: frames, reason: reason, point: swipe.start, into: &out)
                twinEnd(slot, into: &out)
            }
        case .kept(var swipe):
            if let release = swipe.end(at: time).release { out.append(.released(slot: slot, swipe: swipe, release: release)) }
        case .ready(var swipe, var frames):
            frames.append(device[slot])
            var lift = device[slot]
            lift.trackingID = -1
            frames.append(lift)
            if let release = swipe.end(at: time).release {
                device[slot].trackingID = -1
                status[slot] = .lifted(swipe, frames: frames, release: release)
                return
            }
        case .shown:
            // The twin's lift goes out with this frame, or at once when a new contact takes the slot
            // in the same frame (the twin must see the old one end first).
            if reused { twinEnd(slot, into: &out) }
        case .idle, .lifted:
            break
        }
        device[slot].trackingID = -1
        status[slot] = .idle
        asking[slot] = nil
    }

    /// Gives a held touch to the twin: one twin frame per frame it came in, in order.
    private mutating func release(_ slot: Int, frames: [Contact], reason: SystemRejectReason, point: Point,
                                  into out: inout [TouchscreenGateOutput]) {
        out.append(.rejected(slot: slot, point: point, reason: reason))
        status[slot] = .shown
        for contact in frames {
            var events: [EvdevEvent] = []
            show(contact, in: slot, into: &events)
            if let frame = twinFrame([], only: events) { out.append(.twin(frame)) }
        }
    }

    /// A twin frame that lifts `slot`'s contact at once (before its slot is reused in this frame).
    private mutating func twinEnd(_ slot: Int, into out: inout [TouchscreenGateOutput]) {
        guard twin[slot].trackingID >= 0 else { return }
        var events: [EvdevEvent] = []
        selectTwinSlot(slot, into: &events)
        events.append(EvdevEvent(Evdev.EV_ABS, Evdev.ABS_MT_TRACKING_ID, -1))
        twin[slot].trackingID = -1
        if let frame = twinFrame([], only: events) { out.append(.twin(frame)) }
    }

    private mutating func selectTwinSlot(_ slot: Int, into events: inout [EvdevEvent]) {
        if twinSlot != slot {
            events.append(EvdevEvent(Evdev.EV_ABS, Evdev.ABS_MT_SLOT, Int32(slot)))
            twinSlot = slot
        }
    }

    /// The events that make the twin's `slot` show `contact`: its id when new, each axis that differs.
    private mutating func show(_ contact: Contact, in slot: Int, into events: inout [EvdevEvent]) {
        let shown = twin[slot]
        var changes: [EvdevEvent] = []
        if contact.trackingID != shown.trackingID {
            changes.append(EvdevEvent(Evdev.EV_ABS, Evdev.ABS_MT_TRACKING_ID, contact.trackingID))
        }
        if contact.trackingID >= 0 {
            for code in contact.axes.keys.sorted() where contact.axes[code] != shown.axes[code] {
                changes.append(EvdevEvent(Evdev.EV_ABS, code, contact.axes[code]!))
            }
        }
        guard !changes.isEmpty else { return }
        selectTwinSlot(slot, into: &events)
        events += changes
        twin[slot].trackingID = contact.trackingID
        if contact.trackingID >= 0 { twin[slot].axes.merge(contact.axes) { $1 } }
    }

    /// A twin frame: `only`'s events when given (a held contact's frame, a lift), else every slot
    /// the twin shows or showed brought up to the device; then the single-touch emulation, then
    /// `passThrough`; nil when the twin has nothing new.
    private mutating func twinFrame(_ passThrough: [EvdevEvent], only: [EvdevEvent]? = nil) -> [EvdevEvent]? {
        var events = only ?? []
        if only == nil {
            for slot in status.indices {
                switch status[slot] {
                case .shown: show(device[slot], in: slot, into: &events)
                // A contact that ended this frame: its lift.
                case .idle where twin[slot].trackingID >= 0: show(device[slot], in: slot, into: &events)
                default: break
                }
            }
        }
        events += emulationEvents()
        let hasNews = !events.isEmpty
        events += passThrough
        return hasNews ? events + [EvdevEvent.report] : nil
    }

    /// `BTN_TOUCH`, the finger-count key, and `ABS_X`/`ABS_Y`/`ABS_PRESSURE` of the oldest shown
    /// contact, where they changed.
    private mutating func emulationEvents() -> [EvdevEvent] {
        let shown = twin.indices.filter { twin[$0].trackingID >= 0 }
        var events: [EvdevEvent] = []
        var keys: [UInt16: Int32] = [Evdev.BTN_TOUCH: shown.isEmpty ? 0 : 1]
        for (index, key) in Evdev.fingerCountKeys.enumerated() { keys[key] = shown.count == index + 1 ? 1 : 0 }
        // Releases first, then presses, as the kernel's emulation orders them.
        for value in [Int32(0), 1] {
            for key in emulation.keys where keys[key] == value && (twinKeys[key] ?? 0) != value {
                events.append(EvdevEvent(Evdev.EV_KEY, key, value))
                twinKeys[key] = value
            }
        }
        if let oldest = shown.min(by: { started[$0] < started[$1] }) {
            let contact = twin[oldest]
            let x = scaled(contact.axes[Evdev.ABS_MT_POSITION_X], from: geometry.x, to: emulation.x)
            let y = scaled(contact.axes[Evdev.ABS_MT_POSITION_Y], from: geometry.y, to: emulation.y)
            let pressure = contact.axes[Evdev.ABS_MT_PRESSURE] ?? 0
            if let x, x != twinPointer?.x { events.append(EvdevEvent(Evdev.EV_ABS, Evdev.ABS_X, x)) }
            if let y, y != twinPointer?.y { events.append(EvdevEvent(Evdev.EV_ABS, Evdev.ABS_Y, y)) }
            if emulation.pressure, pressure != twinPointer?.pressure { events.append(EvdevEvent(Evdev.EV_ABS, Evdev.ABS_PRESSURE, pressure)) }
            twinPointer = (x ?? 0, y ?? 0, pressure)
        } else if emulation.pressure, let pointer = twinPointer, pointer.pressure != 0 {
            events.append(EvdevEvent(Evdev.EV_ABS, Evdev.ABS_PRESSURE, 0))
            twinPointer?.pressure = 0
        }
        return events
    }

    /// A contact axis's value on the emulation's axis (the same when the ranges are).
    private func scaled(_ value: Int32?, from source: TouchscreenGeometry.Axis, to target: TouchscreenGeometry.Axis?) -> Int32? {
        guard let value, let target else { return nil }
        if source.minimum == target.minimum, source.maximum == target.maximum { return value }
        let fraction = source.normalised(value)
        return target.minimum + Int32((fraction * Double(target.maximum - target.minimum)).rounded())
    }
}
