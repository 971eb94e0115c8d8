// SPDX-License-Identifier: Apache-2.0
import SwipeBackCore

/// What the back arrow (`BackArrowPainter`) shows over a swipe: its stretch and look while the
/// finger moves, then the settle after the release by the configuration's spring (back into the
/// edge on cancel; on past full stretch and fading on commit). Each host of the arrow (the X11
/// indicator window, the Wayland overlay) keeps one and draws what it says.
public struct ArrowMotion: Sendable {
    /// How far the finger has gone toward the commit distance (0 up; the painter clamps at 1).
    public private(set) var stretch = 0.0
    /// Whether a release now commits (the arrow's light look).
    public private(set) var active = false
    /// The edge the arrow grows from.
    public private(set) var edge = SystemEdge.left
    /// 0...1: it fades on a commit's settle.
    public private(set) var opacity = 1.0
    private var settle: (motion: SwipeSettle, commit: Bool)?

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
    ///   - configuration: `springStiffness` and `springDampingRatio` (held at 1 or more: no overshoot
    ///     back out); the settle ends as a page's does (`SwipeSettle`), within 0.001 stretch of its target,
    ///     and after `SwipeSettle.systemLongestMilliseconds` at the latest.
    public mutating func end(commit: Bool, at timeMilliseconds: Double, configuration: Configuration) {
        settle = (SwipeSettle(from: stretch, to: commit ? 1.3 : 0, at: timeMilliseconds, configuration: configuration,
                              longestMilliseconds: SwipeSettle.systemLongestMilliseconds), commit)
        active = commit
    }

    /// Moves the settle on to `timeMilliseconds`.
    ///
    /// - Returns: false once the settle is over (the arrow goes), else true.
    public mutating func step(at timeMilliseconds: Double) -> Bool {
        guard let settle else { return true }
        if settle.motion.isDone(at: timeMilliseconds) {
            self.settle = nil
            return false
        }
        stretch = settle.motion.value(at: timeMilliseconds)
        opacity = settle.commit ? 1 - settle.motion.fraction(at: timeMilliseconds) : 1
        return true
    }
}
