/// One row of the controls table: the help overlay and docs/controls.md are made from these.
public struct Control: Sendable, Equatable {
    /// The kind of input a control is for: the table's four sections.
    public enum Input: String, Sendable, CaseIterable {
        /// A mouse (or trackpad) and its wheel.
        case mouse = "Mouse"
        /// Fingers on a touchscreen.
        case touch = "Touch"
        /// Keys.
        case keyboard = "Keyboard"
        /// A game controller's buttons and sticks.
        case gamepad = "Gamepad"
    }

    /// Which section the row belongs in.
    public var input: Input
    /// What the user does, as written in the table: "Drag the handle", "Tab", "A".
    public var trigger: String
    /// What it does.
    public var action: String
    /// What it does in a word or two, for the README's short table; nil: left out of it.
    public var brief: String?
    /// The mode the row belongs to ("Edit"), which `trigger` starts with as "Edit: "; nil: always.
    public var mode: String?

    /// A row: `trigger` on `input` does `action` (`brief` in short), in `mode`.
    public init(_ input: Input, _ trigger: String, _ action: String, brief: String? = nil, mode: String? = nil) {
        self.input = input; self.trigger = trigger; self.action = action; self.brief = brief; self.mode = mode
    }
}
