import Engine

// The editor's part of the path scene's binding table (mode "Edit"): its keys and pad
// buttons are looked up there while editing (`PathScene.editPress`).
extension PathEditSession {
    /// The editor's mode name in the table.
    static let mode = "Edit"

    /// The editor's rows.
    static let bindings: [Binding<PathScene.Action>] = [
        Binding(.dragPoint, "move an anchor, or a handle (a smooth point's other handle turns with it)", mode: mode,
                mouse: "Drag a point", touch: "Drag points (one finger per point)", brief: "drag points"),
        Binding(.addAnchor, "put an anchor there (the shape does not change); drag on to move it", mode: mode,
                mouse: "Click the path", touch: "Tap the path", brief: "adds an anchor"),
        Binding(.moveHandle, "move a handle alone", mode: mode, mouse: "Alt+drag a handle"),
        Binding(.corner, "turn an anchor into a corner, or a corner into a smooth point", mode: mode,
                mouse: "Double-click an anchor", touch: "Double-tap an anchor",
                keys: [Key("C"), .space, .enter, Key("Keypad Enter")], keyLabel: "C, Space or Return", buttons: [.a],
                brief: "corner ↔ smooth"),
        Binding(.delete, "delete the anchor", mode: mode, mouse: "Press and hold an anchor still",
                touch: "Hold still on an anchor", keys: [Key("Delete"), .backspace], keyLabel: "Delete or Backspace", buttons: [.y],
                brief: "deletes"),
        Binding(.focusNext, "focus the next anchor", mode: mode, keys: [.tab],
                keyLabel: "Tab (Shift+Tab: the previous)", buttons: [.dpright], brief: "focuses an anchor"),
        Binding(.focusPrevious, "focus the previous anchor", mode: mode, buttons: [.dpleft]),
        Binding(.nudge, "move the focused anchor (a key: 1 pt, with Shift 10 pt, with the grid a grid step)", mode: mode,
                keys: [.left, .right, .up, .down], keyLabel: "← → ↑ ↓", padLabel: "Left stick", brief: "moves it"),
        Binding(.insert, "insert an anchor after the focused one", mode: mode, keys: [Key("I")],
                buttons: [.dpup, .leftstick], padLabel: "D-pad ↑ or left stick press", brief: "inserts one"),
        Binding(.snap, "grid snap on or off", mode: mode, mouse: "Snap button", touch: "Snap button", keys: [Key("G")],
                buttons: [.dpdown, .rightstick], padLabel: "D-pad ↓ or right stick press", brief: "grid"),
        Binding(.link, "linked handles on or off (off: a handle moves alone)", mode: mode, mouse: "Handles button",
                touch: "Handles button", keys: [Key("L")], brief: "linked handles"),
        Binding(.export, "export the SVG path data", mode: mode, mouse: "Export button", touch: "Export button",
                keys: [Key("X")], brief: "exports"),
        Binding(.undo, "undo", mode: mode, mouse: "Undo button", touch: "Undo button",
                keys: [Key("Z")], ctrl: true, keyLabel: "Ctrl+Z", buttons: [.x], brief: "undo"),
        Binding(.redo, "redo", mode: mode, mouse: "Redo button", touch: "Redo button", keys: [Key("Y")], ctrl: true,
                keyLabel: "Ctrl+Shift+Z or Ctrl+Y", buttons: [.start], brief: "redo"),
        Binding(.leave, "leave edit mode", mode: mode, mouse: "Edit button", touch: "Edit button",
                keys: [Key("E"), .escape], buttons: [.b], brief: "leaves"),
    ]
}
