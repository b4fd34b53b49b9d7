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

/// Where the window goes on the desktop, apart from a window manager (CI has none).
@Suite struct WindowPlacementTests {
    let screen = SDL_Rect(x: 0, y: 0, w: 3840, h: 2160)
    let openbox = WindowPlacement.Frame(top: 22, left: 1, bottom: 5, right: 1)

    /// A window as large as the screen, its frame known, is fitted inside it, title bar and
    /// all: it had its bottom 22 px, the bar's margin, under the screen's edge (a tour).
    @Test func aWindowAsLargeAsTheScreenIsFittedWithItsFrame() {
        let opened = WindowPlacement(x: 1, y: 22, w: 3840, h: 2160)
        let minimum = WindowPlacement.minimumSize(points: (480, 320), uiScale: 1, usable: screen, frame: openbox)
        let fitted = opened.kept(in: screen, frame: openbox, minimum: minimum, fit: true)
        #expect(fitted == WindowPlacement(x: 1, y: 22, w: 3838, h: 2133))
        // Not fitted, it keeps its size and its top left corner, its tabs, on the screen.
        #expect(opened.kept(in: screen, frame: openbox, minimum: minimum, fit: false) == WindowPlacement(x: 1, y: 22, w: 3840, h: 2160))
    }

    /// The minimum at UI scale 4 (1920×1280) is more than a 1920×1080 screen holds: it is
    /// what the screen holds less the frame, and a window grown to it is moved inside.
    @Test func aMinimumLargerThanTheScreenIsWhatTheScreenHolds() {
        let small = SDL_Rect(x: 0, y: 0, w: 1920, h: 1080)
        let minimum = WindowPlacement.minimumSize(points: (480, 320), uiScale: 4, usable: small, frame: openbox)
        #expect(minimum.w == 1918 && minimum.h == 1053)
        #expect(WindowPlacement.minimumSize(points: (480, 320), uiScale: 1.5, usable: small, frame: openbox) == (720, 480))
        let grown = WindowPlacement(x: 300, y: 200, w: 1918, h: 1053)
        #expect(grown.kept(in: small, frame: openbox, minimum: minimum, fit: true) == WindowPlacement(x: 1, y: 22, w: 1918, h: 1053))
    }

    /// A window that fits stays where it is, and one partly off the screen's side comes back
    /// only as far as its frame needs; a usable area offset by a panel counts from its edge.
    @Test func aWindowThatFitsStaysAndOneOffTheScreenComesBackInside() {
        let minimum = WindowPlacement.minimumSize(points: (480, 320), uiScale: 1, usable: screen, frame: openbox)
        let fits = WindowPlacement(x: 500, y: 400, w: 1280, h: 720)
        #expect(fits.kept(in: screen, frame: openbox, minimum: minimum, fit: true) == fits)
        let off = WindowPlacement(x: 3000, y: 1900, w: 1280, h: 720)
        #expect(off.kept(in: screen, frame: openbox, minimum: minimum, fit: false) == WindowPlacement(x: 2559, y: 1435, w: 1280, h: 720))
        let belowPanel = SDL_Rect(x: 0, y: 32, w: 3840, h: 2128)
        #expect(fits.kept(in: belowPanel, frame: openbox, minimum: minimum, fit: true) == fits)
        #expect(WindowPlacement(x: 0, y: 0, w: 800, h: 600).kept(in: belowPanel, frame: openbox, minimum: minimum, fit: true)
                == WindowPlacement(x: 1, y: 54, w: 800, h: 600))
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
