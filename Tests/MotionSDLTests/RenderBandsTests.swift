import Engine
import Foundation
import Geometry
@testable import MotionSDL
import Scenes
import Testing

extension SDLTests {
    @Suite struct RenderBandsTests {
        /// Sprites at fractional positions (many across the bands' edges), a rotated and
        /// tinted one (SDL's triangle rasteriser), strokes, circles, text and clipped fills,
        /// and one image scaled up across the middle edge (at `scaled`).
        static let scaled = Rect(x: 40, y: 100, w: 48, h: 48)

        static func busyList(font: BitmapFont) -> DrawList {
            var list = DrawList()
            var rng = SplitMix64(seed: 5)
            for k in 0..<400 {
                // Every other sprite straddles a third or a half of the 240-pixel height.
                let edge = [80.0, 120.0, 160.0][k % 3]
                let y = k % 2 == 0 ? edge - rng.uniform(1, 31) : rng.uniform(-20, 250)
                list.image(Textures.sprite, in: Rect(x: rng.uniform(-20, 330), y: y, w: 32, h: 32))
            }
            list.image(Textures.sprite, in: scaled)
            list.image(Textures.sprite, center: Vec2(160, 120), size: Vec2(90, 60), angle: 0.4, tint: Color(255, 128, 64))
            list.polyline([Vec2(10, 70), Vec2(300, 90), Vec2(200, 200)], width: 5, color: Color(0, 200, 80), closed: true)
            list.fillCircle(center: Vec2(250, 160), radius: 40.5, color: Color(40, 60, 220, 160))
            _ = list.text("bands", at: Vec2(30, 112), font: font, color: Color(250, 250, 250), scale: 2)
            list.pushClip(Rect(x: 100.5, y: 60, w: 90, h: 110))
            list.fillRect(Rect(x: 0, y: 0, w: 320, h: 240), color: Color(255, 255, 0, 90))
            list.popClip()
            return list
        }

        /// Each band holds its own copy of a texture, so a band makes one only when a frame
        /// names it: 64 bands of a frame of sprites held 64 copies of the tap scene's
        /// 1024×1024 photo as well (a hostile tour: 300 MB more than one band).
        @Test func theBandsMakeOnlyTheTexturesAFrameNames() throws {
            var options = PlatformOptions(resources: resourcesURL, textures: Textures.catalog)
            options.headless = true
            options.size = Vec2(320, 240)
            options.bands = 4
            let platform = try Platform(options: options)
            var sprites = DrawList()
            for k in 0..<20 { sprites.image(Textures.sprite, center: Vec2(Double(16 * k), 120), size: Vec2(40, 30), angle: 0.3) }
            platform.render(sprites)
            platform.present()
            let bands = try #require(platform.bands)
            #expect(bands.texturesMade == 4, "\(bands.texturesMade) textures for one image in 4 bands")
            var both = sprites
            both.image(Textures.photo, center: Vec2(160, 120), size: Vec2(200, 100), angle: 0.2)
            platform.render(both)
            platform.present()
            #expect(bands.texturesMade == 8)
        }

        /// The pixels of the busy list drawn in `bands` bands, in a window first opened at
        /// `openedAt` and then resized to 320×240 (if different).
        static func pixels(bands: Int, openedAt size: Vec2 = Vec2(320, 240)) throws -> (pixels: [UInt32], bandCount: Int) {
            var options = PlatformOptions(resources: resourcesURL, textures: Textures.catalog)
            options.headless = true
            options.size = size
            options.bands = bands
            let platform = try Platform(options: options)
            let metrics = try String(contentsOf: resourcesURL.appendingPathComponent("font.txt"), encoding: .utf8)
            let list = busyList(font: try BitmapFont(metrics: metrics, texture: Textures.font))
            // A resize in between replaces the window surface the bands draw into.
            return (secondFramePixels(platform, drawing: list), platform.bandCount)
        }

        @Test(arguments: [(2, Vec2(320, 240)), (3, Vec2(320, 240)), (8, Vec2(320, 240)), (4, Vec2(500, 130))])
        func framesDrawnInBandsMatchTheSingleRendererPixelForPixel(bands: Int, openedAt: Vec2) throws {
            let single = try Self.pixels(bands: 1)
            let banded = try Self.pixels(bands: bands, openedAt: openedAt)
            #expect(single.bandCount == 1)
            #expect(banded.bandCount == bands)
            // Not a blank frame: the busy list covers much of it.
            #expect(Set(single.pixels).count > 50)
            // The image scaled across the middle edge included: each band computes its rows of
            // the stretch the whole window makes.
            let differing = single.pixels.indices.filter { single.pixels[$0] != banded.pixels[$0] }
            let first = differing.first.map { "(\($0 % 320), \($0 / 320))" } ?? "-"
            #expect(differing.count == 0, "\(differing.count) pixels differ, the first at \(first)")
        }

        /// Every scene as `play` draws it, at every band count a user may ask for: the same
        /// picture, every pixel (the board's scaled cards and the bounce's tinted balls cross
        /// band edges at every count) but the HUD's, which shows this machine's real work time.
        @Test(arguments: ["path", "tap", "arrow", "board", "bounce"])
        func everySceneHasTheSamePixelsAtAnyBandCount(scene: String) throws {
            let dir = Motionlab.tempDir()
            let state = dir.appendingPathComponent("state.json")
            func shot(_ bands: Int) throws -> [UInt32] {
                let file = dir.appendingPathComponent("\(scene)-\(bands).bmp")
                let r = try Motionlab.run(["--headless", "--scene", scene, "--frames", "40", "--size", "800x600",
                                           "--bands", "\(bands)", "--screenshot", file.path, "--state", state.path])
                #expect(r.status == 0, "\(r.stderr)")
                return try Self.bmpPixels(Data(contentsOf: file), width: 800, height: 600)
            }
            let one = try shot(1)
            let hud = try JSONParser.parse(String(contentsOf: state, encoding: .utf8))["chrome"]?["hud"]?.arrayValue?.compactMap(\.doubleValue) ?? []
            #expect(hud.count == 4)
            let skip = hud.count == 4 ? Rect(x: hud[0], y: hud[1], w: hud[2], h: hud[3]) : Rect(x: 0, y: 0, w: 0, h: 0)
            for bands in [2, 3, 5, 13, 64] {
                let other = try shot(bands)
                var differing = 0, worst = 0
                for i in one.indices where one[i] != other[i] && !skip.contains(Vec2(Double(i % 800) + 0.5, Double(i / 800) + 0.5)) {
                    differing += 1
                    for shift in [0, 8, 16] { worst = max(worst, abs(Int((one[i] >> shift) & 255) - Int((other[i] >> shift) & 255))) }
                }
                #expect(differing == 0, "\(scene) in \(bands) bands: \(differing) pixels differ, by up to \(worst) in a channel")
            }
        }

        /// The pixels of a 32-bit BMP as SDL saves a screenshot, top row first.
        static func bmpPixels(_ d: Data, width: Int, height: Int) throws -> [UInt32] {
            let b = [UInt8](d)
            func u32(_ o: Int) -> Int { Int(b[o]) | Int(b[o + 1]) << 8 | Int(b[o + 2]) << 16 | Int(b[o + 3]) << 24 }
            let offset = u32(10), w = u32(18), h = Int(Int32(truncatingIfNeeded: u32(22))), bpp = Int(b[28]) | Int(b[29]) << 8
            #expect(w == width && abs(h) == height && bpp == 32)
            guard w == width, abs(h) == height, bpp == 32, b.count >= offset + width * height * 4 else { return [] }
            var out = [UInt32](repeating: 0, count: width * height)
            for y in 0..<height {
                let row = offset + (h > 0 ? height - 1 - y : y) * width * 4
                for x in 0..<width { out[y * width + x] = UInt32(truncatingIfNeeded: u32(row + x * 4)) }
            }
            return out
        }
    }
}
