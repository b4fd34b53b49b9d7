import Engine
import Geometry

// Changes to the sheet: the one place they are committed, undone and redone.
extension BoardScene {
    /// Commits the change just made to `document`: it can be undone, and the app saves it.
    func changed() {
        history.record(committed)
        committed = document
        refit()
        onChange?(document)
    }

    /// Removes the placed chord at `r` (the focus moves to a neighbour).
    func deleteChord(_ r: ChordRef) {
        let name = document.lines[r.line].chords[r.index].name
        let order = chordsInReadingOrder()
        let at = order.firstIndex(of: r)
        removeChord(at: r)
        if case .chord(let f) = focus {
            if f == r, let at {
                // The next chord in reading order, else the one before, else the strip.
                let next = at + 1 < order.count ? order[at + 1] : at > 0 ? order[at - 1] : nil
                focus = next.map { n in .chord(ChordRef(line: n.line, index: n.line == r.line && n.index > r.index ? n.index - 1 : n.index)) } ?? .card(focusIndex)
            } else if f.line == r.line, f.index > r.index {
                focus = .chord(ChordRef(line: f.line, index: f.index - 1))
            }
        }
        changed()
        announce("Deleted \(name) from line \(r.line + 1), \(quote(r.line))")
    }

    /// Moves every chord of the song by `semitones` (one undo step), spelt in the new key
    /// (`SheetDocument.transposed`). A placed chord being carried is let go first: its name
    /// is about to change.
    public func transpose(by semitones: Int) {
        guard document.lines.contains(where: { !$0.chords.isEmpty }) else { return announce("No chords on the sheet to transpose") }
        dragDrop.forget { $0.placed != nil }
        document = document.transposed(by: semitones)
        changed()
        let first = document.firstChord?.name ?? ""
        announce("Transposed \(semitones > 0 ? "up" : "down") a semitone · the song starts on \(first)")
    }

    func undo() { travel(back: true) }
    func redo() { travel(back: false) }

    /// One step back (undo) or forward (redo) through the history.
    private func travel(back: Bool) {
        let word = back ? "undo" : "redo"
        guard let doc = back ? history.undo(current: document) : history.redo(current: document) else {
            return announce("Nothing to \(word)")
        }
        replaceDocument(with: doc)
        announce("\(back ? "Undone" : "Redone") · \(history.undoCount) to undo, \(history.redoCount) to redo")
    }

    /// Undo and redo swap the whole sheet: what was carried from a placed chord is let go
    /// (the chord it came from may be gone), a key carry from one ends, and the focus is
    /// kept on a chord that still exists.
    private func replaceDocument(with doc: SheetDocument) {
        dragDrop.forget { $0.placed != nil }
        document = doc
        committed = doc
        if case .chord(let r) = focus, !(doc.lines.indices.contains(r.line) && doc.lines[r.line].chords.indices.contains(r.index)) {
            focus = .card(focusIndex)
        }
        if let carry = dragDrop.keyCarry, carry.zone >= doc.lines.count { dragDrop.keyCarry?.zone = max(0, doc.lines.count - 1) }
        refit()
        onChange?(document)
    }

    /// Re-lays the sheet when its height changed with the lines.
    private func refit() {
        if sheetContentHeight != sheet.contentLength { rebuildSpaces() }
    }
}
