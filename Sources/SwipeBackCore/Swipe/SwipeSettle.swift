// SPDX-License-Identifier: Apache-2.0
/// The settle after a swipe's release: the configuration's spring (`springStiffness`,
/// `springDampingRatio`, libadwaita's `AdwSpringAnimation`) from where the swipe was let go to
/// its target, ended when it comes within `snapDistance` of the target. The window's page, the
/// system swipe's page slide and its back arrow all settle with it.
public struct SwipeSettle: Sendable {
    /// How close to its target a settle ends, in the settle's unit (a full swipe's progress, or
    /// the arrow's stretch): 0.001. With the default spring (stiffness 1000, critically damped) a
    /// settle across a whole swipe ends after 292 ms.
    public static let snapDistance = 0.001
    /// The longest a settle lasts by default, ms, whatever the spring (a very soft one is cut short).
    public static let longestMilliseconds = 10_000.0
    /// The longest the system swipe's arrow and page slide settle, ms: the app's back waits for
    /// the page slide's settle, so a soft spring (Flutter's feel settles in 500 ms) never holds it
    /// longer than this.
    public static let systemLongestMilliseconds = 500.0

    /// The spring.
    public let spring: SpringSimulation
    /// When it started, ms on the host's clock.
    public let startMilliseconds: Double
    /// How long it runs: the first whole ms at which it is within `snapDistance` of its target, at
    /// most the longest it was given.
    public let durationMilliseconds: Double

    /// The configuration's spring from `from` to `target`.
    ///
    /// - Parameters:
    ///   - from: where it starts, in the settle's unit.
    ///   - target: where it comes to rest.
    ///   - velocityPerSecond: its velocity at the start, units/s.
    ///   - configuration: `springStiffness` (1/s², mass 1) and `springDampingRatio`.
    ///   - overshoots: whether an underdamped spring may swing past the target; false holds the
    ///     damping ratio at 1 or more (the arrow and the page slide, which never bounce back out).
    public static func spring(from: Double, to target: Double, velocityPerSecond: Double, configuration: Configuration,
                              overshoots: Bool = true) -> SpringSimulation {
        SpringSimulation(from: from, target: target, initialVelocity: velocityPerSecond, stiffness: configuration.springStiffness,
                         dampingRatio: overshoots ? configuration.springDampingRatio : max(configuration.springDampingRatio, 1))
    }

    /// Starts a settle at `startMilliseconds`; the other parameters are
    /// `spring(from:to:velocityPerSecond:configuration:overshoots:)`'s, and `longestMilliseconds`
    /// cuts it short (more than 0; default `SwipeSettle.longestMilliseconds`).
    public init(from: Double, to target: Double, velocityPerSecond: Double = 0, at startMilliseconds: Double,
                configuration: Configuration, overshoots: Bool = false, longestMilliseconds: Double = SwipeSettle.longestMilliseconds) {
        spring = Self.spring(from: from, to: target, velocityPerSecond: velocityPerSecond, configuration: configuration,
                             overshoots: overshoots)
        self.startMilliseconds = startMilliseconds
        var elapsed = 0.0
        while elapsed < longestMilliseconds, !Self.isNear(spring, afterMilliseconds: elapsed) { elapsed += 1 }
        durationMilliseconds = elapsed
    }

    /// Whether `motion`'s value `milliseconds` after its start is within `snapDistance` of where it rests.
    public static func isNear(_ motion: some Motion, afterMilliseconds milliseconds: Double) -> Bool {
        abs(motion.value(afterMilliseconds: milliseconds) - motion.restingValue) < snapDistance
    }

    /// Whether it is over at `timeMilliseconds`.
    public func isDone(at timeMilliseconds: Double) -> Bool {
        timeMilliseconds - startMilliseconds >= durationMilliseconds
    }

    /// The value at `timeMilliseconds`: the target once it is over.
    public func value(at timeMilliseconds: Double) -> Double {
        isDone(at: timeMilliseconds) ? spring.target : spring.value(afterMilliseconds: max(0, timeMilliseconds - startMilliseconds))
    }

    /// How far through its duration it is at `timeMilliseconds`, 0...1 (a commit's arrow fades by it).
    public func fraction(at timeMilliseconds: Double) -> Double {
        guard durationMilliseconds > 0 else { return 1 }
        return min(max((timeMilliseconds - startMilliseconds) / durationMilliseconds, 0), 1)
    }
}
