// SPDX-License-Identifier: Apache-2.0
/// The tracker's estimate at each pointer release of a scenario (`swipeback velocity`).
public struct ReleaseVelocity: Equatable, Sendable {
    /// The pointer sequence's id.
    public var id: Int
    /// The release time in ms.
    public var timeMilliseconds: Double
    /// The estimate in px/s, not clamped by `maxVelocity`; nil when the tracker has none.
    public var velocity: Velocity?
}

extension ReleaseVelocity {
    /// Feeds each pointer sequence of `lines` to its own tracker (downs and moves are samples, the
    /// release is not, as in Flutter's and Android's trackers) and reads the estimate at each up.
    ///
    /// - Parameters:
    ///   - lines: scenario lines; only pointer lines matter, and a sequence ended by `cancel` has no release.
    ///   - makeTracker: the estimator to use (the least-squares quadratic tracker by default).
    /// - Returns: one entry per up of a sequence that went down, in order.
    public static func releases(in lines: [ScenarioLine],
                                makeTracker: () -> any VelocityEstimating = { VelocityTracker() }) -> [ReleaseVelocity] {
        var trackers: [Int: any VelocityEstimating] = [:]
        var result: [ReleaseVelocity] = []
        for line in lines {
            guard case .pointer(let pointer)? = line.event else { continue }
            let t = line.timeMilliseconds
            switch pointer.phase {
            case .down:
                var tracker = makeTracker()
                tracker.addSample(timeMilliseconds: t, position: pointer.position)
                trackers[pointer.id] = tracker
            case .move:
                trackers[pointer.id]?.addSample(timeMilliseconds: t, position: pointer.position)
            case .up:
                guard let tracker = trackers.removeValue(forKey: pointer.id) else { continue }
                result.append(ReleaseVelocity(id: pointer.id, timeMilliseconds: t,
                                              velocity: tracker.velocity(atMilliseconds: t)))
            case .cancel:
                trackers[pointer.id] = nil
            }
        }
        return result
    }
}
