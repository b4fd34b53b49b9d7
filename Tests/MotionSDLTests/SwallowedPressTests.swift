import CSDL2
import Engine
import Geometry
@testable import MotionSDL
import Testing

extension SDLTests {
    /// A window minimised mid-drag and the button let go of while it was away: SDL keeps the
    /// button held and drops the next press, so a tour's first click after it did nothing.
    /// The translator gives that press back (`EventTranslator.mouseButtons`).
    @Suite struct SwallowedPressTests {
        /// SDL's books and the desktop's, as the test sets them.
        final class Buttons: @unchecked Sendable { var sdl = false, desktop = false }

        struct Session {
            var t = EventTranslator()
            var out: [InputEvent] = []
            let buttons = Buttons()
            var clock: UInt32 = 1000
            init() {
                let b = buttons
                t.mouseButtons = { (b.sdl, b.desktop) }
            }
            mutating func send(_ e: SDL_Event) { _ = t.translate(e, windowSize: Vec2(640, 480), into: &out) }
            mutating func window(_ event: SDL_WindowEventID) {
                var e = SDL_Event()
                e.type = SDL_WINDOWEVENT.rawValue
                e.window.event = UInt8(event.rawValue)
                send(e)
            }
            mutating func button(_ type: SDL_EventType, _ x: Int32, _ y: Int32) { send(mouseButtonEvent(type, x: x, y: y, window: 1)) }
            mutating func move(_ x: Int32, _ y: Int32) {
                var e = SDL_Event()
                e.type = SDL_MOUSEMOTION.rawValue
                e.motion.x = x
                e.motion.y = y
                clock += 20
                e.motion.timestamp = clock
                send(e)
            }
            /// A drag begun, the window minimised and brought back with the button let go
            /// of while it was away: SDL still holds it.
            mutating func minimisedMidDrag() {
                buttons.sdl = true
                buttons.desktop = true
                button(SDL_MOUSEBUTTONDOWN, 10, 10)
                window(SDL_WINDOWEVENT_FOCUS_LOST)
                window(SDL_WINDOWEVENT_MINIMIZED)
                buttons.desktop = false
                window(SDL_WINDOWEVENT_RESTORED)
                window(SDL_WINDOWEVENT_FOCUS_GAINED)
                out.removeAll()
            }
        }

        @Test func theClickAfterAMinimiseMidDragIsAClick() {
            var s = Session()
            s.minimisedMidDrag()
            // The mouse goes to a tab and clicks: SDL drops the press, sends the release.
            s.move(170, 25)
            s.button(SDL_MOUSEBUTTONUP, 170, 25)
            #expect(s.out == [.pointerMove(pointer: 0, device: .mouse, at: Vec2(170, 25)),
                              .pointerDown(pointer: 0, device: .mouse, at: Vec2(170, 25)),
                              .pointerUp(pointer: 0, device: .mouse, at: Vec2(170, 25))])
            // From then on SDL and the desktop agree: a click is a press and a release.
            s.buttons.sdl = false
            s.out.removeAll()
            s.button(SDL_MOUSEBUTTONDOWN, 5, 5)
            s.button(SDL_MOUSEBUTTONUP, 5, 5)
            #expect(s.out == [.pointerDown(pointer: 0, device: .mouse, at: Vec2(5, 5)), .pointerUp(pointer: 0, device: .mouse, at: Vec2(5, 5))])
        }

        @Test func aDragAfterAMinimiseMidDragStartsWhereTheDesktopFirstHoldsTheButton() {
            var s = Session()
            s.minimisedMidDrag()
            s.move(100, 100)
            s.buttons.desktop = true
            s.move(110, 100)
            s.move(120, 100)
            s.button(SDL_MOUSEBUTTONUP, 120, 100)
            #expect(s.out == [.pointerMove(pointer: 0, device: .mouse, at: Vec2(100, 100)),
                              .pointerDown(pointer: 0, device: .mouse, at: Vec2(110, 100)),
                              .pointerMove(pointer: 0, device: .mouse, at: Vec2(110, 100)),
                              .pointerMove(pointer: 0, device: .mouse, at: Vec2(120, 100)),
                              .pointerUp(pointer: 0, device: .mouse, at: Vec2(120, 100))])
        }

        /// Press, move and release in one batch: SDL has taken the release in by the time the
        /// move is read (a review). The release still makes the click.
        @Test func aClickWhoseReleaseSDLTookInBeforeTheMoveIsStillAClick() {
            var s = Session()
            s.minimisedMidDrag()
            s.buttons.sdl = false
            s.move(60, 70)
            s.button(SDL_MOUSEBUTTONUP, 60, 70)
            #expect(s.out == [.pointerMove(pointer: 0, device: .mouse, at: Vec2(60, 70)),
                              .pointerDown(pointer: 0, device: .mouse, at: Vec2(60, 70)),
                              .pointerUp(pointer: 0, device: .mouse, at: Vec2(60, 70))])
        }

        /// Where SDL and the desktop agree (the button held through the minimise, or let go
        /// of in the window), a release with no press before it stays a release alone: the
        /// drag it ends was cancelled with the focus, and is not made a click.
        @Test func aReleaseSDLSawPressedIsNotMadeAClick() {
            var s = Session()
            s.buttons.sdl = true
            s.buttons.desktop = true
            s.button(SDL_MOUSEBUTTONDOWN, 10, 10)
            s.window(SDL_WINDOWEVENT_FOCUS_LOST)
            s.window(SDL_WINDOWEVENT_FOCUS_GAINED)
            s.out.removeAll()
            s.move(50, 50)
            s.button(SDL_MOUSEBUTTONUP, 50, 50)
            #expect(s.out == [.pointerMove(pointer: 0, device: .mouse, at: Vec2(50, 50)), .pointerUp(pointer: 0, device: .mouse, at: Vec2(50, 50))])
        }
    }
}
