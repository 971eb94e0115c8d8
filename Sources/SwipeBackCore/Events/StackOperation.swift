// SPDX-License-Identifier: Apache-2.0
/// Stack operations in the log.
public enum StackOperation: String, Equatable, Sendable {
    /// A page was pushed.
    case push
    /// The top page was popped.
    case pop
    /// The stack was popped to its root.
    case popToRoot
    /// The stack was popped to a page beneath the top (the history menu, `Navigator.popTo`).
    case popTo
}
