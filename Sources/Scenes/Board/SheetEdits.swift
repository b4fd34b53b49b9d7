import Engine
import Geometry
import Songs

/// Changes to the board's sheet: the one place they are committed (the app saves each),
/// undone and redone, and the edits that are not a hand's drop or typing — a chord deleted,
/// the song transposed, a version 1 sheet's chords put on their characters.
final class SheetEdits {
    typealias ChordRef = BoardScene.ChordRef

    unowned let board: BoardScene
    /// Sheet changes that can be undone (at least 50 are kept).
    private(set) var history = UndoHistory<SheetDocument>(limit: 100)
    /// The sheet as of the last change (what `history` records as "before" on the next).
    var committed = SheetDocument.empty
    /// The sheet as it was opened (`begin`), its version 1 chords put on their characters.
    private(set) var opened = SheetDocument.empty

    init(board: BoardScene) { self.board = board }

    /// `doc` is the sheet now, with nothing to undo (a sheet loaded, or the board made).
    func begin(with doc: SheetDocument) {
        committed = doc
        opened = doc
        history.removeAll()
    }

    /// Commits the change just made to `document`: it can be undone, and the app saves it.
    func commit() {
        history.record(committed)
        committed = board.document
        board.typing.typingRun = nil
        board.typing.unsavedTyping = nil
        board.refreshStrip()
        board.refit()
        board.onChange?(board.document)
    }

    /// Puts every version 1 chord (`legacyX`, its left edge in points) on the character it
    /// was drawn over: the nearest character start to where it was shown (its `x` kept within
    /// the line, as the board showed it). Not a change to undo; the first save writes the
    /// sheet as version 2.
    func resolveLegacyChords() {
        // Measured with the app's font in the laid-out board, not the placeholder a board
        // has before the shell hands it one.
        guard board.hasFont, board.document.hasLegacyChords else { return }
        var doc = board.document
        for i in doc.lines.indices {
            for j in doc.lines[i].chords.indices {
                guard let x = doc.lines[i].chords[j].legacyX else { continue }
                doc.lines[i].chords[j].at = board.lyricLayout.anchor(forX: clamp(x, 0, max(0, board.lineWidth - board.placedBox.x)), line: i)
                doc.lines[i].chords[j].legacyX = nil
            }
        }
        // The sheet as opened too, when this is the sheet just opened (as it is, but for a
        // font that came late): an undo back to it is then known as the file's sheet.
        if opened == board.document { opened = doc }
        board.document = doc
        committed = doc
    }

    /// Removes the placed chord at `r` (the focus moves to a neighbour).
    func deleteChord(_ r: ChordRef) {
        let name = board.document.lines[r.line].chords[r.index].name
        let order = board.keys.chordsInReadingOrder()
        let at = order.firstIndex(of: r)
        board.drops.removeChord(at: r)
        if case .chord(let f) = board.focus {
            if f == r, let at {
                // The next chord in reading order, else the one before, else the strip.
                let next = at + 1 < order.count ? order[at + 1] : at > 0 ? order[at - 1] : nil
                board.focus = next.map { n in .chord(ChordRef(line: n.line, index: n.line == r.line && n.index > r.index ? n.index - 1 : n.index)) } ?? .card(board.focusIndex)
            } else if f.line == r.line, f.index > r.index {
                board.focus = .chord(ChordRef(line: f.line, index: f.index - 1))
            }
        }
        commit()
        board.announce("Deleted \(name) from line \(r.line + 1), \(board.quote(r.line))")
    }

    /// Moves every chord of the song by `semitones` (one undo step), spelt in the new key
    /// (`SheetDocument.transposed`). A placed chord being carried is let go first: its name
    /// is about to change.
    func transpose(by semitones: Int) {
        guard board.document.lines.contains(where: { !$0.chords.isEmpty }) else { return board.announce("No chords on the sheet to transpose") }
        board.dragDrop.forget { $0.placed != nil }
        let (moved, kept) = board.document.transposedCounting(by: semitones)
        board.document = moved
        commit()
        // A {key: …} line may have changed under the caret; it stays where it is.
        board.typing.keepLyricInPlace()
        let first = board.document.firstChord?.name ?? ""
        let unmoved = kept == 0 ? "" : " · \(kept) chord name\(kept == 1 ? "" : "s") kept as written: moved, \(kept == 1 ? "it" : "each") would pass \(ChordName.maxLength) characters"
        board.announce("Transposed \(semitones > 0 ? "up" : "down") a semitone · the song starts on \(first)\(unmoved)")
    }

    func undo() { travel(back: true) }
    func redo() { travel(back: false) }

    /// One step back (undo) or forward (redo) through the history.
    private func travel(back: Bool) {
        let word = back ? "undo" : "redo"
        guard let doc = back ? history.undo(current: board.document) : history.redo(current: board.document) else {
            return board.announce("Nothing to \(word)")
        }
        let before = board.document
        replaceDocument(with: doc)
        board.typing.placeLyricAfterHistory(before: before, undone: back)
        board.announce("\(back ? "Undone" : "Redone") · \(history.undoCount) to undo, \(history.redoCount) to redo")
    }

    /// Undo and redo swap the whole sheet: what was carried from a placed chord is let go
    /// (the chord it came from may be gone), a key carry from one ends, and the focus is
    /// kept on a chord that still exists.
    private func replaceDocument(with doc: SheetDocument) {
        board.dragDrop.forget { $0.placed != nil }
        board.document = doc
        committed = doc
        board.typing.unsavedTyping = nil
        board.refreshStrip()
        if case .chord(let r) = board.focus, !(doc.lines.indices.contains(r.line) && doc.lines[r.line].chords.indices.contains(r.index)) {
            board.focus = .card(board.focusIndex)
        }
        if let carry = board.dragDrop.keyCarry, carry.zone >= doc.lines.count { board.dragDrop.keyCarry?.zone = max(0, doc.lines.count - 1) }
        board.refit()
        board.onChange?(board.document)
    }
}
