// SPDX-License-Identifier: Apache-2.0
/// The X server's stand-in refresh clock, for a screen that no display scans out: every window of
/// Xvfb and of Xorg's dummy driver.
///
/// Facts from xserver's `present/present_fake.c` (xserver 21, Debian 12's Xvfb and Xorg):
/// - Its counter is the server's monotonic clock counted in whole intervals, rounded to the
///   nearest: `msc = (ust + interval / 2) / interval` in integer µs, where `interval` is
///   1,000,000 / fps µs: fps is the server's `-fakescreenfps`, else 60 (1 on a real driver's
///   screen, for a window never on a monitor; a window that was on one keeps its display's
///   count, as the server keeps a window's counter continuous, so it is not recognised).
/// - So count `n` begins half an interval before `n` intervals, and a frame presented without
///   `PresentOptionAsync` waits for the count after the one running: one sent in the second half
///   of an interval waits up to 1.5 intervals, for a refresh no display makes.
/// - Presented with `PresentOptionAsync` for a count that has begun, the copy is made at once.
///   No display reads the window, so nothing can tear, and the frame is where the server's
///   framebuffer (a screenshot, a VNC server) sees it at once.
///
/// A display's counter starts when its output does and runs at the display's own rate, so it
/// rarely equals the server's uptime in intervals: `init?(ust:msc:)` applies the rule to one
/// completion, and `FakePresentClockRecognizer` adds the clock's timing over several.
public struct FakePresentClock: Equatable, Sendable {
    /// The fake refresh interval, in µs (16,666 for 60 Hz).
    public let intervalMicroseconds: UInt64

    /// The clock that gave a completion at `ust` with counter `msc`, when it is the server's fake
    /// clock; nil for a display's clock (or no time).
    ///
    /// - Parameters:
    ///   - ust: the completion's time, µs on the server's monotonic clock; more than 0 and less
    ///     than 2^62 (a server's answer outside that is not this clock).
    ///   - msc: its counter; at least 1.
    public init?(ust: UInt64, msc: UInt64) {
        guard ust > 0, ust < 1 << 62, msc > 0, msc < ust else { return nil }
        // The rate in whole Hz that the counter and the clock imply, then the exact rule.
        let hertz = (Double(msc) * 1e6 / Double(ust)).rounded()
        guard hertz >= 1, hertz <= 1000 else { return nil }
        let interval = 1_000_000 / UInt64(hertz)
        guard (ust + interval / 2) / interval == msc else { return nil }
        intervalMicroseconds = interval
    }
}

/// Decides from the completions of frames whether the window is on the server's fake clock
/// (`FakePresentClock`), so that frames may go out with `PresentOptionAsync`.
///
/// The rule alone can hold for a while on a display whose rate is a little above 1,000,000 /
/// (the interval in whole µs) Hz, once its counter has caught up with the uptime in intervals. So
/// it also takes the fake clock's timing: a frame presented for the next refresh is shown by a
/// server timer set in whole ms for `msc` intervals, so its completion comes within
/// `phaseToleranceMicroseconds` of that, where a display's refresh falls anywhere in the interval.
/// `completionsNeeded` such completions in a row recognise the clock; one completion that breaks
/// the rule, or `reset()` (the window moved or the screen changed), forgets it.
public struct FakePresentClockRecognizer: Sendable {
    /// The fake clock while recognised, else nil.
    public private(set) var clock: FakePresentClock?
    /// Completions in a row that fit the rule and the timing, while not yet recognised.
    private var evidence = 0
    /// How many completions in a row must fit before the clock is recognised.
    public static let completionsNeeded = 2
    /// How far from `msc` intervals a synchronous completion of the fake clock may come, µs: its
    /// timer is set in whole ms (up to 1 ms early) and fires a little late.
    public static let phaseToleranceMicroseconds: UInt64 = 2000

    /// A recogniser that has seen nothing.
    public init() {}

    /// Takes the completion of a frame and returns the fake clock while it is recognised.
    ///
    /// - Parameters:
    ///   - ust: the completion's time, µs on the server's monotonic clock.
    ///   - msc: its counter.
    ///   - synchronous: whether the frame was presented for the next refresh (not `PresentOptionAsync`).
    public mutating func observe(ust: UInt64, msc: UInt64, synchronous: Bool) -> FakePresentClock? {
        guard let fake = FakePresentClock(ust: ust, msc: msc) else {
            reset()
            return nil
        }
        if clock != nil {
            clock = fake
            return fake
        }
        let due = msc * fake.intervalMicroseconds
        let distance = ust > due ? ust - due : due - ust
        evidence = synchronous && distance <= Self.phaseToleranceMicroseconds ? evidence + 1 : 0
        if evidence >= Self.completionsNeeded { clock = fake }
        return clock
    }

    /// Whether some completions fit but not yet enough: one more frame for the next refresh would
    /// decide (the window presents one while idle, `PresentSurface.probePresentClock()`).
    public var awaitsConfirmation: Bool { clock == nil && evidence > 0 }

    /// Forgets the clock and the evidence (the window moved, or the screen changed).
    public mutating func reset() {
        clock = nil
        evidence = 0
    }
}
