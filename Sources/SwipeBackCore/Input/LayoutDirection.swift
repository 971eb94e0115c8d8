// SPDX-License-Identifier: Apache-2.0
/// The reading direction of a window's layout; it decides which screen edge is the leading one.
public enum LayoutDirection: String, Sendable, CaseIterable {
    /// Left to right: the back swipe starts at the left edge and moves right.
    case leftToRight = "ltr"
    /// Right to left: the back swipe starts at the right edge and moves left.
    case rightToLeft = "rtl"

    /// +1 when popping moves toward larger x (ltr), -1 when it moves toward smaller x (rtl).
    public var popSign: Double { self == .leftToRight ? 1 : -1 }

    /// The other direction: the forward swipe is the back swipe of the mirrored layout.
    public var mirrored: LayoutDirection { self == .leftToRight ? .rightToLeft : .leftToRight }
}
