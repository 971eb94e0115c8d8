// SPDX-License-Identifier: Apache-2.0
import CCairo
import SwipeBackCore

/// Draws `swipeback system`'s `page` style: a snapshot of the app's window moved inward by the
/// finger, with a shadow at its leading edge, over a backdrop of the same snapshot dimmed, as the
/// in-window pop draws its page over the one beneath (`shadowWidth`, `dimAlpha` at progress 0).
public enum PageSlidePainter {
    /// Draws one frame onto `cr`, which covers the snapshot's area.
    ///
    /// - Parameters:
    ///   - cr: a cairo context on a surface the snapshot's size.
    ///   - snapshot: the app's window as it was when the swipe began (opaque).
    ///   - offset: how far the page has moved inward, px (0 or more; clamped to the width).
    ///   - edge: the edge the swipe began at (the page moves away from it).
    ///   - backdropDim: opacity of black over the backdrop, 0...1 (it fades to 0 once the app has
    ///     drawn its previous page).
    ///   - configuration: `shadowWidth` (px) and `dimAlpha`.
    public static func draw(_ cr: OpaquePointer, snapshot: ImageSurface, offset: Double, edge: SystemEdge, backdropDim: Double,
                            configuration: Configuration) {
        let width = Double(snapshot.width), height = Double(snapshot.height)
        let shift = min(max(offset, 0), width) * edge.inward
        cairo_save(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        // The backdrop: the snapshot, dimmed (from dimAlpha at the start to twice it at the end, at most 0.6).
        cairo_set_source_surface(cr, snapshot.surface, 0, 0)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        cairo_set_source_rgba(cr, 0, 0, 0, min(max(backdropDim, 0), 1))
        cairo_paint(cr)
        // The shadow beyond the page's leading edge.
        let shadow = configuration.shadowWidth
        if shadow > 0 && abs(shift) > 0 {
            let edgeX = edge == .left ? shift : width + shift
            let outward = edge == .left ? -shadow : shadow
            let gradient = cairo_pattern_create_linear(edgeX, 0, edgeX + outward, 0)
            cairo_pattern_add_color_stop_rgba(gradient, 0, 0, 0, 0, 0.35)
            cairo_pattern_add_color_stop_rgba(gradient, 1, 0, 0, 0, 0)
            cairo_rectangle(cr, min(edgeX, edgeX + outward), 0, shadow, height)
            cairo_set_source(cr, gradient)
            cairo_fill(cr)
            cairo_pattern_destroy(gradient)
        }
        // The page itself.
        cairo_rectangle(cr, shift, 0, width, height)
        cairo_clip(cr)
        cairo_set_source_surface(cr, snapshot.surface, shift, 0)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// The backdrop's dim at a progress (0...1 of the width): `dimAlpha` growing to at most 0.6,
    /// so the page in front reads as lifted.
    public static func backdropDim(progress: Double, configuration: Configuration) -> Double {
        min(configuration.dimAlpha + 0.3 * min(max(progress, 0), 1), 0.6)
    }
}
