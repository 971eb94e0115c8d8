// SPDX-License-Identifier: Apache-2.0
import SwipeBackCore

/// When the window draws its next frame: at most one per refresh, each as late before the refresh
/// it aims at as drawing allows, so input that arrives meanwhile goes into it.
///
/// On the Present path the refresh grid comes from the frames shown (`PresentCompleteNotify`'s
/// time). Frames that no refresh waits for start as soon as there is something to draw, within a
/// budget of one frame per interval (a token bucket that holds `budgetBurst` frames), so each is
/// shown its drawing time after the input it shows and a flood gets the interval's rate: frames
/// without Present (put and synced, at the frame clock's interval), and frames on the server's
/// fake clock (`FakePresentClock`: no display reads the window, so there is no refresh to aim at;
/// presented with `PresentOptionAsync`, which the server copies at once, at its interval). All
/// times are ms on the app clock. A pure value, so its rules are tested without a server.
public struct FramePacer: Sendable {
    /// Whether frames are paced by Present completions (else by the frame clock).
    public var paced: Bool
    /// The refresh interval, in ms (1000 / the display's Hz).
    public var intervalMilliseconds: Double
    /// When the last frame reached the screen: the refresh grid the next frame aims at.
    public private(set) var lastShownMilliseconds: Double?
    /// The refresh counter of the last frame shown (`PresentCompletion.msc`), on the Present path.
    public private(set) var lastShownMsc: UInt64?
    /// A recent drawing time (ms), rising at once and decaying over about ten frames.
    public private(set) var drawingEstimateMilliseconds = 4.0
    /// Time added to the lead because frames that aimed at a refresh missed it (ms, 0 up to a
    /// refresh interval): learned, as the server's clock decides what makes a refresh. Xvfb's and
    /// the dummy driver's fake clock count a refresh as begun half an interval before it is shown
    /// (xserver's `present/present_fake.c` rounds the msc to the nearest), so there a frame must be
    /// sent in the first half of the interval before the refresh it aims at.
    public private(set) var missAllowanceMilliseconds = 0.0
    /// The refresh a frame that changed nothing would have been shown at: the next frame aims at
    /// the one after (an animation that rests for a frame does not spin).
    private var heldRefreshMilliseconds = -Double.infinity
    /// The fake clock's interval (ms) when the last frame shown came from it (`FakePresentClock`);
    /// nil on a display's clock.
    public private(set) var fakeClockIntervalMilliseconds: Double?
    /// For frames no refresh waits for (`usesBudget`), the frames in the budget at
    /// `budgetMilliseconds`: it grows by one per interval up to `budgetBurst`, and a frame starts
    /// when it holds one, and spends it.
    public private(set) var budget = FramePacer.budgetBurst
    private var budgetMilliseconds = -Double.infinity
    /// The most frames the budget holds: with more than one, input that comes a little early (a
    /// sender's timer) or a frame that started late is not held back, so frames do not drift
    /// behind input a little each interval (as they did when each frame had to wait an interval
    /// after the last); a flood gets one frame per interval after the first two.
    public static let budgetBurst = 1.5
    /// Frames shown longer ago than this many intervals no longer give the grid: the next frame starts at once.
    static let gridIntervals = 4.0

    /// A pacer for a display of `intervalMilliseconds` per refresh.
    ///
    /// - Parameters:
    ///   - paced: true on the Present path.
    ///   - intervalMilliseconds: the refresh interval, more than 0.
    public init(paced: Bool, intervalMilliseconds: Double) {
        self.paced = paced
        self.intervalMilliseconds = intervalMilliseconds
    }

    /// How long before a refresh a frame starts, in ms: the drawing estimate times 1.5, 1 ms, and
    /// what misses taught; at most a refresh interval.
    public var leadMilliseconds: Double {
        min(intervalMilliseconds, drawingEstimateMilliseconds * 1.5 + 1 + missAllowanceMilliseconds)
    }

    private func gridIsRecent(at now: Double) -> Bool {
        lastShownMilliseconds.map { now - $0 < Self.gridIntervals * intervalMilliseconds } ?? false
    }

    /// When the next frame should start drawing, at or after `now`: on a display's Present clock,
    /// the lead before the next refresh after `now` (now when that time has passed, or when no
    /// frame was shown lately); otherwise once the budget holds a frame.
    public func frameStart(after now: Double) -> Double {
        if usesBudget {
            let held = budget(at: now)
            return held >= 1 ? now : now + (1 - held) * budgetIntervalMilliseconds
        }
        let lead = leadMilliseconds
        let start = gridIsRecent(at: now) ? max(now, nextRefresh(after: now) - lead) : now
        return max(start, heldRefreshMilliseconds + intervalMilliseconds - lead)
    }

    /// The first refresh after `t` on the grid of the last frame shown, or an interval after `t`
    /// when none was shown.
    public func nextRefresh(after t: Double) -> Double {
        guard let shown = lastShownMilliseconds else { return t + intervalMilliseconds }
        return shown + ((t - shown) / intervalMilliseconds + 1e-9).rounded(.up) * intervalMilliseconds
    }

    /// The refresh counter a frame that began drawing at `began` aims at: the next refresh after
    /// it, when frames were shown lately and it started on time (a frame started late, for input
    /// that came late, teaches nothing about the lead); else nil.
    ///
    /// - Parameter lead: the lead when it began (`leadMilliseconds`).
    public func aimedMsc(began: Double, lead: Double) -> UInt64? {
        guard !usesBudget, let shown = lastShownMilliseconds, let msc = lastShownMsc, gridIsRecent(at: began) else { return nil }
        let refresh = nextRefresh(after: began)
        guard began <= refresh - lead + 1 else { return nil }
        return msc + UInt64(max(1, ((refresh - shown) / intervalMilliseconds).rounded()))
    }

    /// A frame took `milliseconds` to draw and send.
    public mutating func didDraw(milliseconds: Double) {
        drawingEstimateMilliseconds = max(milliseconds, drawingEstimateMilliseconds * 0.9)
    }

    /// A frame drew nothing new (`PresentOutcome.unchanged`) at `now`: the next waits for the
    /// next refresh, or spends the budget as a frame would, so an animation at rest does not spin.
    public mutating func didDrawNothing(at now: Double) {
        if usesBudget {
            spendBudget(at: now)
        } else {
            heldRefreshMilliseconds = nextRefresh(after: now)
        }
    }

    /// Whether frames are presented for the server's fake clock (`FakePresentClock`): at once,
    /// with `PresentOptionAsync`.
    public var isOnFakeClock: Bool { paced && fakeClockIntervalMilliseconds != nil }

    /// Forgets the fake clock (the window moved, or the screen changed): frames aim at the
    /// display's refresh again until the fake clock is recognised anew.
    public mutating func forgetFakeClock() {
        fakeClockIntervalMilliseconds = nil
    }

    /// Whether frames start within the budget: no refresh waits for them (without Present, or on
    /// the server's fake clock).
    public var usesBudget: Bool { !paced || fakeClockIntervalMilliseconds != nil }

    /// The budget's interval, ms: the fake clock's, else the refresh interval.
    private var budgetIntervalMilliseconds: Double {
        paced ? fakeClockIntervalMilliseconds ?? intervalMilliseconds : intervalMilliseconds
    }

    /// When to read the completion of a frame in flight that began drawing at `began` (ms), with
    /// the input that came meanwhile, in one batch: a little after the refresh it aims at, or on
    /// the fake clock when the next frame may start (its completion comes at once).
    public func inFlightWake(began: Double) -> Double {
        guard usesBudget else { return nextRefresh(after: began) + 0.3 }
        // The budget once this frame has spent its one, back at one.
        return began + max(0, 2 - budget(at: began)) * budgetIntervalMilliseconds
    }

    /// The budget at `t` (ms): what was left, plus one per interval since, up to `budgetBurst`.
    public func budget(at t: Double) -> Double {
        guard t > budgetMilliseconds else { return budget }
        return min(Self.budgetBurst, budget + (t - budgetMilliseconds) / budgetIntervalMilliseconds)
    }

    private mutating func spendBudget(at t: Double) {
        budget = budget(at: t) - 1
        budgetMilliseconds = max(budgetMilliseconds, t)
    }

    /// A frame reached the screen at refresh `shownAt` (ms), counter `msc`, on a display's Present
    /// clock, having aimed at `aimed`: the grid moves there, and a frame that came after the
    /// refresh it aimed at makes the next ones start an eighth of an interval earlier, while one
    /// that made it lets them start a 4000th later (a miss every 500 frames at most, while the
    /// allowance is too small).
    public mutating func didShow(at shownAt: Double, msc: UInt64, aimed: UInt64?) {
        fakeClockIntervalMilliseconds = nil
        lastShownMilliseconds = shownAt
        if let aimed {
            missAllowanceMilliseconds = msc > aimed
                ? min(intervalMilliseconds, missAllowanceMilliseconds + intervalMilliseconds / 8)
                : max(0, missAllowanceMilliseconds - intervalMilliseconds / 4000)
        }
        lastShownMsc = msc
    }

    /// A frame without Present was put and synced at `shownAt` (ms): it spends one frame of the
    /// budget, at `began`, when its drawing began.
    public mutating func didPut(at shownAt: Double, began: Double) {
        lastShownMilliseconds = shownAt
        spendBudget(at: began)
    }

    /// A frame reached the window at `shownAt` (ms) on the server's fake clock: it spends one frame
    /// of the budget, at the time it began.
    ///
    /// - Parameters:
    ///   - shownAt: when the server copied it, ms on the app clock.
    ///   - began: when its drawing began, ms on the app clock.
    ///   - msc: its count.
    ///   - interval: the fake clock's interval (`FakePresentClock.intervalMicroseconds` / 1000), ms, more than 0.
    public mutating func didShowOnFakeClock(at shownAt: Double, began: Double, msc: UInt64, interval: Double) {
        lastShownMilliseconds = shownAt
        lastShownMsc = msc
        fakeClockIntervalMilliseconds = interval
        spendBudget(at: began)
    }
}

/// The window's frames as the one pacing interface's Present strategy: a frame starts at the
/// lead before the refresh the completions' grid gives (or within the budget off it); the window's
/// surface holds the next frame while one is in flight.
extension FramePacer: FramePacing {
    /// `frameStart(after:)`: never nil here, as the surface, not the pacer, knows of a frame in flight.
    public func nextFrameStart(after now: Double) -> Double? { frameStart(after: now) }

    /// `didDraw(milliseconds:)` with the frame's cost.
    public mutating func frameSent(at timeMilliseconds: Double, costMilliseconds: Double) { didDraw(milliseconds: costMilliseconds) }
}
