// SPDX-License-Identifier: Apache-2.0
import CEvdev
import Glibc
import SwipeBackFormats
import SwipeBackPosix

/// The service's end of the session channel (`docs/SPEC.md` section 6): a Unix socket that one
/// session side at a time may hold, if its user may (`SessionPeers`). Lines that cannot be read,
/// a wrong version, or a session side that stops reading end the connection; the service then
/// decides alone. Run on the service's loop: it never blocks.
final class SessionChannel {
    /// Where the service listens; the system unit's `RuntimeDirectory=swipeback` makes the folder.
    static let path = "/run/swipeback/session.sock"

    private let listener: UnixListener
    private let sessionUser: String
    private let log: (String, [(String, LogValue)]) -> Void
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
    ///   - log: gets the channel's events (`session`, with fields), on the service's thread.
    /// - Throws: `PosixError` when it cannot listen there.
    init(path: String = SessionChannel.path, sessionUser: String, log: @escaping (String, [(String, LogValue)]) -> Void) throws {
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        if !folder.isEmpty { mkdir(folder, 0o755) }
        listener = try UnixListener(path: path, mode: 0o666)
        self.sessionUser = sessionUser
        self.log = log
    }

    /// The descriptors to poll for reading: the listener, and the connection when there is one.
    var descriptors: [Int32] { [listener.descriptor] + (connection.map { [$0.descriptor] } ?? []) }

    /// Takes a waiting client: it replaces the current one if its user may connect, else it is closed.
    func acceptWaiting() {
        while let client = listener.accept() {
            guard let uid = client.peerUID, SessionPeers.mayConnect(uid, sessionUser: sessionUser) else {
                log("refused", [("uid", client.peerUID.map { .number(Double($0)) } ?? .null)])
                continue
            }
            if connection != nil { drop("replaced") }
            guard client.send(SessionMessage.hello(version: SessionMessage.version).line) else { continue }
            connection = client
            peer = uid
            lineNumber = 0
            log("connected", [("uid", .number(Double(uid)))])
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
    func send(_ message: SessionMessage) {
        guard isReady, let current = connection else { return }
        if case .held = message, !SessionPeers.mayConnect(peer, sessionUser: sessionUser) {
            drop("no longer the active session's user")
            return
        }
        if !current.send(message.line) { drop("not reading") }
    }

    private func drop(_ reason: String) {
        connection = nil
        isReady = false
        log("disconnected", [("reason", .string(reason))])
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
    /// The app's own action text, or nil for the configured one.
    var action: String?
}

/// Who may hold the session channel.
enum SessionPeers {
    /// Where logind keeps its seats: where it exists, logind runs.
    static let logindSeats = "/run/systemd/seats"

    /// Whether user `uid` may connect now: root always; with logind the user of seat0's active
    /// session (sd-login's `sd_seat_get_active`); without logind the user `sessionUser` names (a
    /// name or a number), no one else when it is empty.
    ///
    /// - Parameters:
    ///   - uid: the peer's user id (`SO_PEERCRED`).
    ///   - sessionUser: `inputSessionUser`.
    static func mayConnect(_ uid: uid_t, sessionUser: String) -> Bool {
        if uid == 0 { return true }
        if access(logindSeats, F_OK) == 0 {
            var active: uid_t = 0
            return sd_seat_get_active("seat0", nil, &active) >= 0 && active == uid
        }
        guard !sessionUser.isEmpty else { return false }
        if let number = UInt32(sessionUser) { return number == uid }
        guard let entry = getpwnam(sessionUser) else { return false }
        return entry.pointee.pw_uid == uid
    }
}
