// SPDX-License-Identifier: Apache-2.0
import CEvdev
import FoundationEssentials
import Glibc
import Synchronization
import SwipeBackCore
import SwipeBackFormats
import SwipeBackInput
import SwipeBackPosix

/// `swipeback input`: stands between every touchscreen and the compositor, on one thread that
/// waits on nothing but its descriptors. Each touchscreen is taken (`EvdevTouchscreen`) once no
/// finger is on it and let go when it goes; each frame is decided in the read that brought it; a
/// committed swipe's action goes out through `VirtualInput`. A watchdog thread ends the process
/// when the loop is stuck in one pass for `stallLimitMilliseconds` while it holds a touch: the
/// kernel then ends the grabs and removes the twins, and the compositor reads the devices again.
///
/// A session side (`swipeback system` in the user's session) may hold the session channel
/// (`SessionChannel`): while it does, each touch held in a strip is reported to it, waits for its
/// answer (the app under the touch: excluded or not, who sends the action and which) no longer
/// than the decision timeout, and its progress and end are reported as they come.
public final class InputService {
    /// How long the loop may be stuck in one pass while it holds a touch, ms: five times the
    /// decision timeout's default, far past any pass (a read and its writes take well under 1 ms).
    public static let stallLimitMilliseconds = 1000.0

    private let settings: SystemSwipeSettings
    private let log: (TimedEvent) -> Void
    private let finder: TouchscreenFinder
    private let virtual: VirtualInput
    private var devices: [String: EvdevTouchscreen] = [:]
    private let clockStart = MonotonicClock.milliseconds()
    /// The loop's state for the watchdog: when its pass began (nil while it waits), whether it holds a touch.
    private let progress = LoopProgress()
    /// The session channel; nil when it cannot listen (the service then decides alone).
    private var channel: SessionChannel?
    /// The touches the session side was told of, by their number on the channel, with its answer:
    /// kept when the session side goes (an answer for the service's own keyboard still counts; one
    /// that left the action to the session does not, as its `ended` cannot reach it).
    private var sessionTouches: [Int: (syspath: String, slot: Int, answer: SessionAnswer?)] = [:]
    private var nextSessionTouch = 0

    /// Reaches udev and makes the virtual keyboard and mouse.
    ///
    /// - Parameters:
    ///   - settings: the configuration (`system...`, `input...` and decision keys) and direction.
    ///   - log: gets one event-log entry per event, on the thread of `run`.
    /// - Throws: `InputError` (status 2) when /dev/uinput cannot be opened; (1) when udev cannot be reached.
    public init(settings: SystemSwipeSettings, log: @escaping (TimedEvent) -> Void) throws {
        self.settings = settings
        self.log = log
        virtual = try VirtualInput()
        finder = try TouchscreenFinder()
        do {
            channel = try SessionChannel(sessionUser: settings.configuration.inputSessionUser) { [log, clockStart] phase in
                log(TimedEvent(timeMilliseconds: MonotonicClock.milliseconds() - clockStart, event: .system(.session(phase))))
            }
        } catch {
            log(TimedEvent(timeMilliseconds: 0, event: .system(.session(.unavailable(reason: "\(error)")))))
        }
    }

    /// ms since the service started, on `CLOCK_MONOTONIC` (the log's times).
    private var now: Double { MonotonicClock.milliseconds() - clockStart }

    private func write(_ event: SystemEvent) {
        log(TimedEvent(timeMilliseconds: now, event: .system(event)))
    }

    /// Runs until `stopDescriptor` is readable (SIGTERM or SIGINT), then gives held touches to the
    /// twins, lets every device go and returns.
    ///
    /// - Parameters:
    ///   - stopDescriptor: a descriptor that becomes readable to stop.
    ///   - onStall: called on the watchdog's thread with the stall's length, ms; it must end the process.
    /// - Throws: `InputError` (status 2) when a twin cannot be made for lack of access.
    public func run(stopDescriptor: Int32, onStall: @escaping @Sendable (Double) -> Void) throws {
        // Made here, so a process out of descriptors fails at the start rather than run without a watchdog.
        let watchdogLoop = try EventLoop()
        let watchdog = watchdogLoop.waker
        startWatchdog(watchdogLoop, onStall: onStall)
        defer {
            for device in devices.values { device.letGo() }
            devices.removeAll()
            write(.stopped)
        }
        write(.started(.input(edgeWidth: settings.configuration.systemEdgeWidth, commitDistance: settings.configuration.systemCommitDistance)))
        for candidate in finder.current() { try add(candidate) }
        // Handlers only note what is ready; the pass takes it in its own order (the session's
        // answers before the devices' frames, the devices before the ones that came or went).
        let loop = try EventLoop()
        var ready = Set<Int32>(), watched = Set<Int32>()
        func watch(_ fd: Int32) throws { try loop.watch(fd) { _ in ready.insert(fd) } }
        if stopDescriptor >= 0 { try watch(stopDescriptor) }
        try watch(finder.descriptor)
        while true {
            let holding = devices.values.contains { $0.isHolding }
            let wasHolding = progress.state.withLock { state -> Bool in
                defer { state = (nil, holding) }
                return state.holding
            }
            if holding, !wasHolding { watchdog.wake() }
            let deadline = devices.values.compactMap(\.nextDeadline).min()
            let deviceDescriptors = devices.mapValues(\.descriptor)
            let channelDescriptors = channel?.descriptors ?? []
            let wanted = Set(deviceDescriptors.values).union(channelDescriptors)
            for fd in watched.subtracting(wanted) { loop.unwatch(fd) }
            for fd in wanted { try watch(fd) }
            watched = wanted
            ready.removeAll()
            try loop.dispatch(untilMilliseconds: deadline)
            progress.state.withLock { $0.busySince = MonotonicClock.milliseconds() }
            if ready.contains(stopDescriptor) { return }
            if let channel, !channelDescriptors.isEmpty {
                if channelDescriptors.count > 1, ready.contains(channelDescriptors[1]) { answer(channel.receive()) }
                if ready.contains(channelDescriptors[0]) { channel.acceptWaiting() }
            }
            let asks = channel?.isReady ?? false
            for device in devices.values { device.asksSession = asks }
            for (syspath, fd) in deviceDescriptors where ready.contains(fd) { try read(syspath) }
            if ready.contains(finder.descriptor) {
                for change in finder.changes() {
                    switch change {
                    case .added(let candidate): try add(candidate)
                    case .removed(let syspath): remove(syspath, reason: "removed")
                    }
                }
            }
            let time = MonotonicClock.milliseconds()
            for device in devices.values { act(on: device.expire(at: time), from: device) }
        }
    }

    /// Takes a new candidate (or waits for its fingers to lift); ignores twins and known devices.
    private func add(_ candidate: TouchscreenFinder.Candidate) throws {
        guard devices[candidate.syspath] == nil,
              !devices.values.contains(where: { device in device.twinSyspath.map { candidate.syspath.hasPrefix($0) } ?? false }) else { return }
        let rotation = TouchscreenGeometry.rotation(degrees: Int(settings.configuration.inputRotation))
        guard let device = try EvdevTouchscreen(path: candidate.path, syspath: candidate.syspath,
                                                calibration: candidate.calibration ?? rotation, settings: settings) else { return }
        devices[candidate.syspath] = device
        try takeIfFree(device)
    }

    private func takeIfFree(_ device: EvdevTouchscreen) throws {
        guard !device.isTaken else { return }
        guard !device.hasFingersDown else {
            write(.device(.waiting, name: device.name, path: device.path, reason: nil))
            return
        }
        do {
            try device.take()
            write(.device(.taken, name: device.name, path: device.path, reason: nil))
        } catch let error as InputError where error.exitStatus == 1 {
            // Another program holds it: it stays that program's.
            write(.device(.refused, name: device.name, path: device.path, reason: error.description))
            remove(device.syspath, reason: nil)
        }
    }

    private func read(_ syspath: String) throws {
        guard let device = devices[syspath] else { return }
        do {
            act(on: try device.read(), from: device)
            try takeIfFree(device)
        } catch let error as InputError where error.exitStatus == 1 {
            remove(syspath, reason: "gone")
        }
    }

    private func remove(_ syspath: String, reason: String?) {
        guard let device = devices.removeValue(forKey: syspath) else { return }
        device.letGo()
        for (touch, held) in sessionTouches where held.syspath == syspath {
            sessionTouches[touch] = nil
            channel?.send(.ended(touch: touch, outcome: .passed, sender: .service))
        }
        if let reason { write(.device(.released, name: device.name, path: device.path, reason: reason)) }
    }

    /// The session side's answers: each goes to the gate of its touch, if that still waits.
    private func answer(_ answers: [(touch: Int, answer: SessionAnswer)]) {
        for (touch, answer) in answers {
            guard let held = sessionTouches[touch], held.answer == nil, let device = devices[held.syspath] else { continue }
            guard device.waitsForAnswer(slot: held.slot, at: MonotonicClock.milliseconds()) else {
                // Past the timeout: the service decided (or decides at this pass's expiry) alone.
                write(.late(.device(name: device.name, touch: held.slot)))
                continue
            }
            sessionTouches[touch]?.answer = answer
            write(.answered(.device(name: device.name, touch: held.slot), app: answer.app, exclude: answer.exclude, sender: answer.sender))
            act(on: device.answer(slot: held.slot, exclude: answer.exclude, at: MonotonicClock.milliseconds()), from: device)
        }
    }

    /// The channel's number for the touch in `slot` of `device`, if the session side was told of it.
    private func sessionTouch(_ device: EvdevTouchscreen, _ slot: Int) -> Int? {
        sessionTouches.first { $0.value.syspath == device.syspath && $0.value.slot == slot }?.key
    }

    /// Logs the gate's decisions, tells the session side of them, and sends a committed swipe's action.
    private func act(on decisions: [TouchscreenGateOutput], from device: EvdevTouchscreen) {
        for decision in decisions {
            switch decision {
            case .twin:
                break
            case .held(let slot, let swipe):
                let touch = nextSessionTouch
                nextSessionTouch = nextSessionTouch == Int(Int32.max) ? 0 : nextSessionTouch + 1
                sessionTouches[touch] = (device.syspath, slot, nil)
                write(.held(.device(name: device.name, touch: slot), start: swipe.start))
                channel?.send(.held(touch: touch, edge: swipe.edge, kind: swipe.kind,
                                    x: fraction(swipe.start.x - swipe.area.x, of: swipe.area.width),
                                    y: fraction(swipe.start.y - swipe.area.y, of: swipe.area.height)))
            case .rejected(let slot, let point, let reason):
                if let touch = sessionTouch(device, slot) {
                    sessionTouches[touch] = nil
                    channel?.send(.ended(touch: touch, outcome: .passed, sender: .service))
                }
                write(.rejected(.device(name: device.name, touch: slot), point: point, reason: reason, appClass: nil))
            case .accepted(let slot, let swipe):
                write(.accepted(.device(name: device.name, touch: slot), start: swipe.start, edge: swipe.edge, kind: swipe.kind, appClass: nil))
            case .moved(let slot, let swipe, let wouldCommit):
                if let touch = sessionTouch(device, slot) {
                    let stretch = min(swipe.stretch, SessionMessage.stretchLimit)
                    channel?.send(.progress(touch: touch, progress: swipe.progress, y: fraction(swipe.latest.y - swipe.area.y, of: swipe.area.height),
                                            stretch: stretch, active: wouldCommit))
                }
            case .released(let slot, let swipe, let release):
                write(.released(.device(name: device.name, touch: slot), kind: swipe.kind, appClass: nil, release: release))
                var answer: SessionAnswer?
                var sessionSends = false
                if let touch = sessionTouch(device, slot) {
                    answer = sessionTouches.removeValue(forKey: touch)?.answer
                    let bySession = release.decision == .commit && answer?.sender == .session
                    // Told it sends, the session side runs its action; when the line cannot go out, the service sends its own.
                    let told = channel?.send(.ended(touch: touch, outcome: release.decision == .commit ? .committed : .cancelled,
                                                    sender: bySession ? .session : .service)) ?? false
                    sessionSends = bySession && told
                }
                guard release.decision == .commit else { continue }
                if sessionSends {
                    write(.leftToSession(.device(name: device.name, touch: slot)))
                    continue
                }
                let own = answer?.sender == .service ? answer?.action : nil
                let chosen = own ?? (swipe.kind == .back ? settings.configuration.inputBackAction : settings.configuration.inputForwardAction)
                // The session's own action for the app; one the service cannot send is none.
                let action = VirtualInput.problem(with: chosen) == nil ? chosen : .none
                let sent = virtual.send(action)
                write(.action(.device(name: device.name, touch: slot), target: .devices, action: action, failure: sent ? nil : "notSent"))
            }
        }
    }

    /// `part` over `whole`, held to 0...1.
    private func fraction(_ part: Double, of whole: Double) -> Double { whole > 0 ? min(max(part / whole, 0), 1) : 0 }

    /// The watchdog: asleep until the loop holds a touch, then checking every 100 ms until it holds none.
    private func startWatchdog(_ loop: EventLoop, onStall: @escaping @Sendable (Double) -> Void) {
        let progress = self.progress
        let limit = Self.stallLimitMilliseconds
        DetachedThread.start(name: "swipeback-input-watchdog") {
            // Woken through the loop's waker when the service starts holding a touch.
            while true {
                let state = progress.state.withLock { $0 }
                _ = try? loop.dispatch(timeoutMilliseconds: state.holding ? 100 : nil)
                let now = MonotonicClock.milliseconds()
                let current = progress.state.withLock { $0 }
                if current.holding, let busy = current.busySince, now - busy >= limit { onStall(now - busy) }
            }
        }
    }
}

/// The input loop's state, shared with its watchdog.
final class LoopProgress: Sendable {
    /// When the loop's pass began (nil while it waits in its event loop), and whether it holds a touch.
    let state = Mutex<(busySince: Double?, holding: Bool)>((nil, false))
}
