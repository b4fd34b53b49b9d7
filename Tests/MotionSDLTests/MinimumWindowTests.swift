import CSDL2
@testable import Engine
@testable import Geometry
@testable import MotionSDL
import Scenes
import Testing

extension SDLTests {
    /// A window a person resizes is kept at least 480×320 points, the size the layout is
    /// made for, at the UI scale (found by a hostile tour: under it the scenes' controls
    /// overlapped and the path shrank to a dot). A headless run, which scripts resize down
    /// to 1×1 on purpose, has no minimum.
    @Test func aWindowIsKeptAtLeastTheSmallestSizeItsLayoutIsMadeFor() throws {
        let platform = try headlessPlatform {
            $0.headless = false
            $0.renderer = "software"
            $0.uiScale = 2
            $0.size = Vec2(1280, 720)
        }
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowMinimumSize(platform.window, &w, &h)
        var usable = SDL_Rect()
        SDL_GetDisplayUsableBounds(SDL_GetWindowDisplayIndex(platform.window), &usable)
        #expect(w == min(960, usable.w) && h == min(640, usable.h), "minimum \(w)×\(h), usable \(usable.w)×\(usable.h)")
        platform.setWindowSize(w: 100, h: 100)
        #expect(platform.windowSize.x >= Double(w) / 2 && platform.windowSize.y >= Double(h) / 2, "\(platform.windowSize)")

        let headless = try headlessPlatform()
        headless.setWindowSize(w: 100, h: 100)
        #expect(headless.windowSize == Vec2(100, 100))
    }
}

extension SDLTests {
    /// A visual tour saw the common chords' cards blurred at UI scale 2 and 3, the 64×80
    /// atlas enlarged beside the sharp cards drawn at run time: at 1.5 pixels per point or
    /// more the cards come from the atlas drawn at twice the size, as the font's glyphs do.
    @Test func theChordCardsAtlasHasTwiceThePixelsOnADenseDisplay() throws {
        for (scale, width) in [(1.0, Int32(512)), (2.0, 1024)] {
            let platform = try headlessPlatform { $0.uiScale = scale }
            #expect(platform.pixelScale == scale)
            let cards = try #require(platform.images[Int(Textures.chords.raw)])
            #expect(cards.pointee.w == width && cards.pointee.h == width * 160 / 512, "at \(scale) px/pt")
        }
    }
}
