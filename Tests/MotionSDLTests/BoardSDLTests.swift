import CSDL2
@testable import Engine
@testable import Geometry
@testable import MotionSDL
@testable import Paths
@testable import Scenes
import Testing

extension SDLTests {
    @Suite struct BoardSDLTests {
        @Test func aMouseDragThroughPushedSDLEventsCopiesAChordOntoALine() throws {
            let board = BoardScene()
            let app = try HeadlessApp(scenes: [board], size: Vec2(1280, 720))
            app.frame()
            let win = SDL_GetWindowID(app.platform.window)
            let from = board.itemRootFrame(4).center, to = board.lineRootFrame(2).center
            func motion(_ p: Vec2) -> SDL_Event {
                var e = SDL_Event()
                e.type = SDL_MOUSEMOTION.rawValue
                e.motion.windowID = win
                e.motion.x = Int32(p.x); e.motion.y = Int32(p.y)
                e.motion.state = 1
                return e
            }
            app.push(mouseButtonEvent(SDL_MOUSEBUTTONDOWN, x: Int32(from.x), y: Int32(from.y), window: win))
            app.frame()
            for k in 1...8 {
                app.push(motion(Vec2.lerp(from, to, Double(k) / 8)))
                app.frame()
            }
            #expect(board.ghosts.count == 1)
            #expect(board.highlightedLine == 2)
            app.push(mouseButtonEvent(SDL_MOUSEBUTTONUP, x: Int32(to.x), y: Int32(to.y), window: win))
            app.frame()
            #expect(board.ghosts.isEmpty)
            #expect(board.document.lines[2].chords.map(\.name) == [BoardScene.chordNames[4]])
            // And the placed card is on screen where the state says: its pixels differ from the sheet's paper.
            let placed = board.chordRootFrame(.init(line: 2, index: 0))
            let c = app.platform.readPixel(x: Int32(placed.midX), y: Int32(placed.minY + 8))!
            #expect(c != Color(hex: 0xf4f1ea).withAlpha(255))
        }
    }
}
