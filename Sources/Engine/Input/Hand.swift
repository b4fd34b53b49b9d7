/// Who holds something: a pointer (the mouse or a finger), the keyboard, a gamepad, or a
/// script. One type for every scene's grabs and carries — the board's cards, the basket's
/// balls, the tap picture, the path's rings — so "who has it" is said one way everywhere.
public enum Hand: Hashable, Sendable {
    /// The mouse or a finger, by pointer id (`InputState.Pointer.id`).
    case pointer(Int)
    /// The keyboard's focus.
    case keyboard
    /// A gamepad, by its instance id.
    case pad(Int)
    /// A script moving it (the stress scene's moving targets).
    case script

    /// For state dumps: "pointer:N", "keyboard", "pad:N" or "script".
    public var json: JSONValue {
        switch self {
        case .pointer(let id): .string("pointer:\(id)")
        case .keyboard: .string("keyboard")
        case .pad(let id): .string("pad:\(id)")
        case .script: .string("script")
        }
    }

    /// Whether a mouse or a finger holds it (it then follows that pointer, not a slot).
    public var isPointer: Bool {
        if case .pointer = self { true } else { false }
    }
}
