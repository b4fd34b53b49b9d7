import Engine
import Songs

/// What a hand can do on the board, declared once: presses are looked up here (the focus's
/// keys and pad buttons, transposing, the songs panel's keys), and the help, docs/controls.md
/// and the README's short table are written from it. Typing's keys belong to the text field
/// (`TextField+Keys`); their rows only describe them.
enum BoardControls {
    /// An action of the board, of typing (mode "Typing") or of the songs panel (mode "Songs panel").
    enum Action: Sendable, Equatable {
        case drag, hold, catchCard, scroll, edgeScroll, dropOff, undoButtons, transposeButtons, type, songs, dismissBanner
        case move, activate, cancel, delete, undo, redo, transposeDown, transposeUp, padScroll
        case caret, split, edit, leaveText
        case chooseSong, openSong, renameSong, deleteSong, newSong, exportSong, closeSongs
    }

    static let typingMode = "Typing"
    static let songsMode = "Songs panel"

    static let bindings = Bindings<Action>([
        Binding(.drag, "pick up a copy; drop it on a lyric line (or flick it at one)", mouse: "Drag a card up or down",
                touch: "Drag cards up or down (one ghost per finger, each with its own target line)",
                brief: "picks up a copy to drop on a line"),
        Binding(.hold, "lift a card or a placed chord, any direction", mouse: "Press and hold, then drag",
                touch: "Press and hold, then drag", brief: "lifts a card or placed chord"),
        Binding(.catchCard, "catch it where it is, and carry it on", mouse: "Press a card flying back", touch: "Press a card flying back"),
        Binding(.scroll, "scroll the strip or the sheet", mouse: "Wheel, or drag the strip sideways", touch: "Drag sideways", brief: "scrolls"),
        Binding(.edgeScroll, "scroll it (move toward the edge, or rest there)", mouse: "Carry to a panel's edge",
                touch: "Carry to a panel's edge"),
        Binding(.dropOff, "delete it", mouse: "Drop a placed chord off the sheet", touch: "Drop a placed chord off the sheet"),
        Binding(.move, "move the focus (cards, then ↓ the placed chords), or what is carried: a line / a chord slot",
                keys: [.left, .right, .up, .down], keyLabel: "← → ↑ ↓ (hold to repeat)",
                buttons: [.dpleft, .dpright, .dpup, .dpdown], padLabel: "D-pad or left stick", brief: "move the focus"),
        Binding(.activate, "lift a copy of the focused card or chord; drop it", keys: [.space, .enter, Key("Keypad Enter")],
                keyLabel: "Space or Return", buttons: [.a], brief: "lifts and drops"),
        Binding(.cancel, "cancel the carry (it flies back)", keys: [.escape], buttons: [.b], brief: "cancels"),
        Binding(.delete, "delete the focused chord", keys: [Key("Delete"), .backspace], keyLabel: "Delete or Backspace",
                buttons: [.y], brief: "deletes"),
        Binding(.undoButtons, "undo or redo a change to the sheet", mouse: "Undo / Redo buttons", touch: "Undo / Redo buttons",
                brief: "undo, redo"),
        Binding(.undo, "undo", keys: [Key("Z")], ctrl: true, keyLabel: "Ctrl+Z", buttons: [.x],
                brief: "undo"),
        Binding(.redo, "redo", keys: [Key("Y")], ctrl: true, keyLabel: "Ctrl+Shift+Z, Ctrl+Y", buttons: [.start], brief: "redo"),
        Binding(.transposeButtons, "transpose the song down / up a semitone", mouse: "Flat ♭ / sharp ♯ buttons", touch: "Flat ♭ / sharp ♯ buttons",
                padLabel: "LT / RT", brief: "transpose"),
        Binding(.transposeDown, "transpose the song down a semitone", keys: [Key("-"), Key("Keypad -")], keyLabel: "-",
                brief: "transpose down"),
        Binding(.transposeUp, "transpose the song up a semitone", keys: [Key("="), Key("+"), Key("Keypad +")], keyLabel: "+",
                brief: "up"),
        Binding(.padScroll, "scroll the strip (sideways) and the sheet (up and down)", padLabel: "Right stick", brief: "scrolls"),
        Binding(.type, "type in it there; in the line typed in, drag along it (or on into other lines) to select, Shift-click to select to there, double-click a word, triple-click the line", mouse: "Click or drag along a line (off its chords)",
                touch: "Tap a line (off its chords)", brief: "types in it"),
        Binding(.edit, "type in the focused chord's line (else the first in view)", keys: [Key("F2")], brief: "types in a line"),
        Binding(.dismissBanner, "put away a message over the sheet (it goes by itself after 8 s)", mouse: "Click the message",
                touch: "Tap the message"),
        Binding(.caret, "move the caret", mode: typingMode, keyLabel: "← → Home End (Shift selects, Ctrl by word)",
                brief: "moves the caret"),
        Binding(.split, "split the line / join it to the one before", mode: typingMode,
                keyLabel: "Return / Backspace at a line's start"),
        Binding(.caret, "select all, copy, cut, paste / undo, redo", mode: typingMode, keyLabel: "Ctrl+A, C, X, V / Ctrl+Z, Y"),
        Binding(.caret, "the line above or below (Shift selects across lines: typing replaces it, Delete deletes it, Ctrl+C copies)", mode: typingMode, keyLabel: "↑ ↓"),
        Binding(.leaveText, "leave the text (a pad has no keys to type with)", mode: typingMode, keyLabel: "Escape",
                padLabel: "Any button", brief: "leaves the text"),
        Binding(.songs, "list the songs: click one to open it; New, Rename, Delete (to the trash), Export (ChordPro)",
                mouse: "Songs button", touch: "Songs button", keys: [Key("O")], ctrl: true, keyLabel: "Ctrl+O",
                buttons: [.leftstick], padLabel: "Left stick press", brief: "lists the songs"),
        Binding(.chooseSong, "choose a song", mode: songsMode, keys: [.up, .down], keyLabel: "↑ ↓", buttons: [.dpup, .dpdown],
                padLabel: "D-pad ↑ ↓"),
        Binding(.openSong, "open it", mode: songsMode, keys: [.enter, Key("Keypad Enter"), .space], keyLabel: "Return or Space",
                buttons: [.a]),
        Binding(.renameSong, "rename the open song", mode: songsMode, keys: [Key("F2")]),
        Binding(.deleteSong, "delete the open song (to the trash; it asks first: press again)", mode: songsMode, keys: [Key("Delete")]),
        Binding(.newSong, "make a new song and open it", mode: songsMode, keys: [Key("N")], ctrl: true, keyLabel: "Ctrl+N",
                buttons: [.x]),
        Binding(.exportSong, "export the open song as ChordPro", mode: songsMode, keys: [Key("E")], ctrl: true,
                keyLabel: "Ctrl+E", buttons: [.y]),
        Binding(.closeSongs, "close the panel", mode: songsMode, keys: [.escape], buttons: [.b]),
    ])

    /// The focus command a binding's action stands for.
    static func focusCommand(_ action: Action) -> FocusCommand? {
        switch action {
        case .activate: .activate
        case .cancel: .cancel
        case .delete: .delete
        case .undo: .undo
        case .redo: .redo
        default: nil
        }
    }
}
