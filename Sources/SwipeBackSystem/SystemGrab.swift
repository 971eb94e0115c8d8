// SPDX-License-Identifier: Apache-2.0
import CX11
import Glibc
import Synchronization
import SwipeBackCore
import SwipeBackPosix
import SwipeBackX11

/// What the grab loop tells the rest of `swipeback system`, in the order it happened.
public enum SystemGrabReport: Sendable {
    /// A touch went to the apps.
    case rejected(touch: Int, point: Point, reason: SystemRejectReason, app: AppWindow?, timeMilliseconds: Double)
    /// A touch became a swipe over `app`.
    case accepted(touch: Int, swipe: SystemSwipe, app: AppWindow, timeMilliseconds: Double)
    /// An accepted swipe's finger moved (`swipe.latest`); `wouldCommit` is what a release now decides.
    case moved(touch: Int, swipe: SystemSwipe, wouldCommit: Bool, timeMilliseconds: Double)
    /// An accepted swipe's finger lifted, at `serverTime` (the X server's ms, for the window
    /// manager's focus rules when the app is activated).
    case released(touch: Int, swipe: SystemSwipe, release: SystemRelease, app: AppWindow, serverTime: UInt, timeMilliseconds: Double)
}

/// Why `swipeback system` cannot run on this display: the command exits with status 2 and this line.
public struct SystemRefusal: SwipeBackError {
    /// One line: what is in the way and what to do.
    public let description: String
    /// Whether another client holds the root touch grab (then `swipeback input` may stand in).
    public var grabHeld = false
    /// 2: the display cannot have it.
    public var exitStatus: Int32 { 2 }
}

/// The root window's passive touch grab and the loop that decides every touch (the project notes,
/// system-gesture.md): on a connection of its own that waits on nothing but the X server, a touch
/// outside the edge strips is rejected in the pass that read its TouchBegin; an edge touch is
/// accepted or rejected as `SystemSwipe` decides, and reported.
public final class SystemGrab: @unchecked Sendable {
    /// The grab's own connection (only the grab thread uses it after `init`).
    private let display: OpaquePointer
    private let root: Window
    private let xiOpcode: Int32
    /// RandR's screen changes, selected on the root: the edges follow the monitors.
    private let screenChanges: ScreenChanges
    private let settings: SystemSwipeSettings
    private var areas: [ScreenArea] = []
    private var screen: ScreenArea
    /// Touches down on the screen (from raw events, which keep coming after a reject).
    private var fingersDown: Set<TouchKey> = []
    private var live: [TouchKey: Live] = [:]
    private let clock: AppClock
    /// Ends `run` from another thread; closed when the grab goes, never while `stop()` may write.
    private let stopPipe: WakePipe
    /// How far the loop has got (the last touch event decided, and whether it is in a pass), for
    /// `SystemWatchdog`.
    public let progress = Mutex(GrabProgress())

    private struct TouchKey: Hashable { var source: Int32, detail: Int32 }
    private struct Live {
        var swipe: SystemSwipe
        var app: AppWindow
        var master: Int32
        var beginServerMilliseconds: Double
        var beginMilliseconds: Double
    }

    /// Opens a connection and takes the grab.
    ///
    /// - Parameters:
    ///   - displayName: the X display (nil: `$DISPLAY`).
    ///   - settings: the configuration and direction.
    ///   - clock: the app clock (times in reports are on it).
    /// - Throws: `SystemRefusal` when the display is Xwayland, has no XInput 2.2, or another client
    ///   holds the root touch grab; `X11Error` when the display cannot be opened.
    public init(displayName: String?, settings: SystemSwipeSettings, clock: AppClock) throws {
        let display = try X11Connection.open(displayName)
        var opcode: Int32 = 0
        if let refusal = Self.refusal(display, opcode: &opcode) {
            X11Connection.close(display)
            throw refusal
        }
        xiOpcode = opcode
        self.display = display
        self.settings = settings
        self.clock = clock
        let x11Screen = X11Screen(display)
        root = x11Screen.root
        screen = ScreenArea(x: 0, y: 0, width: Double(x11Screen.width), height: Double(x11Screen.height),
                            widthMillimetres: x11Screen.widthMillimetres, heightMillimetres: x11Screen.heightMillimetres)
        do {
            stopPipe = try WakePipe()
        } catch {
            X11Connection.close(display)
            throw error
        }
        screenChanges = ScreenChanges(display: display, window: root)
        refreshAreas()
        try takeGrab()
    }

    deinit { close() }

    private var closed = false

    /// Why this display cannot have the system swipe: Xwayland, or no XInput 2.2; nil when it can.
    private static func refusal(_ display: OpaquePointer, opcode: inout Int32) -> SystemRefusal? {
        var event: Int32 = 0, error: Int32 = 0, unused: Int32 = 0
        // Xwayland 23.1+ has the XWAYLAND extension; every Xwayland names its RandR outputs XWAYLAND0, 1, ...
        let xwaylandOutputs = Monitor.current(on: display).flatMap(\.outputs).contains { $0.hasPrefix("XWAYLAND") }
        if XQueryExtension(display, "XWAYLAND", &unused, &event, &error) != 0 || xwaylandOutputs {
            return SystemRefusal(description: "this display is Xwayland, in a Wayland session: an X client cannot take other apps' touches there; the in-window swipe (swipeback demo, kiosk, Navigator apps) works, and the compositor's own gestures are the system-wide way")
        }
        guard let version = XInput2.query(display, speaking: 2) else {
            return SystemRefusal(description: "the X server has no XInput extension: no touches to take")
        }
        guard version.hasTouch else {
            return SystemRefusal(description: "the X server's XInput is \(version.major).\(version.minor): touch grabs need 2.2")
        }
        opcode = version.opcode
        return nil
    }

    /// Closes the connection (the grab goes with it) once, on the thread that last used it.
    private func close() {
        guard !closed else { return }
        closed = true
        // A connection Xlib has seen die is left alone: closing it can wait forever on its lock.
        X11Connection.close(display)
    }

    /// The app clock now, ms.
    private var now: Double { clock.milliseconds }

    private func refreshAreas() {
        areas = Monitor.current(on: display).map {
            ScreenArea(x: Double($0.x), y: Double($0.y), width: Double($0.width), height: Double($0.height),
                       widthMillimetres: Double($0.widthMillimetres), heightMillimetres: Double($0.heightMillimetres))
        }
        let x11Screen = X11Screen(display)
        screen.width = Double(x11Screen.width)
        screen.height = Double(x11Screen.height)
    }

    /// `XIGrabTouchBegin` on the root for every master device, and raw touch events to count fingers.
    private func takeGrab() throws {
        let failed = XInput2.grabTouchBegin([XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd], on: root, display: display)
        XSync(display, 0)
        if failed != 0 {
            throw SystemRefusal(description: "another client holds the root window's touch grab: swipeback system may be running already (systemctl --user status swipeback-system), or a desktop shell holds it (GNOME Shell does on X11): as root, systemctl enable --now swipeback-input gives the swipe back from the touchscreen, and this becomes its session side; the in-window swipe still works", grabHeld: true)
        }
        XInput2.select([XI_RawTouchBegin, XI_RawTouchEnd], from: XIAllDevices, on: root, display: display)
        XSync(display, 0)
    }

    /// Ends `run` from any thread (the grab goes with the connection).
    public func stop() { stopPipe.wake() }

    /// Runs the loop on the calling thread until `stop()` or a lost connection.
    ///
    /// - Parameter report: called on this thread after each decision is sent; it must not wait.
    /// - Throws: `X11Error.connectionLost` when the X server goes away.
    public func run(report: (SystemGrabReport) -> Void) throws {
        defer { close() }
        let loop = try EventLoop()
        var stopped = false, hungUp = false
        try loop.watch(X11Connection.descriptor(display)) { hungUp = $0.isHangup }
        try loop.watch(stopPipe.readEnd) { _ in stopped = true }
        while true {
            progress.withLock { $0.busySince = MonotonicClock.milliseconds() }
            X11Connection.drain(display) { event in
                handle(&event, report: report)
                return true
            }
            // No XFlush here: XPending has flushed, and a flush can read the next events into
            // Xlib's queue, where the wait would never see them (a TouchBegin then waited for the
            // next event: measured, about one touch in a hundred at fast taps).
            if X11ErrorTrap.isConnectionLost(display) { throw X11Error.connectionLost }
            let deadline = live.values.filter { $0.swipe.verdict == nil }
                .map { $0.beginMilliseconds + ($0.swipe.deadlineMilliseconds - $0.swipe.startMilliseconds) }.min()
            // Sleep only with nothing queued in Xlib: then the socket is all there is to wait on.
            if X11Connection.hasQueuedEvents(display) { continue }
            progress.withLock { $0.busySince = nil }
            try loop.dispatch(timeoutMilliseconds: deadline.map { max(0, $0 - now) })
            if stopped { return }
            if hungUp, XPending(display) == 0 { throw X11Error.connectionLost }
            expire(report: report)
        }
    }

    private func allow(_ live: Live, _ key: TouchKey, accept: Bool) { allow(live.master, key, accept: accept) }

    /// Accepts or rejects a touch at once (a second decision or a stale touch is a harmless
    /// BadAccess or BadValue, which the error trap drops).
    private func allow(_ master: Int32, _ key: TouchKey, accept: Bool) {
        XIAllowTouchEvents(display, master, UInt32(bitPattern: key.detail), root, Int32(accept ? XIAcceptTouch : XIRejectTouch))
        XFlush(display)
    }

    private func expire(report: (SystemGrabReport) -> Void) {
        let t = now
        for (key, var entry) in live where entry.swipe.verdict == nil {
            let serverTime = entry.beginServerMilliseconds + (t - entry.beginMilliseconds)
            if case .reject(let reason)? = entry.swipe.expire(at: serverTime) {
                allow(entry, key, accept: false)
                live[key] = nil
                report(.rejected(touch: Int(key.detail), point: entry.swipe.latest, reason: reason, app: entry.app, timeMilliseconds: t))
            }
        }
    }

    private func handle(_ event: inout XEvent, report: (SystemGrabReport) -> Void) {
        if screenChanges.isChange(&event) {
            refreshAreas()
            return
        }
        EventCookie.withData(display, &event, extension: xiOpcode) { evtype, data in handleXI(evtype, data, report: report) }
    }

    private func handleXI(_ evtype: Int32, _ data: UnsafeMutableRawPointer, report: (SystemGrabReport) -> Void) {
        switch evtype {
        case XI_RawTouchBegin, XI_RawTouchEnd:
            let raw = data.assumingMemoryBound(to: XIRawEvent.self).pointee
            let key = TouchKey(source: raw.sourceid, detail: raw.detail)
            if evtype == XI_RawTouchEnd {
                fingersDown.remove(key)
                return
            }
            fingersDown.insert(key)
            for (other, var entry) in live where other != key {
                if case .reject(let reason)? = entry.swipe.otherFingerDown() {
                    allow(entry, other, accept: false)
                    live[other] = nil
                    report(.rejected(touch: Int(other.detail), point: entry.swipe.latest, reason: reason, app: entry.app, timeMilliseconds: now))
                }
            }
        case XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd:
            let device = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
            touch(device, type: evtype, report: report)
            // The beat comes after the decision is sent: a stall in deciding is a stall.
            progress.withLock { $0.decidedServerTime = UInt32(truncatingIfNeeded: device.time) }
        default: break
        }
    }

    private func touch(_ device: XIDeviceEvent, type: Int32, report: (SystemGrabReport) -> Void) {
        let key = TouchKey(source: device.sourceid, detail: device.detail)
        let point = Point(x: device.root_x, y: device.root_y), serverTime = Double(device.time)
        switch type {
        case XI_TouchBegin:
            let t = now
            let swipe: SystemSwipe
            switch SystemSwipe.begin(at: point, timeMilliseconds: serverTime, areas: areas, screen: screen, settings: settings,
                                     otherFingersDown: fingersDown.subtracting([key]).count) {
            case .failure(let refusal):
                allow(device.deviceid, key, accept: false)
                report(.rejected(touch: Int(key.detail), point: point, reason: refusal.reason, app: nil, timeMilliseconds: t))
                return
            case .success(let begun):
                swipe = begun
            }
            var entry = Live(swipe: swipe, app: AppWindow.at(display, x: Int(point.x), y: Int(point.y)),
                             master: device.deviceid, beginServerMilliseconds: serverTime, beginMilliseconds: t)
            let reason: SystemRejectReason? = entry.app.isSwipeBack ? .ownWindow
                : entry.app.role == .dock ? .dock : entry.app.role == .desktop ? .desktop
                : SystemAction.isExcluded(classNames: entry.app.classNames, configuration: settings.configuration) ? .excluded : nil
            if let reason, case .reject? = entry.swipe.reject(reason) {
                allow(entry, key, accept: false)
                report(.rejected(touch: Int(key.detail), point: point, reason: reason, app: entry.app, timeMilliseconds: now))
                return
            }
            live[key] = entry
        case XI_TouchUpdate:
            guard var entry = live[key] else { return }
            let verdict = entry.swipe.move(to: point, at: serverTime)
            live[key] = entry
            switch verdict {
            case .accept?:
                allow(entry, key, accept: true)
                report(.accepted(touch: Int(key.detail), swipe: entry.swipe, app: entry.app, timeMilliseconds: now))
            case .reject(let reason)?:
                allow(entry, key, accept: false)
                live[key] = nil
                report(.rejected(touch: Int(key.detail), point: point, reason: reason, app: entry.app, timeMilliseconds: now))
            case nil:
                if entry.swipe.verdict == .accept {
                    report(.moved(touch: Int(key.detail), swipe: entry.swipe,
                                  wouldCommit: entry.swipe.wouldCommit(at: serverTime), timeMilliseconds: now))
                }
            }
        default:
            guard var entry = live.removeValue(forKey: key) else { return }
            // A TouchEnd's point may be another finger's after a reject (the notes): only an owned
            // touch's end moves the swipe, and an undecided one is rejected at once.
            let (verdict, release) = entry.swipe.end(at: serverTime)
            if case .reject(let reason)? = verdict {
                allow(entry, key, accept: false)
                report(.rejected(touch: Int(key.detail), point: entry.swipe.latest, reason: reason, app: entry.app, timeMilliseconds: now))
            } else if let release {
                report(.released(touch: Int(key.detail), swipe: entry.swipe, release: release, app: entry.app, serverTime: UInt(device.time),
                                  timeMilliseconds: now))
            }
        }
    }
}
