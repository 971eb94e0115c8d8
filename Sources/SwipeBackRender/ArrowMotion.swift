// SPDX-License-Identifier: Apache-2.0
import SwipeBackCore

/// What the back arrow (`BackArrowPainter`) shows over a swipe: its stretch and look while the
/// finger moves, then the settle after the release by the configuration's spring (back into the
/// edge on cancel; on past full stretch and fading on commit). Each host of the arrow (the X11
/// indicator window, the Wayland overlay) keeps one and draws what it says.
public struct ArrowMotion: Sendable {
    /// How long the settle lasts, ms: the spring has come within 1 % of its target by then.
    public static let settleMilliseconds = 250.0

    /// How far the finger has gone toward the commit distance (0 up; the painter clamps at 1).
    public private(set) var stretch = 0.0
    /// Whether a release now commits (the arrow's light look).
    public private(set) var active = false
    /// The edge the arrow grows from.
    public private(set) var edge = SystemEdge.left
    /// 0...1: it fades on a commit's settle.
    public private(set) var opacity = 1.0
    private var settle: (spring: SpringSimulation, start: Double, commit: Bool)?

    /// Creates a motion at rest (nothing to show until `begin`).
    public init() {}

    /// Whether the release's settle is under way.
    public var isSettling: Bool { settle != nil }

    /// A swipe was accepted: the arrow starts at `stretch` from `edge`, dark.
    ///
    /// - Parameters:
    ///   - stretch: inward distance over the commit distance, 0 up.
    ///   - edge: the edge it grows from.
    public mutating func begin(stretch: Double, edge: SystemEdge) {
        settle = nil
        self.stretch = stretch
        self.edge = edge
        active = false
        opacity = 1
    }

    /// The finger moved (ignored during the settle).
    ///
    /// - Parameters:
    ///   - stretch: inward distance over the commit distance, 0 up.
    ///   - active: whether a release now commits.
    public mutating func move(stretch: Double, active: Bool) {
        guard settle == nil else { return }
        self.stretch = stretch
        self.active = active
    }

    /// The finger lifted: the settle starts.
    ///
    /// - Parameters:
    ///   - commit: whether the swipe committed.
    ///   - timeMilliseconds: now, ms on the host's clock.
    ///   - configuration: `springStiffness` and `springDampingRatio` (held at 1 or more: no overshoot back out).
    public mutating func end(commit: Bool, at timeMilliseconds: Double, configuration: Configuration) {
        settle = (SpringSimulation(from: stretch, target: commit ? 1.3 : 0, initialVelocity: 0,
                                   stiffness: configuration.springStiffness, dampingRatio: max(configuration.springDampingRatio, 1)),
                  timeMilliseconds, commit)
        active = commit
    }

    /// Moves the settle on to `timeMilliseconds`.
    ///
    /// - Returns: false once the settle is over (the arrow goes), else true.
    public mutating func step(at timeMilliseconds: Double) -> Bool {
        guard let settle else { return true }
        let elapsed = timeMilliseconds - settle.start
        if elapsed >= Self.settleMilliseconds {
            self.settle = nil
            return false
        }
        stretch = settle.spring.value(at: elapsed / 1000)
        opacity = settle.commit ? max(0, 1 - elapsed / Self.settleMilliseconds) : 1
        return true
    }
}
