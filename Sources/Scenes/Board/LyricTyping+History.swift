import Engine
import Songs

// The caret after the sheet changed under the line being typed in: an undo or redo puts it
// where the text changed (an undo selecting what it brought back); a transposition leaves it
// where it is.
extension LyricTyping {
    /// The line being typed in is read again after its chords changed (♯ or ♭, or an undo of
    /// a chord's change): the caret and what is selected stay, in the line and across lines
    /// (`lineSelection` reads its other end against the sheet as it is). Only a `{key: …}`
    /// line's text changes, and each end is kept within it.
    func keepLyricInPlace() {
        guard let edit = lyric else { return }
        typingRun = nil
        guard board.document.lines.indices.contains(edit.line) else { lineAnchor = nil; return lyric = nil }
        var field = TextField(text: board.document.lines[edit.line].text, caret: edit.field.anchor)
        field.setCaret(edit.field.caret, extend: true)
        lyric = LyricEdit(line: edit.line, field: field)
        if let a = lineAnchor, board.document.lines.indices.contains(a.line) {
            lineAnchor = TextPlace(line: a.line, index: min(a.index, board.document.lines[a.line].text.count))
        }
    }

    /// After an undo or redo while typing, the caret goes where the text changed
    /// (`SheetDocument.changedText`), so the next keystroke lands there and not in a line the undo moved.
    /// An undo selects the text it brought back (typing over a selection undone selects the
    /// selection again, as editors do); a redo puts the caret after what it did again.
    func placeLyricAfterHistory(before: SheetDocument, undone: Bool) {
        guard lyric != nil else { return }
        // A change to the chords alone (a drop, ♯ with a `{key: …}` line's key) leaves the
        // caret and the selection where they are.
        let after = board.document.lines
        if before.lines.count == after.count, zip(before.lines, after).allSatisfy({ a, b in
            a.text == b.text || (ChordPro.keyDirective(a.text) != nil && ChordPro.keyDirective(b.text) != nil)
        }) {
            return keepLyricInPlace()
        }
        lineAnchor = nil
        typingRun = nil
        guard let change = SheetDocument.changedText(from: before, to: board.document) else { return lyric = nil }
        var field = TextField(text: board.document.lines[change.line].text, caret: change.end)
        if undone, let start = change.start, start < change.end {
            field.setCaret(start, extend: false)
            field.setCaret(change.end, extend: true)
        }
        lyric = LyricEdit(line: change.line, field: field)
        // Shown where it is (an undone deletion of 10,000 lines left it far out of view: a tour).
        board.revealLine(change.line)
    }
}
