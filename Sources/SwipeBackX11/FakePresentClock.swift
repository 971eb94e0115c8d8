/// The X server's stand-in refresh clock, for a window that no display scans out: every window of
/// Xvfb and of Xorg's dummy driver, and a window off every monitor of a real driver.
///
/// Facts from xserver's `present/present_fake.c` (xserver 21, Debian 12's Xvfb and Xorg):
/// - Its counter is the server's monotonic clock counted in whole intervals, rounded to the
///   nearest: `msc = (ust + interval / 2) / interval` in integer µs, where `interval` is
///   1,000,000 / fps µs: fps is the server's `-fakescreenfps`, else 60, or 1 for a window off a
///   real driver's monitors.
/// - So count `n` begins half an interval before `n` intervals (`countBegins(_:)`), and a frame
///   presented without `PresentOptionAsync` waits for the count after the one running: one sent
///   in the second half of an interval waits up to 1.5 intervals (the late half of the counts).
/// - Presented with `PresentOptionAsync` for a count that has begun, the copy is made at once.
///   No display reads the window, so nothing can tear, and the frame is where the server's
///   framebuffer (a screenshot, a VNC server) sees it at once.
///
/// A display's counter starts when its output does and runs at the display's own rate, so it
/// does not equal the server's uptime in intervals: `init?(ust:msc:)` tells the two apart from
/// one completion.
public struct FakePresentClock: Equatable, Sendable {
    /// The fake refresh interval, in µs (16,666 for 60 Hz).
    public let intervalMicroseconds: UInt64

    /// The clock that gave a completion at `ust` with counter `msc`, when it is the server's fake
    /// clock; nil for a display's clock (or no time).
    ///
    /// - Parameters:
    ///   - ust: the completion's time, µs on the server's monotonic clock; more than 0.
    ///   - msc: its counter; at least 1.
    public init?(ust: UInt64, msc: UInt64) {
        guard ust > 0, msc > 0, msc < ust else { return nil }
        // The rate in whole Hz that the counter and the clock imply, then the exact rule.
        let hertz = (Double(msc) * 1e6 / Double(ust)).rounded()
        guard hertz >= 1, hertz <= 1000 else { return nil }
        let interval = 1_000_000 / UInt64(hertz)
        guard (ust + interval / 2) / interval == msc else { return nil }
        intervalMicroseconds = interval
    }

    /// When the counter reaches `msc`, in µs on the server's monotonic clock.
    ///
    /// - Parameter msc: a count, at least 1.
    public func countBegins(_ msc: UInt64) -> UInt64 {
        msc * intervalMicroseconds - intervalMicroseconds / 2
    }
}
