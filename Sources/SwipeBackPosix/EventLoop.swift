// SPDX-License-Identifier: Apache-2.0
import CEpoll
import Glibc

/// The one event loop every host runs on: descriptors with their handlers, a wake pipe other
/// threads can write to, the stop signals (SIGINT and SIGTERM, `StopSignals`) and a deadline per
/// wait; one `epoll_wait` for all of them.
///
/// libwayland's `wl_event_loop` is the model (`wl_event_loop_add_fd`, `wl_event_loop_dispatch`,
/// `wl_event_loop_get_fd`), as swift-nio's one event loop type is for handlers: the window, each
/// thread of `swipeback system` (the grab loop, the drawing side, the watchdog), `swipeback input`
/// and its watchdog, and the session side each run one. A host's pass does its work, works out
/// when it must run next (a frame, a settle, a touch's deadline) and calls `dispatch`; an app with
/// a loop of its own polls `descriptor` and calls `dispatch(timeoutMilliseconds: 0)` when it is
/// readable.
///
/// Level-triggered, as `poll` is: a descriptor with input left unread is ready again at the next
/// dispatch. One thread runs a loop at a time (it may be made on one thread and handed to the
/// thread that runs it); only `waker` is for other threads.
public final class EventLoop: @unchecked Sendable {
    /// What a descriptor had when its handler runs: `EPOLLIN`, `EPOLLHUP`, `EPOLLERR` bits (the same
    /// values as `POLLIN`, `POLLHUP`, `POLLERR`).
    public struct Readiness: Sendable {
        /// The raw bits.
        public let events: UInt32
        /// Input to read (or an end of file).
        public var isReadable: Bool { events & UInt32(EPOLLIN.rawValue) != 0 }
        /// The other end hung up, or the descriptor has an error.
        public var isHangup: Bool { events & (UInt32(EPOLLHUP.rawValue) | UInt32(EPOLLERR.rawValue)) != 0 }
    }

    /// A handler: runs in `dispatch` on the loop's thread; what it throws ends the dispatch.
    public typealias Handler = (Readiness) throws -> Void

    /// The epoll descriptor: readable while any watched descriptor is ready, or the loop is woken.
    /// For an app that runs the loop from its own (poll it, then `dispatch(timeoutMilliseconds: 0)`).
    public let descriptor: Int32
    /// Wakes the loop from any thread.
    public let waker: WakePipe
    private var handlers: [Int32: Handler] = [:]
    private var ready = [epoll_event](repeating: epoll_event(), count: 32)

    /// Makes a loop with its wake pipe watched.
    ///
    /// - Throws: `PosixError` when the process has no descriptors left.
    public init() throws {
        descriptor = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard descriptor >= 0 else { throw PosixError("cannot make an event loop: \(String(cString: strerror(errno)))") }
        do {
            waker = try WakePipe()
        } catch {
            close(descriptor)
            throw error
        }
        try add(waker.readEnd)
    }

    deinit { close(descriptor) }

    /// Watches `fd` for input: `handler` runs in each dispatch while it is readable or hung up.
    /// Watching a descriptor again replaces its handler (a loop whose descriptors come and go may
    /// watch the ones it wants before each dispatch).
    ///
    /// - Parameters:
    ///   - fd: an open descriptor; unwatch it before closing it.
    ///   - handler: what to do when it is ready.
    /// - Throws: `PosixError` when the kernel refuses it (not a pollable descriptor).
    public func watch(_ fd: Int32, _ handler: @escaping Handler) throws {
        // Added every time (the kernel says it has it already when it does): a descriptor closed
        // without `unwatch` and its number given to a new one is watched again.
        try add(fd)
        handlers[fd] = handler
    }

    /// Stops watching `fd` (nothing when it is not watched).
    public func unwatch(_ fd: Int32) {
        guard handlers.removeValue(forKey: fd) != nil else { return }
        _ = epoll_ctl(descriptor, EPOLL_CTL_DEL, fd, nil)
    }

    /// Whether `fd` is watched.
    public func isWatching(_ fd: Int32) -> Bool { handlers[fd] != nil }

    private func add(_ fd: Int32) throws {
        var event = epoll_event()
        event.events = UInt32(EPOLLIN.rawValue)
        event.data.fd = fd
        guard epoll_ctl(descriptor, EPOLL_CTL_ADD, fd, &event) == 0 || errno == EEXIST else {
            throw PosixError("cannot watch descriptor \(fd): \(String(cString: strerror(errno)))")
        }
    }

    /// Waits until a watched descriptor is ready, the loop is woken, or `timeoutMilliseconds`
    /// pass, then runs the ready descriptors' handlers.
    ///
    /// - Parameter timeoutMilliseconds: how long to wait at most, ms (rounded up to whole ms; 0
    ///   does not wait); nil waits for an event.
    /// - Returns: whether anything was ready or woke it (false: the time ran out, or a signal
    ///   interrupted the wait).
    /// - Throws: what a handler throws.
    @discardableResult
    public func dispatch(timeoutMilliseconds: Double?) throws -> Bool {
        let timeout = timeoutMilliseconds.map { Int32(min(max(0, $0.rounded(.up)), Double(Int32.max))) } ?? -1
        let count = epoll_wait(descriptor, &ready, Int32(ready.count), timeout)
        guard count > 0 else { return false }
        var any = false
        for index in 0..<Int(count) {
            let fd = ready[index].data.fd, readiness = Readiness(events: ready[index].events)
            if fd == waker.readEnd {
                waker.drain()
                any = true
            } else if let handler = handlers[fd] {
                any = true
                try handler(readiness)
            }
        }
        return any
    }

    /// `dispatch` until `deadline` on `MonotonicClock` (nil: no limit), counting a wake or a ready
    /// descriptor as the end of the wait.
    ///
    /// - Returns: whether it ended early for an event.
    /// - Throws: what a handler throws.
    @discardableResult
    public func dispatch(untilMilliseconds deadline: Double?) throws -> Bool {
        try dispatch(timeoutMilliseconds: deadline.map { max(0, $0 - MonotonicClock.milliseconds()) })
    }
}

/// SIGINT and SIGTERM, turned into a readable descriptor: a loop watching `descriptor` wakes for
/// them (the self-pipe: the handler only sets a flag and writes a byte, which are
/// async-signal-safe).
public enum StopSignals {
    nonisolated(unsafe) private static var received: sig_atomic_t = 0
    nonisolated(unsafe) private static var pipeEnds: (read: Int32, write: Int32) = (-1, -1)

    /// Installs the handlers; calling it again changes nothing. Call it early: a signal that comes
    /// before a loop watches `descriptor` is kept (`wasReceived`), and its byte waits in the pipe.
    public static func install() {
        guard pipeEnds.read < 0 else { return }
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
                _ = fcntl(end, F_SETFL, O_NONBLOCK)
            }
            pipeEnds = (ends[0], ends[1])
        }
        for number in [SIGINT, SIGTERM] {
            signal(number) { _ in
                StopSignals.received = 1
                // write(2) is async-signal-safe; a full pipe already holds a wake-up.
                var byte: UInt8 = 1
                if StopSignals.pipeEnds.write >= 0 { _ = write(StopSignals.pipeEnds.write, &byte, 1) }
            }
        }
    }

    /// Whether SIGINT or SIGTERM came since `install()`.
    public static var wasReceived: Bool { received != 0 }

    /// The pipe's read end, readable once a signal came; -1 before `install()`.
    public static var descriptor: Int32 { pipeEnds.read }
}
