// SPDX-License-Identifier: Apache-2.0
/// Scroll flings in flight: a page's content coasting after a flick, slowing by `Deceleration.normal`
/// (UIKit's), until it is slower than `stopVelocityPixelsPerSecond` or meets an edge.
struct ScrollMomentum {
    /// One page's fling.
    struct Fling {
        /// The stack's index.
        var stack: Int
        /// The scroll offset at the release, px.
        var startOffset: Double
        /// The content's velocity at the release, px/s (positive scrolls toward the bottom).
        var velocityPixelsPerSecond: Double
        /// The release time, ms.
        var startMilliseconds: Double

        /// The content's motion: a coast from the release offset at the release velocity.
        var coast: Coast {
            Coast(from: startOffset, velocityPerSecond: velocityPixelsPerSecond, deceleration: ScrollMomentum.deceleration)
        }
    }

    /// How it slows.
    static let deceleration = Deceleration.normal
    /// A fling stops when slower than this, in px/s.
    static let stopVelocityPixelsPerSecond = 20.0

    /// The flings, by page instance serial.
    private(set) var flings: [Int: Fling] = [:]

    /// Whether any page coasts.
    var isEmpty: Bool { flings.isEmpty }
    /// How many pages coast.
    var count: Int { flings.count }

    /// Starts (or replaces) the fling of page instance `serial`.
    mutating func start(_ fling: Fling, serial: Int) { flings[serial] = fling }

    /// Stops the fling of `serial`; returns whether it was coasting.
    @discardableResult
    mutating func stop(_ serial: Int) -> Bool { flings.removeValue(forKey: serial) != nil }

    /// Moves every fling to time `t` (ms).
    ///
    /// - Parameters:
    ///   - isValid: whether a fling still applies (its page is its stack's idle top); others stop.
    ///   - scroll: sets a page's offset toward a target (px) and returns the offset it got (clamped).
    mutating func advance(to t: Double, isValid: (Int, Fling) -> Bool, scroll: (Fling, Double) -> Double) {
        for (serial, fling) in flings {
            guard isValid(serial, fling) else {
                flings[serial] = nil
                continue
            }
            let elapsed = max(0, t - fling.startMilliseconds)
            let coast = fling.coast
            let target = coast.value(afterMilliseconds: elapsed)
            let reachedEdge = scroll(fling, target) != target
            if abs(coast.velocityPerSecond(afterMilliseconds: elapsed)) < Self.stopVelocityPixelsPerSecond || reachedEdge {
                flings[serial] = nil
            }
        }
    }
}
