"""pygame-ce drawing testsprite2's sprites, for scripts/bench-vs-sdl.

Each frame: fill the display surface, move N 32x32 sprites as testsprite2 does (each by
-1, 0 or 1 px an axis, turning back at the edges), blit them all to the display surface
(`Surface.fblits`, SDL's surface blitter) and flip. After a second of warm-up it counts
frames for the rest of --seconds and prints one line, `fps F python P%`, P being the share
of that time spent in Python moving the sprites.

  python pygame-sprites.py [--sprites N] [--size WxH] [--seconds S] [--image BMP]

SDL_VIDEODRIVER picks the video driver (bench-vs-sdl sets it, as for the others). An image
without per-pixel alpha (testsprite2's icon.bmp, the default) gets its top-left colour as
the transparent colour, as testsprite2 does; one with alpha (our sprite.bmp) is blended
per pixel. pygame-ce's wheel brings its own SDL, whose version `--version` prints.
"""
import argparse
import os
import random
import time

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

SIDE = 32


def size(text):
    w, h = (int(v) for v in text.lower().split("x"))
    if not (SIDE < w <= 16384 and SIDE < h <= 16384):
        raise argparse.ArgumentTypeError(f"{text}: each side must be in {SIDE + 1}...16384")
    return w, h


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sprites", type=int, default=10000)
    ap.add_argument("--size", type=size, default=(1280, 720))
    ap.add_argument("--seconds", type=float, default=11)
    ap.add_argument("--image", default="/usr/libexec/installed-tests/SDL2/icon.bmp")
    ap.add_argument("--version", action="store_true", help="print pygame-ce's and its SDL's versions and stop")
    args = ap.parse_args()
    if args.version:
        print(f"pygame-ce {pygame.version.ver} (SDL {'.'.join(map(str, pygame.get_sdl_version()))})")
        return
    if args.sprites < 0 or args.seconds <= 1:
        ap.error("--sprites must be 0 or more and --seconds more than 1")

    pygame.display.init()
    w, h = args.size
    screen = pygame.display.set_mode((w, h))
    loaded = pygame.image.load(args.image)
    if loaded.get_flags() & pygame.SRCALPHA:
        image = loaded.convert_alpha()
    else:
        image = loaded.convert()
        image.set_colorkey(image.get_at((0, 0)))

    # testsprite2's start: anywhere wholly inside, a velocity that is not (0, 0).
    rng = random.Random(1)
    xs = [rng.randrange(w - SIDE) for _ in range(args.sprites)]
    ys = [rng.randrange(h - SIDE) for _ in range(args.sprites)]
    velocities = [(0, 0)] * args.sprites
    for i in range(args.sprites):
        while velocities[i] == (0, 0):
            velocities[i] = (rng.randint(-1, 1), rng.randint(-1, 1))
    vxs, vys = [v[0] for v in velocities], [v[1] for v in velocities]

    start = time.perf_counter()
    counted_from, frames, moving = start + 1, 0, 0.0
    while True:
        now = time.perf_counter()
        if now >= start + args.seconds:
            break
        counting = now >= counted_from
        if counting and frames == 0:
            counted_from = now
        pygame.event.pump()
        screen.fill((0xA0, 0xA0, 0xA0))
        t0 = time.perf_counter()
        for i in range(args.sprites):
            x, y = xs[i] + vxs[i], ys[i] + vys[i]
            if x < 0 or x >= w - SIDE:
                vxs[i] = -vxs[i]
                x += vxs[i]
            if y < 0 or y >= h - SIDE:
                vys[i] = -vys[i]
                y += vys[i]
            xs[i], ys[i] = x, y
        blits = [(image, p) for p in zip(xs, ys)]
        t1 = time.perf_counter()
        screen.fblits(blits)
        pygame.display.flip()
        if counting:
            frames += 1
            moving += t1 - t0
    elapsed = time.perf_counter() - counted_from
    print(f"fps {frames / elapsed:.2f} python {100 * moving / elapsed:.0f}%")


if __name__ == "__main__":
    main()
