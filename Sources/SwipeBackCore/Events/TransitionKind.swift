// SPDX-License-Identifier: Apache-2.0
/// Kinds of transition in the log.
public enum TransitionKind: String, Equatable, Sendable {
    /// An animated push (a forward command's too).
    case push
    /// An animated pop, popToRoot or popTo (a back button, a back command, the history menu, app code).
    case pop
    /// A pop driven by the finger.
    case interactivePop
    /// A forward push driven by the finger (the forward swipe, from the trailing edge).
    case interactiveForward
}
