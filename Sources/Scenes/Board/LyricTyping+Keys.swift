import Engine
import Geometry
import Songs

// Typing lyrics: a tap (or F2) puts a caret in a line; text comes from the keyboard's text
// input; Return splits the line, Backspace at its start joins it to the one before. The
// chords stand on characters, so they move with the text typed before them. Every edit is
// one undo step in the sheet's history, and a run of typing is one.
extension LyricTyping {
    /// Puts the caret in line `line` at character `caret`.
    func beginLyric(line: Int, caret: Int) {
        guard board.document.lines.indices.contains(line) else { return }
        // The keys are the text's from here: a card they carry goes back, as at F2 (a tour's
        // click typed into a line and left the card carried, and the next Space dropped it
        // on the line it had been over).
        if board.dragDrop.keyCarry != nil { board.keys.command(.cancel, from: .keyboard) }
        lineAnchor = nil
        lyric = LyricEdit(line: line, field: TextField(text: board.document.lines[line].text, caret: caret))
        typingRun = nil
        caretBlink.reset()
        board.revealLine(line)
        announceTyping()
    }

    /// The status line while typing: which line the caret is in (said again whenever it
    /// moves to another line: ↑ ↓, Return, a join, a paste of several lines).
    func announceTyping() {
        guard let edit = lyric else { return }
        board.announce("Typing in line \(edit.line + 1) · Return splits it, Escape leaves the text")
    }

    /// Leaves the text: keys steer the focus and carries again.
    func endLyric() {
        guard lyric != nil else { return }
        lyric = nil
        typingRun = nil
        board.announce("Left the text · F2 types in a line again")
    }

    /// A key while typing. Every key is the text's: those a text field takes, Return,
    /// ↑ ↓, Escape, Ctrl+Z / Ctrl+Y, and Ctrl+O (the songs panel); the rest are swallowed
    /// (their characters arrive as text).
    func lyricKey(_ k: Key, input: InputState, repeated: Bool) {
        guard var edit = lyric else { return }
        caretBlink.reset()
        if lineSelectionKey(k, input: input, repeated: repeated) { return }
        switch k.name {
        case "Escape": return endLyric()
        case "Return", "Keypad Enter": return insertLyric("\n")
        // (Not `case "Up", "Down" where input.shift`: the `where` holds for "Down" alone, and
        // a plain ↑ selected: a tour.)
        case "Up", "Down":
            let d = k.name == "Up" ? -1 : 1
            return input.shift ? extendSelectionByLine(d) : moveLyricLine(by: d)
        case "Z" where input.ctrl && !repeated: return input.shift ? board.edits.redo() : board.edits.undo()
        case "Y" where input.ctrl && !repeated: return board.edits.redo()
        // The songs panel, as off the text (it leaves the text first).
        case "O" where input.ctrl && !repeated: return board.keys.openSongsFromKeys()
        default: break
        }
        let before = edit.field
        let text = edit.field.text
        switch edit.field.handle(k, input: input, repeated: repeated, readsRightToLeft: board.lyricLayout.readsRightToLeft(text, stops: board.caretStops(line: edit.line))) {
        case .ignored: return
        case .moved:
            lyric = edit
            typingRun = nil
            board.revealLine(edit.line)
        case .edited:
            applyLyric(edit.field, from: before, line: edit.line)
            // The bar's word on what came before ("Undone · …", "Transposed …") is old once
            // the text changes (a tour's bar said "Undone" after three pastes).
            announceTyping()
            board.edits.commit()
            board.revealLine(edit.line)
        case .paste(let text): insertLyric(text, pasted: true)
        case .backspaceAtStart: joinLine(edit.line)
        case .deleteAtEnd: joinLine(edit.line + 1)
        }
    }

    /// Text typed, pasted or sent by an input method: inserted at the caret over the
    /// selection; each line break splits the line there. A run of typing (one character after
    /// another, nothing selected, the caret not moved between) is one undo step; a paste is
    /// one of its own (three pastes went at one Ctrl+Z with the typing before them: a tour).
    ///
    /// Text of several lines splits the line at the caret first: its first line goes on the
    /// end of the text before the caret, its last before the text after it, each line on its
    /// own of the limit (`TextField.maxCharacters`). (Inserted into the whole line before
    /// the split, the first was cut to what the line's tail left of the limit, though the
    /// tail then moved on: a hostile tour's paste lost thousands of characters.)
    func insertLyric(_ text: String, pasted: Bool = false) {
        // Over a selection across lines: it goes first, in the same undo step.
        if lineSelection != nil, !deleteLineSelection(commit: false) { return }
        guard var edit = lyric else { return }
        caretBlink.reset()
        let pieces = text.split(omittingEmptySubsequences: false, whereSeparator: TextField.isLineBreak)
        let merging = !pasted && pieces.count == 1 && !edit.field.hasSelection
            && typingRun.map { $0.line == edit.line && $0.caret == edit.field.caret } == true
        let startLine = edit.line
        var cuts = 0, dropped = 0, said = false, edited = false
        // Every cut counted and said: the first as `first` says, then how many in all.
        func countCut(leavingOut n: Int, first: String) {
            said = true
            cuts += 1
            dropped += n
            board.announce((cuts == 1 ? first : "\(cuts) lines were cut, \(dropped) characters left out") + ": a line holds at most \(TextField.maxCharacters)")
        }
        // Whether the tail was split off first: the last piece then goes before its text, on
        // the line after the one the piece before it went into.
        // (Only when there is a tail: at the line's end the first piece has the line to itself.)
        var splitFirst = false
        if pieces.count > 1, max(edit.field.caret, edit.field.selection.upperBound) < edit.field.count, splitLyricLine() {
            splitFirst = true
            let upper = lyric!.line - 1, text = board.document.lines[upper].text
            lyric = LyricEdit(line: upper, field: TextField(text: text, caret: text.count))
            edit = lyric!
        }
        for (n, piece) in pieces.enumerated() {
            if n > 0, n == pieces.count - 1, splitFirst {
                let tail = edit.line + 1
                lyric = LyricEdit(line: tail, field: TextField(text: board.document.lines[tail].text, caret: 0))
                edit = lyric!
            } else if n > 0 {
                guard splitLyricLine() else {
                    // Said with what was left out, not dropped unseen. (A text ending in a
                    // line break leaves out no line of its own after it.)
                    let left = pieces.count - n - (pieces.last?.isEmpty == true ? 1 : 0)
                    if left > 0 {
                        board.showBanner("the sheet holds \(SheetDocument.maxLines) lines, the most it takes: \(left) line\(left == 1 ? " of the text was" : "s of the text were") left out")
                    }
                    break
                }
                edit = lyric!
            }
            let before = edit.field
            if edit.field.insert(String(piece)) || before.hasSelection {
                applyLyric(edit.field, from: before, line: edit.line)
                edited = true
                // Cut to the line's limit: say so, rather than drop the rest unseen. (Fewer
                // characters below the limit is a mark joining the letter before it.)
                let kept = edit.field.count - (before.count - before.selection.count), offered = String(piece).count
                if kept < offered && edit.field.count >= TextField.maxCharacters {
                    countCut(leavingOut: offered - kept, first: "Line \(edit.line + 1) took \(kept) of the \(offered) characters")
                }
            } else if !piece.isEmpty, before.count >= TextField.maxCharacters {
                if pieces.count > 1 {
                    // A piece of a paste refused whole by a full line is a cut too, counted
                    // and left on the bar (the caret's line announced over it: a review).
                    countCut(leavingOut: piece.count, first: "1 line was cut, \(piece.count) characters left out")
                } else {
                    board.announce("Line \(edit.line + 1) holds \(before.count) characters, the most typing takes is \(TextField.maxCharacters) · it can be shortened")
                    said = true
                }
            }
        }
        let after = lyric!
        // The line typed in is said again when it changed, or the text did (the bar's word on
        // what came before, "Undone · …", is old then: a tour), unless a cut or a refusal was
        // said (a review: a paste's later pieces said the line over its first one's cut).
        if !said && (after.line != startLine || edited) { announceTyping() }
        if merging {
            if board.document != board.edits.committed { mergeChange() }
        } else if board.document != board.edits.committed {
            board.edits.commit()
        }
        typingRun = pieces.count == 1 && !pasted ? (after.line, after.field.caret) : nil
        // Typing shows where it lands, as a text editor scrolls back to its caret (the sheet
        // may have been scrolled away from it).
        board.revealLine(after.line)
    }

    /// An input method's text in progress, shown at the caret.
    func composeLyric(_ text: String, cursor: Int) {
        // A composition begun over a selection across lines replaces it, as typing does, in
        // the undo step of the text it commits (a cancelled one's step is the deletion's).
        if !text.isEmpty, lineSelection != nil, !deleteLineSelection(commit: false) { return }
        guard lyric != nil else { return }
        if text.isEmpty, board.document != board.edits.committed { board.edits.commit() }
        lyric!.field.composition = text.isEmpty ? nil : TextField.Composition(text: text, cursor: cursor)
        caretBlink.reset()
        board.revealLine(lyric!.line)
    }

    /// Writes field `field` (edited from `old`) into line `line`, its chords kept on their
    /// characters (`SheetDocument.replaceText`). Not yet a change (`SheetEdits.commit`).
    private func applyLyric(_ field: TextField, from old: TextField, line: Int) {
        // The edit began at the selection's start, or for a deletion before the caret
        // (Backspace) where the caret went.
        board.document.replaceText(ofLine: line, old.text, with: field.text, editStart: min(old.selection.lowerBound, field.caret))
        var kept = field
        kept.composition = nil
        lyric = LyricEdit(line: line, field: kept)
    }

    /// Return: the line is split at the caret (the selection deleted first); the chords from
    /// the caret on go with the text to the new line below, where the caret goes.
    @discardableResult
    private func splitLyricLine() -> Bool {
        guard var edit = lyric else { return false }
        guard board.document.lines.count < SheetDocument.maxLines else {
            board.showBanner("the sheet holds \(SheetDocument.maxLines) lines, the most it takes")
            return false
        }
        if edit.field.hasSelection {
            let before = edit.field
            edit.field.removeSelection()
            applyLyric(edit.field, from: before, line: edit.line)
        }
        let l = edit.line
        letGoOfPlacedChords()
        board.document.splitLine(l, at: edit.field.caret)
        if var carry = board.dragDrop.keyCarry, carry.zone > l {
            carry.zone += 1
            board.dragDrop.keyCarry = carry
        }
        board.rebuildSpaces()
        lyric = LyricEdit(line: l + 1, field: TextField(text: board.document.lines[l + 1].text, caret: 0))
        board.revealLine(l + 1)
        return true
    }

    /// Joins line `line` onto the one before it (Backspace at a line's start, Delete at the
    /// end of the one before): its text follows, its chords keep their characters, and the
    /// caret stands where the two meet.
    private func joinLine(_ line: Int) {
        guard line > 0, line < board.document.lines.count else { return }
        let prev = line - 1
        letGoOfPlacedChords()
        let offset: Int
        do {
            offset = try board.document.joinLine(line, maxCharacters: TextField.maxCharacters)
        } catch .tooLong(let n) {
            return board.showBanner("lines \(prev + 1) and \(line + 1) would make a line of \(n) characters; a line holds at most \(TextField.maxCharacters)")
        } catch {
            return board.showBanner("line \(prev + 1) would hold more than \(SheetDocument.maxChordsPerLine) chords, the most a line takes")
        }
        if var carry = board.dragDrop.keyCarry, carry.zone >= line {
            carry.zone = max(0, carry.zone - 1)
            board.dragDrop.keyCarry = carry
        }
        board.rebuildSpaces()
        lyric = LyricEdit(line: prev, field: TextField(text: board.document.lines[prev].text, caret: offset))
        board.edits.commit()
        board.revealLine(prev)
        announceTyping()
    }

    /// ↑ ↓ while typing: the caret goes to the line above or below, as near the same x as
    /// its characters allow.
    private func moveLyricLine(by d: Int) {
        guard let edit = lyric else { return }
        let target = edit.line + d
        guard board.document.lines.indices.contains(target) else { return }
        let x = board.caretStops(line: edit.line)[edit.field.caret]
        let caret = BitmapFont.nearestStop(x, in: board.caretStops(line: target))
        lyric = LyricEdit(line: target, field: TextField(text: board.document.lines[target].text, caret: caret))
        typingRun = nil
        board.revealLine(target)
        announceTyping()
    }
}
