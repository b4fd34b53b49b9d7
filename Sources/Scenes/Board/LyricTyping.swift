import Engine
import Geometry
import Songs

/// Typing lyrics: the line being typed in and its text field, its sideways scroll, the
/// caret's blink, presses on the text, the run of typing that makes one undo step and its
/// delayed save. The board holds one (`BoardScene.typing`) and hands it, while a line has the
/// caret, its keys, text and compositions (`LyricTyping+Keys.swift`); presses on lyrics
/// (`+Pointers.swift`); and the line typed in to draw (`+Drawing.swift`). Every edit goes into
/// the board's sheet and is committed there (`SheetEdits.commit`), one undo step for a run of
/// typing (`+Saving.swift`).
final class LyricTyping {
    /// The board whose sheet is typed in.
    unowned let board: BoardScene

    init(board: BoardScene) { self.board = board }

    /// The lyric line being typed in, if any: its line and its text field.
    var lyric: LyricEdit? {
        didSet {
            if lyric == nil { lineAnchor = nil }
            // A composition moves the chords after the caret (`LyricLayout`): laid out again
            // when one begins, changes or ends.
            // (So does a move to another line while one is scrolled.)
            if oldValue?.composed != lyric?.composed || (oldValue?.line != lyric?.line && lyricScroll != 0) {
                board.lyricLayout.forget()
            }
            followCaret()
        }
    }
    /// The other end of a selection across lines (`LyricTyping+Lines.swift`), in another line
    /// than the caret's; nil when the selection, if any, is the line's own.
    var lineAnchor: TextPlace?
    /// How far the line being typed in is scrolled to the left (points), so that its caret
    /// stays in view in a line longer than the sheet is wide (`followCaret`). Its caret
    /// stops and chords are laid out scrolled (`LyricLayout.layout`); 0 for every other line.
    var lyricScroll = 0.0 {
        didSet { if lyricScroll != oldValue { board.lyricLayout.forget() } }
    }
    /// The caret's blink (on for `CaretBlink.half` s, off as long; solid while typing).
    var caretBlink = CaretBlink()
    /// A press on a lyric: a tap there puts the caret in it, a drag in the line being typed
    /// in selects.
    var textPress: TextPress?
    /// A second click or tap on the line being typed in selects a word, a third the line.
    var lyricTaps = DoubleTap<Int>(interval: 0.4)
    /// The typing the last change was, while it may still take more typing into the same
    /// undo step: its line and where its caret ended.
    var typingRun: (line: Int, caret: Int)?
    /// Typing committed but not yet saved: seconds since its last keystroke, and since the
    /// first keystroke not saved (`mergeChange`).
    var unsavedTyping: (sinceLast: Double, sinceFirst: Double)?
}

/// A lyric line being typed in: which line, and its text field (caret, selection, an input
/// method's composition).
public struct LyricEdit: Equatable, Sendable {
    public var line: Int
    public var field: TextField

    /// An input method's composition in progress: its line, where it stands (the caret) and
    /// its text; nil when there is none.
    var composed: Composed? {
        field.composition.flatMap { $0.text.isEmpty ? nil : Composed(line: line, at: field.caret, text: $0.text) }
    }

    struct Composed: Equatable {
        var line: Int
        var at: Int
        var text: String
    }
}

/// The caret's blink: on and off every `half` seconds from the last keystroke, and solid
/// after `timeout` seconds without one (as GTK's caret stops blinking), so a board left with
/// a caret in it rests.
struct CaretBlink {
    static let half = 0.5
    static let timeout = 10.0
    private(set) var phase = 0.0

    mutating func reset() { phase = 0 }
    mutating func step(_ dt: Double) { if phase < Self.timeout { phase += dt } }
    var isVisible: Bool { phase >= Self.timeout || Int(phase / Self.half) % 2 == 0 }
    /// Seconds until it next turns on or off (nil once solid).
    var secondsToChange: Double? {
        phase >= Self.timeout ? nil : max(1e-3, Self.half - phase.truncatingRemainder(dividingBy: Self.half))
    }
}

/// A press on a lyric line, not on a chord: a tap puts the caret there; in the line being
/// typed in, a drag selects.
struct TextPress {
    var pointer: Int
    var line: Int
    var start: Vec2
    /// Where the pointer is now.
    var at: Vec2
    var selecting: Bool
    /// A finger's press in the line being typed in, not yet decided: a tap there puts the
    /// caret, a swipe along the line selects, one up or down scrolls the sheet.
    var fingerInTypedLine = false
    /// How many presses in a row this one makes (`DoubleTap.count`), counted at the press.
    var taps = 1
    /// Whether it has moved past a hand's tremor (2 pt): only then does a drag select.
    var moved = false
}

extension LyricTyping {
    /// The caret for the state dump: `{"line":l,"index":i}` (with `"anchor"` when a
    /// selection is made, and `"anchorLine"` when it is in another line), or null when no
    /// lyric is being typed in.
    var caretDump: JSONValue {
        guard let e = lyric else { return .null }
        var fields: [(String, JSONValue)] = [("line", JSONValue(e.line)), ("index", JSONValue(e.field.caret))]
        if lineSelection != nil, let a = lineAnchor {
            fields += [("anchorLine", JSONValue(a.line)), ("anchor", JSONValue(a.index))]
        } else if e.field.hasSelection {
            fields.append(("anchor", JSONValue(e.field.anchor)))
        }
        return .object(fields)
    }
}
