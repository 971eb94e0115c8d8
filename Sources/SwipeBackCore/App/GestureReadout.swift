// SPDX-License-Identifier: Apache-2.0
/// What the last gesture line of a stack said, for gesture-status elements.
public struct GestureReadout: Equatable, Sendable {
    /// began, changed, ended or cancelled.
    public var phase: GesturePhase
    /// Progress 0...1.
    public var progress: Double
    /// Velocity along the pop direction in px/s, or nil when the line had none.
    public var velocityPixelsPerSecond: Double?
    /// The decision, on `ended`.
    public var decision: PopDecision?
    /// The back swipe (the interactive pop) or the forward swipe. For a forward swipe `progress`
    /// is the incoming page's travel (1 has it in place) and the velocity is along the forward
    /// direction.
    public var kind: SwipeKind

    /// Creates a readout.
    ///
    /// - Parameters:
    ///   - phase: began, changed, ended or cancelled.
    ///   - progress: 0...1.
    ///   - velocityPixelsPerSecond: px/s toward committing, or nil.
    ///   - decision: on `ended`, else nil.
    ///   - kind: back (the default) or forward.
    public init(phase: GesturePhase, progress: Double, velocityPixelsPerSecond: Double?, decision: PopDecision?,
                kind: SwipeKind = .back) {
        self.phase = phase
        self.progress = progress
        self.velocityPixelsPerSecond = velocityPixelsPerSecond
        self.decision = decision
        self.kind = kind
    }

    /// One line of text, as the status element shows it: "changed · 42 % · 1250 px/s".
    public var text: String {
        var parts = [kind == .forward ? "forward " + phase.rawValue : phase.rawValue, "\(Int((progress * 100).rounded())) %"]
        if let v = velocityPixelsPerSecond { parts.append("\(Int(v.rounded())) px/s") }
        if let decision { parts.append(decision.rawValue) }
        return parts.joined(separator: " · ")
    }
}
