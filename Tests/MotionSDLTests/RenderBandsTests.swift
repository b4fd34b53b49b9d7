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
            let differing = single.pixels.indices.filter { single.pixels[$0] != banded.pixels[$0] }
            // SDL scales a blit from the part left after clipping, so an image drawn at
            // another size than its texture's, across a band's edge, is sampled a little
            // differently in each band; nothing else may differ.
            let elsewhere = differing.filter { !Self.scaled.contains(Vec2(Double($0 % 320) + 0.5, Double($0 / 320) + 0.5)) }
            let first = elsewhere.first.map { "(\($0 % 320), \($0 / 320))" } ?? "-"
            #expect(elsewhere.count == 0, "pixels differ outside the scaled image, the first at \(first)")
        }
    }
}
