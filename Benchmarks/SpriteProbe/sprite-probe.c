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
//   sprite-probe [--sprites N] [--size WxH] [--frames F] [--warmup F] [--icon BMP]
//                [--sprite BMP] [--json FILE|-]
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
    int n = 10000, w = 640, h = 480, frames = 600, warmup = 60;
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
        else { fprintf(stderr, "sprite-probe: unknown option %s\n", o); return 2; }
    }
    if (argc % 2 == 0 || n < 0 || w < S || h < S || w > 16384 || h > 16384 || frames < 1 || warmup < 0 || frames > 1000000) {
        fprintf(stderr, "sprite-probe: bad options (see the head of Benchmarks/SpriteProbe/sprite-probe.c)\n");
        return 2;
    }
    uint32_t *kinds[2] = {load(icon, 0), load(sprite, 1)}, key = kinds[0][0];
    uint8_t inv[S * S * 4];
    for (int i = 0; i < S * S * 4; i++) inv[i] = 255 - (kinds[1][i / 4] >> 24);
    const char *names[2] = {"colour-keyed", "blended"};
    uint32_t *buf = malloc((size_t)w * h * 4), *at = malloc((size_t)n * 4 + 4);
    double *ms = malloc(frames * sizeof(double)), p50[2], mean[2];
    uint64_t sum[2];
    // The places: testsprite2's, every sprite wholly inside the buffer (xorshift64, seed 1).
    uint64_t r = 0x9E3779B97F4A7C15u;
    for (int i = 0; i < n; i++) {
        r ^= r << 13, r ^= r >> 7, r ^= r << 17;
        at[i] = (uint32_t)((r >> 32) % (uint32_t)(h - S + 1)) * w + (uint32_t)(r % (uint32_t)(w - S + 1));
    }
    for (int k = 0; k < 2; k++) {
        double total = 0;
        for (int f = -warmup; f < frames; f++) {
            double t0 = now_ms();
            for (size_t i = 0; i < (size_t)w * h; i++) buf[i] = 0xFF1E2230u;
            if (k == 0) for (int i = 0; i < n; i++) keyed(buf + at[i], w, kinds[0], key);
            else for (int i = 0; i < n; i++) blended(buf + at[i], w, kinds[1], inv);
            double t = now_ms() - t0;
            if (f >= 0) ms[f] = t, total += t;
        }
        qsort(ms, frames, sizeof(double), by_value);
        p50[k] = ms[(frames - 1) / 2], mean[k] = total / frames, sum[k] = 0;
        for (size_t i = 0; i < (size_t)w * h; i++) sum[k] = sum[k] * 31 + buf[i];
    }
    // With --json -, the report alone on standard output and the table on standard error.
    FILE *table = json && !strcmp(json, "-") ? stderr : stdout;
    fprintf(table, "sprite-probe: %d sprites 32x32, %dx%d ARGB8888, %d frames after %d warm-up, one thread\n", n, w, h, frames, warmup);
    fprintf(table, "%-14s %9s %9s  %s\n", "kind", "p50 ms", "mean ms", "frame checksum");
    for (int k = 0; k < 2; k++) fprintf(table, "%-14s %9.3f %9.3f  %016llx\n", names[k], p50[k], mean[k], (unsigned long long)sum[k]);
    if (json) {
        FILE *out = strcmp(json, "-") ? fopen(json, "w") : stdout;
        if (!out) { perror(json); return 1; }
        fprintf(out, "{\"sprites\":%d,\"size\":\"%dx%d\",\"frames\":%d,\"warmup\":%d", n, w, h, frames, warmup);
        for (int k = 0; k < 2; k++) fprintf(out, ",\"%s\":{\"p50\":%.4f,\"mean\":%.4f}", names[k], p50[k], mean[k]);
        fprintf(out, "}\n");
        if (out != stdout) fclose(out);
    }
    return 0;
}
