// SPDX-License-Identifier: Apache-2.0
/// An axis-aligned rectangle in px: origin at the top-left corner.
public struct Rect: Equatable, Hashable, Sendable {
    /// Left edge in px.
    public var x: Double
    /// Top edge in px.
    public var y: Double
    /// Width in px, 0 or more.
    public var width: Double
    /// Height in px, 0 or more.
    public var height: Double

    /// Creates a rectangle from its left, top, width and height, all in px.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The right edge in px (`x + width`).
    public var maxX: Double { x + width }
    /// The bottom edge in px (`y + height`).
    public var maxY: Double { y + height }

    /// Whether `point` lies inside; the left and top edges are inside, the right and bottom are not.
    public func contains(_ point: Point) -> Bool {
        point.x >= x && point.x < maxX && point.y >= y && point.y < maxY
    }

    /// This rectangle moved by `dx`, `dy` px.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }
}
