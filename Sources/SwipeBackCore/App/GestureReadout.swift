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

    /// Creates a readout.
    public init(phase: GesturePhase, progress: Double, velocityPixelsPerSecond: Double?, decision: PopDecision?) {
        self.phase = phase
        self.progress = progress
        self.velocityPixelsPerSecond = velocityPixelsPerSecond
        self.decision = decision
    }

    /// One line of text, as the status element shows it: "changed · 42 % · 1250 px/s".
    public var text: String {
        var parts = [phase.rawValue, "\(Int((progress * 100).rounded())) %"]
        if let v = velocityPixelsPerSecond { parts.append("\(Int(v.rounded())) px/s") }
        if let decision { parts.append(decision.rawValue) }
        return parts.joined(separator: " · ")
    }
}
