import CSDL2
import Engine
import Geometry

/// Translates SDL events into the core's `InputEvent`s. This is the one place that reads
/// `SDL_Event`.
///
/// - Pointer ids: the mouse is pointer 0; each touch finger gets the smallest free id from 1
///   up for as long as it is down (SDL's finger ids are large and device-specific). At most
///   `InputLimits.maxPointers` fingers are tracked: a finger pressed past that is dropped
///   with the rest of its touch, so each finger event costs at most that many steps.
/// - Touch coordinates arrive normalised (0…1 of the window) and become window points.
/// - SDL's synthesised events are dropped: mouse events made from touches
///   (`which == SDL_TOUCH_MOUSEID`) and touch events made from the mouse
///   (`touchId == SDL_MOUSE_TOUCHID`), so nothing is counted twice.
/// - Only the GameController API's events are used (not the raw JOY* ones).
/// - A press SDL swallows is given back: a window minimised or left while the mouse button
///   was down and let go of out of its sight keeps the button held in SDL's books, and SDL
///   then drops the next press as no change (a tour's first click after such a minimise did
///   nothing). When the window comes back with SDL holding a button the desktop does not
///   (`mouseButtons`), the next press is watched for: seen held by the desktop during a move,
///   it is a press there; an up first, a click where it is.
struct EventTranslator {
    private var fingers: [(touch: Int64, finger: Int64, id: Int)] = []
    /// Window units (SDL's mouse and window sizes) per point: the UI scale.
    var uiScale = 1.0
    /// Whether the left button is held in SDL's books and on the desktop (X11's pointer
    /// query; a driver without one answers SDL's own state, so they never differ).
    var mouseButtons: () -> (sdl: Bool, desktop: Bool) = {
        let left = UInt32(1) << (UInt32(SDL_BUTTON_LEFT) - 1)
        return (SDL_GetMouseState(nil, nil) & left != 0, SDL_GetGlobalMouseState(nil, nil) & left != 0)
    }
    /// SDL holds the left button that the desktop let go of: its next press will not come
    /// (see above). When the desktop was last asked during moves (SDL's ms), so that a mouse
    /// moved a long while asks it at most every 16 ms.
    private var swallowsPress = false, askedAt: UInt32?

    /// What the platform should do besides passing input on.
    enum WindowChange: Equatable { case none, quit, pause, resume }

    /// Appends the events `e` means to `out`. `windowSize` is in points. A pad's id is its
    /// joystick instance id (unique for as long as SDL runs, never reused after a removal);
    /// window size changes are reported as `.resize` in points. Mouse positions and window
    /// sizes come in window units and are divided by `uiScale`.
    mutating func translate(_ e: SDL_Event, windowSize: Vec2, into out: inout [InputEvent]) -> WindowChange {
        switch e.type {
        case SDLConstants.quit:
            return .quit
        case SDLConstants.mouseButtonDown, SDLConstants.mouseButtonUp:
            guard e.button.which != SDLConstants.touchMouseID, e.button.button == UInt8(SDL_BUTTON_LEFT) else { return .none }
            let p = Vec2(Double(e.button.x), Double(e.button.y)) / uiScale
            if e.type == SDLConstants.mouseButtonUp && swallowsPress {
                // The press SDL dropped: a click here.
                out.append(.pointerDown(pointer: 0, device: .mouse, at: p))
            }
            swallowsPress = false
            out.append(e.type == SDLConstants.mouseButtonDown
                       ? .pointerDown(pointer: 0, device: .mouse, at: p)
                       : .pointerUp(pointer: 0, device: .mouse, at: p))
        case SDLConstants.mouseMotion:
            guard e.motion.which != SDLConstants.touchMouseID else { return .none }
            let p = Vec2(Double(e.motion.x), Double(e.motion.y)) / uiScale
            if swallowsPress, askedAt.map({ e.motion.timestamp &- $0 >= 16 }) ?? true {
                askedAt = e.motion.timestamp
                // (SDL let go already: its release waits in the queue, and makes the click.)
                let held = mouseButtons()
                if held.sdl && held.desktop {
                    // Pressed since: the press SDL dropped, here (at most a move late).
                    swallowsPress = false
                    out.append(.pointerDown(pointer: 0, device: .mouse, at: p))
                }
            }
            out.append(.pointerMove(pointer: 0, device: .mouse, at: p))
        case SDLConstants.mouseWheel:
            guard e.wheel.which != SDLConstants.touchMouseID else { return .none }
            let flip: Float = e.wheel.direction == UInt32(SDL_MOUSEWHEEL_FLIPPED.rawValue) ? -1 : 1
            // SDL: +y is away from the user. One notch scrolls 40 points, as browsers do.
            out.append(.wheel(dx: Double(e.wheel.preciseX * flip) * 40, dy: Double(e.wheel.preciseY * flip) * 40))
        case SDLConstants.fingerDown, SDLConstants.fingerMotion, SDLConstants.fingerUp:
            let t = e.tfinger
            guard t.touchId != SDLConstants.mouseTouchID else { return .none }
            let p = Vec2(Double(t.x) * windowSize.x, Double(t.y) * windowSize.y)
            let held = fingers.firstIndex { $0.touch == t.touchId && $0.finger == t.fingerId }
            if e.type == SDLConstants.fingerDown {
                if let held {
                    // A second down of a finger SDL still holds: the same pointer again.
                    out.append(.pointerDown(pointer: fingers[held].id, device: .touch, at: p))
                    return .none
                }
                guard fingers.count < InputLimits.maxPointers else { return .none }
                let id = smallestFreeFingerID()
                fingers.append((t.touchId, t.fingerId, id))
                out.append(.pointerDown(pointer: id, device: .touch, at: p))
            } else if let i = held {
                let id = fingers[i].id
                if e.type == SDLConstants.fingerUp {
                    fingers.remove(at: i)
                    out.append(.pointerUp(pointer: id, device: .touch, at: p))
                } else {
                    out.append(.pointerMove(pointer: id, device: .touch, at: p))
                }
            }
        case SDLConstants.keyDown, SDLConstants.keyUp:
            let name = String(cString: SDL_GetKeyName(e.key.keysym.sym))
            guard !name.isEmpty else { return .none }
            if e.key.repeat != 0 {
                if e.type == SDLConstants.keyDown { out.append(.keyRepeat(Key(name))) }
                return .none
            }
            // "?" is Shift+/ on most layouts: report it under its own name as well.
            let shifted = (UInt32(e.key.keysym.mod) & UInt32(KMOD_SHIFT.rawValue)) != 0
            let down = e.type == SDLConstants.keyDown
            if name == "/" && shifted && down {
                out.append(.key(Key("?"), down: true))
                out.append(.key(Key("?"), down: false))
            }
            out.append(.key(Key(name), down: down))
        case SDLConstants.textInput:
            let t = Self.string(e.text.text)
            if !t.isEmpty { out.append(.text(t)) }
        case SDLConstants.dropFile:
            guard let p = e.drop.file else { return .none }
            let path = String(cString: p)
            SDL_free(p)
            if !path.isEmpty { out.append(.fileDropped(path: path)) }
        case SDLConstants.textEditing:
            let t = Self.string(e.edit.text)
            out.append(.composition(text: t, cursor: min(max(Int(e.edit.start), 0), t.count)))
        case SDLConstants.controllerAdded:
            // `which` is a device index here; the platform opens it and reports the pad.
            return .none
        case SDLConstants.controllerRemoved:
            out.append(.gamepadRemoved(pad: Int(e.cdevice.which)))
        case SDLConstants.controllerAxis:
            let axis = SDL_GameControllerAxis(rawValue: Int32(e.caxis.axis))
            guard let name = SDL_GameControllerGetStringForAxis(axis).map({ String(cString: $0) }),
                  let a = GamepadAxis(rawValue: name) else { return .none }
            let raw = Double(e.caxis.value)
            let v = raw < 0 ? raw / 32768 : raw / 32767
            out.append(.gamepadAxis(pad: Int(e.caxis.which), axis: a, value: v))
        case SDLConstants.controllerButtonDown, SDLConstants.controllerButtonUp:
            let button = SDL_GameControllerButton(rawValue: Int32(e.cbutton.button))
            guard let name = SDL_GameControllerGetStringForButton(button).map({ String(cString: $0) }),
                  let b = GamepadButton(rawValue: name) else { return .none }
            out.append(.gamepadButton(pad: Int(e.cbutton.which), button: b, down: e.type == SDLConstants.controllerButtonDown))
        case SDLConstants.windowEvent:
            switch e.window.event {
            case SDLConstants.windowResized:
                out.append(.resize(w: Double(e.window.data1) / uiScale, h: Double(e.window.data2) / uiScale))
            case SDLConstants.windowFocusLost:
                // Touches still down lose their owner too.
                for f in fingers { out.append(.pointerCancel(pointer: f.id, device: .touch)) }
                fingers.removeAll()
                out.append(.focusLost)
            case SDLConstants.windowFocusGained:
                watchForSwallowedPress()
                out.append(.focusGained)
            case SDLConstants.windowClose:
                // (SDL is told not to make this a quit: `SDL_HINT_QUIT_ON_LAST_WINDOW_CLOSE`.)
                out.append(.closeRequested)
            case SDLConstants.windowMinimized, SDLConstants.windowHidden:
                return .pause
            case SDLConstants.windowRestored, SDLConstants.windowShown:
                watchForSwallowedPress()
                return .resume
            default: break
            }
        default:
            break
        }
        return .none
    }

    /// The window is back: if SDL holds the left button the desktop does not, its next
    /// press is watched for (see the type's notes).
    private mutating func watchForSwallowedPress() {
        let held = mouseButtons()
        swallowsPress = held.sdl && !held.desktop
        askedAt = nil
    }

    /// The smallest id from 1 up that no finger down holds.
    /// - Complexity: O(fingers down): of the ids 1…n + 1, at least one is free.
    private func smallestFreeFingerID() -> Int {
        var taken = [Bool](repeating: false, count: fingers.count + 2)
        for f in fingers where f.id < taken.count { taken[f.id] = true }
        return (1..<taken.count).first { !taken[$0] }!
    }

    /// The text in one of SDL's fixed `char[32]` event fields (NUL-terminated, UTF-8).
    static func string<T>(_ field: T) -> String {
        withUnsafeBytes(of: field) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
