import Geometry

// What typing does to a sheet, apart from any window: a line's text replaced with its chords
// kept on their characters, a line split or two joined with their chords, and where an undo
// or redo changed the text. The board's typing asks these; its caret and its messages are
// its own.
extension SheetDocument {
    /// Line `line`'s text `old` becomes `new` by an edit that began at character `start`
    /// (a selection's start, or where a Backspace took the caret). The chords after the
    /// change move by as many characters as it added or took away; a chord on a character
    /// deleted goes to where the deletion was.
    public mutating func replaceText(ofLine line: Int, _ old: String, with new: String, editStart start: Int) {
        let a = Array(old), b = Array(new)
        var p = 0
        while p < min(a.count, b.count, start), a[p] == b[p] { p += 1 }
        var s = 0
        while s < a.count - p, s < b.count - p, a[a.count - 1 - s] == b[b.count - 1 - s] { s += 1 }
        let oldEnd = a.count - s, delta = b.count - a.count
        lines[line].text = new
        for j in lines[line].chords.indices {
            let at = lines[line].chords[j].at
            if at >= oldEnd {
                lines[line].chords[j].at = min(Self.maxChordAt, max(p, at + delta))
            } else if at > p {
                lines[line].chords[j].at = p
            }
        }
    }

    /// Splits line `line` (an index of `lines`) at character `at` (kept within its text): the
    /// text and chords from there on make a new line below it, each chord on the same character.
    public mutating func splitLine(_ line: Int, at c: Int) {
        let chars = Array(lines[line].text), c = clamp(c, 0, chars.count)
        lines[line].text = String(chars[..<c])
        var tail = Line(text: String(chars[c...]))
        let moving = lines[line].chords.filter { $0.at >= c }
        lines[line].chords.removeAll { $0.at >= c }
        tail.chords = moving.map { var m = $0; m.at -= c; return m }
        lines.insert(tail, at: line + 1)
    }

    /// Why two lines were not joined: the line they would make would be too long, or hold
    /// too many chords.
    public enum JoinRefusal: Error, Equatable {
        /// The joined line would have this many characters, more than allowed.
        case tooLong(characters: Int)
        /// The joined line would hold more than `maxChordsPerLine` chords.
        case tooManyChords
    }

    /// Joins line `line` (1 or more, an index of `lines`) onto the one before it: its text
    /// follows, its chords keep their characters, and the first line's chords past its end
    /// stand where the two meet. Returns where the two meet (a character of
    /// the joined line). Refused, changing nothing, past `maxCharacters` characters or
    /// `maxChordsPerLine` chords.
    public mutating func joinLine(_ line: Int, maxCharacters: Int) throws(JoinRefusal) -> Int {
        precondition(line > 0 && line < lines.count, "joinLine(\(line)) of \(lines.count) lines")
        let prev = line - 1
        let joined = lines[prev].text + lines[line].text
        guard joined.count <= maxCharacters else { throw .tooLong(characters: joined.count) }
        let offset = joined.count - lines[line].text.count
        var moving = lines[line].chords
        for j in moving.indices { moving[j].at = min(Self.maxChordAt, moving[j].at + offset) }
        guard lines[prev].chords.count + moving.count <= Self.maxChordsPerLine else { throw .tooManyChords }
        lines[prev].text = joined
        // A chord that stood past the first line's end stays before the second's chords, at
        // where the two meet (it was left where it stood, and came after them: a hostile tour).
        // (Several keep their order: sorted by where they stood first.)
        if lines[prev].chords.contains(where: { $0.at > offset }) {
            lines[prev].chords.sort { $0.at < $1.at }
            for j in lines[prev].chords.indices where lines[prev].chords[j].at > offset { lines[prev].chords[j].at = offset }
        }
        lines[prev].chords += moving
        lines.remove(at: line)
        return offset
    }

    /// Deletes the text from character `start.index` of line `start.line` to character
    /// `end.index` of a later line `end.line` (a selection across lines): the two ends meet
    /// on the first line, and the lines between go. The chords on the characters deleted go
    /// with them (returned, counted); those before the start stay, those from the end on keep
    /// their characters, and a chord past the first line's end stays where the two meet,
    /// before them (as a join keeps it). Refused, changing nothing, past `maxCharacters`
    /// characters or `maxChordsPerLine` chords on the line they make.
    public mutating func deleteText(from start: (line: Int, index: Int), to end: (line: Int, index: Int),
                                    maxCharacters: Int) throws(JoinRefusal) -> Int {
        precondition(start.line < end.line && start.line >= 0 && end.line < lines.count, "deleteText lines \(start.line)…\(end.line) of \(lines.count)")
        let first = Array(lines[start.line].text), last = Array(lines[end.line].text)
        let a = clamp(start.index, 0, first.count), b = clamp(end.index, 0, last.count)
        let joined = String(first[..<a]) + String(last[b...])
        guard joined.count <= maxCharacters else { throw .tooLong(characters: joined.count) }
        // (A chord at or past the first line's end stood on no character deleted: a tour's was.)
        var kept = lines[start.line].chords.filter { $0.at < a || $0.at >= first.count }
        for j in kept.indices where kept[j].at > a { kept[j].at = a }
        let moving = lines[end.line].chords.filter { $0.at >= b }.map { var m = $0; m.at = min(Self.maxChordAt, $0.at - b + a); return m }
        guard kept.count + moving.count <= Self.maxChordsPerLine else { throw .tooManyChords }
        let total = lines[start.line...end.line].reduce(0) { $0 + $1.chords.count }
        lines[start.line].text = joined
        lines[start.line].chords = kept + moving
        lines.removeSubrange(start.line + 1...end.line)
        return total - kept.count - moving.count
    }

    /// Where a caret goes after an undo or redo changed `old` into `new`: the end of what
    /// changed in `new`'s text (an undone insertion, where it was; a redone one, after it; an
    /// undone line break, where the break was), as editors put it. The lines are compared as
    /// one text, a character (grapheme cluster) at a time. A line break that could stand in
    /// several places (beside another) is taken at its leftmost: undoing
    /// the Backspace that joined an empty line puts the caret back in that line, not at the
    /// start of the next (a hostile tour's next keystroke landed there). Nil when `new` has no
    /// line.
    public static func placeOfChange(from old: SheetDocument, to new: SheetDocument) -> (line: Int, caret: Int)? {
        changedText(from: old, to: new).map { ($0.line, $0.end) }
    }

    /// What changed in `new`'s text from `old`'s (`placeOfChange`): the line of its end and
    /// where it ends there, and where it starts when that is in the same line (nil when it
    /// starts in a line before). An undone typing over a selection, `new` holds the
    /// selection's text again from `start` to `end`, as editors select it. Nil when `new` has
    /// no line.
    public static func changedText(from old: SheetDocument, to new: SheetDocument) -> (line: Int, start: Int?, end: Int)? {
        guard !new.lines.isEmpty else { return nil }
        let a = Array(old.lines.map(\.text).joined(separator: "\n")), b = Array(new.lines.map(\.text).joined(separator: "\n"))
        var prefix = 0
        while prefix < a.count && prefix < b.count && a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(a.count, b.count) - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        // A line break inserted or removed beside another slides left over line breaks only:
        // within a word the caret stays where the typing was ("sound" + "d" undone).
        let inserted = b.count - suffix - prefix, removed = a.count - suffix - prefix
        if min(inserted, removed) == 0 {
            // The text that holds the change, and its length there.
            let (text, n) = removed == 0 ? (b, inserted) : (a, removed)
            while n > 0 && prefix > 0 && text[prefix - 1] == "\n" && text[prefix - 1 + n] == "\n" { prefix -= 1; suffix += 1 }
        }
        // The end of the changed part of `new`, as a line and a character in it.
        var at = b.count - suffix, line = 0
        while line < new.lines.count - 1 && at > new.lines[line].text.count {
            at -= new.lines[line].text.count + 1
            line += 1
        }
        let end = min(at, new.lines[line].text.count), start = end - (b.count - suffix - prefix)
        return (line, start >= 0 ? start : nil, end)
    }
}
