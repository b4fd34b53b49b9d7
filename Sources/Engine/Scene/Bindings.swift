/// One thing a scene lets a person do, declared once: how each device does it and what it
/// does. A scene's `Bindings` table is where its key and pad-button presses are looked up
/// (`action(for:mode:)`) and where its help overlay, `motionlab controls`, docs/controls.md
/// and the README's short table are written from (`controls`, `brief`), so the help cannot
/// drift from what the keys do.
///
/// A binding's `keys` and `buttons` are the presses that trigger it. A trigger done by a
/// gesture, a held key or a stick (drag a ring, hold ← →) has a label and no presses: the
/// scene's gesture code does it, and the table only describes it.
public struct Binding<Action: Sendable & Equatable>: Sendable {
    /// What the scene does.
    public var action: Action
    /// What it does, in the help's words.
    public var help: String
    /// The mode it belongs to ("Edit", "Typing"), written before each trigger; nil: always.
    public var mode: String?
    /// How a mouse does it ("Drag a ring"), if it can.
    public var mouse: String?
    /// How a finger does it, if it can.
    public var touch: String?
    /// The keys as the help writes them; nil: the names of `keys` joined with " / ".
    public var keyLabel: String?
    /// The key presses that trigger it.
    public var keys: [Key]
    /// Whether its keys trigger it only with Ctrl held (Ctrl+Z). Without, they trigger it
    /// whatever modifiers are held.
    public var ctrl: Bool
    /// The pad buttons as the help writes them; nil: the names of `buttons` joined with " / ".
    public var padLabel: String?
    /// The pad-button presses that trigger it.
    public var buttons: [GamepadButton]
    /// A word or two for the README's short table ("shape", "debug"); nil: left out of it.
    public var brief: String?

    /// A binding: `action` does `help`, triggered by `keys` and `buttons` (and described for
    /// the mouse and a finger).
    public init(_ action: Action, _ help: String, mode: String? = nil, mouse: String? = nil, touch: String? = nil,
                keys: [Key] = [], ctrl: Bool = false, keyLabel: String? = nil, buttons: [GamepadButton] = [], padLabel: String? = nil,
                brief: String? = nil) {
        self.action = action; self.help = help; self.mode = mode; self.mouse = mouse; self.touch = touch
        self.keys = keys; self.ctrl = ctrl; self.keyLabel = keyLabel; self.buttons = buttons; self.padLabel = padLabel; self.brief = brief
    }

    /// The trigger the help writes for `input`, if this binding has one.
    public func trigger(_ input: Control.Input) -> String? {
        let label: String?
        switch input {
        case .mouse: label = mouse
        case .touch: label = touch
        case .keyboard: label = keyLabel ?? (keys.isEmpty ? nil : keys.map(\.name).joined(separator: " / "))
        case .gamepad: label = padLabel ?? (buttons.isEmpty ? nil : buttons.map(\.label).joined(separator: " / "))
        }
        guard let label else { return nil }
        return mode.map { "\($0): \(label)" } ?? label
    }
}

/// A scene's table of bindings, in the order its help lists them.
public struct Bindings<Action: Sendable & Equatable>: Sendable {
    /// The bindings, in the help's order.
    public let all: [Binding<Action>]

    /// The table of `all`.
    public init(_ all: [Binding<Action>]) { self.all = all }

    /// The action a key or pad-button press triggers in `mode` (nil: outside any mode), with
    /// Ctrl held or not, if any; every other event gives nil. The first binding that lists the
    /// press wins.
    public func action(for event: InputEvent, mode: String? = nil, ctrl: Bool = false) -> Action? {
        switch event {
        case .key(let k, true): all.first { $0.mode == mode && (ctrl || !$0.ctrl) && $0.keys.contains(k) }?.action
        case .gamepadButton(_, let b, true): all.first { $0.mode == mode && $0.buttons.contains(b) }?.action
        default: nil
        }
    }

    /// Whether key `k` triggers anything in `mode` (with Ctrl held or not).
    public func binds(_ k: Key, mode: String?) -> Bool { all.contains { $0.mode == mode && $0.keys.contains(k) } }

    /// The help's rows: per device, each binding that device can trigger.
    public var controls: [Control] {
        Control.Input.allCases.flatMap { input in
            all.compactMap { b in b.trigger(input).map { Control(input, $0, b.help, brief: b.brief, mode: b.mode) } }
        }
    }
}

extension GamepadButton {
    /// The button as the help writes it: the face buttons' letters (Xbox layout), LB and RB,
    /// "D-pad ↑".
    public var label: String {
        switch self {
        case .a: "A"
        case .b: "B"
        case .x: "X"
        case .y: "Y"
        case .back: "Back"
        case .guide: "Guide"
        case .start: "Start"
        case .leftstick: "Left stick press"
        case .rightstick: "Right stick press"
        case .leftshoulder: "LB"
        case .rightshoulder: "RB"
        case .dpup: "D-pad ↑"
        case .dpdown: "D-pad ↓"
        case .dpleft: "D-pad ←"
        case .dpright: "D-pad →"
        case .misc1: "Share"
        case .paddle1: "Paddle 1"
        case .paddle2: "Paddle 2"
        case .paddle3: "Paddle 3"
        case .paddle4: "Paddle 4"
        case .touchpad: "Touchpad"
        }
    }
}
