// SPDX-License-Identifier: Apache-2.0
import CCairo
import SwipeBackCore

/// Draws the history menu over a composed frame: a white panel with a soft shadow, one row per
/// page (its title, a hairline between rows), as `Scene.Menu` lays it out.
enum HistoryMenuPainter {
    /// The shadow's reach around the panel in layout units, drawn as this many 1-unit rings.
    static let shadowRings = 8
    /// The opacity of each shadow ring (they add up toward the panel).
    static let shadowRingAlpha = 0.03
    /// The title's inset from the row's leading side, in layout units (the header's margin).
    static let textInset = 16.0

    /// Draws `menu` with cairo context `cr` over the frame.
    ///
    /// - Parameters:
    ///   - menu: rows with frames in window px.
    ///   - scale: px per layout unit, more than 0.
    ///   - fontFamily: the configuration's `fontFamily`, or nil for DejaVu Sans (the titles are
    ///     set in it, whatever their pages' own `font`).
    ///   - cr: a `cairo_t *` on the frame.
    static func draw(_ menu: Scene.Menu, scale: Double, fontFamily: String? = nil, in cr: OpaquePointer) {
        let font = TextFont(family: FontLibrary.drawnFamily(nil, fallback: fontFamily))
        guard let first = menu.rows.first, let last = menu.rows.last else { return }
        let panel = Rect(x: first.frame.x, y: first.frame.y, width: first.frame.width, height: last.frame.maxY - first.frame.y)
        cairo_save(cr)
        // The shadow: rings growing out from the panel, offset down a little, darkest near it.
        for ring in (1...shadowRings).reversed() {
            let grow = Double(ring) * scale
            cairo_rectangle(cr, panel.x - grow, panel.y - grow + 2 * scale, panel.width + 2 * grow, panel.height + 2 * grow)
            cairo_set_source_rgba(cr, 0, 0, 0, shadowRingAlpha)
            cairo_fill(cr)
        }
        cairo_rectangle(cr, panel.x, panel.y, panel.width, panel.height)
        cairo_set_source_rgb(cr, Theme.background.r, Theme.background.g, Theme.background.b)
        cairo_fill(cr)
        let rtl = menu.direction == .rightToLeft
        for (index, row) in menu.rows.enumerated() {
            if index > 0 {
                cairo_rectangle(cr, row.frame.x + (rtl ? 0 : textInset * scale), row.frame.y,
                                row.frame.width - textInset * scale, max(1, scale.rounded()))
                cairo_set_source_rgb(cr, Theme.separator.r, Theme.separator.g, Theme.separator.b)
                cairo_fill(cr)
            }
            let layout = FontLibrary.layout(cr, text: row.title, sizePixels: Theme.bodySize * scale, bold: false, wrapWidth: nil,
                                            rightToLeft: rtl, font: font)
            defer { swipeback_g_object_unref(UnsafeMutableRawPointer(layout)) }
            let width = row.frame.width - 2 * textInset * scale
            pango_layout_set_width(layout, Int32(max(0, width) * Double(swipeback_pango_scale())))
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
            pango_layout_set_alignment(layout, rtl ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT)
            let (_, h) = FontLibrary.pixelSize(layout)
            cairo_set_source_rgb(cr, Theme.text.r, Theme.text.g, Theme.text.b)
            cairo_move_to(cr, row.frame.x + textInset * scale, (row.frame.y + (row.frame.height - h) / 2).rounded())
            pango_cairo_show_layout(cr, layout)
        }
        cairo_restore(cr)
    }
}
