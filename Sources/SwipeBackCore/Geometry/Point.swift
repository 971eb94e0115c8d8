// SPDX-License-Identifier: Apache-2.0
/// A position in window coordinates.
///
/// - `x`: px from the window's left edge, growing to the right.
/// - `y`: px from the window's top edge, growing downward.
public struct Point: Equatable, Hashable, Sendable {
    /// Horizontal position in px.
    public var x: Double
    /// Vertical position in px.
    public var y: Double

    /// Creates a point from its coordinates in px.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
