import Engine
import Geometry
import Songs

// Changes to the sheet: the one place they are committed, undone and redone.
extension BoardScene {
    /// Commits the change just made to `document`: it can be undone, and the app saves it.
    func changed() {
        history.record(committed)
        committed = document
        typing.typingRun = nil
        typing.unsavedTyping = nil
        refreshStrip()
        refit()
        onChange?(document)
    }

    /// Puts the song's own chords at the strip's start (`stripNames`), when they changed.
    func refreshStrip() {
        var own: [String] = []
        outer: for line in document.lines {
            for c in line.chords.sorted(by: { $0.at < $1.at }) where !Self.chordNames.contains(c.name) && !own.contains(c.name) {
                own.append(c.name)
                if own.count == Self.maxSongCards { break outer }
            }
        }
        let names = own + Self.chordNames
        guard names != stripNames else { return }
        let focused = stripNames.indices.contains(focusIndex) ? stripNames[focusIndex] : nil
        stripNames = names
        focusIndex = focused.flatMap { names.firstIndex(of: $0) } ?? min(focusIndex, names.count - 1)
        if case .card = focus { focus = .card(focusIndex) }
        rebuildSpaces()
    }

    /// The board is switched away from or the run ends: typing not yet saved is saved.
    public func settle() {
        saveNow()
        // Left for another tab (or the run's end): a Delete armed here is taken back (a review
        // came back to the panel and deleted with one press).
        songs.panel?.armDelete(false)
    }

    /// The help opened or the graph toggled: "another key or click" takes an armed Delete
    /// back (F1, G and a click on ? did not, and the next Delete deleted).
    public func pressTakenByTheApp() { songs.panel?.armDelete(false) }

    /// Saves the typing that waits its moment (`LyricTyping.typingSaveDelay`).
    public func saveNow() { typing.saveTyping() }

    /// Puts every version 1 chord (`legacyX`, its left edge in points) on the character it
    /// was drawn over: the nearest character start to where it was shown (its `x` kept within
    /// the line, as the board showed it). Not a change to undo; the first save writes the
    /// sheet as version 2.
    func resolveLegacyChords() {
        // Measured with the app's font in the laid-out board, not the placeholder a board
        // has before the shell hands it one.
        guard hasFont, document.hasLegacyChords else { return }
        var doc = document
        for i in doc.lines.indices {
            for j in doc.lines[i].chords.indices {
                guard let x = doc.lines[i].chords[j].legacyX else { continue }
                doc.lines[i].chords[j].at = lyricLayout.anchor(forX: clamp(x, 0, max(0, lineWidth - placedBox.x)), line: i)
                doc.lines[i].chords[j].legacyX = nil
            }
        }
        document = doc
        committed = doc
    }

    /// Removes the placed chord at `r` (the focus moves to a neighbour).
    func deleteChord(_ r: ChordRef) {
        let name = document.lines[r.line].chords[r.index].name
        let order = keys.chordsInReadingOrder()
        let at = order.firstIndex(of: r)
        drops.removeChord(at: r)
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
        let (moved, kept) = document.transposedCounting(by: semitones)
        document = moved
        changed()
        // A {key: …} line may have changed under the caret; it stays where it is.
        typing.keepLyricInPlace()
        let first = document.firstChord?.name ?? ""
        let unmoved = kept == 0 ? "" : " · \(kept) chord name\(kept == 1 ? "" : "s") kept as written: moved, \(kept == 1 ? "it" : "each") would pass \(ChordName.maxLength) characters"
        announce("Transposed \(semitones > 0 ? "up" : "down") a semitone · the song starts on \(first)\(unmoved)")
    }

    func undo() { travel(back: true) }
    func redo() { travel(back: false) }

    /// One step back (undo) or forward (redo) through the history.
    private func travel(back: Bool) {
        let word = back ? "undo" : "redo"
        guard let doc = back ? history.undo(current: document) : history.redo(current: document) else {
            return announce("Nothing to \(word)")
        }
        let before = document
        replaceDocument(with: doc)
        typing.placeLyricAfterHistory(before: before)
        announce("\(back ? "Undone" : "Redone") · \(history.undoCount) to undo, \(history.redoCount) to redo")
    }

    /// Undo and redo swap the whole sheet: what was carried from a placed chord is let go
    /// (the chord it came from may be gone), a key carry from one ends, and the focus is
    /// kept on a chord that still exists.
    private func replaceDocument(with doc: SheetDocument) {
        dragDrop.forget { $0.placed != nil }
        document = doc
        committed = doc
        typing.unsavedTyping = nil
        refreshStrip()
        if case .chord(let r) = focus, !(doc.lines.indices.contains(r.line) && doc.lines[r.line].chords.indices.contains(r.index)) {
            focus = .card(focusIndex)
        }
        if let carry = dragDrop.keyCarry, carry.zone >= doc.lines.count { dragDrop.keyCarry?.zone = max(0, doc.lines.count - 1) }
        refit()
        onChange?(document)
    }

    /// Re-lays the sheet when its height changed with the lines.
    func refit() {
        if sheetContentHeight != sheet.contentLength { rebuildSpaces() }
    }

    // MARK: Announcements

    func announce(_ text: String) { announcement = text }

    /// The start of line `i`'s lyric in quotes: its first words, up to about 16 characters.
    func quote(_ i: Int) -> String {
        let text = document.lines.indices.contains(i) ? document.lines[i].text : ""
        var out = ""
        for word in text.split(separator: " ") {
            if !out.isEmpty && out.count + word.count + 1 > 16 { break }
            out += (out.isEmpty ? "" : " ") + word
            if out.count >= 16 { break }
        }
        let cut = out.count < text.count
        while let last = out.last, cut, ",;:.!?".contains(last) { out.removeLast() }
        if out.count > 24 { out = String(out.prefix(23)) }
        return "'\(out)\(cut || out.count < text.count ? "…" : "")'"
    }
}
