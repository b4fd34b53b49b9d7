/// Who carries something: a pointer (the mouse or a finger), the keyboard or a gamepad.
public enum Carrier: Hashable, Sendable {
    case pointer(Int)
    case keyboard
    case pad(Int)

    /// For state dumps: "pointer:N", "keyboard" or "pad:N".
    public var json: JSONValue {
        switch self {
        case .pointer(let id): .string("pointer:\(id)")
        case .keyboard: .string("keyboard")
        case .pad(let id): .string("pad:\(id)")
        }
    }

    public var isPointer: Bool {
        if case .pointer = self { true } else { false }
    }
}
