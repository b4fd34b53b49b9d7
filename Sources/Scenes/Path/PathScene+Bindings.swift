import Engine

// What a hand can do in the path scene, on the rings and in the editor: presses are looked
// up here, and the help, docs/controls.md and the README's short table are written from it.
extension PathScene {
    /// An action of the rings or (mode "Edit") of the editor.
    enum Action: Sendable, Equatable {
        case drag, stop, send, orbit, orbitTriggers, ride, shape, debug, focus, edit
        case dragPoint, addAnchor, corner, moveHandle, delete, focusNext, focusPrevious, nudge, insert
        case snap, link, export, undo, redo, leave
    }

    /// The editor's mode name in the table.
    static let editMode = "Edit"

    static let bindings = Bindings<Action>([
        Binding(.drag, "slide it along the path; let go moving and it coasts on", mouse: "Drag a ring",
                touch: "Drag rings (one finger per ring, two at once)", brief: "slides it (let go moving, it coasts)"),
        Binding(.stop, "stop a coasting ring", mouse: "Click anywhere", touch: "Tap anywhere"),
        Binding(.send, "send the nearest free ring there", mouse: "Click the path", touch: "Tap the path"),
        Binding(.orbit, "orbit the focused ring along the path (it coasts when let go)", keyLabel: "← → ↑ ↓",
                padLabel: "Left stick", brief: "orbit"),
        Binding(.orbitTriggers, "orbit forward / backward", padLabel: "RT / LT", brief: "orbit"),
        Binding(.ride, "next way to ride: on the path, turning, smoothly, beside it", mouse: "Ride button",
                touch: "Ride button", keys: [Key("R")], buttons: [.a], brief: "ride"),
        Binding(.shape, "next shape", mouse: "Shape button", touch: "Shape button", keys: [Key("S")], buttons: [.x], brief: "shape"),
        Binding(.debug, "debug samples on or off", mouse: "Debug button", touch: "Debug button", keys: [Key("D")], buttons: [.y],
                brief: "debug"),
        Binding(.focus, "focus the other ring", keys: [Key("F")], buttons: [.b], brief: "focus"),
        Binding(.edit, "edit mode: shape the path while the rings ride it", mouse: "Edit button", touch: "Edit button",
                keys: [Key("E")], buttons: [.start], brief: "edits"),
        Binding(.dragPoint, "move an anchor, or a handle (a smooth point's other handle turns with it)", mode: editMode,
                mouse: "Drag a point", touch: "Drag points (one finger per point)", brief: "drag points"),
        Binding(.addAnchor, "put an anchor there (the shape does not change); drag on to move it", mode: editMode,
                mouse: "Click the path", touch: "Tap the path", brief: "adds an anchor"),
        Binding(.moveHandle, "move a handle alone", mode: editMode, mouse: "Alt+drag a handle"),
        Binding(.corner, "turn an anchor into a corner, or a corner into a smooth point", mode: editMode,
                mouse: "Double-click an anchor", touch: "Double-tap an anchor",
                keys: [Key("C"), .space, .enter, Key("Keypad Enter")], keyLabel: "C, Space or Return", buttons: [.a],
                brief: "corner ↔ smooth"),
        Binding(.delete, "delete the anchor", mode: editMode, mouse: "Press and hold an anchor still",
                touch: "Hold still on an anchor", keys: [Key("Delete"), .backspace], keyLabel: "Delete or Backspace", buttons: [.y],
                brief: "deletes"),
        Binding(.focusNext, "focus the next anchor", mode: editMode, keys: [.tab],
                keyLabel: "Tab (Shift+Tab: the previous)", buttons: [.dpright], brief: "focuses an anchor"),
        Binding(.focusPrevious, "focus the previous anchor", mode: editMode, buttons: [.dpleft]),
        Binding(.nudge, "move the focused anchor (a key: 1 pt, with Shift 10 pt, with the grid a grid step)", mode: editMode,
                keys: [.left, .right, .up, .down], keyLabel: "← → ↑ ↓", padLabel: "Left stick", brief: "moves it"),
        Binding(.insert, "insert an anchor after the focused one", mode: editMode, keys: [Key("I")],
                buttons: [.dpup, .leftstick], padLabel: "D-pad ↑ or left stick press", brief: "inserts one"),
        Binding(.snap, "grid snap on or off", mode: editMode, mouse: "Snap button", touch: "Snap button", keys: [Key("G")],
                buttons: [.dpdown, .rightstick], padLabel: "D-pad ↓ or right stick press", brief: "grid"),
        Binding(.link, "linked handles on or off (off: a handle moves alone)", mode: editMode, mouse: "Handles button",
                touch: "Handles button", keys: [Key("L")], brief: "linked handles"),
        Binding(.export, "export the SVG path data", mode: editMode, mouse: "Export button", touch: "Export button",
                keys: [Key("X")], brief: "exports"),
        Binding(.undo, "undo", mode: editMode, mouse: "Undo button", touch: "Undo button",
                keys: [Key("Z")], ctrl: true, keyLabel: "Ctrl+Z", buttons: [.x], brief: "undo"),
        Binding(.redo, "redo", mode: editMode, mouse: "Redo button", touch: "Redo button", keys: [Key("Y")], ctrl: true,
                keyLabel: "Ctrl+Shift+Z or Ctrl+Y", buttons: [.start], brief: "redo"),
        Binding(.leave, "leave edit mode", mode: editMode, mouse: "Edit button", touch: "Edit button",
                keys: [Key("E"), .escape], buttons: [.b], brief: "leaves"),
    ])

    /// The table's rows, for the help overlay and docs/controls.md.
    public var controls: [Control] { Self.bindings.controls }

    /// The editor's keys (Tab, G, Escape among them) are its own while it is on.
    public func claims(_ key: Key) -> Bool { editing && Self.bindings.binds(key, mode: Self.editMode) }
}
