import CSDL2
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
    }
}
