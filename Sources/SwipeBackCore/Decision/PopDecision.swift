// SPDX-License-Identifier: Apache-2.0
/// The end-of-gesture rule: which function of progress and velocity decides commit or cancel.
public enum PopDecisionPolicy: String, Sendable, CaseIterable {
    /// Flutter's Cupertino back gesture: a fast release goes where it is flung, a slow one past
    /// `commitProgress` commits.
    case velocityOrDistance
    /// Momentum projection (WWDC 2018 "Designing Fluid Interfaces"): commit when the position the
    /// page would coast to is past `commitProgress`. UIKit and libadwaita decide this way.
    case projection
}

/// What happens to the page when the finger lifts.
public enum PopDecision: String, Equatable, Sendable {
    /// The pop completes: the page settles off-screen and leaves the stack.
    case commit
    /// The pop is abandoned: the page settles back in place.
    case cancel
}

extension PopDecision {
    /// Decides a released swipe; a pure function of its inputs.
    ///
    /// - Parameters:
    ///   - progress: the release progress, 0...1.
    ///   - velocityPixelsPerSecond: the release velocity along the pop direction in px/s
    ///     (positive toward popping); nil when the tracker had no estimate, which counts as 0.
    ///   - widthPixels: the stack's width in px (more than 0).
    ///   - configuration: `policy`, `commitProgress`, `flingVelocity` (widths/s), `maxVelocity`
    ///     (px/s, the velocity is clamped to it) and `projectionDeceleration` (per ms).
    /// - Returns: commit or cancel.
    public static func decide(progress: Double, velocityPixelsPerSecond: Double?, widthPixels: Double,
                              configuration: Configuration) -> PopDecision {
        let velocity = configuration.limitedVelocity(velocityPixelsPerSecond ?? 0)
        switch configuration.policy {
        case .velocityOrDistance:
            if abs(velocity) >= configuration.flingVelocity * widthPixels {
                // flingVelocity 0 and velocity 0: no direction, so fall through to the distance rule.
                if velocity > 0 { return .commit }
                if velocity < 0 { return .cancel }
            }
            return progress >= configuration.commitProgress ? .commit : .cancel
        case .projection:
            let projected = projectedProgress(progress: progress, velocityPixelsPerSecond: velocity, widthPixels: widthPixels,
                                              configuration: configuration)
            return projected >= configuration.commitProgress ? .commit : .cancel
        }
    }

    /// The `projection` rule's projected progress: where the page would come to rest if it coasted
    /// on at the release velocity, slowing by `projectionDeceleration` (a `Coast`), in widths.
    ///
    /// - Parameters:
    ///   - progress: at the release, 0...1.
    ///   - velocityPixelsPerSecond: the release velocity, already limited to `maxVelocity`, px/s.
    ///   - widthPixels: the stack's width, px.
    ///   - configuration: for `projectionDeceleration`.
    public static func projectedProgress(progress: Double, velocityPixelsPerSecond: Double, widthPixels: Double,
                                         configuration: Configuration) -> Double {
        let coast = Coast(from: 0, velocityPerSecond: velocityPixelsPerSecond,
                          deceleration: Deceleration(ratePerMillisecond: configuration.projectionDeceleration))
        return progress + coast.restingValue / widthPixels
    }

    /// The decision and its reason in words, as the tuning overlay shows it at a release, e.g.
    /// "velocity 1450 px/s >= fling 800 px/s: commit" or "progress 42 % < 50 %: cancel".
    ///
    /// - Parameters: as `decide(progress:velocityPixelsPerSecond:widthPixels:configuration:)`.
    public static func explain(progress: Double, velocityPixelsPerSecond: Double?, widthPixels: Double,
                               configuration: Configuration) -> String {
        let decision = decide(progress: progress, velocityPixelsPerSecond: velocityPixelsPerSecond, widthPixels: widthPixels,
                              configuration: configuration)
        let velocity = configuration.limitedVelocity(velocityPixelsPerSecond ?? 0)
        func percent(_ p: Double) -> String { "\(Int((p * 100).rounded())) %" }
        let threshold = percent(configuration.commitProgress)
        switch configuration.policy {
        case .velocityOrDistance:
            let fling = configuration.flingVelocity * widthPixels
            if abs(velocity) >= fling, velocity != 0 {
                let v = Int(velocity.rounded()), f = Int(fling.rounded())
                return velocity > 0 ? "velocity \(v) px/s >= fling \(f) px/s: commit" : "velocity \(v) px/s <= -fling -\(f) px/s: cancel"
            }
            let speed = velocityPixelsPerSecond == nil ? "no velocity" : "|velocity| \(Int(abs(velocity).rounded())) px/s < fling \(Int(fling.rounded())) px/s"
            return "\(speed), progress \(percent(progress)) \(decision == .commit ? ">=" : "<") \(threshold): \(decision.rawValue)"
        case .projection:
            let projected = projectedProgress(progress: progress, velocityPixelsPerSecond: velocity, widthPixels: widthPixels,
                                              configuration: configuration)
            return "projected \(percent(projected)) (progress \(percent(progress)), velocity \(Int(velocity.rounded())) px/s) "
                + "\(decision == .commit ? ">=" : "<") \(threshold): \(decision.rawValue)"
        }
    }
}
