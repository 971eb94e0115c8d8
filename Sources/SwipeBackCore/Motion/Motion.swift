// SPDX-License-Identifier: Apache-2.0
/// A value that moves by a law of time from its start, and where it comes to rest.
///
/// The engine's three motions are of this one type: the settle of a swipe or an animated push or
/// pop (`SpringSimulation`, libadwaita's spring), a scroll fling's momentum and the `projection`
/// rule's momentum projection (`Coast`, UIKit's deceleration). Each is a pure function of the time
/// since it started, as libadwaita's `adw-spring-animation.c` is.
public protocol Motion: Sendable {
    /// The value `milliseconds` after the start (0 or more).
    func value(afterMilliseconds milliseconds: Double) -> Double
    /// The velocity in value units per second, `milliseconds` after the start.
    func velocityPerSecond(afterMilliseconds milliseconds: Double) -> Double
    /// Where the value comes to rest.
    var restingValue: Double { get }
}

extension SpringSimulation: Motion {
    /// The spring's value `milliseconds` after it started: `value(at: milliseconds / 1000)`.
    public func value(afterMilliseconds milliseconds: Double) -> Double { value(at: milliseconds / 1000) }
    /// The spring's velocity in units/s `milliseconds` after it started.
    public func velocityPerSecond(afterMilliseconds milliseconds: Double) -> Double { velocity(at: milliseconds / 1000) }
    /// The spring's target.
    public var restingValue: Double { target }
}

/// A coast from `from` at `velocityPerSecond` that slows by `deceleration`: a scroll fling's
/// content (px), or the distance a released page would travel under the `projection` rule.
public struct Coast: Motion, Equatable {
    /// Where it starts, in its unit (px).
    public var from: Double
    /// Its velocity at the start, units (px) per second.
    public var velocityPerSecond: Double
    /// How it slows.
    public var deceleration: Deceleration

    /// A coast.
    ///
    /// - Parameters:
    ///   - from: the start, px.
    ///   - velocityPerSecond: px/s at the start, signed.
    ///   - deceleration: the factor kept per ms.
    public init(from: Double, velocityPerSecond: Double, deceleration: Deceleration) {
        self.from = from
        self.velocityPerSecond = velocityPerSecond
        self.deceleration = deceleration
    }

    /// Where it is `milliseconds` after the start, px (needs the deceleration's logarithm).
    public func value(afterMilliseconds milliseconds: Double) -> Double {
        from + deceleration.distance(velocityPixelsPerSecond: velocityPerSecond, afterMilliseconds: milliseconds)
    }

    /// Its velocity `milliseconds` after the start, px/s (needs the deceleration's logarithm).
    public func velocityPerSecond(afterMilliseconds milliseconds: Double) -> Double {
        velocityPerSecond * deceleration.decay(afterMilliseconds: milliseconds)
    }

    /// Where it stops, px: `from` plus the whole coast distance.
    public var restingValue: Double {
        from + deceleration.coastDistance(velocityPixelsPerSecond: velocityPerSecond)
    }
}
