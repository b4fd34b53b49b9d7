import Engine
import Geometry
import Songs

// The strip after a change to the sheet, the sheet's fit, saving at the scene's moments,
// and the announcements (the changes themselves are SheetEdits').
extension BoardScene {
    /// Puts the song's own chords at the strip's start (`stripNames`), when they changed.
    func refreshStrip() {
        let names = document.chordsInOrderOfUse(besides: Self.chordNames, atMost: Self.maxSongCards) + Self.chordNames
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
        songs.takeBackDelete()
    }

    /// Escape would quit with edits saved nowhere (the sheet's save refused and no copy
    /// could be made: `unsavedBecause`): the banner says so, the text is left, and the app
    /// asks for a second Escape. Typing not yet saved is saved first, which may keep them
    /// after all.
    public func asksBeforeQuitting() -> Bool {
        saveNow()
        guard unsavedBecause != nil else { return false }
        // Out of the text, so that the next Escape is the answer and not the text's.
        typing.endLyric()
        showBanner(Self.quitQuestion)
        return true
    }
    /// The banner that asks before quitting; while it shows, a second Escape or close quits.
    static let quitQuestion = "These edits are not saved anywhere · Escape or close again to quit and lose them"
    public var showsQuitQuestion: Bool { bar.banner.text == Self.quitQuestion }

    /// The help opened or the graph toggled: "another key or click" takes an armed Delete
    /// back (F1, G and a click on ? did not, and the next Delete deleted).
    public func pressTakenByTheApp() { songs.takeBackDelete() }

    /// Saves the typing that waits its moment (`LyricTyping.typingSaveDelay`).
    public func saveNow() { typing.saveTyping() }

    /// Moves every chord of the song by `semitones`, one undo step (`SheetEdits.transpose`).
    public func transpose(by semitones: Int) { edits.transpose(by: semitones) }

    /// Re-lays the sheet when its height changed with the lines.
    func refit() {
        if sheetContentHeight != sheet.contentLength { rebuildSpaces() }
    }

    // MARK: Announcements

    func announce(_ text: String) { announcement = text }

    /// The start of line `i`'s lyric in quotes, for an announcement (`BoardBar.quoted`).
    func quote(_ i: Int) -> String { BoardBar.quoted(document.lines.indices.contains(i) ? document.lines[i].text : "") }
}
