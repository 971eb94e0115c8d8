// SPDX-License-Identifier: Apache-2.0
// The C side of the renderer: cairo, pango over cairo, and fontconfig to pin the shipped font.
#ifndef SWIPEBACK_CCAIRO_SHIM_H
#define SWIPEBACK_CCAIRO_SHIM_H
#include <cairo/cairo.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>
#include <glib-object.h>

// PANGO_SCALE is a macro; Swift cannot import it as a typed constant.
static inline int swipeback_pango_scale(void) { return PANGO_SCALE; }

// Points a pangocairo font map at a fontconfig configuration (macro cast wrapped).
static inline void swipeback_font_map_set_config(PangoFontMap *map, FcConfig *config) {
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(map), config);
}

static inline void swipeback_g_object_unref(void *object) { g_object_unref(object); }
#endif
