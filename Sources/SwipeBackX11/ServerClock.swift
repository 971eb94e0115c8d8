/// Maps the X server's 32-bit millisecond timestamps onto the app clock.
///
/// Server time is an unsigned 32-bit count of ms that wraps after 49.7 days. Differences are taken
/// modulo 2^32 between consecutive events (and read as small signed steps, since events from two
/// devices may arrive a little out of order), so neither 2^31 nor the wrap at 2^32 breaks velocity.
/// When the mapping drifts more than `resyncMilliseconds` from the app clock (the server restarted,
/// or no event came for a long while), it starts again from the app clock.
public struct ServerClock: Sendable {
    /// Largest drift in ms between mapped and app time before the mapping restarts.
    public static let resyncMilliseconds = 1000.0

    private var last: (server: UInt32, app: Double)?

    /// A clock with no event seen yet.
    public init() {}

    /// The app time in ms of an event stamped `serverTime`, received at app time `nowMilliseconds`.
    public mutating func appTime(serverTime: UInt32, nowMilliseconds: Double) -> Double {
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
