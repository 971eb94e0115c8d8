// SPDX-License-Identifier: Apache-2.0
/// The touch slop's tests, in one place (DESIGN.md "Recognition"): a drag is decided once it has
/// gone the slop (`touchSlop` layout units times the layout scale, in window px), along the axis
/// it went further on, and a tie goes to vertical.
///
/// Every gesture asks these: the edge pan, the settle regrab, a control's drag, vertical
/// scrolling and the tap.
public enum TouchSlop {
    /// Whether a drag is horizontal: `dx` at least `slop` px and more than `|dy|`.
    ///
    /// - Parameters:
    ///   - dx: px across; signed toward a direction (the pop's) or its magnitude, as the caller means.
    ///   - dy: px down (any sign).
    ///   - slop: the slop in window px (`touchSlop` times the layout scale).
    public static func isHorizontal(dx: Double, dy: Double, slop: Double) -> Bool {
        dx >= slop && dx > abs(dy)
    }

    /// Whether a drag is vertical: `|dy|` at least `slop` px and at least `|dx|`.
    ///
    /// - Parameters:
    ///   - dx: px across (any sign).
    ///   - dy: px down (any sign).
    ///   - slop: the slop in window px (`touchSlop` times the layout scale).
    public static func isVertical(dx: Double, dy: Double, slop: Double) -> Bool {
        abs(dy) >= slop && abs(dy) >= abs(dx)
    }

    /// Whether a finger has slid more than `slop` px (straight-line distance) from its down: it no
    /// longer taps.
    ///
    /// - Parameters:
    ///   - translation: the displacement from the down point, px.
    ///   - slop: the slop in window px (`touchSlop` times the layout scale).
    public static func hasLeft(_ translation: Point, slop: Double) -> Bool {
        (translation.x * translation.x + translation.y * translation.y).squareRoot() > slop
    }
}
