// SPDX-License-Identifier: Apache-2.0
import CCairo
import SwipeBackCore

/// Draws `swipeback system`'s `arrow` indicator: a rounded panel that grows out of the screen edge
/// at the finger's height with a chevron in it, dark while a release would cancel and light, with a
/// longer chevron, once it would commit. Android's back arrow is the anchor (AOSP SystemUI
/// BackPanel: the arrow follows the finger vertically, stretches with the drag, and changes look
/// when the gesture becomes active); the sizes here are our own, in layout units.
public enum BackArrowPainter {
    /// The indicator window's size in layout units: wide enough for the panel at full stretch.
    public static let size = (width: 72.0, height: 112.0)
    /// The panel's height, layout units.
    static let panelHeight = 64.0
    /// The panel's width at no stretch and at full stretch (the commit distance), layout units.
    static let panelWidth = (least: 12.0, most: 52.0)

    /// Draws the indicator into `cr` on a cleared `size` x `scale` area.
    ///
    /// - Parameters:
    ///   - cr: a cairo context on an ARGB surface of at least `size` times `scale` px.
    ///   - stretch: how far the finger has gone toward the commit distance, 0...1 (more is clamped).
    ///   - active: whether a release now commits.
    ///   - edge: the edge the panel grows from.
    ///   - opacity: 0...1, for the settle after the release.
    ///   - scale: px per layout unit (`LayoutScale.range`).
    public static func draw(_ cr: OpaquePointer, stretch: Double, active: Bool, edge: SystemEdge, opacity: Double = 1, scale: Double = 1) {
        let t = min(max(stretch, 0), 1)
        let width = size.width * scale, height = size.height * scale
        cairo_save(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgba(cr, 0, 0, 0, 0)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        if edge == .right {
            // Mirror: the panel grows from the right.
            cairo_translate(cr, width, 0)
            cairo_scale(cr, -1, 1)
        }
        let panel = (panelWidth.least + (panelWidth.most - panelWidth.least) * t) * scale
        let panelH = panelHeight * scale * (0.85 + 0.15 * t)
        let top = (height - panelH) / 2, radius = panelH / 2
        // The panel: a pill whose left half is off the edge, so it reads as growing out of it.
        cairo_new_path(cr)
        cairo_arc(cr, panel - radius, top + radius, radius, -Double.pi / 2, Double.pi / 2)
        cairo_line_to(cr, -radius, top + panelH)
        cairo_line_to(cr, -radius, top)
        cairo_close_path(cr)
        if active {
            cairo_set_source_rgba(cr, 0.96, 0.97, 1.0, 0.96 * opacity)
        } else {
            cairo_set_source_rgba(cr, 0.13, 0.14, 0.16, 0.82 * opacity)
        }
        cairo_fill_preserve(cr)
        cairo_set_line_width(cr, 1 * scale)
        cairo_set_source_rgba(cr, 0, 0, 0, 0.25 * opacity)
        cairo_stroke(cr)
        // The chevron: its arms lengthen and its point sharpens as the drag stretches.
        let arm = (7 + 5 * t) * scale, reach = (6 + 4 * t) * scale
        let cx = max(panel - radius * 0.9, 10 * scale) - reach / 2, cy = height / 2
        cairo_new_path(cr)
        cairo_move_to(cr, cx + reach, cy - arm)
        cairo_line_to(cr, cx, cy)
        cairo_line_to(cr, cx + reach, cy + arm)
        cairo_set_line_width(cr, (active ? 3.5 : 3) * scale)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        if active {
            cairo_set_source_rgba(cr, 0.10, 0.32, 0.85, opacity)
        } else {
            cairo_set_source_rgba(cr, 0.92, 0.93, 0.95, opacity * (0.55 + 0.45 * t))
        }
        cairo_stroke(cr)
        cairo_restore(cr)
    }
}
