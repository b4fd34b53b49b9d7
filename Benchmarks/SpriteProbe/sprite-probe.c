// The machine's limit for the sprites `motionlab bench --followers 10000 --tweens 0
// --sprites 0 --size 640x480 --bands 1 --no-pipeline` draws: a plain C loop that, each
// frame, clears a W×H ARGB8888 buffer and draws N 32×32 sprites at pseudo-random places
// (fixed seed), for two kinds of sprite:
//   colour-keyed  testsprite2's icon.bmp, its top-left colour transparent: each pixel
//                 copied or skipped;
//   blended       our Resources/sprite.bmp, per-pixel alpha premultiplied once at load,
//                 then source-over: dst = src + dst * (255 - a) / 255, rounded exactly
//                 (every pixel through the formula, no shortcut for opaque or clear ones).
// SDL only loads and converts the BMPs; the timed loop is plain C. One thread, no SIMD
// by hand: what `cc -O3 -march=native` makes of it. `make probe` builds and runs it.
//
// Each kind is drawn twice: plainly (clear the whole buffer, then each sprite in turn over
// it), and tiled: each frame the sprites are binned by the tiles they touch (--tile, 64×64
// by default), then each tile is cleared and its sprites drawn clipped to it, in order, so
// its pixels stay in the first-level cache while they are drawn and go to memory once. Both
// ways give the same frame (the checksums are printed side by side).
//
//   sprite-probe [--sprites N] [--size WxH] [--frames F] [--warmup F] [--icon BMP]
//                [--sprite BMP] [--tile WxH] [--json FILE|-]
#include <SDL.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { S = 32 };

static uint32_t *load(const char *path, int premultiply) {
    SDL_Surface *loaded = SDL_LoadBMP(path);
    SDL_Surface *argb = loaded ? SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888, 0) : NULL;
    if (!argb || argb->w != S || argb->h != S) {
        fprintf(stderr, "sprite-probe: %s: %s\n", path, argb ? "not 32x32" : SDL_GetError());
        exit(1);
    }
    uint32_t *px = malloc(S * S * 4);
    for (int y = 0; y < S; y++) memcpy(px + y * S, (uint8_t *)argb->pixels + y * argb->pitch, S * 4);
    for (int i = 0; premultiply && i < S * S; i++) {
        uint32_t p = px[i], a = p >> 24, c[3] = {(p >> 16) & 255, (p >> 8) & 255, p & 255};
        for (int k = 0; k < 3; k++) c[k] = (c[k] * a + 127) / 255;
        px[i] = a << 24 | c[0] << 16 | c[1] << 8 | c[2];
    }
    SDL_FreeSurface(argb);
    SDL_FreeSurface(loaded);
    return px;
}

// Each pixel that is not the key colour is copied.
static void keyed(uint32_t *restrict dst, int pitch, const uint32_t *restrict src, uint32_t key) {
    for (int y = 0; y < S; y++, dst += pitch, src += S)
        for (int x = 0; x < S; x++) dst[x] = src[x] == key ? dst[x] : src[x];
}

// Premultiplied source-over a byte at a time (gcc turns the row into 16-bit lanes): with
// `inv` holding 255 - alpha for each byte of the sprite, t = d * inv + 128 and
// (t * 257) >> 16 is d * inv / 255 rounded to nearest, exactly, with one multiply fewer
// than (t + (t >> 8)) >> 8; the sum cannot pass 255, as src <= alpha.
static void blended(uint32_t *restrict dst, int pitch, const uint32_t *restrict src, const uint8_t *restrict inv) {
    for (int y = 0; y < S; y++, dst += pitch, src += S, inv += S * 4) {
        uint8_t *d = (uint8_t *)dst;
        const uint8_t *s = (const uint8_t *)src;
        for (int i = 0; i < S * 4; i++) {
            uint32_t t = d[i] * inv[i] + 128u;
            d[i] = (uint8_t)(s[i] + ((t * 257u) >> 16));
        }
    }
}

// The same, for the part of a sprite inside [x0, x1) × [y0, y1) of its own 32×32.
static void keyed_clip(uint32_t *restrict dst, int pitch, const uint32_t *restrict src, uint32_t key,
                       int x0, int x1, int y0, int y1) {
    dst += y0 * pitch, src += y0 * S;
    for (int y = y0; y < y1; y++, dst += pitch, src += S)
        for (int x = x0; x < x1; x++) dst[x] = src[x] == key ? dst[x] : src[x];
}

static void blended_clip(uint32_t *restrict dst, int pitch, const uint32_t *restrict src, const uint8_t *restrict inv,
                         int x0, int x1, int y0, int y1) {
    dst += y0 * pitch, src += y0 * S, inv += y0 * S * 4;
    for (int y = y0; y < y1; y++, dst += pitch, src += S, inv += S * 4) {
        uint8_t *d = (uint8_t *)dst;
        const uint8_t *s = (const uint8_t *)src;
        for (int i = x0 * 4; i < x1 * 4; i++) {
            uint32_t t = d[i] * inv[i] + 128u;
            d[i] = (uint8_t)(s[i] + ((t * 257u) >> 16));
        }
    }
}

// One tiled frame: bin the sprites by tile (a counting sort, which keeps their order), then
// per tile clear it and draw its sprites clipped to it.
static void tiled(uint32_t *buf, int w, int h, int tw, int th, const uint32_t *at, int n, int kind,
                  const uint32_t *sprite, uint32_t key, const uint8_t *inv, int *count, int *start, int *list) {
    int cols = (w + tw - 1) / tw, rows = (h + th - 1) / th, tiles = cols * rows;
    memset(count, 0, (size_t)tiles * sizeof(int));
    for (int i = 0; i < n; i++) {
        int x = (int)(at[i] % (uint32_t)w), y = (int)(at[i] / (uint32_t)w);
        for (int ty = y / th; ty <= (y + S - 1) / th; ty++)
            for (int tx = x / tw; tx <= (x + S - 1) / tw; tx++) count[ty * cols + tx]++;
    }
    start[0] = 0;
    for (int t = 0; t < tiles; t++) start[t + 1] = start[t] + count[t];
    memset(count, 0, (size_t)tiles * sizeof(int));
    for (int i = 0; i < n; i++) {
        int x = (int)(at[i] % (uint32_t)w), y = (int)(at[i] / (uint32_t)w);
        for (int ty = y / th; ty <= (y + S - 1) / th; ty++)
            for (int tx = x / tw; tx <= (x + S - 1) / tw; tx++) {
                int t = ty * cols + tx;
                list[start[t] + count[t]++] = i;
            }
    }
    for (int ty = 0; ty < rows; ty++)
        for (int tx = 0; tx < cols; tx++) {
            int t = ty * cols + tx, x0 = tx * tw, y0 = ty * th;
            int x1 = x0 + tw < w ? x0 + tw : w, y1 = y0 + th < h ? y0 + th : h;
            for (int y = y0; y < y1; y++)
                for (int x = x0; x < x1; x++) buf[(size_t)y * w + x] = 0xFF1E2230u;
            for (int k = start[t]; k < start[t + 1]; k++) {
                int i = list[k], sx = (int)(at[i] % (uint32_t)w), sy = (int)(at[i] / (uint32_t)w);
                int cx0 = (x0 > sx ? x0 : sx) - sx, cx1 = (x1 < sx + S ? x1 : sx + S) - sx;
                int cy0 = (y0 > sy ? y0 : sy) - sy, cy1 = (y1 < sy + S ? y1 : sy + S) - sy;
                if (kind == 0) keyed_clip(buf + at[i], w, sprite, key, cx0, cx1, cy0, cy1);
                else blended_clip(buf + at[i], w, sprite, inv, cx0, cx1, cy0, cy1);
            }
        }
}

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    int n = 10000, w = 640, h = 480, frames = 600, warmup = 60, tw = 64, th = 64;
    const char *icon = "/usr/libexec/installed-tests/SDL2/icon.bmp", *sprite = "Resources/sprite.bmp", *json = NULL;
    for (int i = 1; i + 1 < argc; i += 2) {
        const char *o = argv[i], *v = argv[i + 1];
        if (!strcmp(o, "--sprites")) n = atoi(v);
        else if (!strcmp(o, "--size")) { if (sscanf(v, "%dx%d", &w, &h) != 2) w = 0; }
        else if (!strcmp(o, "--frames")) frames = atoi(v);
        else if (!strcmp(o, "--warmup")) warmup = atoi(v);
        else if (!strcmp(o, "--icon")) icon = v;
        else if (!strcmp(o, "--sprite")) sprite = v;
        else if (!strcmp(o, "--json")) json = v;
        else if (!strcmp(o, "--tile")) { if (sscanf(v, "%dx%d", &tw, &th) != 2) tw = 0; }
        else { fprintf(stderr, "sprite-probe: unknown option %s\n", o); return 2; }
    }
    if (argc % 2 == 0 || n < 0 || w < S || h < S || w > 16384 || h > 16384 || frames < 1 || warmup < 0 || frames > 1000000 ||
        tw < 8 || th < 8 || tw > 4096 || th > 4096) {
        fprintf(stderr, "sprite-probe: bad options (see the head of Benchmarks/SpriteProbe/sprite-probe.c)\n");
        return 2;
    }
    uint32_t *kinds[2] = {load(icon, 0), load(sprite, 1)}, key = kinds[0][0];
    uint8_t inv[S * S * 4];
    for (int i = 0; i < S * S * 4; i++) inv[i] = 255 - (kinds[1][i / 4] >> 24);
    const char *names[4] = {"colour-keyed", "blended", "colour-keyed tiled", "blended tiled"};
    uint32_t *buf = malloc((size_t)w * h * 4), *at = malloc((size_t)n * 4 + 4);
    double *ms = malloc(frames * sizeof(double)), p50[4], mean[4];
    uint64_t sum[4];
    // The bins: a count and a start per tile, and each sprite listed once per tile it touches
    // (at most four: a sprite is smaller than a tile).
    int tiles = ((w + tw - 1) / tw) * ((h + th - 1) / th);
    int *count = malloc((size_t)tiles * sizeof(int)), *start = malloc((size_t)(tiles + 1) * sizeof(int));
    int *list = malloc((size_t)n * 4 * sizeof(int) + sizeof(int));
    // The places: testsprite2's, every sprite wholly inside the buffer (xorshift64, seed 1).
    uint64_t r = 0x9E3779B97F4A7C15u;
    for (int i = 0; i < n; i++) {
        r ^= r << 13, r ^= r >> 7, r ^= r << 17;
        at[i] = (uint32_t)((r >> 32) % (uint32_t)(h - S + 1)) * w + (uint32_t)(r % (uint32_t)(w - S + 1));
    }
    for (int k = 0; k < 4; k++) {
        double total = 0;
        for (int f = -warmup; f < frames; f++) {
            double t0 = now_ms();
            if (k >= 2) {
                tiled(buf, w, h, tw, th, at, n, k - 2, kinds[k - 2], key, inv, count, start, list);
            } else {
                for (size_t i = 0; i < (size_t)w * h; i++) buf[i] = 0xFF1E2230u;
                if (k == 0) for (int i = 0; i < n; i++) keyed(buf + at[i], w, kinds[0], key);
                else for (int i = 0; i < n; i++) blended(buf + at[i], w, kinds[1], inv);
            }
            double t = now_ms() - t0;
            if (f >= 0) ms[f] = t, total += t;
        }
        qsort(ms, frames, sizeof(double), by_value);
        p50[k] = ms[(frames - 1) / 2], mean[k] = total / frames, sum[k] = 0;
        for (size_t i = 0; i < (size_t)w * h; i++) sum[k] = sum[k] * 31 + buf[i];
    }
    // With --json -, the report alone on standard output and the table on standard error.
    FILE *table = json && !strcmp(json, "-") ? stderr : stdout;
    fprintf(table, "sprite-probe: %d sprites 32x32, %dx%d ARGB8888, %d frames after %d warm-up, one thread, tiles %dx%d\n",
            n, w, h, frames, warmup, tw, th);
    fprintf(table, "%-20s %9s %9s  %s\n", "kind", "p50 ms", "mean ms", "frame checksum");
    for (int k = 0; k < 4; k++) fprintf(table, "%-20s %9.3f %9.3f  %016llx\n", names[k], p50[k], mean[k], (unsigned long long)sum[k]);
    if (sum[2] != sum[0] || sum[3] != sum[1]) fprintf(stderr, "sprite-probe: the tiled frames differ from the plain ones\n");
    if (json) {
        FILE *out = strcmp(json, "-") ? fopen(json, "w") : stdout;
        if (!out) { perror(json); return 1; }
        fprintf(out, "{\"sprites\":%d,\"size\":\"%dx%d\",\"frames\":%d,\"warmup\":%d", n, w, h, frames, warmup);
        fprintf(out, ",\"tile\":\"%dx%d\"", tw, th);
        for (int k = 0; k < 4; k++) fprintf(out, ",\"%s\":{\"p50\":%.4f,\"mean\":%.4f}", names[k], p50[k], mean[k]);
        fprintf(out, "}\n");
        if (out != stdout) fclose(out);
    }
    return 0;
}
