// SPDX-License-Identifier: Apache-2.0
/// Maps the X server's 32-bit millisecond timestamps onto the app clock.
///
/// Server time is an unsigned 32-bit count of ms that wraps after 49.7 days. Differences are taken
/// modulo 2^32 between consecutive events (and read as small signed steps, since events from two
/// devices may arrive a little out of order), so neither 2^31 nor the wrap at 2^32 breaks velocity.
/// When the mapping drifts more than `resyncMilliseconds` from the app clock (the server restarted,
/// or no event came for a long while), it starts again from the app clock.
///
/// A server on this machine stamps events with the monotonic clock in ms (xserver's
/// `GetTimeInMillis`: `CLOCK_MONOTONIC`, or `CLOCK_MONOTONIC_COARSE` where that ticks every ms), as
/// the app's clock runs. When an event's stamp is the low 32 bits of that clock, taken up to
/// `sharedClockWindowMilliseconds` before it was read, it is mapped exactly, whenever it is read.
/// Otherwise the first event anchors the mapping at the time it was read, so an event read late
/// (the window busy drawing) would put every later one that much ahead of the app clock.
public struct ServerClock: Sendable {
    /// How long before its reading an event stamped with the app's monotonic clock may have
    /// happened, ms: longer, and the server's clock is taken for another.
    public static let sharedClockWindowMilliseconds = 1000.0
    /// Largest drift in ms between mapped and app time before the mapping restarts.
    public static let resyncMilliseconds = 1000.0

    private var last: (server: UInt32, app: Double)?

    /// A clock with no event seen yet.
    public init() {}

    /// The app time in ms of an event stamped `serverTime`, received at app time `nowMilliseconds`.
    ///
    /// - Parameters:
    ///   - serverTime: the event's server time, ms modulo 2^32.
    ///   - nowMilliseconds: the app clock when it was read, ms.
    ///   - monotonicMilliseconds: `CLOCK_MONOTONIC` when it was read, ms; nil when not known.
    public mutating func appTime(serverTime: UInt32, nowMilliseconds: Double, monotonicMilliseconds: Double? = nil) -> Double {
        if let monotonic = monotonicMilliseconds {
            let stamp = UInt32(truncatingIfNeeded: UInt64(max(0, monotonic)))
            let age = Double(Int32(bitPattern: stamp &- serverTime)) + (monotonic - monotonic.rounded(.down))
            if age >= 0, age <= Self.sharedClockWindowMilliseconds {
                let mapped = nowMilliseconds - age
                last = (serverTime, mapped)
                return mapped
            }
        }
        if let last {
            let step = Double(Int32(bitPattern: serverTime &- last.server))
            let mapped = last.app + step
            if abs(mapped - nowMilliseconds) < Self.resyncMilliseconds {
                self.last = (serverTime, mapped)
                return mapped
            }
        }
        last = (serverTime, nowMilliseconds)
        return nowMilliseconds
    }
}
