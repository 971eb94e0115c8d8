// SPDX-License-Identifier: Apache-2.0
// The C side of the renderer: cairo, pango over cairo, and fontconfig to pin the shipped font.
#ifndef SWIPEBACK_CCAIRO_SHIM_H
#define SWIPEBACK_CCAIRO_SHIM_H
#include <cairo/cairo.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <pango/pangofc-font.h>
#include <fontconfig/fontconfig.h>
#include <glib-object.h>

// PANGO_SCALE is a macro; Swift cannot import it as a typed constant.
static inline int swipeback_pango_scale(void) { return PANGO_SCALE; }

// Points a pangocairo font map at a fontconfig configuration (macro cast wrapped).
static inline void swipeback_font_map_set_config(PangoFontMap *map, FcConfig *config) {
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(map), config);
}

static inline void swipeback_g_object_unref(void *object) { g_object_unref(object); }

// Byte offsets, in the layout's text, of the clusters Pango draws as unknown glyphs (the hex boxes
// of characters no font has): at most `capacity` are stored; returns how many there are.
static inline int swipeback_unknown_glyph_offsets(PangoLayout *layout, int *offsets, int capacity) {
    int count = 0;
    PangoLayoutIter *iter = pango_layout_get_iter(layout);
    do {
        PangoLayoutRun *run = pango_layout_iter_get_run_readonly(iter);
        if (!run) continue;
        for (int i = 0; i < run->glyphs->num_glyphs; i++) {
            PangoGlyph glyph = run->glyphs->glyphs[i].glyph;
            if ((glyph & PANGO_GLYPH_UNKNOWN_FLAG) && glyph != PANGO_GLYPH_INVALID_INPUT) {
                if (count < capacity) offsets[count] = run->item->offset + run->glyphs->log_clusters[i];
                count++;
            }
        }
    } while (pango_layout_iter_next_run(iter));
    pango_layout_iter_free(iter);
    return count;
}

// The fontconfig pattern of the font that draws run `index` (0-based, in visual order) of the
// layout, with the run's byte offset and length in the layout's text; NULL past the last run.
static inline FcPattern *swipeback_run_pattern(PangoLayout *layout, int index, int *offset, int *length) {
    FcPattern *pattern = NULL;
    PangoLayoutIter *iter = pango_layout_get_iter(layout);
    int at = 0;
    do {
        PangoLayoutRun *run = pango_layout_iter_get_run_readonly(iter);
        if (!run) continue;
        if (at++ == index) {
            *offset = run->item->offset;
            *length = run->item->length;
            pattern = pango_fc_font_get_pattern(PANGO_FC_FONT(run->item->analysis.font));
            break;
        }
    } while (pango_layout_iter_next_run(iter));
    pango_layout_iter_free(iter);
    return pattern;
}
#endif
