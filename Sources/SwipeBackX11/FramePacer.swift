/// When the window draws its next frame: at most one per refresh, each as late before the refresh
/// it aims at as drawing allows, so input that arrives meanwhile goes into it.
///
/// On the Present path the refresh grid comes from the frames shown (`PresentCompleteNotify`'s
/// time); without Present, frames follow the frame clock, one interval apart. All times are ms on
/// the app clock. A pure value, so its rules are tested without a server.
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

    /// When the next frame should start drawing, at or after `now`: on the Present path, the lead
    /// before the next refresh after `now` (now when that time has passed, or when no frame was
    /// shown lately); without Present, an interval after the last frame shown.
    public func frameStart(after now: Double) -> Double {
        guard paced else {
            guard let shown = lastShownMilliseconds, gridIsRecent(at: now) else { return now }
            return max(now, shown + intervalMilliseconds - 1)
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
        guard paced, let shown = lastShownMilliseconds, let msc = lastShownMsc, gridIsRecent(at: began) else { return nil }
        let refresh = nextRefresh(after: began)
        guard began <= refresh - lead + 1 else { return nil }
        return msc + UInt64(max(1, ((refresh - shown) / intervalMilliseconds).rounded()))
    }

    /// A frame took `milliseconds` to draw and send.
    public mutating func didDraw(milliseconds: Double) {
        drawingEstimateMilliseconds = max(milliseconds, drawingEstimateMilliseconds * 0.9)
    }

    /// A frame drew nothing new (`PresentOutcome.unchanged`) at `now`: on the Present path the
    /// next waits for the next refresh.
    public mutating func didDrawNothing(at now: Double) {
        if paced { heldRefreshMilliseconds = nextRefresh(after: now) }
    }

    /// A frame reached the screen at refresh `shownAt` (ms), counter `msc` (nil without Present),
    /// having aimed at `aimed`: the grid moves there, and a frame that came after the refresh it
    /// aimed at makes the next ones start an eighth of an interval earlier, while one that made it
    /// lets them start a 4000th later (a miss every 500 frames at most, while the allowance is too small).
    public mutating func didShow(at shownAt: Double, msc: UInt64?, aimed: UInt64?) {
        lastShownMilliseconds = shownAt
        if let msc, let aimed {
            missAllowanceMilliseconds = msc > aimed
                ? min(intervalMilliseconds, missAllowanceMilliseconds + intervalMilliseconds / 8)
                : max(0, missAllowanceMilliseconds - intervalMilliseconds / 4000)
        }
        lastShownMsc = msc ?? lastShownMsc
    }
}
