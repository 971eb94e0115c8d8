// SPDX-License-Identifier: Apache-2.0
import Glibc

/// A listening Unix stream socket at a path (the session channel's, `docs/SPEC.md` section 6):
/// non-blocking, closed on exec, readable by `poll` when a client waits.
public final class UnixListener {
    /// The descriptor to poll for reading.
    public let descriptor: Int32
    /// Where it listens.
    public let path: String

    /// Listens at `path`, removing a socket left there by an earlier run, with mode `mode` (who may
    /// connect is then decided by the peer's credentials, `UnixConnection.peerUID`).
    ///
    /// - Parameters:
    ///   - path: an absolute path, at most 107 bytes (`sun_path`); its folder must exist.
    ///   - mode: the socket file's permission bits, e.g. 0o666.
    /// - Throws: `PosixError` naming the path and the system's reason.
    public init(path: String, mode: mode_t) throws {
        self.path = path
        var address = try UnixConnection.address(path)
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw PosixError("\(path): cannot make a socket: \(String(cString: strerror(errno)))") }
        var status = stat()
        if lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFSOCK { unlink(path) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, chmod(path, mode) == 0, listen(descriptor, 4) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw PosixError("\(path): cannot listen: \(reason)")
        }
    }

    deinit {
        close(descriptor)
        unlink(path)
    }

    /// The next waiting client, or nil when none waits.
    public func accept() -> UnixConnection? {
        let client = Glibc.accept(descriptor, nil, nil)
        guard client >= 0 else { return nil }
        _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) | O_NONBLOCK)
        _ = fcntl(client, F_SETFD, FD_CLOEXEC)
        return UnixConnection(descriptor: client)
    }
}

/// One end of a Unix stream socket that carries lines (JSON Lines): non-blocking, so a peer that
/// stops reading never blocks the loop that writes to it; the connection is then given up.
public final class UnixConnection {
    /// The descriptor to poll for reading.
    public let descriptor: Int32
    private var pending: [UInt8] = []

    init(descriptor: Int32) { self.descriptor = descriptor }

    /// Connects to a listening socket without waiting: a listener whose queue is full is an error
    /// (`EAGAIN`), not a wait.
    ///
    /// - Parameter path: the socket's path, at most 107 bytes.
    /// - Throws: `PosixError` naming the path and the system's reason (no such file, refused, busy).
    public static func connect(to path: String) throws -> UnixConnection {
        var address = try address(path)
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw PosixError("\(path): cannot make a socket: \(String(cString: strerror(errno)))") }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw PosixError("\(path): cannot connect: \(reason)")
        }
        return UnixConnection(descriptor: descriptor)
    }

    static func address(_ path: String) throws -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw PosixError("\(path): a socket path is at most \(MemoryLayout.size(ofValue: address.sun_path) - 1) bytes")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        return address
    }

    deinit { close(descriptor) }

    /// The peer's user id, from the kernel (`SO_PEERCRED`: what it was when it connected); nil if
    /// the kernel does not say.
    public var peerUID: uid_t? {
        // struct ucred (pid, uid, gid), which Glibc's module leaves out (it needs _GNU_SOURCE).
        var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout<(Int32, UInt32, UInt32)>.size)
        return getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 ? credentials.uid : nil
    }

    /// Sends one line (a newline is added) without waiting.
    ///
    /// - Parameter line: the line, without its newline.
    /// - Returns: false when it could not go out whole now (the peer stopped reading, or is gone):
    ///   the caller gives the connection up.
    public func send(_ line: String) -> Bool {
        let bytes = Array((line + "\n").utf8)
        let sent = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL)) }
        return sent == bytes.count
    }

    /// The most bytes one `receiveLines` call reads: a peer that writes faster than its lines are
    /// handled is read over several passes of the caller's loop, not all in one.
    public static let readLimitBytes = 16384

    /// The whole lines waiting to be read (up to `readLimitBytes` of them), without their newlines.
    ///
    /// - Parameter limitBytes: the longest line allowed, bytes before its newline.
    /// - Returns: the lines, possibly none; nil when the peer has closed, an error came, or a line
    ///   grew past `limitBytes` (the caller gives the connection up).
    public func receiveLines(limitBytes: Int) -> [String]? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var read = 0
        while read < Self.readLimitBytes {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count == 0 { return nil }
            if count < 0 {
                if errno == EAGAIN || errno == EWOULDBLOCK { break }
                if errno == EINTR { continue }
                return nil
            }
            pending += buffer[0..<count]
            read += count
        }
        var lines: [String] = []
        var start = 0
        while let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
            guard newline - start <= limitBytes else { return nil }
            lines.append(String(decoding: pending[start..<newline], as: UTF8.self))
            start = newline + 1
        }
        pending.removeFirst(start)
        return pending.count > limitBytes ? nil : lines
    }
}
