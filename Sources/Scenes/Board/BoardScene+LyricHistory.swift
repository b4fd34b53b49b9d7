import Engine
import Songs

// The caret after the sheet changed under the line being typed in: an undo or redo puts it
// where the text changed; a transposition leaves it where it is.
extension BoardScene {
    /// The line being typed in is read again after the sheet changed under it; the caret
    /// stays at its place in the line (or its end).
    func keepLyricInPlace() {
        guard let edit = lyric else { return }
        typingRun = nil
        guard document.lines.indices.contains(edit.line) else { return lyric = nil }
        lyric = LyricEdit(line: edit.line, field: TextField(text: document.lines[edit.line].text, caret: edit.field.caret))
    }

    /// After an undo or redo while typing, the caret goes where the text changed
    /// (`placeOfChange`), so the next keystroke lands there and not in a line the undo moved.
    func placeLyricAfterHistory(before: SheetDocument) {
        guard lyric != nil else { return }
        // A change to the chords alone (♯, a drop) leaves the caret where it is.
        if before.lines.map(\.text) == document.lines.map(\.text) { return keepLyricInPlace() }
        typingRun = nil
        guard let (line, caret) = Self.placeOfChange(from: before, to: document) else { return lyric = nil }
        lyric = LyricEdit(line: line, field: TextField(text: document.lines[line].text, caret: caret))
    }

    /// Where the caret goes after an undo or redo changed `old` into `new`: the end of what
    /// changed in `new`'s text (an undone insertion, where it was; a redone one, after it; an
    /// undone line break, where the break was), as editors put it. The lines are compared as
    /// one text, a character (grapheme cluster) at a time. Nil when `new` has no line.
    static func placeOfChange(from old: SheetDocument, to new: SheetDocument) -> (line: Int, caret: Int)? {
        guard !new.lines.isEmpty else { return nil }
        let a = Array(old.lines.map(\.text).joined(separator: "\n")), b = Array(new.lines.map(\.text).joined(separator: "\n"))
        var prefix = 0
        while prefix < a.count && prefix < b.count && a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(a.count, b.count) - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        // The end of the changed part of `new`, as a line and a character in it.
        var at = b.count - suffix, line = 0
        while line < new.lines.count - 1 && at > new.lines[line].text.count {
            at -= new.lines[line].text.count + 1
            line += 1
        }
        return (line, min(at, new.lines[line].text.count))
    }
}
