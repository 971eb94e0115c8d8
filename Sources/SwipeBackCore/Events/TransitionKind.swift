/// Kinds of transition in the log.
public enum TransitionKind: String, Equatable, Sendable {
    /// An animated push.
    case push
    /// An animated pop or popToRoot (a back button, a back command, app code).
    case pop
    /// A pop driven by the finger.
    case interactivePop
}
