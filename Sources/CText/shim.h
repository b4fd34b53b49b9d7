// The one header Swift imports for text: FreeType rasterises glyphs, HarfBuzz shapes lines
// (the two libraries SDL2_ttf is built on, used directly so that glyphs can be cached by
// glyph index in an atlas; MotionSDL/Text says why). Macros Swift cannot import get static
// inline substitutes here.
#ifndef MOTIONLAB_CTEXT_SHIM_H
#define MOTIONLAB_CTEXT_SHIM_H

#include <ft2build.h>
#include FT_FREETYPE_H
#include <hb.h>
#include <hb-ot.h>

/// Load flags for a glyph rendered to 8-bit coverage with FreeType's light hinting, which
/// moves outlines only vertically, so glyphs keep the unhinted advances HarfBuzz places them by.
static inline FT_Int32 motionlab_ft_load_light_render(void) { return FT_LOAD_RENDER | FT_LOAD_TARGET_LIGHT; }

#endif
