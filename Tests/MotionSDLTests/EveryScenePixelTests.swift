import CSDL2
import Foundation
import Engine
import Geometry
@testable import MotionSDL
import Scenes
@testable import Shell
import Testing

extension SDLTests {
    /// Every scene of the app, part way through its docs script (things in flight, masks and
    /// anti-aliased edges drawn, shaped text), drawn twice: by SDL's software renderer alone
    /// on one thread (the reference), and by our compositor in two bands. Each comparison
    /// prints how many pixels differ and by how many levels at most. Only the HUD is left
    /// out: it shows the measured frame time, which differs from run to run.
    @Suite struct EveryScenePixelTests {
        struct Frame {
            var pixels: [UInt32]
            var width: Int
            /// The HUD's rectangle, in pixels.
            var hud: SDL_Rect?
            /// What our compositor drew itself (none with SDL's renderer alone).
            var composited = Compositor.Counts()
        }

        /// `scene` (of the app's, or the stress scene) after `frames` frames of its docs script
        /// (the stress scene has none), at `size` and `uiScale`.
        static func frame(_ scene: String, frames: Int, size: Vec2, uiScale: Double, own: Bool) throws -> Frame {
            let (platform, shell, script) = try headlessApp(scene) { options in
                options.size = size
                options.uiScale = uiScale
                options.ownCompositor = own
                options.bands = own ? 2 : 1
                // Every frame drawn whole, so the last is the compositor's work; that redrawing
                // only what changed gives the same pixels is FrameDamageTests'.
                options.redrawChangesOnly = false
            }
            let driver = FrameDriver(platform: platform, content: shell, hz: 120, virtualFrameTime: 1.0 / 60.0, script: script)
            driver.frameLimit = frames
            var out = Frame(pixels: [], width: 0)
            driver.beforeLastPresent = {
                var w: Int32 = 0, h: Int32 = 0
                SDL_GetRendererOutputSize(platform.renderer, &w, &h)
                out.width = Int(w)
                out.pixels = [UInt32](repeating: 0, count: Int(w) * Int(h))
                #expect(SDL_RenderReadPixels(platform.renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, &out.pixels, w * 4) == 0)
                if let r = shell.chrome.hud {
                    let k = Double(w) / shell.size.x
                    out.hud = SDL_Rect(x: Int32((r.minX * k).rounded(.down)) - 2, y: Int32((r.minY * k).rounded(.down)) - 2,
                                       w: Int32((r.width * k).rounded(.up)) + 4, h: Int32((r.height * k).rounded(.up)) + 4)
                }
            }
            try driver.run()
            out.composited = platform.lastCounts
            return out
        }

        /// How two frames differ outside the HUD: pixels, and the largest difference in a channel.
        static func differing(_ a: Frame, _ b: Frame) -> (count: Int, worst: Int, first: String) {
            var count = 0, worst = 0, first = "-"
            for i in a.pixels.indices where a.pixels[i] != b.pixels[i] {
                let x = Int32(i % a.width), y = Int32(i / a.width)
                if let h = a.hud, x >= h.x, x < h.x + h.w, y >= h.y, y < h.y + h.h { continue }
                if count == 0 { first = "(\(x), \(y))" }
                count += 1
                for shift in [0, 8, 16] as [UInt32] {
                    worst = max(worst, abs(Int((a.pixels[i] >> shift) & 0xff) - Int((b.pixels[i] >> shift) & 0xff)))
                }
            }
            return (count, worst, first)
        }

        /// The scenes, each at the frame of its docs script where the most is moving.
        static let scenes: [(String, Int)] = [("path", 150), ("tap", 120), ("arrow", 150), ("board", 120), ("bounce", 120), ("stress", 30)]

        @Test(arguments: [(480.0, 320.0, 1.0), (1280, 720, 1), (1600, 900, 1.5)])
        func everySceneIsTheRenderersPixels(w: Double, h: Double, uiScale: Double) throws {
            for (scene, frames) in Self.scenes {
                let sdl = try Self.frame(scene, frames: frames, size: Vec2(w, h), uiScale: uiScale, own: false)
                let own = try Self.frame(scene, frames: frames, size: Vec2(w, h), uiScale: uiScale, own: true)
                #expect(sdl.pixels.count == own.pixels.count && !sdl.pixels.isEmpty)
                guard sdl.pixels.count == own.pixels.count else { continue }
                // Our compositor drew this frame's copies and fills itself.
                #expect(own.composited.tinted + own.composited.copied + own.composited.blended + own.composited.triangles > 0)
                // The arrow's picture, shown through its mask, was blended in by us (once in
                // each band it reaches).
                if scene == "arrow" { #expect(own.composited.masked >= 1) }
                let d = Self.differing(sdl, own)
                print("pixels \(scene) \(Int(w))x\(Int(h)) at \(uiScale)x: \(d.count) differ, by at most \(d.worst) levels, the first at \(d.first)")
                #expect(d.count == 0, "\(scene) \(Int(w))x\(Int(h)) at \(uiScale)x: \(d.count) pixels differ by at most \(d.worst), the first at \(d.first)")
            }
        }
    }
}
