import CSDL2
import Engine
import Geometry
@testable import MotionSDL
import Scenes
import Shell
import Testing

extension SDLTests {
    @Suite struct EventTranslatorTests {
        @Test func touchCoordinatesBecomeWindowPointsWithSmallPointerIds() throws {
            let app = try HeadlessApp(scenes: [BounceScene(initialBalls: 0)], size: Vec2(640, 480))
            app.push(fingerEvent(SDL_FINGERDOWN, finger: 9001, x: 0.5, y: 0.25))
            app.push(fingerEvent(SDL_FINGERDOWN, finger: 42, x: 0.125, y: 0.625))
            app.push(fingerEvent(SDL_FINGERMOTION, finger: 9001, x: 0.75, y: 0.5))
            app.push(fingerEvent(SDL_FINGERUP, finger: 9001, x: 0.75, y: 0.5))
            app.frame()
            #expect(app.log == [
                .pointerDown(pointer: 1, device: .touch, at: Vec2(320, 120)),
                .pointerDown(pointer: 2, device: .touch, at: Vec2(80, 300)),
                .pointerMove(pointer: 1, device: .touch, at: Vec2(480, 240)),
                .pointerUp(pointer: 1, device: .touch, at: Vec2(480, 240)),
            ])
            // Two taps in the scene added two balls.
            let bounce = app.shell.activeScene as! BounceScene
            #expect(bounce.bodies.store.count == 2)
        }

        @Test func aHeldKeysRepeatsArriveAsKeyRepeatsNotAsNewPresses() throws {
            var t = EventTranslator()
            var out: [InputEvent] = []
            var e = SDL_Event()
            e.type = SDL_KEYDOWN.rawValue
            e.key.keysym.sym = SDL_Keycode(SDLK_DOWN.rawValue)
            _ = t.translate(e, windowSize: Vec2(640, 480), into: &out)
            e.key.repeat = 1
            _ = t.translate(e, windowSize: Vec2(640, 480), into: &out)
            e.type = SDL_KEYUP.rawValue
            e.key.repeat = 0
            _ = t.translate(e, windowSize: Vec2(640, 480), into: &out)
            #expect(out == [.key(.down, down: true), .keyRepeat(.down), .key(.down, down: false)])
        }

        @Test("Fingers past InputLimits.maxPointers are dropped with their whole touch; ids stay small and are reused")
        func fingersPastThePointerLimitAreDropped() {
            var t = EventTranslator()
            var out: [InputEvent] = []
            let size = Vec2(640, 480), n = 5_000, limit = InputLimits.maxPointers
            func send(_ type: SDL_EventType, _ finger: Int, x: Float = 0.5) {
                _ = t.translate(fingerEvent(type, finger: Int64(finger), x: x, y: 0.5), windowSize: size, into: &out)
            }
            for f in 0..<n { send(SDL_FINGERDOWN, 1000 + f) }
            #expect(out.count == limit)
            #expect(out.compactMap(\.pointer) == Array(1...limit))
            // A dropped finger's motion and lift say nothing; a tracked one's do.
            out.removeAll()
            send(SDL_FINGERMOTION, 1000 + n - 1, x: 0.25)
            send(SDL_FINGERUP, 1000 + n - 1, x: 0.25)
            #expect(out.isEmpty)
            send(SDL_FINGERUP, 1004, x: 0.25)
            #expect(out == [.pointerUp(pointer: 5, device: .touch, at: Vec2(160, 240))])
            // The freed id goes to the next finger; a second down of a finger held is that pointer again.
            out.removeAll()
            send(SDL_FINGERDOWN, 99_999)
            send(SDL_FINGERDOWN, 99_999)
            #expect(out == [.pointerDown(pointer: 5, device: .touch, at: Vec2(320, 240)),
                            .pointerDown(pointer: 5, device: .touch, at: Vec2(320, 240))])
            out.removeAll()
            send(SDL_FINGERDOWN, 123_456)
            #expect(out.isEmpty)
        }

        @Test func synthesisedMouseAndTouchEventsAreNotCountedTwice() throws {
            let app = try HeadlessApp(scenes: [BounceScene(initialBalls: 0)])
            let win = SDL_GetWindowID(app.platform.window)
            // A real touch, and the mouse event SDL would synthesise from it.
            app.push(fingerEvent(SDL_FINGERDOWN, finger: 1, x: 0.5, y: 0.5))
            app.push(mouseButtonEvent(SDL_MOUSEBUTTONDOWN, x: 320, y: 240, which: UInt32.max, window: win))
            // A real click, and the touch event SDL would synthesise from it.
            app.push(mouseButtonEvent(SDL_MOUSEBUTTONDOWN, x: 100, y: 300, window: win))
            app.push(fingerEvent(SDL_FINGERDOWN, finger: 0, x: 0.15, y: 0.6, touch: -1))
            app.frame()
            #expect(app.log == [
                .pointerDown(pointer: 1, device: .touch, at: Vec2(320, 240)),
                .pointerDown(pointer: 0, device: .mouse, at: Vec2(100, 300)),
            ])
        }

        @Test func atUIScale2TheWindowIsHalfAsManyPointsAndTheMouseAndTouchesLandInPoints() throws {
            let app = try HeadlessApp(scenes: [BounceScene(initialBalls: 0)], size: Vec2(960, 640), uiScale: 2)
            let win = SDL_GetWindowID(app.platform.window)
            #expect(app.platform.windowSize == Vec2(480, 320) && app.shell.size == Vec2(480, 320))
            #expect(app.platform.pixelsPerPoint == 2)
            app.push(mouseButtonEvent(SDL_MOUSEBUTTONDOWN, x: 900, y: 600, window: win))
            app.push(fingerEvent(SDL_FINGERDOWN, finger: 7, x: 0.5, y: 0.5))
            app.frame()
            #expect(app.log == [
                .pointerDown(pointer: 0, device: .mouse, at: Vec2(450, 300)),
                .pointerDown(pointer: 1, device: .touch, at: Vec2(240, 160)),
            ])
            // A scripted resize is in points: the window becomes twice as many window units.
            app.platform.setWindowSize(w: 400, h: 300)
            var w: Int32 = 0, h: Int32 = 0
            SDL_GetWindowSize(app.platform.window, &w, &h)
            #expect((w, h) == (800, 600) && app.platform.windowSize == Vec2(400, 300))
            // The largest resize a script may ask for stays within the limits in the window's
            // own units too: its pixels are memory, whatever the scale.
            app.platform.setWindowSize(w: InputLimits.maxWindowSide, h: InputLimits.maxWindowSide)
            SDL_GetWindowSize(app.platform.window, &w, &h)
            #expect(Double(w) * Double(h) <= InputLimits.maxWindowPixels && Double(w) <= InputLimits.maxWindowSide)
        }

        @Test func aNewUIScaleIsANewSizeInPointsPassedOnAsAResize() throws {
            let app = try HeadlessApp(scenes: [BounceScene(initialBalls: 0)], size: Vec2(640, 480))
            var out: [InputEvent] = []
            // The window moved to a display whose scale is 2 (what `displayChanged` does with
            // the new display's DPI): the same window is 320×240 points.
            app.platform.setUIScale(2, into: &out)
            #expect(out == [.resize(w: 320, h: 240)] && app.platform.pixelsPerPoint == 2)
            for e in out { app.shell.enqueue(e) }
            app.shell.step(dt: 1.0 / 120, step: 1)
            #expect(app.shell.size == Vec2(320, 240))
            // The same scale again changes nothing; a scale that follows no display is kept.
            out.removeAll()
            app.platform.setUIScale(2, into: &out)
            app.platform.displayChanged(into: &out)
            #expect(out.isEmpty && app.platform.uiScale == 2)
        }

        @Test func losingFocusCancelsTouchesThatAreDown() throws {
            let app = try HeadlessApp(scenes: [BounceScene(initialBalls: 0)])
            app.push(fingerEvent(SDL_FINGERDOWN, finger: 5, x: 0.5, y: 0.5))
            app.frame()
            app.push(windowEvent(SDL_WINDOWEVENT_FOCUS_LOST, of: app.platform))
            app.frame()
            #expect(app.log.suffix(2) == [.pointerCancel(pointer: 1, device: .touch), .focusLost])
            #expect(app.shell.input.pointers.isEmpty)
        }

        /// The window's close button is a request the shell answers (with nothing to lose, it
        /// quits), not SDL's quit, which a signal makes and which ends the run at once.
        @Test func theWindowsCloseButtonIsARequestTheShellAnswers() throws {
            let app = try HeadlessApp(scenes: [BounceScene(initialBalls: 0)])
            app.frame()
            app.push(windowEvent(SDL_WINDOWEVENT_CLOSE, of: app.platform))
            app.frame()
            #expect(app.log.last == .closeRequested)
            #expect(!app.platform.quitRequested && app.shell.wantsQuit)
            // SDL is told not to make the close a quit of its own (a pushed event skips that).
            #expect(SDL_GetHintBoolean(SDL_HINT_QUIT_ON_LAST_WINDOW_CLOSE, SDL_TRUE) == SDL_FALSE)
            // One scene without the shell (the examples, bench --window) ends at a close too.
            let host = SceneHost(scene: BounceScene(initialBalls: 0), size: Vec2(320, 240), font: .placeholder)
            host.enqueue(.closeRequested)
            #expect(host.wantsQuit)
        }

        @Test func aVirtualGamepadIsAddedReportsAxesAndButtonsAndItsRemovalIsSeen() throws {
            let app = try HeadlessApp(scenes: [BounceScene(initialBalls: 0)])
            let pad = try VirtualPad()
            app.frame()
            #expect(app.log.contains(.gamepadAdded(pad: pad.instanceID)))
            #expect(app.platform.controllerCount == 1)
            pad.setAxis(SDL_CONTROLLER_AXIS_LEFTX, 32767)
            pad.setButton(SDL_CONTROLLER_BUTTON_A, true)
            app.frame()
            #expect(app.log.contains(.gamepadAxis(pad: pad.instanceID, axis: .leftx, value: 1)))
            #expect(app.log.contains(.gamepadButton(pad: pad.instanceID, button: .a, down: true)))
            #expect(app.shell.input.pad(pad.instanceID)?.axis(.leftx) == 1)
            // Button A in the bounce scene adds a ball.
            #expect((app.shell.activeScene as! BounceScene).bodies.store.count == 1)
            // No raw JOY* events leak through as duplicates.
            #expect(app.log.filter { if case .gamepadButton = $0 { true } else { false } }.count == 1)
            let id = pad.instanceID
            pad.detach()
            app.frame()
            #expect(app.log.last == .gamepadRemoved(pad: id))
            #expect(app.shell.input.pad(id) == nil)
            #expect(app.platform.controllerCount == 0)
        }
    }
}
