// SPDX-License-Identifier: Apache-2.0
/// One timeline for the live event log: every time the window hands the model, and every frame
/// line, never goes down (SPEC section 3: lines in the order things happen).
///
/// Input carries the server's time, mapped onto the app clock by `ServerClock`; ticks carry the
/// app clock as they happen, and frames the app clock when they reached the screen (their `ms`
/// reaches back to when their drawing began). An input event read late (stamped before a tick or
/// a frame's start, read after it) would go back in time: `inputTime` moves it up to the last time
/// handed out by growing an offset that every later input keeps, so the steps between later events
/// (which velocity is made of) stay exact. The timeline may so run ahead of the app clock by the
/// largest lateness seen (a few ms); `appTime` gives the timeline's time.
public struct LiveTimeline: Sendable {
    /// The latest time handed out, in ms on the app clock.
    public private(set) var lastMilliseconds = -Double.infinity
    /// Added to mapped server times, in ms (0 or more): how far input has been moved to keep the line.
    public private(set) var offsetMilliseconds = 0.0

    /// A timeline with nothing handed out yet.
    public init() {}

    /// The log time of an input event.
    ///
    /// - Parameter mappedMilliseconds: its server time mapped onto the app clock (`ServerClock`), in ms.
    /// - Returns: the mapped time plus the offset, in ms; at least the last time handed out.
    public mutating func inputTime(mappedMilliseconds: Double) -> Double {
        var t = mappedMilliseconds + offsetMilliseconds
        if t < lastMilliseconds {
            offsetMilliseconds += lastMilliseconds - t
            t = lastMilliseconds
        }
        lastMilliseconds = t
        return t
    }

    /// The log time of something the app does now (a tick, a frame, a resize, a focus change).
    ///
    /// - Parameter nowMilliseconds: the app clock now, in ms.
    /// - Returns: `nowMilliseconds`, or the last time handed out when that is later.
    public mutating func appTime(nowMilliseconds: Double) -> Double {
        lastMilliseconds = max(lastMilliseconds, nowMilliseconds)
        return lastMilliseconds
    }
}
