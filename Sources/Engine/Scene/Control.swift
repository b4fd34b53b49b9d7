/// One row of the controls table: the help overlay and docs/controls.md are made from these.
public struct Control: Sendable, Equatable {
    public enum Input: String, Sendable, CaseIterable { case mouse = "Mouse", touch = "Touch", keyboard = "Keyboard", gamepad = "Gamepad" }
    public var input: Input
    public var trigger: String
    public var action: String
    public init(_ input: Input, _ trigger: String, _ action: String) {
        self.input = input; self.trigger = trigger; self.action = action
    }
}
