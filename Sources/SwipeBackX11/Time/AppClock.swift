// SPDX-License-Identifier: Apache-2.0
import Glibc

/// The app clock: ms since the app started, on the monotonic clock. Every time in an event log
/// is on it; server times are mapped onto it (`ServerClock`) and kept in order (`LiveTimeline`).
public struct AppClock: Sendable {
    private let origin = ContinuousClock.now

    /// Starts the clock at 0 now.
    public init() {}

    /// ms since the clock started.
    public var milliseconds: Double {
        let elapsed = ContinuousClock.now - origin
        return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    }

    /// `CLOCK_MONOTONIC` now, in µs: the clock of the X server's Present times (`ust`) on Linux.
    public static var monotonicMicroseconds: Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) * 1e6 + Double(now.tv_nsec) / 1e3
    }
}
