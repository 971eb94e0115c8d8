// SPDX-License-Identifier: Apache-2.0
/// The phases a gesture line reports (UIKit's recognizer states that observers see).
public enum GesturePhase: String, Equatable, Sendable {
    /// The swipe began (the move that crossed the touch slop).
    case began
    /// A later move.
    case changed
    /// The release, with its decision.
    case ended
    /// The system interrupted it; the page is restored.
    case cancelled
}
