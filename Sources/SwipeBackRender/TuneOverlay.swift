// SPDX-License-Identifier: Apache-2.0
import CCairo
import SwipeBackCore

/// The tuning overlay (`swipeback tune`), drawn over a composed frame: each stack's edge zone and
/// commit threshold, the finger's trace, a panel with the tunables (the selected one marked),
/// progress and velocity over the last swipe as a small plot, and the last decision in words.
///
/// It follows the scene's `layoutScale`: the edge zone is `edgeWidth` x scale px wide and the
/// panel's text and rows are drawn at that scale.
public enum TuneOverlay {
    /// Draws the overlay over `surface` (a frame the compositor has drawn from `scene`).
    ///
    /// - Throws: `RenderError` when drawing fails.
    public static func draw(_ tuner: Tuner, scene: Scene, into surface: ImageSurface) throws {
        try FontLibrary.loadDefault() // the shipped font, whatever ran before
        let configuration = tuner.configuration
        let scale = scene.layoutScale
        try surface.draw { cr in
            for stack in scene.stacks {
                let f = stack.frame
                let ltr = stack.direction == .leftToRight
                // The edge zone.
                let zone = min(configuration.edgeWidth * scale, f.width)
                cairo_rectangle(cr, ltr ? f.x : f.maxX - zone, f.y, zone, f.height)
                cairo_set_source_rgba(cr, 0.04, 0.40, 1.0, 0.18)
                cairo_fill(cr)
                // The commit threshold, where a slow release starts to commit.
                let x = (ltr ? f.x + configuration.commitProgress * f.width : f.maxX - configuration.commitProgress * f.width).rounded() + 0.5
                cairo_set_source_rgba(cr, 0.85, 0.25, 0.1, 0.8)
                cairo_set_line_width(cr, 1.5 * scale)
                var dash = [6.0 * scale, 4.0 * scale]
                cairo_set_dash(cr, &dash, 2, 0)
                cairo_move_to(cr, x, f.y + scene.headerHeight)
                cairo_line_to(cr, x, f.maxY)
                cairo_stroke(cr)
                cairo_set_dash(cr, nil, 0, 0)
                text(cr, "commit \(Int((configuration.commitProgress * 100).rounded())) %", x: x + 4 * scale, y: f.y + scene.headerHeight + 4 * scale, size: 12 * scale,
                     color: (0.85, 0.25, 0.1, 1))
            }
            // The finger's trace.
            if let first = tuner.trace.first {
                cairo_new_path(cr)
                cairo_move_to(cr, first.x, first.y)
                for p in tuner.trace.dropFirst() { cairo_line_to(cr, p.x, p.y) }
                cairo_set_source_rgba(cr, 1.0, 0.55, 0.0, 0.9)
                cairo_set_line_width(cr, 3 * scale)
                cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
                cairo_stroke(cr)
                if let last = tuner.trace.last {
                    cairo_arc(cr, last.x, last.y, 7 * scale, 0, 2 * Double.pi)
                    cairo_fill(cr)
                }
            }
            // The panel in layout units: the whole of it scaled about the frame's top-left.
            cairo_save(cr)
            cairo_scale(cr, scale, scale)
            if !tuner.panelHidden {
                drawPanel(cr, tuner, width: Double(surface.width) / scale, height: Double(surface.height) / scale)
            } else if let verdict = tuner.verdict {
                text(cr, verdict, x: 12, y: Double(surface.height) / scale - 28, size: 12.5, color: (0.85, 0.25, 0.1, 1))
            }
            cairo_restore(cr)
        }
    }

    private static func drawPanel(_ cr: OpaquePointer, _ tuner: Tuner, width: Double, height: Double) {
        let panelWidth = 330.0, rowHeight = 19.0
        let rows = Double(Tuner.tunables.count)
        let plotHeight = 70.0
        let panelHeight = 34 + rowHeight + rows * rowHeight + 12 + plotHeight + 22 + 58
        let px = width - panelWidth - 12, py = height - panelHeight - 12
        cairo_new_path(cr)
        cairo_rectangle(cr, px, py, panelWidth, panelHeight)
        cairo_set_source_rgba(cr, 0.08, 0.08, 0.10, 0.86)
        cairo_fill(cr)
        text(cr, "↑↓ select · ←→ change · P feel · S save · H hide", x: px + 12, y: py + 9, size: 12, color: (1, 1, 1, 0.75))
        var y = py + 34
        // The feel, and the keys that keep their own values whatever the feel.
        text(cr, tuner.feelSummary, x: px + 12, y: y + 1, size: 12.5, color: (0.55, 0.8, 1, 1))
        y += rowHeight
        for (index, tunable) in Tuner.tunables.enumerated() {
            let selected = index == tuner.selected
            if selected {
                cairo_rectangle(cr, px + 6, y - 1, panelWidth - 12, rowHeight)
                cairo_set_source_rgba(cr, 0.04, 0.40, 1.0, 0.55)
                cairo_fill(cr)
            }
            text(cr, tunable.key, x: px + 12, y: y + 1, size: 12.5, color: (1, 1, 1, selected ? 1 : 0.8))
            text(cr, tuner.display(tunable), x: px + 190, y: y + 1, size: 12.5, color: (1, 1, 1, 1), bold: selected)
            y += rowHeight
        }
        // Progress (blue, 0...1) and velocity (orange, ± the fastest sample) over the last swipe.
        y += 12
        let plot = (x: px + 12, y: y, w: panelWidth - 24, h: plotHeight)
        cairo_rectangle(cr, plot.x, plot.y, plot.w, plot.h)
        cairo_set_source_rgba(cr, 1, 1, 1, 0.08)
        cairo_fill(cr)
        cairo_set_source_rgba(cr, 1, 1, 1, 0.25)
        cairo_set_line_width(cr, 1)
        cairo_move_to(cr, plot.x, plot.y + plot.h / 2 + 0.5)
        cairo_line_to(cr, plot.x + plot.w, plot.y + plot.h / 2 + 0.5)
        cairo_stroke(cr)
        if let first = tuner.history.first, let last = tuner.history.last {
            let span = max(last.t - first.t, 1)
            func xAt(_ t: Double) -> Double { plot.x + (t - first.t) / span * plot.w }
            cairo_new_path(cr)
            for (i, sample) in tuner.history.enumerated() {
                let yy = plot.y + plot.h * (1 - sample.progress)
                if i == 0 { cairo_move_to(cr, xAt(sample.t), yy) } else { cairo_line_to(cr, xAt(sample.t), yy) }
            }
            cairo_set_source_rgb(cr, 0.35, 0.65, 1.0)
            cairo_set_line_width(cr, 2)
            cairo_stroke(cr)
            // Velocity scaled to the swipe's fastest sample, so its shape shows (0 is the middle line).
            let scale = max(tuner.history.compactMap { $0.velocity.map(abs) }.max() ?? 0, 500) * 1.1
            cairo_new_path(cr)
            var started = false
            for sample in tuner.history {
                guard let v = sample.velocity else { continue }
                let yy = plot.y + plot.h / 2 - min(max(v / scale, -1), 1) * plot.h / 2
                if started { cairo_line_to(cr, xAt(sample.t), yy) } else { cairo_move_to(cr, xAt(sample.t), yy); started = true }
            }
            cairo_set_source_rgb(cr, 1.0, 0.6, 0.15)
            cairo_stroke(cr)
        }
        text(cr, "progress", x: plot.x, y: plot.y + plot.h + 3, size: 10.5, color: (0.35, 0.65, 1.0, 1))
        text(cr, "velocity", x: plot.x + 60, y: plot.y + plot.h + 3, size: 10.5, color: (1.0, 0.6, 0.15, 1))
        y += plotHeight + 22
        // The decision in words, on up to two lines, so its last word (commit or cancel) always shows.
        text(cr, tuner.verdict ?? "release a swipe to see its decision", x: px + 12, y: y, size: 12, color: (1, 1, 1, 1),
             width: panelWidth - 24, lines: 2)
        if let status = tuner.status {
            text(cr, status, x: px + 12, y: y + 38, size: 11, color: (1, 1, 1, 0.7), width: panelWidth - 24)
        }
    }

    private static func text(_ cr: OpaquePointer, _ string: String, x: Double, y: Double, size: Double,
                             color: (Double, Double, Double, Double), bold: Bool = false, width: Double? = nil, lines: Int32 = 1) {
        let layout = FontLibrary.layout(cr, text: string, sizePixels: size, bold: bold, wrapWidth: lines > 1 ? width : nil)
        defer { swipeback_g_object_unref(UnsafeMutableRawPointer(layout)) }
        if let width {
            pango_layout_set_width(layout, Int32(width * Double(swipeback_pango_scale())))
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
            if lines > 1 { pango_layout_set_height(layout, -lines) } // at most `lines` lines, the last ellipsized
        }
        cairo_new_path(cr)
        cairo_set_source_rgba(cr, color.0, color.1, color.2, color.3)
        cairo_move_to(cr, x.rounded(), y.rounded())
        pango_cairo_show_layout(cr, layout)
    }
}
