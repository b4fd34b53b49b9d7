// The one header Swift imports for SDL2. Macros Swift cannot import get
// static inline substitutes here; everything else is SDL's own API.
#ifndef MOTIONLAB_CSDL2_SHIM_H
#define MOTIONLAB_CSDL2_SHIM_H

#define SDL_MAIN_HANDLED
#include <SDL.h>
#include <SDL_image.h>

static inline int motionlab_windowpos_centered(void) { return (int)SDL_WINDOWPOS_CENTERED_MASK; }
static inline Uint32 motionlab_button_mask(Uint32 button) { return 1u << (button - 1u); }
static inline Uint32 motionlab_touch_mouse_id(void) { return SDL_TOUCH_MOUSEID; }
static inline Sint64 motionlab_mouse_touch_id(void) { return (Sint64)SDL_MOUSE_TOUCHID; }
static inline SDL_Surface *motionlab_load_bmp(const char *path) { return SDL_LoadBMP(path); }
static inline int motionlab_save_bmp(SDL_Surface *surface, const char *path) { return SDL_SaveBMP(surface, path); }

#endif
