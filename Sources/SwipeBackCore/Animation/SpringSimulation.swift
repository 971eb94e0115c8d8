// SPDX-License-Identifier: Apache-2.0
/// A damped spring moving a value (here, progress) toward a target, as a pure function of time.
///
/// Mass 1, stiffness `k` in 1/s^2, damping ratio `zeta`; time in s since the spring started.
/// The closed forms are the standard solutions of `x'' + 2 zeta w0 x' + w0^2 x = 0` with
/// `w0 = sqrt(k)` (as in libadwaita's `AdwSpringAnimation`).
public struct SpringSimulation: Equatable, Sendable {
    /// Where the spring starts.
    public let from: Double
    /// Where it comes to rest.
    public let target: Double
    /// Starting velocity, in units per s (progress/s here).
    public let initialVelocity: Double
    /// Stiffness in 1/s^2 (mass 1), more than 0.
    public let stiffness: Double
    /// Damping ratio, more than 0; 1 is critically damped.
    public let dampingRatio: Double

    /// Creates a spring.
    ///
    /// - Parameters:
    ///   - from: the starting value.
    ///   - target: the resting value.
    ///   - initialVelocity: the starting velocity in units/s.
    ///   - stiffness: 1/s^2, mass 1 (Configuration range 1...100000).
    ///   - dampingRatio: Configuration range 0.1...10.
    public init(from: Double, target: Double, initialVelocity: Double, stiffness: Double, dampingRatio: Double) {
        self.from = from
        self.target = target
        self.initialVelocity = initialVelocity
        self.stiffness = stiffness
        self.dampingRatio = dampingRatio
    }

    /// The value at `seconds` after the start.
    public func value(at seconds: Double) -> Double {
        target + displacement(at: seconds).x
    }

    /// The velocity in units/s at `seconds` after the start.
    public func velocity(at seconds: Double) -> Double {
        displacement(at: seconds).v
    }

    private func displacement(at t: Double) -> (x: Double, v: Double) {
        let w0 = stiffness.squareRoot()
        let zeta = dampingRatio
        let x0 = from - target
        let v0 = initialVelocity
        if abs(zeta - 1) < 1e-9 {
            let c2 = v0 + w0 * x0
            let e = exponential(-w0 * t)
            return ((x0 + c2 * t) * e, (c2 - w0 * (x0 + c2 * t)) * e)
        } else if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let a = zeta * w0
            let b = (v0 + a * x0) / wd
            let e = exponential(-a * t)
            let c = cosine(wd * t), s = sine(wd * t)
            let x = e * (x0 * c + b * s)
            let v = e * ((b * wd - a * x0) * c - (x0 * wd + a * b) * s)
            return (x, v)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - root)
            let r2 = -w0 * (zeta + root)
            let c2 = (v0 - r1 * x0) / (r2 - r1)
            let c1 = x0 - c2
            let e1 = exponential(r1 * t), e2 = exponential(r2 * t)
            return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
        }
    }
}
