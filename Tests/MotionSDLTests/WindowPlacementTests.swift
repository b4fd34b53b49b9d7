import CSDL2
@testable import MotionSDL
import Testing

/// Where the window goes on the desktop, apart from a window manager (CI has none).
@Suite struct WindowPlacementTests {
    let screen = SDL_Rect(x: 0, y: 0, w: 3840, h: 2160)
    let openbox = WindowPlacement.Frame(top: 22, left: 1, bottom: 5, right: 1)

    /// A window as large as the screen, its frame known, is fitted inside it, title bar and
    /// all: it had its bottom 27 px, the bar's margin and the frame's, under the screen's edge (a tour).
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

    /// A scale that follows the display's is capped, in quarters, so that the window as fitted
    /// still lays the app out in 480×320 points: at 3.25 the fitted 1918×981 window (a 1,040 px
    /// screen under openbox's frame at 312 dpi) showed 301 points and cut the board's second line.
    @Test func theDisplaysScaleIsCappedForTheWindowAsFitted() {
        #expect(Platform.scaleCap(w: 1920, h: 1040) == 3.25)
        #expect(Platform.scaleCap(w: 1918, h: 981) == 3)
        #expect(Platform.scaleCap(w: 960, h: 540) == 1.5)
        #expect(Platform.scaleCap(w: 400, h: 300) == 1)
        #expect(981 / Platform.scaleCap(w: 1918, h: 981) >= 320)
    }
}
