// SPDX-License-Identifier: Apache-2.0
/// The phase of a transition line: started, or finished with whether it completed.
public enum TransitionPhase: Equatable, Sendable {
    /// The transition started.
    case started
    /// The transition finished; `completed` is false for a cancelled interactive pop.
    case finished(completed: Bool)
}
