// SPDX-License-Identifier: Apache-2.0
import Glibc

/// A non-blocking pipe that wakes a `poll` on another thread, closed when the last holder lets go
/// (a thread that outlives its host writes to its own pipe, never to a descriptor number reused
/// since).
public final class WakePipe: Sendable {
    /// The end to poll for reading.
    public let readEnd: Int32
    private let writeEnd: Int32

    /// Opens the pipe (both ends non-blocking and closed on exec).
    ///
    /// - Throws: `PosixError` when the process has no descriptors left.
    public init() throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw PosixError("cannot make a pipe: \(String(cString: strerror(errno)))") }
        for end in ends {
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Makes `readEnd` readable (a full pipe is readable already).
    public func wake() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Reads every byte waiting.
    public func drain() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &bytes, bytes.count) > 0 {}
    }
}

/// A system call that failed: one line naming what and why.
public struct PosixError: Error, CustomStringConvertible {
    /// One line.
    public let description: String

    /// Creates the error.
    public init(_ description: String) { self.description = description }
}

/// `CLOCK_MONOTONIC`, ms: Linux's monotonic clock, which stops while the machine is suspended
/// (`CLOCK_BOOTTIME` does not, and neither does Swift's `ContinuousClock` there), so a watchdog on
/// it does not take a resume for a stall; evdev frames are timed on it too (`libevdev_set_clock_id`).
public enum MonotonicClock {
    /// Now, ms since an arbitrary start.
    public static func milliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
    }
}
