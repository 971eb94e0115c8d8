// SPDX-License-Identifier: Apache-2.0
import Glibc
import SwipeBackCore
import SwipeBackFormats
import SwipeBackPosix

/// `swipeback system` on a Wayland session: the session side of `swipeback input` (the session
/// channel, `docs/SPEC.md` section 6). For each touch the service holds it answers at once with
/// the activated app (`zwlr_foreign_toplevel_manager_v1`'s app_id), whether `systemExclude`
/// names it, and the app's own action from `systemAppActions` or the built-in table (a
/// `command:` is run here, as the user; a key or button goes out through the service's keyboard
/// and mouse); it shows the arrow on a layer-shell overlay while an accepted swipe moves. Without
/// layer-shell it shows nothing; without the toplevel manager every app is unknown (nothing is
/// excluded, the service's action goes out). It connects again, every second, while the service
/// is away.
public final class SessionSide {
    private let configuration: Configuration
    private let socketPath: String
    private let wayland: WaylandConnection
    private let arrow: OverlayArrow?
    private let log: (EventLogEntry) -> Void
    private let clockStart = MonotonicClock.milliseconds()
    private var channel: UnixConnection?
    /// Whether the service's hello came (only then are its lines read as touches).
    private var greeted = false
    private var lineNumber = 0
    /// The touches the service told of: their edge, the command the session runs on commit, and
    /// whether the arrow shows for them (not for an excluded app).
    private var touches: [Int: (edge: SystemEdge, command: String?, shows: Bool, began: Bool)] = [:]
    /// Why a connection ends before the service's hello.
    static let refusal = "the service refused the channel (another session side holds it, or this user may not: only root and the active session's user may; inputSessionUser where logind does not run)"

    /// Why the last connection ended, so a service that stays away is logged once.
    private var lastProblem: String?

    /// Connects to the compositor (the service is reached in `run`).
    ///
    /// - Parameters:
    ///   - configuration: `systemExclude`, `systemAppActions`, the spring of the arrow's settle.
    ///   - socketPath: the service's socket (`/run/swipeback/session.sock`).
    ///   - log: gets the event log's entries (`system` lines), on the thread of `run`.
    ///   - logFrames: whether each arrow frame committed is logged too (a `frame` line, `--log-frames`).
    /// - Throws: `WaylandError` when no compositor answers.
    public init(configuration: Configuration, socketPath: String, logFrames: Bool = false, log: @escaping (EventLogEntry) -> Void) throws {
        self.configuration = configuration
        self.socketPath = socketPath
        self.log = log
        wayland = try WaylandConnection()
        let start = clockStart
        arrow = wayland.hasLayerShell ? try OverlayArrow(connection: wayland, configuration: configuration) { MonotonicClock.milliseconds() - start } : nil
        if logFrames {
            arrow?.frameCommitted = { time in log(EventLogEntry(timeMilliseconds: time, type: "frame", fields: [])) }
        }
    }

    /// ms since it started, on `CLOCK_MONOTONIC` (the log's times).
    private var now: Double { MonotonicClock.milliseconds() - clockStart }

    private func write(_ event: String, _ fields: [(String, LogValue)]) {
        log(EventLogEntry(timeMilliseconds: now, type: "system", fields: [("event", .string(event))] + fields))
    }

    /// Runs until `stopDescriptor` is readable (SIGTERM or SIGINT).
    ///
    /// - Parameter stopDescriptor: a descriptor that becomes readable to stop.
    /// - Throws: `WaylandError` when the compositor's connection is lost.
    public func run(stopDescriptor: Int32) throws {
        write("started", [("style", .string("session")), ("arrow", .bool(arrow != nil)), ("apps", .bool(wayland.hasToplevels))])
        defer { write("stopped", []) }
        var nextTry = 0.0
        while true {
            if channel == nil, now >= nextTry {
                connect()
                nextTry = now + 1000
            }
            let arrowDue = arrow?.tick()
            try wayland.flush()
            var waits = [arrowDue, channel == nil ? nextTry : nil].compactMap { $0 }
            waits = waits.map { max(0, $0 - now) }
            let timeout = waits.min().map { Int32($0.rounded(.up)) } ?? -1
            var fds = [pollfd(fd: stopDescriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: wayland.descriptor, events: Int16(POLLIN), revents: 0)]
            if let channel { fds.append(pollfd(fd: channel.descriptor, events: Int16(POLLIN), revents: 0)) }
            _ = poll(&fds, nfds_t(fds.count), timeout)
            if fds[0].revents != 0 { return }
            if fds[1].revents != 0 { try wayland.dispatch() }
            if fds.count > 2, fds[2].revents != 0 { receive() }
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
        if channel != nil || lastProblem != reason { write("disconnected", [("reason", .string(reason))]) }
        lastProblem = reason
        channel = nil
        greeted = false
        touches.removeAll()
        arrow?.end(commit: false)
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
            write("connected", [("socket", .string(socketPath))])
        case .held(let touch, let edge, let kind, _, let y) where greeted:
            let app = wayland.activatedAppID
            let names = app.map { [$0] } ?? []
            let swipeKind: SystemSwipeKind = kind == .back ? .back : .forward
            let exclude = SystemAction.isExcluded(classNames: names, configuration: configuration)
            let own = SystemAction.appAction(for: swipeKind, classNames: names, configuration: configuration)
            var command: String?
            var action: String?
            switch own {
            case .command(let line)?: command = line
            case let other?: action = other.description
            case nil: break
            }
            let sender: SessionMessage.Sender = command == nil ? .service : .session
            guard channel?.send(SessionMessage.answer(touch: touch, app: app, exclude: exclude, sender: sender, action: action).line) == true else {
                drop("the service does not read")
                return
            }
            touches[touch] = (edge == .left ? .left : .right, command, !exclude, false)
            write("held", [("touch", .number(Double(touch))), ("app", app.map(LogValue.string) ?? .null), ("exclude", .bool(exclude)),
                           ("y", .number(y)), ("sender", .string(sender.rawValue))])
        case .progress(let touch, _, let y, let stretch, let active) where greeted:
            guard let held = touches[touch], held.shows else { return }
            if held.began {
                arrow?.move(y: y, stretch: stretch, active: active)
            } else {
                touches[touch]?.began = true
                arrow?.begin(edge: held.edge, y: y, stretch: stretch)
                arrow?.move(y: y, stretch: stretch, active: active)
            }
        case .ended(let touch, let outcome, let sender) where greeted:
            guard let held = touches.removeValue(forKey: touch) else { return }
            if held.began { arrow?.end(commit: outcome == .committed) }
            write(outcome.rawValue, [("touch", .number(Double(touch))), ("sender", .string(sender.rawValue))])
            // The service says who sends: its own action went out when the answer came too late.
            if outcome == .committed, sender == .session, let command = held.command {
                let started = CommandSpawner.spawn(command, environment: ["SWIPEBACK_APP": wayland.activatedAppID ?? ""])
                write(started ? "sent" : "failed", [("touch", .number(Double(touch))), ("action", .string("command:" + command))])
            }
        default:
            drop("unexpected from the service: \(message.line.prefix(80))")
        }
    }
}
