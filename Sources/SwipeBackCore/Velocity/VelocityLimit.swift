// SPDX-License-Identifier: Apache-2.0
extension Configuration {
    /// `velocityPixelsPerSecond` clamped to ±`maxVelocity` (Flutter's max fling velocity): the one
    /// place the decision, the swipe's readout and scroll flings limit a velocity.
    ///
    /// - Parameter velocityPixelsPerSecond: px/s, any sign.
    /// - Returns: px/s in -maxVelocity...maxVelocity.
    public func limitedVelocity(_ velocityPixelsPerSecond: Double) -> Double {
        Self.limitedVelocity(velocityPixelsPerSecond, maxVelocity: maxVelocity)
    }

    /// `velocityPixelsPerSecond` clamped to ±`maxVelocity` (px/s, more than 0).
    static func limitedVelocity(_ velocityPixelsPerSecond: Double, maxVelocity: Double) -> Double {
        min(max(velocityPixelsPerSecond, -maxVelocity), maxVelocity)
    }
}
