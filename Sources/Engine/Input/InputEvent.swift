import Entities
import Geometry

/// What kind of device a pointer is.
public enum PointerDevice: String, Sendable, Hashable, Codable {
    case mouse, touch

    /// How far from a target a press may land and still hit it: fingers are blunter.
    public var hitSlop: Double { self == .touch ? 22 : 8 }
}

/// A key, by SDL's key name (`Return`, `Space`, `Left`, `F1`, `A`, `1`, `Tab`, …).
public struct Key: Hashable, Sendable, CustomStringConvertible {
    public let name: String
    public init(_ name: String) { self.name = name }
    public var description: String { name }

    public static let left = Key("Left"), right = Key("Right"), up = Key("Up"), down = Key("Down")
    public static let enter = Key("Return"), space = Key("Space"), tab = Key("Tab"), escape = Key("Escape")
    public static let f1 = Key("F1"), question = Key("?"), slash = Key("/"), backspace = Key("Backspace")
}

/// A game controller axis, named as SDL's `SDL_GameControllerGetStringForAxis` names it.
public enum GamepadAxis: String, Sendable, CaseIterable, Codable {
    case leftx, lefty, rightx, righty, lefttrigger, righttrigger
}

/// A game controller button, named as SDL's `SDL_GameControllerGetStringForButton` names it.
public enum GamepadButton: String, Sendable, CaseIterable, Codable {
    case a, b, x, y, back, guide, start, leftstick, rightstick, leftshoulder, rightshoulder
    case dpup, dpdown, dpleft, dpright, misc1, paddle1, paddle2, paddle3, paddle4, touchpad
}

/// A platform-neutral input event. Coordinates are window points (top-left origin, y down).
public enum InputEvent: Hashable, Sendable {
    case pointerDown(pointer: Int, device: PointerDevice, at: Vec2)
    case pointerMove(pointer: Int, device: PointerDevice, at: Vec2)
    case pointerUp(pointer: Int, device: PointerDevice, at: Vec2)
    /// The pointer's gesture ends without effect (focus lost, touch cancelled).
    case pointerCancel(pointer: Int, device: PointerDevice)
    /// Scroll amounts in points; positive `dy` scrolls the content up (wheel away from you).
    case wheel(dx: Double, dy: Double)
    case key(Key, down: Bool)
    /// The system's auto-repeat of a key held down (after a `key(_, down: true)`): for
    /// moves that should keep going while the key is held (arrows in a list). Toggles and
    /// actions listen to the down event only.
    case keyRepeat(Key)
    case gamepadAdded(pad: Int)
    case gamepadRemoved(pad: Int)
    /// Stick axes in -1…1 (y down positive, as SDL), triggers in 0…1. Raw: no dead zone.
    case gamepadAxis(pad: Int, axis: GamepadAxis, value: Double)
    case gamepadButton(pad: Int, button: GamepadButton, down: Bool)
    case resize(w: Double, h: Double)
    case focusLost
    case focusGained
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
    /// The longest scripted stall (seconds); the loop clamps a frame to 0.25 s anyway.
    public static let maxHitch = 3600.0
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
            return .resize(w: min(max(w.isNaN ? 1 : w, 1), InputLimits.maxWindowSide), h: min(max(h.isNaN ? 1 : h, 1), InputLimits.maxWindowSide))
        case .hitch(let s): return .hitch(seconds: s.isNaN ? 0 : min(max(s, 0), InputLimits.maxHitch))
        default: return self
        }
    }
}
