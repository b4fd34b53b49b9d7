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
#include <fontconfig/fontconfig.h>
#include <string.h>

/// Load flags for a glyph rendered to 8-bit coverage with FreeType's light hinting, which
/// moves outlines only vertically, so glyphs keep the unhinted advances HarfBuzz places them by.
static inline FT_Int32 motionlab_ft_load_light_render(void) { return FT_LOAD_RENDER | FT_LOAD_TARGET_LIGHT; }

/// The `skip`-th font (from 0) in fontconfig's fallback order for sans-serif text that has
/// the character `ch` and is a TrueType or CFF (OpenType) outline font, not a colour one,
/// which HarfBuzz can shape and FreeType render at any size: its file into `path` (at most `size` bytes with the terminating 0) and its face
/// index in the file into `index`. Returns 1, or 0 when there is no such font.
static inline int motionlab_fallback_font(unsigned int ch, int skip, char *path, int size, int *index) {
    if (!FcInit()) return 0;
    FcPattern *pattern = FcNameParse((const FcChar8 *)"sans-serif");
    if (!pattern) return 0;
    FcCharSet *wanted = FcCharSetCreate();
    FcCharSetAddChar(wanted, ch);
    FcPatternAddCharSet(pattern, FC_CHARSET, wanted);
    FcCharSetDestroy(wanted);
    FcConfigSubstitute(NULL, pattern, FcMatchPattern);
    FcDefaultSubstitute(pattern);
    FcResult result;
    FcFontSet *fonts = FcFontSort(NULL, pattern, FcFalse, NULL, &result);
    int found = 0;
    for (int i = 0; fonts && i < fonts->nfont && !found; i++) {
        FcCharSet *has;
        FcChar8 *file, *format;
        if (FcPatternGetCharSet(fonts->fonts[i], FC_CHARSET, 0, &has) != FcResultMatch || !FcCharSetHasChar(has, ch)) continue;
        if (FcPatternGetString(fonts->fonts[i], FC_FONTFORMAT, 0, &format) != FcResultMatch) continue;
        if (strcmp((const char *)format, "TrueType") != 0 && strcmp((const char *)format, "CFF") != 0) continue;
        // Outlines only: a colour emoji font (Noto Color Emoji) is "TrueType" with bitmap
        // glyphs at one size, which this text cannot draw.
        FcBool outline = FcFalse, color = FcFalse;
        if (FcPatternGetBool(fonts->fonts[i], FC_OUTLINE, 0, &outline) != FcResultMatch || !outline) continue;
        if (FcPatternGetBool(fonts->fonts[i], FC_COLOR, 0, &color) == FcResultMatch && color) continue;
        if (FcPatternGetString(fonts->fonts[i], FC_FILE, 0, &file) != FcResultMatch || strlen((const char *)file) + 1 > (size_t)size) continue;
        if (skip-- > 0) continue;
        strcpy(path, (const char *)file);
        *index = 0;
        FcPatternGetInteger(fonts->fonts[i], FC_INDEX, 0, index);
        found = 1;
    }
    if (fonts) FcFontSetDestroy(fonts);
    FcPatternDestroy(pattern);
    return found;
}

#endif
