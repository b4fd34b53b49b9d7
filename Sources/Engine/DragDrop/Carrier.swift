/// Who carries something: a pointer (the mouse or a finger), the keyboard or a gamepad.
public enum Carrier: Hashable, Sendable {
    /// The mouse or a finger, by pointer id (`InputState.Pointer.id`).
    case pointer(Int)
    /// The keyboard's focus.
    case keyboard
    /// A gamepad, by its instance id.
    case pad(Int)

    /// For state dumps: "pointer:N", "keyboard" or "pad:N".
    public var json: JSONValue {
        switch self {
        case .pointer(let id): .string("pointer:\(id)")
        case .keyboard: .string("keyboard")
        case .pad(let id): .string("pad:\(id)")
        }
    }

    /// Whether a mouse or a finger carries it (it then follows that pointer, not a slot).
    public var isPointer: Bool {
        if case .pointer = self { true } else { false }
    }
}
