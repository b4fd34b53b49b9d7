import CSDL2
import Engine
import Geometry
@testable import MotionSDL
import Scenes
import Testing

extension SDLTests {
    @Suite struct ArrowMaskSDLTests {
        @Test func theMaskedPictureAppearsInsideTheArrowAndNotOutsideIt() throws {
            let scene = ArrowScene()
            let app = try HeadlessApp(scenes: [scene], size: Vec2(800, 600))
            // Play for one second: the arrow covers half the ring (start at the top, clockwise).
            var key = SDL_Event()
            key.type = SDL_KEYDOWN.rawValue
            key.key.keysym.sym = SDL_Keycode(SDLK_RETURN.rawValue)
            key.key.windowID = SDL_GetWindowID(app.platform.window)
            app.push(key)
            for _ in 0..<60 { app.frame() }
            #expect(abs(scene.lengthRadians - .pi) < 1e-9)
            let rect = scene.imageRect
            let c = rect.center
            let mid = rect.width / 2 - scene.thickness / 2
            let bg = Color.background.withAlpha(255)
            func pixel(_ p: Vec2) -> Color { app.platform.readPixel(x: Int32(p.x), y: Int32(p.y))! }
            // Inside the arrow (the right half of the ring, away from the head): the picture.
            for angle in stride(from: -1.2, through: 1.2, by: 0.3) {
                let p = c + Vec2(cos(angle), sin(angle)) * mid
                #expect(pixel(p) != bg, "inside at \(angle)")
            }
            // The ring's left half is not yet revealed, nor the picture's centre or corners.
            for angle in stride(from: 2.0, through: 4.2, by: 0.4) {
                let p = c + Vec2(cos(angle), sin(angle)) * mid
                #expect(pixel(p) == bg, "outside at \(angle)")
            }
            #expect(pixel(c) == bg)
            #expect(pixel(rect.origin + Vec2(6, 6)) == bg)
            // What shows inside is the picture itself: its sky at the top right, hills low.
            let sky = pixel(c + Vec2(cos(-1.2), sin(-1.2)) * mid)
            #expect(sky.b > sky.g)
        }

        /// A masked picture, tinted or not, clipped or not, at 1 and 2 pixels per point,
        /// blended straight into the window surface by our compositor: the pixels SDL's
        /// renderer draws from the layer's texture, exactly.
        @Test(arguments: [1.0, 2.0])
        func theMaskBlendedInByUsIsSDLsBlitOfTheLayer(scale: Double) throws {
            for tint in [Color.white, Color(230, 120, 40), Color(90, 200, 255, 140)] {
                for clip in [nil, Rect(x: 60, y: 40, w: 120, h: 90)] as [Rect?] {
                    var list = DrawList()
                    if let clip { list.pushClip(clip) }
                    list.beginMask(Textures.photo, in: Rect(x: 30.25, y: 20.5, w: 200, h: 150), tint: tint)
                    // A wedge and a sliver, with a fringe of falling alpha.
                    list.triangles([DrawVertex(Vec2(40, 30), .white), DrawVertex(Vec2(220, 60), .white), DrawVertex(Vec2(90, 160), .white),
                                    DrawVertex(Vec2(40, 30), Color(255, 255, 255, 0)), DrawVertex(Vec2(30, 100), Color(255, 255, 255, 0))],
                                   indices: [0, 1, 2, 0, 2, 3, 3, 2, 4])
                    list.endMask()
                    if clip != nil { list.popClip() }
                    func frame(own: Bool) throws -> ([UInt32], Compositor.Counts) {
                        let platform = try headlessPlatform { $0.ownCompositor = own; $0.redrawChangesOnly = false }
                        let pixels = secondFramePixels(platform, drawing: list, scale: Float(scale))
                        return (pixels, platform.lastCounts)
                    }
                    let (sdl, _) = try frame(own: false)
                    let (own, counts) = try frame(own: true)
                    #expect(counts.masked == 1, "tint \(tint), clip \(String(describing: clip))")
                    let differing = zip(sdl, own).filter { $0 != $1 }.count
                    #expect(differing == 0, "tint \(tint), clip \(String(describing: clip)), \(scale)x: \(differing) pixels differ")
                    #expect(sdl.contains { $0 != sdl[0] }, "something was drawn")
                }
            }
        }
    }
}
