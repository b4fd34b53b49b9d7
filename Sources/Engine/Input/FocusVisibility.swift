/// The web's focus-visible rule: a keyboard focus ring (or cursor) shows after the keyboard
/// or a gamepad is used and hides again at the next press of a mouse or finger, so pointer
/// users never see a ring they did not ask for.
public struct FocusVisibility: Sendable, Equatable {
    /// Whether the focus ring should be drawn now.
    public private(set) var isVisible = false

    /// Hidden until a key or a pad is used.
    public init() {}

    /// Updates from one input event.
    public mutating func note(_ event: InputEvent) {
        switch event {
        case .key(_, true), .keyRepeat, .gamepadButton(_, _, true): isVisible = true
        case .gamepadAxis(_, let axis, let v) where abs(v) > 0.5 && axis != .lefttrigger && axis != .righttrigger: isVisible = true
        case .pointerDown: isVisible = false
        default: break
        }
    }
}
