// SPDX-License-Identifier: Apache-2.0
import CEvdev
import Glibc
import SwipeBackCore
import SwipeBackFormats
import SwipeBackPosix

/// The service's end of the session channel (`docs/SPEC.md` section 6): a Unix socket that one
/// session side at a time may hold, if its user may (`SessionPeers`); a second one is refused
/// while the first holds it and its user still may. Lines that cannot be read, a wrong version,
/// or a session side that stops reading end the connection; the service then decides alone. Run
/// on the service's loop: it never blocks (the user `inputSessionUser` names is looked up once,
/// at the start), takes a few waiting clients a pass, and logs a refused user once a minute at most.
final class SessionChannel {
    /// Where the service listens; the system unit's `RuntimeDirectory=swipeback` makes the folder.
    static let path = "/run/swipeback/session.sock"

    /// Clients taken from the queue in one pass at most: a flood of connections cannot hold the loop.
    static let acceptsPerPass = 4
    /// How long a refused user's refusals go unlogged after one is, ms.
    static let refusalLogMilliseconds = 60_000.0

    private let listener: UnixListener
    /// `inputSessionUser` as a uid (nil: no one but root, where logind does not run).
    private let sessionUser: uid_t?
    private var lastRefusalLogged: [uid_t: Double] = [:]
    private let log: (SystemSessionPhase) -> Void
    private var connection: UnixConnection?
    private var peer: uid_t = 0
    /// Whether the session side has said hello with our version: only then are touches asked about.
    private(set) var isReady = false
    private var lineNumber = 0

    /// Listens at `path` (its folder made if missing).
    ///
    /// - Parameters:
    ///   - path: the socket's path.
    ///   - sessionUser: `inputSessionUser`, read where logind does not run.
    ///   - log: gets the channel's events (its `session` lines), on the service's thread.
    /// - Throws: `PosixError` when it cannot listen there.
    init(path: String = SessionChannel.path, sessionUser: String, log: @escaping (SystemSessionPhase) -> Void) throws {
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        if !folder.isEmpty { mkdir(folder, 0o755) }
        listener = try UnixListener(path: path, mode: 0o666)
        self.sessionUser = SessionPeers.uid(of: sessionUser)
        self.log = log
    }

    /// The descriptors to poll for reading: the listener, and the connection when there is one.
    var descriptors: [Int32] { [listener.descriptor] + (connection.map { [$0.descriptor] } ?? []) }

    /// Takes the waiting clients (`acceptsPerPass` at most): one whose user may connect becomes the
    /// session side unless a ready one holds the channel and its user still may; others are closed.
    func acceptWaiting() {
        for _ in 0..<Self.acceptsPerPass {
            guard let client = listener.accept() else { return }
            let current = connection != nil && isReady && SessionPeers.mayConnect(peer, sessionUser: sessionUser)
            guard let uid = client.peerUID, SessionPeers.mayConnect(uid, sessionUser: sessionUser), !current else {
                let uid = client.peerUID ?? uid_t.max
                let now = MonotonicClock.milliseconds()
                if now - (lastRefusalLogged[uid] ?? -.infinity) >= Self.refusalLogMilliseconds {
                    lastRefusalLogged[uid] = now
                    log(.refused(uid: client.peerUID.map { Int($0) },
                                 reason: current ? "another session side holds it" : "not the active session's user"))
                }
                continue
            }
            if connection != nil { drop("replaced") }
            guard client.send(SessionMessage.hello(version: SessionMessage.version).line) else { continue }
            connection = client
            peer = uid
            lineNumber = 0
            log(.connected(uid: Int(uid)))
        }
    }

    /// Reads what the session side sent: its answers, in order; the hello is taken here.
    func receive() -> [(touch: Int, answer: SessionAnswer)] {
        guard let current = connection else { return [] }
        guard let lines = current.receiveLines(limitBytes: SessionMessage.lineLimitBytes) else {
            drop("closed")
            return []
        }
        var answers: [(Int, SessionAnswer)] = []
        for text in lines {
            lineNumber += 1
            do {
                switch try SessionMessage.parse(text, source: "session", line: lineNumber) {
                case .hello(let version) where version == SessionMessage.version && !isReady:
                    isReady = true
                case .answer(let touch, let app, let exclude, let sender, let action) where isReady:
                    answers.append((touch, SessionAnswer(app: app, exclude: exclude, sender: sender, action: action)))
                default:
                    drop("unexpected: \(text.prefix(80))")
                    return answers
                }
            } catch {
                drop("\(error)")
                return answers
            }
        }
        return answers
    }

    /// Sends a line to a ready session side; one that cannot take it now is dropped. The peer's
    /// user is checked again at each held touch (the seat's active session may have changed).
    ///
    /// - Returns: whether the line went out.
    @discardableResult
    func send(_ message: SessionMessage) -> Bool {
        guard isReady, let current = connection else { return false }
        if case .held = message, !SessionPeers.mayConnect(peer, sessionUser: sessionUser) {
            drop("no longer the active session's user")
            return false
        }
        guard current.send(message.line) else {
            drop("not reading")
            return false
        }
        return true
    }

    private func drop(_ reason: String) {
        connection = nil
        isReady = false
        log(.disconnected(reason: reason))
    }
}

/// What the session side said of a held touch.
struct SessionAnswer {
    /// The app under the touch, if known.
    var app: String?
    /// Whether the app keeps its edge touches.
    var exclude: Bool
    /// Who sends the action.
    var sender: SessionMessage.Sender
    /// The app's own action, or nil for the configured one.
    var action: SystemAction?
}

/// Who may hold the session channel.
enum SessionPeers {
    /// Where logind keeps its seats: where it exists, logind runs.
    static let logindSeats = "/run/systemd/seats"

    /// Whether user `uid` may connect now: root always; with logind the user of seat0's active
    /// session (sd-login's `sd_seat_get_active`, which reads logind's state in /run); without
    /// logind the user `sessionUser` is, no one else when it is nil.
    ///
    /// - Parameters:
    ///   - uid: the peer's user id (`SO_PEERCRED`).
    ///   - sessionUser: `inputSessionUser`'s uid (`uid(of:)`).
    static func mayConnect(_ uid: uid_t, sessionUser: uid_t?) -> Bool {
        if uid == 0 { return true }
        if access(logindSeats, F_OK) == 0 {
            var active: uid_t = 0
            return sd_seat_get_active("seat0", nil, &active) >= 0 && active == uid
        }
        return sessionUser == uid
    }

    /// `inputSessionUser`'s uid: a number as it is, a name through the system's user database
    /// (looked up once: it may ask a directory service); nil when empty or unknown.
    static func uid(of sessionUser: String) -> uid_t? {
        guard !sessionUser.isEmpty else { return nil }
        if let number = UInt32(sessionUser) { return number }
        return getpwnam(sessionUser).map { $0.pointee.pw_uid }
    }
}
