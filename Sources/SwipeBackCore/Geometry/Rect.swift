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

    /// `point` (in the coordinates this rectangle is in) relative to this rectangle's origin: a
    /// window point in a stack's own coordinates, for a stack's frame.
    ///
    /// - Parameter point: px, in this rectangle's coordinates.
    public func localPoint(_ point: Point) -> Point {
        Point(x: point.x - x, y: point.y - y)
    }

    /// The whole px this rectangle covers when drawn: its origin rounded, and its size rounded
    /// and at least 1 px each way (the buffers and snapshots a stack is drawn into).
    public var pixelAligned: (x: Int, y: Int, width: Int, height: Int) {
        (Int(x.rounded()), Int(y.rounded()), max(1, Int(width.rounded())), max(1, Int(height.rounded())))
    }

    /// This rectangle moved by `dx`, `dy` px.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }
}
