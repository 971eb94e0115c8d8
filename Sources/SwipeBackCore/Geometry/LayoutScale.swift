// SPDX-License-Identifier: Apache-2.0
/// The layout scale: px per layout unit, the one factor between the layout (pages, the header,
/// `edgeWidth`, `touchSlop`) and the window's pixels. 1 on a 96 dpi screen, 2 on a 192 dpi one
/// (`Xft.dpi` / 96, as GTK and Qt read it). Its range is kept here only; readers, the command line,
/// the window and the API check against it and name it in their messages.
public enum LayoutScale {
    /// The scales SwipeBack lays out at, px per layout unit.
    public static let range: ClosedRange<Double> = 0.5...4
    /// The range as messages and the manual write it.
    public static let rangeText = "0.5...4"

    /// Whether `scale` (px per layout unit) is one SwipeBack lays out at.
    ///
    /// - Parameter scale: any number; NaN and infinities are not.
    public static func isValid(_ scale: Double) -> Bool { range.contains(scale) }
}
