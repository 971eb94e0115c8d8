// SPDX-License-Identifier: Apache-2.0
/// A planar velocity in px/s.
public struct Velocity: Equatable, Sendable {
    /// Horizontal component in px/s (positive: moving right).
    public var xPixelsPerSecond: Double
    /// Vertical component in px/s (positive: moving down).
    public var yPixelsPerSecond: Double

    /// Creates a velocity from its components in px/s.
    public init(xPixelsPerSecond: Double, yPixelsPerSecond: Double) {
        self.xPixelsPerSecond = xPixelsPerSecond
        self.yPixelsPerSecond = yPixelsPerSecond
    }
}

/// A velocity estimator for one pointer sequence: the strategy the recognizer and the tuning tools use.
///
/// Implementations take samples in time order and never read a clock.
public protocol VelocityEstimating: Sendable {
    /// Adds a sample: the pointer was at `position` (px) at `timeMilliseconds`.
    mutating func addSample(timeMilliseconds: Double, position: Point)
    /// The estimate at `timeMilliseconds` (normally the release), or nil when there is none.
    func velocity(atMilliseconds timeMilliseconds: Double) -> Velocity?
    /// Forgets every sample.
    mutating func reset()
}
