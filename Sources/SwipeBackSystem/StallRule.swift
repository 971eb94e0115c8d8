// SPDX-License-Identifier: Apache-2.0
/// How far the grab loop has got, as `SystemWatchdog` reads it.
public struct GrabProgress: Equatable, Sendable {
    /// The X server time (ms, wrapping at 2^32) of the last touch event the loop has decided:
    /// set after the decision is sent, never on the raw event that comes before it.
    public var decidedServerTime: UInt32
    /// When the loop woke for the pass it is in, ms on `MonotonicClock`; nil while it
    /// waits in `poll` with nothing queued.
    public var busySince: Double?

    /// Creates a progress.
    public init(decidedServerTime: UInt32 = 0, busySince: Double? = nil) {
        self.decidedServerTime = decidedServerTime
        self.busySince = busySince
    }
}

/// When the grab loop counts as stalled: a finger came down (its raw begin, which no grab holds
/// back), the loop has not decided a touch event at or after that server time, and the loop has
/// been in one pass for `limitMilliseconds`. A loop that waits in `poll` is not stalled: the
/// finger's touch went elsewhere (a client's pointer grab takes touches before the root's passive
/// grab), and the finger is forgotten once it has waited the limit.
///
/// A pure value: times come in. They are on `MonotonicClock`, which stops while the machine is
/// suspended, so a resume is not a stall.
public struct StallRule: Sendable {
    /// How long the loop may take with a finger waiting, ms.
    public let limitMilliseconds: Double
    /// Fingers down the loop has not decided yet: their server time and when they were seen.
    public private(set) var waiting: [(serverTime: UInt32, seenMilliseconds: Double)] = []

    /// A rule with `limitMilliseconds` (more than 0).
    public init(limitMilliseconds: Double) { self.limitMilliseconds = limitMilliseconds }

    /// A finger came down at `serverTime`, seen at `seenMilliseconds`.
    public mutating func fingerDown(serverTime: UInt32, seenMilliseconds: Double) {
        waiting.append((serverTime, seenMilliseconds))
    }

    /// Checks the loop's progress at `nowMilliseconds`.
    ///
    /// - Returns: how long the loop has been stuck, ms, when it is stalled; else nil. Fingers it
    ///   has reached, and fingers that waited the limit with the loop idle, are forgotten.
    public mutating func check(_ progress: GrabProgress, nowMilliseconds: Double) -> Double? {
        // Reached when the loop's time is at or after the down's, modulo the 32-bit wrap.
        waiting.removeAll { progress.decidedServerTime &- $0.serverTime < 1 << 31 }
        guard let oldest = waiting.first else { return nil }
        if let busySince = progress.busySince {
            let stuck = nowMilliseconds - max(busySince, oldest.seenMilliseconds)
            if stuck >= limitMilliseconds {
                waiting.removeAll()
                return nowMilliseconds - busySince
            }
        } else {
            waiting.removeAll { nowMilliseconds - $0.seenMilliseconds >= limitMilliseconds }
        }
        return nil
    }

    /// When to check next, ms; nil when no finger waits (then only a new finger wakes the watchdog).
    public func nextCheck(_ progress: GrabProgress) -> Double? {
        guard let oldest = waiting.first else { return nil }
        return max(progress.busySince ?? oldest.seenMilliseconds, oldest.seenMilliseconds) + limitMilliseconds
    }
}
