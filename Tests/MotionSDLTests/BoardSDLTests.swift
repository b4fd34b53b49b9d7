import CSDL2
@testable import Geometry
@testable import MotionSDL
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
            #expect(board.highlightedLines == [2])
            // Held still there a moment (a drop, not a flick), then let go.
            for _ in 0..<4 { app.frame() }
            app.push(mouseButtonEvent(SDL_MOUSEBUTTONUP, x: Int32(to.x), y: Int32(to.y), window: win))
            app.frame()
            #expect(board.ghosts.allSatisfy { !$0.isCarried })
            #expect(board.document.lines[2].chords.map(\.name) == [BoardScene.chordNames[4]])
            // And the placed card is on screen where the state says: its pixels differ from the sheet's paper.
            let placed = board.chordRootFrame(.init(line: 2, index: 0))
            let c = app.platform.readPixel(x: Int32(placed.midX), y: Int32(placed.minY + 8))!
            #expect(c != Color(hex: 0xf4f1ea).withAlpha(255))
        }

        /// The banner is hit where it is drawn, to the pixel: a click on any of its pixels puts
        /// it away, and one beside it does not (a tour found clicks taken 2 px right of it, at
        /// some widths, where the fill's edges fell on fractions of a pixel).
        @Test func theBannerIsHitExactlyWhereItIsDrawn() throws {
            let board = BoardScene()
            for width in [1280.0, 1001, 777] {
                let app = try HeadlessApp(scenes: [board], size: Vec2(width, 720))
                for text in ["short", "a banner of middling length, with punctuation", "kept as the song “ro (unsaved)”: wide"] {
                    board.showBanner(text)
                    app.frame()
                    guard let r = board.bar.bannerFrame(font: board.font, over: board.bounds) else { Issue.record("no banner"); continue }
                    let y = Int32(r.minY + 3), banner = Color(hex: 0x7a1f2b).withAlpha(255)
                    let row = app.platform.readPixels(SDL_Rect(x: 0, y: y, w: Int32(width), h: 1))
                    let drawn = row.indices.filter { row[$0] == banner }
                    // (SDL gives a click on a pixel the pixel's corner, in whole window units.)
                    let hit = row.indices.filter { r.contains(Vec2(Double($0), Double(y))) }
                    #expect(!drawn.isEmpty && drawn == hit, "at \(width): drawn \(drawn.first ?? -1)…\(drawn.last ?? -1), hit \(hit.first ?? -1)…\(hit.last ?? -1), \(r)")
                }
            }
        }

        func key(_ sym: SDL_KeyCode, down: Bool, window: UInt32) -> SDL_Event {
            var e = SDL_Event()
            e.type = (down ? SDL_KEYDOWN : SDL_KEYUP).rawValue
            e.key.windowID = window
            e.key.keysym.sym = SDL_Keycode(sym.rawValue)
            return e
        }

        /// SDL's text input is on only while a lyric has the caret; SDL's text and composition
        /// events type into it; Ctrl+A, Ctrl+C put the line on SDL's clipboard.
        @Test func textInputIsOnOnlyWhileTypingAndSDLTextEventsTypeAndCopy() throws {
            let board = BoardScene()
            let app = try HeadlessApp(scenes: [board], size: Vec2(1280, 720))
            app.frame()
            let win = SDL_GetWindowID(app.platform.window)
            #expect(!app.platform.isTextInputActive)
            let p = board.lineRootFrame(1).center
            app.push(mouseButtonEvent(SDL_MOUSEBUTTONDOWN, x: Int32(p.x), y: Int32(p.y), window: win))
            app.frame()
            app.push(mouseButtonEvent(SDL_MOUSEBUTTONUP, x: Int32(p.x), y: Int32(p.y), window: win))
            app.frame()
            #expect(board.lyric?.line == 1)
            #expect(app.platform.isTextInputActive)
            func text(_ type: SDL_EventType, _ s: String, start: Int32 = 0) -> SDL_Event {
                var e = SDL_Event()
                e.type = type.rawValue
                withUnsafeMutableBytes(of: &e.text.text) { raw in
                    for (i, b) in s.utf8.enumerated() where i < 31 { raw[i] = b }
                }
                if type == SDL_TEXTEDITING { e.edit.start = start }
                return e
            }
            app.push(key(SDLK_END, down: true, window: win))
            app.push(key(SDLK_END, down: false, window: win))
            app.push(text(SDL_TEXTINPUT, " ж"))
            app.frame()
            #expect(board.document.lines[1].text == "That saved a wretch like me! ж")
            app.push(text(SDL_TEXTEDITING, "にほ", start: 1))
            app.frame()
            #expect(board.lyric?.field.composition == .init(text: "にほ", cursor: 1))
            // Ctrl held over two frames, as a hand holds it.
            app.push(key(SDLK_LCTRL, down: true, window: win))
            app.push(key(SDLK_a, down: true, window: win))
            app.frame()
            app.push(key(SDLK_a, down: false, window: win))
            app.push(key(SDLK_c, down: true, window: win))
            app.frame()
            app.push(key(SDLK_c, down: false, window: win))
            app.push(key(SDLK_LCTRL, down: false, window: win))
            app.frame()
            let clip = SDL_GetClipboardText().map { p in defer { SDL_free(p) }; return String(cString: p) }
            #expect(clip == "That saved a wretch like me! ж")
            app.push(key(SDLK_ESCAPE, down: true, window: win))
            app.push(key(SDLK_ESCAPE, down: false, window: win))
            app.frame()
            #expect(board.lyric == nil && !app.platform.isTextInputActive)
            #expect(!app.shell.wantsQuit)
        }

        /// A selection across lines, cut with Ctrl+X, is on SDL's clipboard as its lines joined
        /// by line breaks; Ctrl+V at the same place puts every line back as it was.
        @Test func aSelectionAcrossLinesCutsToTheClipboardAndPastesBack() throws {
            let board = BoardScene()
            let app = try HeadlessApp(scenes: [board], size: Vec2(1280, 720))
            app.frame()
            let win = SDL_GetWindowID(app.platform.window)
            let texts = board.document.lines.map(\.text)
            let p = board.lineRootFrame(1).center
            app.push(mouseButtonEvent(SDL_MOUSEBUTTONDOWN, x: Int32(p.x), y: Int32(p.y), window: win))
            app.push(mouseButtonEvent(SDL_MOUSEBUTTONUP, x: Int32(p.x), y: Int32(p.y), window: win))
            app.frame()
            let start = board.lyric?.field.caret ?? -1
            func press(_ sym: SDL_KeyCode) {
                app.push(key(sym, down: true, window: win))
                app.frame()
                app.push(key(sym, down: false, window: win))
            }
            app.push(key(SDLK_LSHIFT, down: true, window: win))
            press(SDLK_DOWN)
            press(SDLK_DOWN)
            app.push(key(SDLK_LSHIFT, down: false, window: win))
            app.push(key(SDLK_LCTRL, down: true, window: win))
            press(SDLK_x)
            app.frame()
            let clip = SDL_GetClipboardText().map { p in defer { SDL_free(p) }; return String(cString: p) }
            let end = texts[3].count - (board.document.lines[1].text.count - start)
            #expect(clip == ([String(texts[1].dropFirst(start)), texts[2], String(texts[3].prefix(end))]).joined(separator: "\n"))
            #expect(board.document.lines.count == texts.count - 2)
            press(SDLK_v)
            app.push(key(SDLK_LCTRL, down: false, window: win))
            app.frame()
            #expect(board.document.lines.map(\.text) == texts)
        }

        /// A file dropped on the window arrives as its path (SDL's copy freed).
        @Test func aDroppedFileArrivesAsItsPath() throws {
            let board = BoardScene()
            let app = try HeadlessApp(scenes: [board], size: Vec2(640, 480))
            app.frame()
            var e = SDL_Event()
            e.type = SDL_DROPFILE.rawValue
            e.drop.file = SDL_strdup("/tmp/Ёлка.cho")
            e.drop.windowID = SDL_GetWindowID(app.platform.window)
            app.push(e)
            app.frame()
            #expect(app.log.contains(.fileDropped(path: "/tmp/Ёлка.cho")))
            // No songs' folder: the board says what a drop needs and changes nothing.
            #expect(board.announcement.hasPrefix("A dropped song needs the songs' folder"))
        }

        @Test func aCardCarriedOverTheTabBarDrawsAboveIt() throws {
            let board = BoardScene()
            let app = try HeadlessApp(scenes: [board], size: Vec2(1280, 720))
            app.frame()
            let win = SDL_GetWindowID(app.platform.window)
            let from = board.itemRootFrame(2).center
            var move = SDL_Event()
            move.type = SDL_MOUSEMOTION.rawValue
            move.motion.windowID = win
            move.motion.state = 1
            app.push(mouseButtonEvent(SDL_MOUSEBUTTONDOWN, x: Int32(from.x), y: Int32(from.y), window: win))
            app.frame()
            // Up 20 pt (it lifts), then up to the tab bar: the card's centre at y = 20.
            for y in [from.y - 20, 20] {
                move.motion.x = Int32(from.x); move.motion.y = Int32(y)
                app.push(move)
                app.frame()
            }
            #expect(board.ghosts.count == 1)
            let c = app.platform.readPixel(x: Int32(from.x), y: 20)!
            // The ghost's paper (light), not the tab bar's near-black.
            #expect(Int(c.r) + Int(c.g) + Int(c.b) > 450, "\(c)")
        }

        @Test func theFocusRingAppearsAfterAKeyAndAKeyboardCarryDropsThroughSDLEvents() throws {
            let board = BoardScene()
            let app = try HeadlessApp(scenes: [board], size: Vec2(1280, 720))
            app.frame()
            let win = SDL_GetWindowID(app.platform.window)
            let card1 = board.itemRootFrame(1)
            func ringPixel() -> Color { app.platform.readPixel(x: Int32(card1.minX - 3), y: Int32(card1.midY))! }
            #expect(ringPixel() != Color.accent.withAlpha(255))
            for (sym, frames) in [(SDLK_RIGHT, 1), (SDLK_SPACE, 30), (SDLK_DOWN, 1), (SDLK_RETURN, 1)] {
                app.push(key(sym, down: true, window: win))
                app.push(key(sym, down: false, window: win))
                for _ in 0..<frames { app.frame() }
                if sym == SDLK_RIGHT { #expect(ringPixel() == Color.accent.withAlpha(255)) }
            }
            #expect(board.document.lines[1].chords.map(\.name) == [BoardScene.chordNames[1]])
            #expect(board.announcement.hasPrefix("Dropped Dm on line 2"))
        }
    }
}
