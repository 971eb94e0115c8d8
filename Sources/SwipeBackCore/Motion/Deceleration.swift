// SPDX-License-Identifier: Apache-2.0
/// Coasting that slows by a constant factor per millisecond: UIKit's scroll deceleration, used
/// for a scroll fling's momentum and for the `projection` policy's momentum projection (WWDC 2018
/// "Designing Fluid Interfaces"), so both coast by the same law.
///
/// At `v` px/s the content moves `v / 1000` px in the first ms, then `rate` times as far in each
/// later one: after `t` ms it has gone `v/1000 * rate * (1 - rate^t) / (1 - rate)` px, and in all
/// `v/1000 * rate / (1 - rate)` px.
public struct Deceleration: Equatable, Sendable {
    /// The factor the velocity keeps per ms, 0.9...0.9999 (0.998 is UIKit's
    /// `UIScrollView.DecelerationRate.normal`).
    public var ratePerMillisecond: Double
    /// ln(`ratePerMillisecond`), for `rate^t` without a C library; nil when not given (then only
    /// `coastDistance` is available).
    private var logRate: Double?

    /// UIKit's normal deceleration, 0.998 per ms.
    public static let normal = Deceleration(ratePerMillisecond: 0.998, logRate: -0.0020020026706730793)

    /// A deceleration of `ratePerMillisecond` per ms.
    ///
    /// - Parameters:
    ///   - ratePerMillisecond: 0.9...0.9999.
    ///   - logRate: its natural logarithm, when `distance(...)` and `velocity(...)` are needed.
    public init(ratePerMillisecond: Double, logRate: Double? = nil) {
        self.ratePerMillisecond = ratePerMillisecond
        self.logRate = logRate
    }

    /// How far content at `velocityPixelsPerSecond` coasts until it stops, in px (signed as the velocity).
    public func coastDistance(velocityPixelsPerSecond v: Double) -> Double {
        let d = ratePerMillisecond
        return (v / 1000) * d / (1 - d)
    }

    /// The fraction of the velocity left after `milliseconds` ms: `rate^ms`.
    public func decay(afterMilliseconds milliseconds: Double) -> Double {
        exponential(milliseconds * (logRate ?? 0))
    }

    /// How far content that started at `velocityPixelsPerSecond` has coasted after `milliseconds` ms, in px.
    public func distance(velocityPixelsPerSecond v: Double, afterMilliseconds milliseconds: Double) -> Double {
        let d = ratePerMillisecond
        return v / 1000 * d * (1 - decay(afterMilliseconds: milliseconds)) / (1 - d)
    }
}
