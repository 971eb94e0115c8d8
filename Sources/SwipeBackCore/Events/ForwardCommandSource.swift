// SPDX-License-Identifier: Apache-2.0
/// Where a forward command came from (SPEC section 3, `forward` lines).
public enum ForwardCommandSource: String, Equatable, Sendable {
    /// A forward key (`forwardKeys`).
    case key
    /// A mouse forward button (`forwardButtons`).
    case button
    /// The start of a forward swipe from the trailing edge (`forwardSwipe`).
    case swipe
}

/// Which way an interactive swipe goes: the back swipe pops, the forward swipe pushes the first
/// page of the forward list again.
public enum SwipeKind: String, Equatable, Sendable {
    /// The interactive pop, from the leading edge (or anywhere, with `contentSwipe`).
    case back
    /// The forward swipe, from the trailing edge (`forwardSwipe`).
    case forward
}

/// A step of the history menu of a stack (SPEC section 3, `menu` lines).
public enum MenuPhase: Equatable, Sendable {
    /// It opened, listing these page ids, nearest first (the page beneath the top first).
    case opened(items: [String])
    /// It closed: `chosen` is the page id of the row tapped, nil when it closed without a choice
    /// (a tap elsewhere, Escape, a swipe, a change to the stack).
    case closed(chosen: String?)
}
