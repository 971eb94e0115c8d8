// SPDX-License-Identifier: Apache-2.0
import CCairo

/// The fonts pages are drawn with: only the ones shipped in `Assets/fonts`, so text renders the
/// same on every machine. SwipeBack's own Pango font map (never the process's default one, which
/// an app that embeds SwipeBack keeps for its own text) reads a fontconfig configuration that holds
/// nothing else; layouts get fixed antialiasing and no hinting.
public enum FontLibrary {
    /// The family every page uses.
    public static let family = "DejaVu Sans"

    nonisolated(unsafe) private static var loadedFrom: String?
    nonisolated(unsafe) private static var fontOptions: OpaquePointer?
    /// SwipeBack's private font map (a `PangoCairoFontMap`), made by `load(assetsDirectory:)`.
    nonisolated(unsafe) private(set) static var fontMap: UnsafeMutablePointer<PangoFontMap>?

    /// Loads the shipped fonts once; later calls do nothing.
    ///
    /// - Parameter assetsDirectory: the Assets folder (with `fonts/*.ttf`).
    /// - Throws: `RenderError` when fontconfig cannot load a font file.
    public static func load(assetsDirectory: String) throws {
        if loadedFrom != nil { return }
        guard FcInit() != 0, let config = FcConfigCreate() else {
            throw RenderError("fontconfig failed to start")
        }
        for name in ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"] {
            let path = assetsDirectory + "/fonts/" + name
            guard FcConfigAppFontAddFile(config, path) != 0 else {
                throw RenderError("cannot load font \(path)")
            }
        }
        guard let map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT) else {
            throw RenderError("pango has no FreeType font map")
        }
        swipeback_font_map_set_config(map, config)
        fontMap = map
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        fontOptions = options
        loadedFrom = assetsDirectory
    }

    /// Loads the shipped fonts from the located Assets folder.
    public static func loadDefault() throws {
        try load(assetsDirectory: AssetLocator.assetsDirectory())
    }

    /// A pango layout for `cr` with the pinned font options; release it with `g_object_unref`.
    static func layout(_ cr: OpaquePointer, text: String, sizePixels: Double, bold: Bool,
                       wrapWidth: Double?, rightToLeft: Bool = false) -> OpaquePointer {
        // As pango_cairo_create_layout, but on SwipeBack's font map, not the default one.
        let context = pango_font_map_create_context(fontMap)!
        pango_cairo_update_context(cr, context)
        let layout = pango_layout_new(context)!
        g_object_unref(UnsafeMutableRawPointer(context))
        if let fontOptions {
            pango_cairo_context_set_font_options(pango_layout_get_context(layout), fontOptions)
        }
        if rightToLeft {
            // Text without a strong direction of its own ("42 %") runs right to left; text with one
            // keeps it (Hebrew right to left, a Latin sentence left to right, its full stop at its
            // end), as UIKit lays out natural text. Alignment is set by the caller, literally.
            pango_context_set_base_dir(pango_layout_get_context(layout), PANGO_DIRECTION_RTL)
        }
        pango_layout_context_changed(layout)
        let description = pango_font_description_new()!
        pango_font_description_set_family(description, family)
        pango_font_description_set_weight(description, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        pango_font_description_set_absolute_size(description, sizePixels * Double(swipeback_pango_scale()))
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
        if let wrapWidth {
            pango_layout_set_width(layout, Int32(wrapWidth * Double(swipeback_pango_scale())))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        }
        pango_layout_set_text(layout, text, -1)
        if rightToLeft, pango_layout_get_direction(layout, 0) == PANGO_DIRECTION_LTR {
            // A left-to-right paragraph on a right-to-left page: its own base direction, so Pango
            // does not swap left and right alignment for it.
            pango_context_set_base_dir(pango_layout_get_context(layout), PANGO_DIRECTION_LTR)
            pango_layout_context_changed(layout)
        }
        return layout
    }

    /// Size in px of a laid-out layout.
    static func pixelSize(_ layout: OpaquePointer) -> (width: Double, height: Double) {
        var w: Int32 = 0, h: Int32 = 0
        pango_layout_get_pixel_size(layout, &w, &h)
        return (Double(w), Double(h))
    }
}
