// SPDX-License-Identifier: Apache-2.0
/// Which touches this client owns, to tell a release from a touch taken away.
///
/// The window selects `XI_TouchOwnership`, so the server says when the window becomes a touch's
/// owner (at once, when no other client grabs touches). A `TouchEnd` for a touch the window never
/// owned means another client (a gesture grab, a window manager) accepted it: for the app that is
/// a system cancel, not a release, and the page must be restored.
public struct TouchOwnership: Sendable {
    private var owned: Set<UInt32> = []

    /// No touch owned yet.
    public init() {}

    /// The server made this client the owner of `touch`.
    public mutating func didBecomeOwner(of touch: UInt32) { owned.insert(touch) }

    /// The phase a `TouchEnd` of `touch` means: `.up` when owned, `.cancel` when it was taken away.
    public mutating func ended(_ touch: UInt32) -> PointerPhaseForEnd {
        owned.remove(touch) != nil ? .up : .cancel
    }

    /// What a touch end means for the core.
    public enum PointerPhaseForEnd: Sendable { case up, cancel }
}
