// SPDX-License-Identifier: Apache-2.0
import Glibc
import SwipeBackCore
import SwipeBackFormats
import SwipeBackPosix

/// `swipeback system` as the session side of `swipeback input` (the session channel,
/// `docs/SPEC.md` section 6), on a `SessionHost`: a Wayland session, or X11 with the root touch
/// grab held by another client. For each touch the service holds it answers at once with the app
/// the host names there, whether `systemExclude` names it (or it keeps its edges: a dock, the
/// desktop), and who sends the action: the app's own from `systemAppActions` or the built-in
/// table, or the configured one, sent by the host when it can (X11: XTest to the app, as
/// `swipeback system` does; Wayland: only a `command:`, run as the user) and else by the service's
/// keyboard and mouse; it shows the host's arrow while an accepted swipe moves. It connects
/// again, every second, while the service is away.
public final class SessionSide {
    private let configuration: Configuration
    private let socketPath: String
    private let host: SessionHost
    private let log: (TimedEvent) -> Void
    private let clockStart: Double
    private var channel: UnixConnection?
    /// Whether the service's hello came (only then are its lines read as touches).
    private var greeted = false
    private var lineNumber = 0
    /// The touches the service told of: their edge, the action the session sends on commit (nil:
    /// the service sends), and whether the arrow shows for them (not for an excluded app).
    private var touches: [Int: (edge: SystemEdge, action: SystemAction?, shows: Bool, began: Bool)] = [:]
    /// Why a connection ends before the service's hello.
    static let refusal = "the service refused the channel (another session side holds it, or this user may not: only root and the active session's user may; inputSessionUser where logind does not run)"

    /// Why the last connection ended, so a service that stays away is logged once.
    private var lastProblem: String?

    /// Creates the session side on `host` (the service is reached in `run`).
    ///
    /// - Parameters:
    ///   - host: the session's display.
    ///   - configuration: `systemExclude`, `systemAppActions`, `systemBackAction`, `systemForwardAction`.
    ///   - socketPath: the service's socket (`/run/swipeback/session.sock`).
    ///   - log: gets the event log's entries (`system` lines), on the thread of `run`.
    ///   - clockStart: the log's time 0, ms on `CLOCK_MONOTONIC` (the host's log lines share it).
    public init(host: SessionHost, configuration: Configuration, socketPath: String, log: @escaping (TimedEvent) -> Void,
                clockStart: Double = MonotonicClock.milliseconds()) {
        self.host = host
        self.clockStart = clockStart
        self.configuration = configuration
        self.socketPath = socketPath
        self.log = log
    }

    /// ms since it started, on `CLOCK_MONOTONIC` (the log's times).
    private var now: Double { MonotonicClock.milliseconds() - clockStart }

    private func write(_ event: SystemEvent) {
        log(TimedEvent(timeMilliseconds: now, event: .system(event)))
    }

    /// Runs until `stopDescriptor` is readable (SIGTERM or SIGINT).
    ///
    /// - Parameter stopDescriptor: a descriptor that becomes readable to stop.
    /// - Throws: the host's error when the display's connection is lost.
    public func run(stopDescriptor: Int32) throws {
        write(.started(.session(drawsArrow: host.drawsArrow, knowsApps: host.knowsApps)))
        defer { write(.stopped) }
        var nextTry = 0.0
        let loop = try EventLoop()
        var stopped = false, hostReady = false, channelReady = false
        if stopDescriptor >= 0 { try loop.watch(stopDescriptor) { _ in stopped = true } }
        try loop.watch(host.descriptor) { _ in hostReady = true }
        var channelDescriptor: Int32?
        while true {
            if channel == nil, now >= nextTry {
                connect()
                nextTry = now + 1000
            }
            let hostDue = host.tick().map { $0 - clockStart }
            try host.flush()
            let waits = [hostDue, channel == nil ? nextTry : nil].compactMap { $0 }.map { max(0, $0 - now) }
            // The channel's descriptor changes with each connection, and a new connection's may have
            // the number of the last (closed, so gone from the loop): it is watched again each pass.
            if let channel {
                try loop.watch(channel.descriptor) { _ in channelReady = true }
                channelDescriptor = channel.descriptor
            } else if let old = channelDescriptor {
                loop.unwatch(old)
                channelDescriptor = nil
            }
            (hostReady, channelReady) = (false, false)
            try loop.dispatch(timeoutMilliseconds: waits.min())
            if stopped { return }
            if hostReady { try host.dispatch() }
            if channelReady { receive() }
        }
    }

    private func connect() {
        do {
            let connection = try UnixConnection.connect(to: socketPath)
            // The service closes the connection of a user it does not take at once: the hello cannot go.
            guard connection.send(SessionMessage.hello(version: SessionMessage.version).line) else { throw PosixError(Self.refusal) }
            channel = connection
            greeted = false
            lineNumber = 0
        } catch {
            drop("\(error)")
        }
    }

    private func drop(_ reason: String) {
        if channel != nil || lastProblem != reason { write(.disconnected(reason: reason)) }
        lastProblem = reason
        channel = nil
        greeted = false
        for touch in touches.keys { host.forget(touch) }
        if touches.values.contains(where: \.began) { host.arrowEnd(commit: false) }
        touches.removeAll()
    }

    private func receive() {
        guard let channel else { return }
        guard let lines = channel.receiveLines(limitBytes: SessionMessage.lineLimitBytes) else {
            drop(greeted ? "the service closed the channel" : Self.refusal)
            return
        }
        for text in lines {
            lineNumber += 1
            let message: SessionMessage
            do {
                message = try SessionMessage.parse(text, source: socketPath, line: lineNumber)
            } catch {
                drop("\(error)")
                return
            }
            handle(message)
            if self.channel == nil { return }
        }
    }

    private func handle(_ message: SessionMessage) {
        switch message {
        case .hello(let version):
            guard version == SessionMessage.version else {
                drop("the service speaks channel version \(version); this swipeback speaks \(SessionMessage.version)")
                return
            }
            greeted = true
            lastProblem = nil
            write(.connected(socket: socketPath))
        case .held(let touch, let edge, let kind, let x, let y) where greeted:
            let app = host.app(for: touch, x: x, y: y)
            let exclude = app.keepsEdges || SystemAction.isExcluded(classNames: app.names, configuration: configuration)
            // The app's own action, else the configured one when the host sends it; else the service's.
            let own = SystemAction.appAction(for: kind, classNames: app.names, configuration: configuration)
            let configured = kind == .back ? configuration.systemBackAction : configuration.systemForwardAction
            let sent: SystemAction? = own.map { host.sendsItself($0) ? $0 : nil } ?? (host.sendsItself(configured) ? configured : nil)
            let sender: SessionMessage.Sender = sent == nil ? .service : .session
            // A key or button the host cannot send goes to the service as the app's own action.
            // (A command is the session's to run: one its host does not run is sent as none.)
            let action = sent == nil ? own.map { $0.isSentByDevices ? $0 : SystemAction.none } : nil
            guard channel?.send(SessionMessage.answer(touch: touch, app: app.name, exclude: exclude, sender: sender, action: action).line) == true else {
                host.forget(touch)
                drop("the service does not read")
                return
            }
            touches[touch] = (edge, sent, !exclude, false)
            write(.asked(touch: touch, app: app.name, exclude: exclude, y: y, sender: sender))
        case .progress(let touch, _, let y, let stretch, let active) where greeted:
            guard let held = touches[touch], held.shows else { return }
            if !held.began {
                touches[touch]?.began = true
                host.arrowBegin(edge: held.edge, y: y, stretch: stretch)
            }
            host.arrowMove(y: y, stretch: stretch, active: active)
        case .ended(let touch, let outcome, let sender) where greeted:
            guard let held = touches.removeValue(forKey: touch) else { return }
            if held.began { host.arrowEnd(commit: outcome == .committed) }
            write(.ended(touch: touch, outcome: outcome, sender: sender))
            // The service says who sends: its own action went out when the answer came too late.
            if outcome == .committed, sender == .session, let action = held.action { host.send(action, for: touch) }
            host.forget(touch)
        default:
            drop("unexpected from the service: \(message.line.prefix(80))")
        }
    }
}
