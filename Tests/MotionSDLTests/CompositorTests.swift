import CSDL2
import Engine
import Foundation
import Geometry
@testable import MotionSDL
import Scenes
import Testing

extension SDLTests {
    @Suite struct CompositorTests {
        /// A 32×32 24-bit BMP like testsprite2's icon: a pattern of colours on a key colour
        /// that starts at the top-left pixel, so the platform makes that colour transparent.
        static func keyedSprite() throws -> URL {
            try spriteFile("keyed", format: SDL_PIXELFORMAT_RGB24) { x, y, pixel in
                // A ring with a cross: runs of key and colour of many lengths.
                let d = (x - 15) * (x - 15) + (y - 15) * (y - 15)
                let inside = (d > 36 && d < 200) || x == 15 || y == 20
                let rgb: (UInt8, UInt8, UInt8) = inside ? (UInt8(40 + x * 6), UInt8(200 - y * 5), 90) : (255, 0, 255)
                let bytes = pixel.assumingMemoryBound(to: UInt8.self)
                (bytes[0], bytes[1], bytes[2]) = rgb
            }
        }

        /// A 32×32 BMP in `format` (RGB24 or ARGB8888) named after `name`, each pixel written
        /// by `write(x, y, where)`.
        static func spriteFile(_ name: String, format: SDL_PixelFormatEnum, _ write: (Int, Int, UnsafeMutableRawPointer) -> Void) throws -> URL {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("motionlab-\(name)-\(getpid()).bmp")
            let bytes = format == SDL_PIXELFORMAT_RGB24 ? 3 : 4
            let s = try #require(SDL_CreateRGBSurfaceWithFormat(0, 32, 32, Int32(bytes * 8), format.rawValue))
            defer { SDL_FreeSurface(s) }
            for y in 0..<32 {
                for x in 0..<32 { write(x, y, s.pointee.pixels + y * Int(s.pointee.pitch) + x * bytes) }
            }
            #expect(motionlab_save_bmp(s, url.path) == 0)
            return url
        }

        /// Sprites at fractional positions and two sizes, many half off the window, some under a clip and
        /// some with fills drawn between them (the order must hold); chord cards from the
        /// atlas, 1:1; and quads SDL does not copy 1:1: scaled, tinted, rotated, and text.
        static func busyList(cards: Bool, badTexCoord: Bool = false) -> DrawList {
            var list = DrawList()
            var rng = SplitMix64(seed: 11)
            for k in 0..<600 {
                // Half at 32 pt, 1:1 at one pixel per point, half at 16 pt, 1:1 at two.
                let size = k % 2 == 0 ? 32.0 : 16.0
                list.image(Textures.sprite, in: Rect(x: rng.uniform(-40, 340), y: rng.uniform(-40, 260), w: size, h: size))
                if k % 50 == 0 {
                    list.fillRect(Rect(x: rng.uniform(0, 280), y: rng.uniform(0, 200), w: 40, h: 30), color: Color(20, 220, 200, 120))
                }
            }
            // Sprites wholly off the window, touching its edges from outside and far off: SDL
            // draws none of them, and the compositor drops them (`culled`); a fill after them
            // still lands over what came before.
            for r in [Rect(x: -32, y: 50, w: 32, h: 32), Rect(x: 320, y: 60, w: 32, h: 32), Rect(x: 90, y: -32, w: 32, h: 32),
                      Rect(x: 100, y: 240, w: 32, h: 32), Rect(x: -5000, y: -5000, w: 32, h: 32)] {
                list.image(Textures.sprite, in: r)
            }
            list.fillRect(Rect(x: 10, y: 10, w: 30, h: 30), color: Color(200, 40, 160, 140))
            list.pushClip(Rect(x: 50.5, y: 40, w: 120, h: 90))
            for _ in 0..<80 { list.image(Textures.sprite, in: Rect(x: rng.uniform(20, 180), y: rng.uniform(10, 140), w: 32, h: 32)) }
            list.popClip()
            list.image(Textures.sprite, in: Rect(x: 200, y: 30, w: 48, h: 48))
            list.image(Textures.sprite, in: Rect(x: 100.25, y: 180.5, w: 32, h: 32), tint: Color(255, 128, 64))
            list.image(Textures.sprite, center: Vec2(160, 120), size: Vec2(32, 32), angle: 0.5)
            if cards {
                // Two cards of the 512×160 atlas at their size, one at half size.
                list.image(Textures.chords, in: Rect(x: 10.5, y: 150.75, w: 64, h: 80), uv: (0, 0, 0.125, 0.5))
                list.image(Textures.chords, in: Rect(x: 250, y: 10, w: 64, h: 80), uv: (0.125, 0.5, 0.25, 1))
                list.image(Textures.chords, in: Rect(x: 120, y: 10, w: 32, h: 40), uv: (0.125, 0, 0.25, 0.5))
            }
            list.fillCircle(center: Vec2(250, 160), radius: 30.5, color: Color(40, 60, 220, 160))
            // Triangles SDL fills one by one (none pairs into a rectangle): colours interpolated,
            // translucent and opaque, both windings, edges through pixel centres (the fill
            // rule), fractional corners, one half off the window and one under a clip; and an
            // anti-aliased ring, whose edge triangles fade to clear.
            let red = Color(230, 30, 30, 200), green = Color(30, 200, 60, 255), blue = Color(40, 80, 240, 90)
            list.triangles([DrawVertex(Vec2(20, 100), red, 0, 0), DrawVertex(Vec2(90, 110.6), green, 0, 0),
                            DrawVertex(Vec2(40.3, 170.9), blue, 0, 0)], indices: [0, 1, 2])
            list.triangles([DrawVertex(Vec2(120, 100), red, 0, 0), DrawVertex(Vec2(140, 160), green, 0, 0),
                            DrawVertex(Vec2(180, 100), blue, 0, 0)], indices: [0, 1, 2])
            list.triangles([DrawVertex(Vec2(200, 100), green, 0, 0), DrawVertex(Vec2(240, 140), green, 0, 0),
                            DrawVertex(Vec2(200, 140), green, 0, 0), DrawVertex(Vec2(240, 100), red, 0, 0)],
                           indices: [0, 1, 2, 0, 3, 1])
            list.triangles([DrawVertex(Vec2(300, 200), blue, 0, 0), DrawVertex(Vec2(360, 230), red, 0, 0),
                            DrawVertex(Vec2(290, 260), green, 0, 0)], indices: [0, 1, 2])
            list.pushClip(Rect(x: 60.5, y: 190, w: 50, h: 30))
            list.triangles([DrawVertex(Vec2(40, 180), red, 0, 0), DrawVertex(Vec2(130, 200), blue, 0, 0),
                            DrawVertex(Vec2(70, 235), green, 0, 0)], indices: [0, 1, 2])
            list.popClip()
            list.strokeCircle(center: Vec2(80, 60), radius: 25.3, width: 3, color: Color(250, 240, 60, 220))
            if badTexCoord {
                // One texture coordinate past the image's edge: SDL refuses every textured call.
                list.triangles([DrawVertex(Vec2(5, 5), .white, 0, 0), DrawVertex(Vec2(40, 5), .white, 1.5, 0),
                                DrawVertex(Vec2(5, 40), .white, 0, 1)], indices: [0, 1, 2], texture: Textures.sprite)
            }
            return list
        }

        /// The pixels of the busy list on a 320×240 window at `scale` pixels per point, first
        /// opened at `openedAt` (a resize replaces the surface the encoded copies blit into).
        static func pixels(sprite: URL?, own: Bool, bands: Int, scale: Float, badTexCoord: Bool = false,
                           openedAt: Vec2 = Vec2(320, 240), kernel: Compositor.Kernel = .c) throws -> (pixels: [UInt32], counts: Compositor.Counts) {
            var options = PlatformOptions(resources: resourcesURL, textures: Textures.catalog)
            options.headless = true
            options.size = openedAt
            options.bands = bands
            options.ownCompositor = own
            options.compositorKernel = kernel
            if let sprite { options.textureFiles[Textures.sprite] = sprite.path }
            // The window's renderer batched, as SDL_RENDER_BATCHING=1 in the environment makes
            // it: what it has queued must be drawn before a blit lands over it.
            SDL_SetHint(SDL_HINT_RENDER_BATCHING, "1")
            defer { SDL_ResetHint(SDL_HINT_RENDER_BATCHING) }
            // Both frames drawn whole: what the compositor drew is counted on the second
            // (redrawing only what changed, it would draw nothing; FrameDamageTests).
            options.redrawChangesOnly = false
            let platform = try Platform(options: options)
            let out = secondFramePixels(platform, drawing: busyList(cards: true, badTexCoord: badTexCoord), scale: scale)
            return (out, platform.lastCounts)
        }

        /// The busy list drawn by SDL alone on one thread (the reference: SDL clipped to bands
        /// samples scaled copies anew at each edge) and with our compositor in `bands` bands:
        /// with the colour-keyed sprite, or with `Resources/sprite.bmp` (soft edges: blended)
        /// when `keyed` is false.
        static func bothWays(bands: Int, scale: Float = 1, keyed: Bool = true, badTexCoord: Bool = false, openedAt: Vec2 = Vec2(320, 240),
                             kernel: Compositor.Kernel = .c)
            throws -> (sdl: (pixels: [UInt32], counts: Compositor.Counts), own: (pixels: [UInt32], counts: Compositor.Counts),
                       differing: Differing) {
            let sprite = keyed ? try keyedSprite() : nil
            defer { if let sprite { try? FileManager.default.removeItem(at: sprite) } }
            let sdl = try pixels(sprite: sprite, own: false, bands: 1, scale: scale, badTexCoord: badTexCoord, openedAt: openedAt)
            let own = try pixels(sprite: sprite, own: true, bands: bands, scale: scale, badTexCoord: badTexCoord, openedAt: openedAt,
                                 kernel: kernel)
            return (sdl, own, Differing(sdl.pixels, own.pixels))
        }

        /// How two 320-wide frames differ: how many pixels, the largest difference in any
        /// channel, and where the first differing pixel is.
        struct Differing: CustomStringConvertible {
            var count = 0, worst = 0, first = "-"
            init(_ a: [UInt32], _ b: [UInt32]) {
                for i in a.indices where a[i] != b[i] {
                    if count == 0 { first = "(\(i % 320), \(i / 320))" }
                    count += 1
                    for shift in [0, 8, 16] as [UInt32] {
                        worst = max(worst, abs(Int((a[i] >> shift) & 0xff) - Int((b[i] >> shift) & 0xff)))
                    }
                }
            }
            var description: String { "\(count) pixels differ, by at most \(worst) levels, the first at \(first)" }
        }

        /// Corners no pixel index holds (not finite, or past 2^28 pixels) are not filled by us;
        /// a triangle far larger than the window is filled within it.
        @Test func aTriangleWithCornersFarOutsideIsFilledOrLeftToSDLWithoutATrap() throws {
            func vertices(_ ps: [Vec2]) -> [DrawVertex] { ps.map { DrawVertex($0, Color(200, 100, 50, 180), 0, 0) } }
            var huge = DrawList()
            huge.triangles(vertices([Vec2(-1e7, -1e7), Vec2(1e7, 0), Vec2(0, 1e7)]), indices: [0, 1, 2])
            var odd = DrawList()
            odd.triangles(vertices([Vec2(.nan, 5), Vec2(100, .infinity), Vec2(1e30, 50)]), indices: [0, 1, 2])
            var options = PlatformOptions(resources: resourcesURL, textures: Textures.catalog)
            options.headless = true
            options.size = Vec2(320, 240)
            options.ownCompositor = true
            options.redrawChangesOnly = false
            let platform = try Platform(options: options)
            let background = secondFramePixels(platform, drawing: DrawList())
            let covered = secondFramePixels(platform, drawing: huge)
            #expect(platform.lastCounts.triangles == 1)
            // The whole window is inside the triangle: every pixel is its colour over the background.
            #expect(Set(covered).count == 1 && covered[0] != background[0])
            _ = secondFramePixels(platform, drawing: odd)
            #expect(platform.lastCounts.triangles == 0)
        }

        @Test(arguments: [(1, Float(1)), (2, 1), (3, 1), (1, 2), (2, 2), (1, 1.5), (2, 1.5)])
        func theCompositorDrawsWhatTheRendererDrawsPixelForPixel(bands: Int, scale: Float) throws {
            // Opaque-or-clear images copied, and the one tinted sprite: the same pixels as SDL's.
            let (sdl, own, differing) = try Self.bothWays(bands: bands, scale: scale)
            #expect(sdl.counts.composited == 0 && sdl.counts.filled == 0)
            // The list's twelve translucent rectangles are filled here, with SDL's pixels, and
            // its triangles (the circle, the ring, the gradients: over 100) with SDL's fill rule
            // and blend, summed over the bands that each touch.
            #expect(own.counts.filled >= 12)
            #expect(own.counts.triangles >= 100 && sdl.counts.triangles == 0)
            // Half the sprites are 1:1 at scale 1, the other half at 2 (where a quarter of the
            // list's area is in the window); at 1.5 the 32-pt ones are stretched to 48 px, many
            // across the window's edges and some under a clip, the tinted one too. The 48-pt
            // sprite is stretched at every scale.
            switch scale {
            case 1: #expect(own.counts.copied > 200 && own.counts.tinted >= 1 && own.counts.scaled >= 1)
            case 2: #expect(own.counts.copied > 40 && own.counts.scaled >= 1)
            default: #expect(own.counts.scaled > 150)
            }
            #expect(own.counts.culled >= 5 && sdl.counts.culled == 0)
            #expect(Set(sdl.pixels).count > 50)
            print("compositor, keyed sprite, \(bands) bands at \(scale) px/pt: \(differing)")
            #expect(differing.count == 0, "\(differing)")
        }

        @Test(arguments: Compositor.Kernel.allCases)
        func bothKernelsMakeTheRenderersPixels(kernel: Compositor.Kernel) throws {
            for keyed in [true, false] {
                let (_, own, differing) = try Self.bothWays(bands: 1, keyed: keyed, kernel: kernel)
                #expect(own.counts.composited > 200)
                #expect(differing.count == 0, "\(kernel) kernel, \(keyed ? "keyed" : "soft") sprite: \(differing)")
            }
        }

        @Test(arguments: [(1, Float(1)), (2, 1), (3, 1), (1, 2), (2, 2), (1, 1.5), (2, 1.5)])
        func blendedSpritesAreWithinOneLevelOfTheRenderers(bands: Int, scale: Float) throws {
            // Resources/sprite.bmp has a translucent rim: blended with SDL's own arithmetic
            // (⌊s·a / 256⌋ + ⌊d·(255 − a) / 256⌋), so the same pixels (measured: 0 differ);
            // allowed one level per channel, as issue 27 allows a blend of our own.
            let (_, own, differing) = try Self.bothWays(bands: bands, scale: scale, keyed: false)
            // At 1.5 px/pt they are stretched (filtered), and still within a level.
            #expect(scale == 1.5 ? own.counts.scaled > 150 : own.counts.blended > (scale == 1 ? 200 : 40))
            print("compositor, soft sprite, \(bands) bands at \(scale) px/pt: \(differing)")
            #expect(differing.worst <= 1, "\(differing)")
        }

        /// A 32×32 BMP with an alpha channel whose rows try each way an unclipped blend may draw
        /// a row (`motionlab_plan_rows`): a translucent rim round an opaque middle (16, 17 and
        /// 32 wide), the same with a clear pixel or a translucent one in the middle (the rim's
        /// copy of the middle would paint the clear one, magenta, over the target), short rows,
        /// and rows wider than a vector of translucent pixels.
        static func rimSprite() throws -> URL {
            try spriteFile("rim", format: SDL_PIXELFORMAT_ARGB8888) { x, y, pixel in
                // The extent, the translucent pixels at each end, and what stands at column 15.
                let (lo, hi, ends, middle): (Int, Int, Int, UInt32?) = switch y / 4 {
                case 0: (2, 30, 3, 0x00ff_00ff)  // a clear hole
                case 1: (2, 30, 3, nil)
                case 2: (0, 32, 2, 0x80_2050a0)  // a translucent pixel
                case 3: (10, 22, 2, nil)  // 12 wide
                case 4: (8, 24, 8, nil)  // 16 wide, all rim
                case 5: (7, 24, 4, nil)  // 17 wide
                case 6: (4, 28, 12, nil)  // translucent past a vector's reach
                default: (0, 32, 1, nil)
                }
                let a: UInt32 = x < lo || x >= hi ? 0 : (x < lo + ends || x >= hi - ends) ? UInt32(40 + 6 * ((x + y) % 30)) : 255
                let colour = UInt32(30 + x * 7) << 16 | UInt32(220 - y * 6) << 8 | 0x60
                pixel.storeBytes(of: x == 15 && middle != nil ? middle! : a == 0 ? 0x00ff_00ff : a << 24 | colour, as: UInt32.self)
            }
        }

        @Test(arguments: [1, 2])
        func everyWayOfBlendingARowMakesTheRenderersPixels(bands: Int) throws {
            let sprite = try Self.rimSprite()
            defer { try? FileManager.default.removeItem(at: sprite) }
            let sdl = try Self.pixels(sprite: sprite, own: false, bands: 1, scale: 1)
            let own = try Self.pixels(sprite: sprite, own: true, bands: bands, scale: 1)
            let differing = Differing(sdl.pixels, own.pixels)
            #expect(own.counts.blended > 200)
            print("compositor, rim sprite, \(bands) bands: \(differing)")
            #expect(differing.count == 0, "\(differing)")
        }

        @Test(arguments: [1, 2])
        func theCompositorFollowsTheWindowSurfaceAcrossAResize(bands: Int) throws {
            let (_, own, differing) = try Self.bothWays(bands: bands, openedAt: Vec2(500, 130))
            #expect(own.counts.copied > 200)
            #expect(differing.count == 0, "\(differing)")
        }

        @Test(arguments: [1, 2])
        func aListSDLRefusesIsNotCompositedEither(bands: Int) throws {
            let (_, own, differing) = try Self.bothWays(bands: bands, badTexCoord: true)
            #expect(own.counts.composited == 0)
            #expect(differing.count == 0)
        }
    }
}
