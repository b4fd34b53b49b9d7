import Geometry

/// What kind of device a pointer is.
public enum PointerDevice: String, Sendable, Hashable, Codable {
    /// A mouse, or a trackpad driving the cursor.
    case mouse
    /// A finger on a touchscreen.
    case touch

    /// How far from a target a press may land and still hit it: fingers are blunter.
    public var hitSlop: Double { self == .touch ? 22 : 8 }
}

/// A key, by SDL's key name (`Return`, `Space`, `Left`, `F1`, `A`, `1`, `Tab`, …).
public struct Key: Hashable, Sendable, CustomStringConvertible {
    /// SDL's name for the key (`SDL_GetKeyName`).
    public let name: String
    /// The key SDL calls `name`.
    public init(_ name: String) { self.name = name }
    /// The key's name.
    public var description: String { name }
    /// Whether it is a modifier (Shift, Ctrl, Alt, the GUI key, either side): pressed for the
    /// key after it, not for itself.
    public var isModifier: Bool { ["Shift", "Ctrl", "Alt", "GUI"].contains(where: name.hasSuffix) }

    /// The left arrow.
    public static let left = Key("Left")
    /// The right arrow.
    public static let right = Key("Right")
    /// The up arrow.
    public static let up = Key("Up")
    /// The down arrow.
    public static let down = Key("Down")
    /// Return (Enter).
    public static let enter = Key("Return")
    /// The space bar.
    public static let space = Key("Space")
    /// Tab.
    public static let tab = Key("Tab")
    /// Escape.
    public static let escape = Key("Escape")
    /// F1: help.
    public static let f1 = Key("F1")
    /// `?`: help.
    public static let question = Key("?")
    /// `/` (the `?` key unshifted on US layouts).
    public static let slash = Key("/")
    /// Backspace.
    public static let backspace = Key("Backspace")
}

/// A game controller axis, named as SDL's `SDL_GameControllerGetStringForAxis` names it.
public enum GamepadAxis: String, Sendable, CaseIterable, Codable {
    /// The left stick, left to right (-1…1).
    case leftx
    /// The left stick, up to down (-1…1).
    case lefty
    /// The right stick, left to right (-1…1).
    case rightx
    /// The right stick, up to down (-1…1).
    case righty
    /// The left trigger (0…1).
    case lefttrigger
    /// The right trigger (0…1).
    case righttrigger
}

/// A game controller button, named as SDL's `SDL_GameControllerGetStringForButton` names it.
public enum GamepadButton: String, Sendable, CaseIterable, Codable {
    /// The bottom face button (Xbox A, PlayStation cross).
    case a
    /// The right face button (Xbox B, PlayStation circle).
    case b
    /// The left face button (Xbox X, PlayStation square).
    case x
    /// The top face button (Xbox Y, PlayStation triangle).
    case y
    /// Back (View, Select, Share).
    case back
    /// The guide button (Xbox, PS).
    case guide
    /// Start (Menu, Options).
    case start
    /// The left stick pressed in.
    case leftstick
    /// The right stick pressed in.
    case rightstick
    /// The left shoulder (bumper).
    case leftshoulder
    /// The right shoulder (bumper).
    case rightshoulder
    /// The d-pad's up.
    case dpup
    /// The d-pad's down.
    case dpdown
    /// The d-pad's left.
    case dpleft
    /// The d-pad's right.
    case dpright
    /// An extra button (Xbox Series share, Switch Pro capture).
    case misc1
    /// The first back paddle (Xbox Elite).
    case paddle1
    /// The second back paddle.
    case paddle2
    /// The third back paddle.
    case paddle3
    /// The fourth back paddle.
    case paddle4
    /// The touchpad pressed (PlayStation 4 and 5).
    case touchpad
}

/// A platform-neutral input event. Coordinates are window points (top-left origin, y down).
public enum InputEvent: Hashable, Sendable {
    /// The left mouse button or a finger goes down at `at`; `pointer` names it until it lifts.
    case pointerDown(pointer: Int, device: PointerDevice, at: Vec2)
    /// The pointer moves to `at` (the mouse also moves with no button down).
    case pointerMove(pointer: Int, device: PointerDevice, at: Vec2)
    /// The button or finger lifts at `at`.
    case pointerUp(pointer: Int, device: PointerDevice, at: Vec2)
    /// The pointer's gesture ends without effect (focus lost, touch cancelled).
    case pointerCancel(pointer: Int, device: PointerDevice)
    /// Scroll amounts in points, as SDL reports them: positive `dy` is the wheel turned away
    /// from you, which scrolls toward the top (the content moves down); positive `dx` scrolls
    /// toward the right end.
    case wheel(dx: Double, dy: Double)
    /// A key goes down or up.
    case key(Key, down: Bool)
    /// Text typed while a text field takes text input (SDL's `SDL_TEXTINPUT`): what the
    /// keyboard layout, dead keys or an input method made of the keys pressed.
    case text(String)
    /// An input method's text in progress (`SDL_TEXTEDITING`), shown where the caret is
    /// until it is committed as `text`; an empty `text` ends it. `cursor` is its own caret,
    /// in characters.
    case composition(text: String, cursor: Int)
    /// A file dropped on the window (`SDL_DROPFILE`): its path. The board imports a
    /// ChordPro song from it.
    case fileDropped(path: String)
    /// The system's auto-repeat of a key held down (after a `key(_, down: true)`): for
    /// moves that should keep going while the key is held (arrows in a list). Toggles and
    /// actions listen to the down event only.
    case keyRepeat(Key)
    /// A game controller is connected; `pad` is its instance id.
    case gamepadAdded(pad: Int)
    /// The controller is disconnected (its held buttons and axes are gone with it).
    case gamepadRemoved(pad: Int)
    /// Stick axes in -1…1 (y down positive, as SDL), triggers in 0…1. Raw: no dead zone.
    case gamepadAxis(pad: Int, axis: GamepadAxis, value: Double)
    /// A controller's button goes down or up.
    case gamepadButton(pad: Int, button: GamepadButton, down: Bool)
    /// The window's size is now `w` × `h` points.
    case resize(w: Double, h: Double)
    /// The window lost the keyboard focus: held keys and pointers are let go.
    case focusLost
    /// The window has the keyboard focus again.
    case focusGained
    /// The window's close button, or the desktop asking the window to close (a logout): the
    /// app quits as Escape with nothing held does, asking once first where a scene would
    /// lose what it holds (`Scene.asksBeforeQuitting`). A signal (SIGINT, SIGTERM) is not
    /// this: it quits at once.
    case closeRequested
    /// The app stalls for this many seconds before the frame (a script's way to test what a
    /// hitch does; the frame driver adds it to the frame's time and hands it to no one).
    case hitch(seconds: Double)

    /// The pointer id, for pointer events.
    public var pointer: Int? {
        switch self {
        case .pointerDown(let p, _, _), .pointerMove(let p, _, _), .pointerUp(let p, _, _),
             .pointerCancel(let p, _):
            return p
        default: return nil
        }
    }
}

/// The bounds on input that enters the engine, from the platform or a script.
public enum InputLimits {
    /// A pointer is at most this far (points) from the window's origin on either axis;
    /// farther ones are clamped to it where they enter, so drags, deltas and velocities
    /// built from them stay finite.
    public static let maxPointerCoordinate = 1e6
    /// A wheel event scrolls at most this many points on either axis.
    public static let maxWheel = 1e5
    /// A window side (points): 1 up to this.
    public static let maxWindowSide = 16384.0
    /// A window's area (points, width × height): at most 2^24 = 16,777,216, e.g. 4096 × 4096,
    /// or a 4K UHD screen (3840 × 2160) twice over. A larger resize is scaled down to it,
    /// aspect ratio kept (`windowSize(w:h:)`).
    ///
    /// Why this much: the memory the app keeps per pixel of the window, at one pixel per point
    /// (headless, the software renderer):
    /// - the window surface SDL draws into: 4 bytes (32-bit pixels);
    /// - the render bands: 0 (their surfaces share the window surface's pixels);
    /// - a screenshot: 4 bytes for the surface the pixels are read into, 4 for the BMP
    ///   encoded in memory before it is written, and up to 4 more if `SDL_SaveBMP_RW`
    ///   converts the surface first;
    /// - the mask layers: their masked image's rect (at most 8192 px a side), not the window.
    ///
    /// About 16 bytes a pixel at worst, so 2^24 pixels is about 256 MiB, well within 1 GiB
    /// (16384 × 16384 took 1.1 GB and failed to take a screenshot). The limit counts points:
    /// on a display of 2 pixels per point the window has 4 times as many pixels.
    public static let maxWindowPixels = 16_777_216.0
    /// Pointers (the mouse and fingers) down at once: real touch screens report 10 to 20.
    /// A press past this is ignored, with the rest of its gesture, until a pointer lifts, so
    /// everything that keeps a list of pointers works on at most this many.
    public static let maxPointers = 64
    /// The most UTF-8 bytes one text event carries (SDL sends at most 32 a time; a script
    /// or a paste-like input method may send more); longer text is cut at a character.
    public static let maxTextBytes = 65_536
    /// The longest scripted stall (seconds); the loop clamps a frame to 0.25 s anyway.
    public static let maxHitch = 3600.0
}

extension InputLimits {
    /// A window size brought within the limits: each side 1…`maxWindowSide` (a NaN side
    /// becomes 1), then, if the area is past `maxWindowPixels`, both sides scaled by the same
    /// factor and rounded down to whole points (the aspect ratio kept to within a point).
    /// A size within the limits comes back as it was.
    public static func windowSize(w width: Double, h height: Double) -> (w: Double, h: Double) {
        func side(_ v: Double) -> Double { v.isNaN ? 1 : min(max(v, 1), maxWindowSide) }
        var w = side(width), h = side(height)
        guard w * h > maxWindowPixels else { return (w, h) }
        let k = (maxWindowPixels / (w * h)).squareRoot()
        w = max(1, (w * k).rounded(.down))
        h = max(1, (h * k).rounded(.down))
        // Rounding can leave the product a hair over: one point off the longer side fixes it.
        if w * h > maxWindowPixels {
            if w >= h { w -= 1 } else { h -= 1 }
        }
        return (w, h)
    }
}

extension InputEvent {
    /// The event with its numbers brought within `InputLimits` (a NaN becomes 0): what the
    /// frame driver hands on, whatever the platform sent.
    public var clamped: InputEvent {
        func c(_ v: Double, _ m: Double) -> Double { v.isNaN ? 0 : min(max(v, -m), m) }
        func p(_ v: Vec2) -> Vec2 { Vec2(c(v.x, InputLimits.maxPointerCoordinate), c(v.y, InputLimits.maxPointerCoordinate)) }
        switch self {
        case .pointerDown(let id, let d, let at): return .pointerDown(pointer: id, device: d, at: p(at))
        case .pointerMove(let id, let d, let at): return .pointerMove(pointer: id, device: d, at: p(at))
        case .pointerUp(let id, let d, let at): return .pointerUp(pointer: id, device: d, at: p(at))
        case .wheel(let dx, let dy): return .wheel(dx: c(dx, InputLimits.maxWheel), dy: c(dy, InputLimits.maxWheel))
        case .gamepadAxis(let pad, let axis, let v): return .gamepadAxis(pad: pad, axis: axis, value: c(v, 1))
        case .resize(let w, let h):
            let size = InputLimits.windowSize(w: w, h: h)
            return .resize(w: size.w, h: size.h)
        case .hitch(let s): return .hitch(seconds: s.isNaN ? 0 : min(max(s, 0), InputLimits.maxHitch))
        case .text(let t): return .text(Self.bounded(t))
        case .fileDropped(let p): return .fileDropped(path: Self.bounded(p))
        case .composition(let t, let cursor):
            let b = Self.bounded(t)
            return .composition(text: b, cursor: min(max(cursor, 0), b.count))
        default: return self
        }
    }

    /// `text` cut to `InputLimits.maxTextBytes` of UTF-8, at a character boundary.
    static func bounded(_ text: String) -> String {
        guard text.utf8.count > InputLimits.maxTextBytes else { return text }
        var out = "", bytes = 0
        for c in text {
            let n = c.utf8.count
            if bytes + n > InputLimits.maxTextBytes { break }
            out.append(c)
            bytes += n
        }
        return out
    }
}
