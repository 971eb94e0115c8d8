// SPDX-License-Identifier: Apache-2.0
/// An easing curve: how a timed motion's value goes from 0 to 1 as its time goes from 0 to 1.
public enum EasingCurve: Equatable, Sendable {
    /// Constant speed.
    case linear
    /// A CSS-style cubic Bézier from (0, 0) to (1, 1) through the control points (x1, y1) and
    /// (x2, y2); x1 and x2 in 0...1.
    case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)
    /// Material Design 3's emphasized curve: two cubics joined at (0.166666, 0.4), AOSP's
    /// `Interpolators.EMPHASIZED` (`path(0.05, 0, 0.133333, 0.06, 0.166666, 0.4)` then
    /// `(0.208333, 0.82, 0.25, 1, 1, 1)`), which predictive back's 450 ms post-commit animation
    /// follows (DefaultCrossActivityBackAnimation.kt).
    case emphasized

    /// The curve's value at time fraction `x` (clamped to 0...1).
    public func value(at x: Double) -> Double {
        let x = min(max(x, 0), 1)
        switch self {
        case .linear:
            return x
        case .cubicBezier(let x1, let y1, let x2, let y2):
            return Self.bezier(x, from: (0, 0), c1: (x1, y1), c2: (x2, y2), to: (1, 1))
        case .emphasized:
            let joint = (0.166666, 0.4)
            if x <= joint.0 {
                return Self.bezier(x, from: (0, 0), c1: (0.05, 0), c2: (0.133333, 0.06), to: joint)
            }
            return Self.bezier(x, from: joint, c1: (0.208333, 0.82), c2: (0.25, 1), to: (1, 1))
        }
    }

    /// The y of a cubic Bézier at the x given, its x monotonic in the parameter: the parameter
    /// found by bisection (40 halvings: below 1e-12 of the span).
    private static func bezier(_ x: Double, from p0: (Double, Double), c1: (Double, Double), c2: (Double, Double),
                               to p3: (Double, Double)) -> Double {
        func point(_ s: Double) -> (Double, Double) {
            let u = 1 - s
            let a = u * u * u, b = 3 * u * u * s, c = 3 * u * s * s, d = s * s * s
            return (a * p0.0 + b * c1.0 + c * c2.0 + d * p3.0, a * p0.1 + b * c1.1 + c * c2.1 + d * p3.1)
        }
        var low = 0.0, high = 1.0
        for _ in 0..<40 {
            let mid = (low + high) / 2
            if point(mid).0 < x { low = mid } else { high = mid }
        }
        return point((low + high) / 2).1
    }
}

/// A motion from `from` to `to` in a fixed time along an easing curve: the settle of a transition
/// that a toolkit gives as a duration and a curve (predictive back's 450 ms emphasized finish, the
/// reduced-motion crossfade's 150 ms).
public struct TimedCurve: Motion, Equatable {
    /// Where it starts.
    public var from: Double
    /// Where it ends and rests.
    public var to: Double
    /// How long it runs, in ms (more than 0).
    public var durationMilliseconds: Double
    /// How it eases.
    public var curve: EasingCurve

    /// Creates a timed motion.
    ///
    /// - Parameters:
    ///   - from: the start value.
    ///   - to: the end value.
    ///   - durationMilliseconds: ms, more than 0 (smaller values are taken as 1 ms).
    ///   - curve: the easing curve.
    public init(from: Double, to: Double, durationMilliseconds: Double, curve: EasingCurve) {
        self.from = from
        self.to = to
        self.durationMilliseconds = max(1, durationMilliseconds)
        self.curve = curve
    }

    /// The value `milliseconds` after the start: `to` from the duration on.
    public func value(afterMilliseconds milliseconds: Double) -> Double {
        from + (to - from) * curve.value(at: milliseconds / durationMilliseconds)
    }

    /// The velocity in units/s, by a central difference of 0.5 ms; 0 after the end.
    public func velocityPerSecond(afterMilliseconds milliseconds: Double) -> Double {
        guard milliseconds < durationMilliseconds else { return 0 }
        let h = 0.5
        return (value(afterMilliseconds: milliseconds + h) - value(afterMilliseconds: max(0, milliseconds - h)))
            / (milliseconds + h - max(0, milliseconds - h)) * 1000
    }

    /// `to`.
    public var restingValue: Double { to }
}
