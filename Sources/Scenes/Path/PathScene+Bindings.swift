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

    /// The scene's table: the rings', then the editor's (`PathEditSession.bindings`).
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
    ] + PathEditSession.bindings)

    /// The table's rows, for the help overlay and docs/controls.md.
    public var controls: [Control] { Self.bindings.controls }

    /// The editor's keys (Tab, G, Escape among them) while editing; Escape while keys or a pad orbit a ring and no pointer
    /// holds one (it does not quit under them: they orbit while held, and let go, the ring
    /// coasts on). With a pointer holding a ring too, Escape is the shell's: it cancels the
    /// pointers' gestures, as anywhere.
    public func claims(_ key: Key) -> Bool {
        if editing && Self.bindings.binds(key, mode: PathEditSession.mode) { return true }
        guard key == .escape else { return false }
        var byKeys = false
        for f in followers.store.dense {
            guard case .hand(let h) = f.grabbedBy else { continue }
            if h.isPointer { return false }
            byKeys = true
        }
        return byKeys
    }
}
