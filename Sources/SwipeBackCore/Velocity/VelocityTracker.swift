// SPDX-License-Identifier: Apache-2.0
/// The least-squares quadratic velocity tracker of Flutter and Android (`lsq2`).
///
/// It keeps the last `historySize` samples; an estimate fits a quadratic over the samples of the
/// last `horizonMilliseconds` before the newest one, back only to the first gap longer than
/// `assumeStoppedMilliseconds`; two samples give a straight line, one gives none. There is no
/// estimate when the newest sample is more than `assumeStoppedMilliseconds` older than the time
/// asked for. A sample with the same time as the previous one replaces it (Android's rule).
///
/// Constants from Flutter's `VelocityTracker` (`_historySize` 20, `_horizonMilliseconds` 100,
/// `_assumePointerMoveStoppedMilliseconds` 40) and AOSP's `LeastSquaresVelocityTrackerStrategy`.
/// Tested against recorded strokes from both projects (`Tests/Fixtures/velocity`).
public struct VelocityTracker: VelocityEstimating {
    /// Samples kept, at most. 20 as in Flutter and Android.
    public static let historySize = 20
    /// Only samples this much older than the newest are fitted, in ms. 100 as in Flutter and Android.
    public static let horizonMilliseconds = 100.0
    /// A gap or a pause longer than this, in ms, means the pointer stopped. 40 as in Flutter and Android.
    public static let assumeStoppedMilliseconds = 40.0

    private var times: [Double] = []
    private var positions: [Point] = []

    /// An empty tracker.
    public init() {}

    /// Adds a sample; see the type's rules for equal times and the history size.
    public mutating func addSample(timeMilliseconds: Double, position: Point) {
        if let last = times.last, last == timeMilliseconds {
            positions[positions.count - 1] = position
            return
        }
        times.append(timeMilliseconds)
        positions.append(position)
        if times.count > Self.historySize {
            times.removeFirst()
            positions.removeFirst()
        }
    }

    /// Forgets every sample.
    public mutating func reset() {
        times.removeAll()
        positions.removeAll()
    }

    /// The estimate at `timeMilliseconds`, in px/s, or nil when there is none.
    ///
    /// - Parameter timeMilliseconds: the time of the question (a release, or the newest sample).
    public func velocity(atMilliseconds timeMilliseconds: Double) -> Velocity? {
        guard let newest = times.last,
              timeMilliseconds - newest <= Self.assumeStoppedMilliseconds else { return nil }
        var ages: [Double] = [], xs: [Double] = [], ys: [Double] = []
        ages.reserveCapacity(times.count)
        xs.reserveCapacity(times.count)
        ys.reserveCapacity(times.count)
        var newer = newest
        for index in stride(from: times.count - 1, through: 0, by: -1) {
            let time = times[index]
            if newest - time > Self.horizonMilliseconds || newer - time > Self.assumeStoppedMilliseconds { break }
            ages.append(time - newest)
            xs.append(positions[index].x)
            ys.append(positions[index].y)
            newer = time
        }
        guard ages.count >= 2 else { return nil }
        let degree = min(2, ages.count - 1)
        guard let fits = LeastSquaresSolver.fit(x: ages, ys: [xs, ys], degree: degree) else { return nil }
        // The linear coefficient is px per ms at the newest sample; positions so large that the fit
        // overflows give no estimate rather than an infinite one.
        let vx = fits[0][1] * 1000, vy = fits[1][1] * 1000
        guard vx.isFinite, vy.isFinite else { return nil }
        return Velocity(xPixelsPerSecond: vx, yPixelsPerSecond: vy)
    }
}
