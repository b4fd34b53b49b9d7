import Geometry

/// What a key or a gamepad button asks of a keyboard focus: move it, activate (lift or
/// drop), cancel, delete, undo or redo — the conventions of dnd-kit's keyboard sensor and
/// react-beautiful-dnd, shared by every scene with a focus.
public enum FocusCommand: Equatable, Sendable {
    /// Move the focus left (or to the previous item).
    case left
    /// Move the focus right (or to the next item).
    case right
    /// Move the focus up.
    case up
    /// Move the focus down.
    case down
    /// Act on the focus: press its button, lift what it is on, or drop what is carried.
    case activate
    /// Put back what is carried, or leave the mode.
    case cancel
    /// Remove the focused thing.
    case delete
    /// Take back the last edit.
    case undo
    /// Do again the last edit taken back.
    case redo

    /// The command key `k` gives, with the modifiers held in `input` (Ctrl+Z undoes,
    /// Ctrl+Shift+Z and Ctrl+Y redo).
    public init?(key k: Key, input: InputState) {
        let ctrl = input.ctrl, shift = input.shift
        switch k.name {
        case "Left": self = .left
        case "Right": self = .right
        case "Up": self = .up
        case "Down": self = .down
        case "Space", "Return", "Keypad Enter": self = .activate
        case "Escape": self = .cancel
        case "Delete", "Backspace": self = .delete
        case "Z" where ctrl: self = shift ? .redo : .undo
        case "Y" where ctrl: self = .redo
        default: return nil
        }
    }

    /// The command a pad button gives: the d-pad moves, A activates, B cancels, Y deletes,
    /// X undoes and Start redoes.
    public init?(padButton b: GamepadButton) {
        switch b {
        case .dpleft: self = .left
        case .dpright: self = .right
        case .dpup: self = .up
        case .dpdown: self = .down
        case .a: self = .activate
        case .b: self = .cancel
        case .y: self = .delete
        case .x: self = .undo
        case .start: self = .redo
        default: return nil
        }
    }
}

/// A stick that steps a focus like the d-pad: a step when pushed past half-way, then
/// repeats while held (the first after `delay`, then every `interval`), per pad.
public struct StickSteps: Sendable {
    /// Seconds held before the first repeat.
    public static let delay = 0.35
    /// Seconds between repeats after that.
    public static let interval = 0.12
    private var held: [Int: (direction: FocusCommand?, wait: Double)] = [:]

    /// No stick held.
    public init() {}

    /// The step pad `pad`'s stick at `stick` gives in this fixed step of `dt`, if any.
    public mutating func step(pad: Int, stick: Vec2, dt: Double) -> FocusCommand? {
        var dir: FocusCommand?
        if max(abs(stick.x), abs(stick.y)) > 0.5 {
            dir = abs(stick.x) > abs(stick.y) ? (stick.x > 0 ? .right : .left) : (stick.y > 0 ? .down : .up)
        }
        var state = held[pad] ?? (nil, 0)
        var out: FocusCommand?
        if let dir {
            if state.direction != dir {
                state = (dir, Self.delay)
                out = dir
            } else {
                state.wait -= dt
                if state.wait <= 0 {
                    state.wait += Self.interval
                    out = dir
                }
            }
        } else {
            state = (nil, 0)
        }
        held[pad] = state
        return out
    }

    /// Pad `pad` went away.
    public mutating func remove(pad: Int) { held[pad] = nil }
}
