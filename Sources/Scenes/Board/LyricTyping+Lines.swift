import Engine
import Geometry
import Songs

// Typing lyrics, a selection across lines: Shift+↑ ↓, a mouse's drag from one line into
// another, or a Shift-click on another line selects from one line's character to another's,
// as a text editor does. The caret stays in one line (the one typed in); the selection's
// other end, in another line, is `LyricTyping.lineAnchor`. Typing, a paste or Return replace
// it, Backspace and Delete delete it, Ctrl+C copies it and Ctrl+X cuts it (its lines joined
// by line breaks); any other key lets it go.

/// A place in the sheet's text: a line and a character boundary in it.
struct TextPlace: Equatable, Comparable {
    var line: Int
    var index: Int
    static func < (a: Self, b: Self) -> Bool { (a.line, a.index) < (b.line, b.index) }
}

extension LyricTyping {
    /// The selection across lines, its start before its end, when one is made: its other end
    /// in another line than the caret's, both read against the sheet as it is now.
    var lineSelection: (start: TextPlace, end: TextPlace)? {
        guard let a = lineAnchor, let edit = lyric, a.line != edit.line, board.document.lines.indices.contains(a.line) else { return nil }
        let anchor = TextPlace(line: a.line, index: min(a.index, board.document.lines[a.line].text.count))
        let caret = TextPlace(line: edit.line, index: edit.field.caret)
        return anchor < caret ? (anchor, caret) : (caret, anchor)
    }

    /// Where a selection grown with Shift starts from: its other end (in another line, or in
    /// the line typed in), else the caret.
    var selectionAnchor: TextPlace? {
        guard let edit = lyric else { return nil }
        if let a = lineAnchor, lineSelection != nil { return a }
        return TextPlace(line: edit.line, index: edit.field.anchor)
    }

    /// The caret goes to `place`, the selection's other end staying at `anchor`: in one line,
    /// the line's own selection; across lines, `lineAnchor` holds the other end.
    func extendSelection(from anchor: TextPlace, to place: TextPlace) {
        let wasAcross = lineSelection != nil
        let lines = board.document.lines
        guard lines.indices.contains(place.line), lines.indices.contains(anchor.line) else { return }
        let text = lines[place.line].text, index = clamp(place.index, 0, text.count)
        if place.line == anchor.line {
            lineAnchor = nil
            var field = TextField(text: text, caret: anchor.index)
            field.setCaret(index, extend: true)
            lyric = LyricEdit(line: place.line, field: field)
            // (The bar said "Selected from line …", no longer so.)
            if wasAcross { announceTyping() }
        } else {
            let moved = lyric?.line != place.line
            lineAnchor = anchor
            lyric = LyricEdit(line: place.line, field: TextField(text: text, caret: index))
            if moved, let s = lineSelection {
                board.announce("Selected from line \(s.start.line + 1) to line \(s.end.line + 1) · typing replaces it, Delete deletes it, Ctrl+C copies")
            }
        }
        typingRun = nil
        caretBlink.reset()
        board.revealLine(place.line)
    }

    /// Shift+↑ ↓: the caret goes to the line above or below, as near the same x as its
    /// characters allow, the selection growing with it; past the first or last line, to that
    /// line's start or end.
    func extendSelectionByLine(_ d: Int) {
        guard let edit = lyric, let anchor = selectionAnchor else { return }
        let target = edit.line + d
        guard board.document.lines.indices.contains(target) else {
            return extendSelection(from: anchor, to: TextPlace(line: edit.line, index: d < 0 ? 0 : edit.field.count))
        }
        let x = board.caretStops(line: edit.line)[edit.field.caret]
        extendSelection(from: anchor, to: TextPlace(line: target, index: BitmapFont.nearestStop(x, in: board.caretStops(line: target))))
    }

    /// The text selected across lines, its lines joined by line breaks.
    var lineSelectionText: String? {
        guard let (s, e) = lineSelection else { return nil }
        let lines = board.document.lines
        var parts = [String(lines[s.line].text.dropFirst(s.index))]
        for l in s.line + 1..<e.line { parts.append(lines[l].text) }
        parts.append(String(lines[e.line].text.prefix(e.index)))
        return parts.joined(separator: "\n")
    }

    /// Deletes the selection across lines (`SheetDocument.deleteText`): the caret stands where
    /// its ends met. `commit`: as a change of its own, said on the bar; else the typing that
    /// replaces it commits both as one. Returns false, saying why, when the line it would
    /// make is past a line's limits.
    @discardableResult
    func deleteLineSelection(commit: Bool) -> Bool {
        guard let (s, e) = lineSelection else { return false }
        letGoOfPlacedChords()
        let removed: Int
        do {
            removed = try board.document.deleteText(from: (s.line, s.index), to: (e.line, e.index), maxCharacters: TextField.maxCharacters)
        } catch .tooLong(let n) {
            board.showBanner("deleting the selection would make line \(s.line + 1) \(n) characters long; a line holds at most \(TextField.maxCharacters)")
            return false
        } catch {
            board.showBanner("deleting the selection would leave line \(s.line + 1) more than \(SheetDocument.maxChordsPerLine) chords, the most a line takes")
            return false
        }
        if var carry = board.dragDrop.keyCarry, carry.zone > s.line {
            carry.zone = max(s.line, carry.zone - (e.line - s.line))
            board.dragDrop.keyCarry = carry
        }
        board.rebuildSpaces()
        lineAnchor = nil
        lyric = LyricEdit(line: s.line, field: TextField(text: board.document.lines[s.line].text, caret: s.index))
        typingRun = nil
        if commit {
            board.edits.commit()
            let chords = removed == 0 ? "" : removed == 1 ? ", with 1 chord" : ", with \(removed) chords"
            board.announce("Deleted from line \(s.line + 1) to line \(e.line + 1)\(chords) · Ctrl+Z brings it back")
        }
        board.revealLine(s.line)
        return true
    }

    /// A key while a selection across lines is made: true when it was the selection's (it
    /// copied, cut, deleted or grew it). Any other key lets the selection go first.
    func lineSelectionKey(_ k: Key, input: InputState, repeated: Bool) -> Bool {
        guard lineSelection != nil, let edit = lyric else { return false }
        switch k.name {
        case "Backspace", "Delete":
            deleteLineSelection(commit: true)
            return true
        case "C" where input.ctrl && !repeated:
            if let text = lineSelectionText { Clipboard.shared.set(text) }
            return true
        case "X" where input.ctrl && !repeated:
            if let text = lineSelectionText, deleteLineSelection(commit: true) { Clipboard.shared.set(text) }
            return true
        case let name where input.shift && (name == "Up" || name == "Down"):
            return false  // grows it (`extendSelectionByLine`)
        case let name where input.shift && ["Left", "Right", "Home", "End"].contains(name):
            // Along the caret's line, the other end staying.
            var field = edit.field
            let rtl = board.lyricLayout.readsRightToLeft(field.text, stops: board.caretStops(line: edit.line))
            _ = field.handle(k, input: input, repeated: repeated, readsRightToLeft: rtl)
            lyric = LyricEdit(line: edit.line, field: TextField(text: field.text, caret: field.caret))
            caretBlink.reset()
            return true
        case _ where k.isModifier:
            return true  // pressed for the next key
        case "Left", "Right", "Home", "End", "Up", "Down", "PageUp", "PageDown", "A" where input.ctrl:
            // A move, or Ctrl+A (the line's own select-all; the `where` is the last pattern's
            // alone), lets it go first. (Every other key keeps it: a letter's or Return's key
            // goes down before its text, which replaces the selection, as Ctrl+V's paste does;
            // they let it go before: a tour.)
            lineAnchor = nil
            announceTyping()
            return false
        default:
            return false
        }
    }

    /// Where line `line` is selected by a selection across lines, from the line's left edge
    /// (as its caret stops are), empty where it is not: the first line from the start on, the
    /// lines between whole, the last up to the end — the letters selected as the shaper placed
    /// them, as within a line (`selectionSpans`: between the two ends' stops, a right-to-left
    /// line's Latin word at its end showed selected with the rest).
    func lineSelectionSpans(line: Int) -> [(Double, Double)] {
        guard let (s, e) = lineSelection, line >= s.line, line <= e.line, board.lineSpaces.indices.contains(line) else { return [] }
        let stops = board.caretStops(line: line), text = board.document.lines[line].text
        guard !stops.isEmpty else { return [] }
        var field = TextField(text: text, caret: line == s.line ? min(s.index, stops.count - 1) : 0)
        field.setCaret(line == e.line ? min(e.index, stops.count - 1) : stops.count - 1, extend: true)
        var spans = field.hasSelection ? selectionSpans(field, stops: stops, line: line) : []
        // A line break selected shows as a little room past the text's end, as editors show it.
        if line < e.line, let lo = stops.min(), let hi = stops.max() {
            let room = board.font.cellWidth / 2
            spans.append(board.lyricLayout.readsRightToLeft(text, stops: stops) ? (lo - room, lo) : (hi, hi + room))
        }
        return spans
    }

    /// Lines move under the chords lifted from them: those carried are let go (they fly
    /// back), and a focus on a placed chord returns to the strip.
    func letGoOfPlacedChords() {
        board.dragDrop.forget { $0.placed != nil }
        if case .chord = board.focus { board.focus = .card(board.focusIndex) }
    }
}
