import Engine
import Geometry
import Songs

/// Where each lyric line's caret stops and chords stand on the board, in the line's space:
/// the shaper's stops from the lyric's inset, a right-to-left lyric set against the line's
/// right, chords over the characters they stand on (`ChordLineLayout`), and the line being
/// typed in scrolled to its caret, with a composition in progress. Worked out once per
/// change of the sheet, the font, the layout or the typing's scroll (`forget`).
final class LyricLayout {
    unowned let board: BoardScene
    /// Each line's layout as worked out since the last change (nil: not yet), by line.
    private var laidOut: [LineLayout?] = []

    init(board: BoardScene) { self.board = board }

    /// Forgets every line's layout: the sheet, font, layout or scroll changed.
    func forget() { laidOut.removeAll(keepingCapacity: true) }

    /// A line's caret stops and chord positions.
    struct LineLayout {
        var stops: [Double]
        var chordXs: [Double]
        /// How far the text as drawn (with a composition in progress) stands in from the
        /// inset (`lyricIndent`).
        var indent: Double
    }

    /// Line `i`'s layout, worked out if it is not yet.
    func layout(_ i: Int) -> LineLayout {
        if laidOut.count != board.document.lines.count { laidOut = [LineLayout?](repeating: nil, count: board.document.lines.count) }
        if let l = laidOut[i] { return l }
        let line = board.document.lines[i]
        // The line being typed in, scrolled to keep its caret in view, is laid out so.
        let scroll = board.lyric?.line == i ? board.typing.lyricScroll : 0
        let raw = board.font.caretStops(of: line.text), indent = lyricIndent(raw, text: line.text)
        let stops = raw.map { $0 + BoardScene.textInset + indent - scroll }
        // While an input method composes in this line, its text stands at the caret and the
        // chords from there on move along with the characters after it, as typing moves them.
        var chordStops = stops, chordText = line.text, drawnIndent = indent, from = Int.max, by = 0
        if let edit = board.lyric, let c = edit.composed, c.line == i {
            let composed = edit.field.shownText
            let composedStops = board.font.caretStops(of: composed)
            drawnIndent = lyricIndent(composedStops, text: composed)
            chordStops = composedStops.map { $0 + BoardScene.textInset + drawnIndent - scroll }
            chordText = composed
            // (A mark or joiner composed merges with its neighbour: count what the line gains.)
            (from, by) = (c.at, max(0, composed.count - edit.field.count))
        }
        // (Scrolled, a chord over a character left of the view goes out of it to the left.)
        let xs = chordLine(chordStops, text: chordText).chordXs(line.chords.map(\.at), shiftingFrom: from, by: by,
                                               lowest: scroll > 0 ? -.infinity : 0, highest: max(0, board.lineWidth - board.placedBox.x))
        let l = LineLayout(stops: stops, chordXs: xs, indent: drawnIndent)
        laidOut[i] = l
        return l
    }

    /// How far a lyric whose caret stops (from its start) are `stops` stands in from the
    /// inset: a line that reads right to left (Hebrew, Arabic: the shaper lays it out from
    /// the right, its first stop its right end) is set against the line's right, as a text
    /// field sets a right-to-left paragraph, so its last letters have room for their chords
    /// on their left; 0 for a line that reads left to right or is wider than the line.
    func lyricIndent(_ stops: [Double], text: String) -> Double {
        guard readsRightToLeft(text, stops: stops), let widest = stops.max() else { return 0 }
        return max(0, board.lineWidth - 2 * BoardScene.textInset - widest)
    }

    /// The stops `stops` of line text `text` as its chords read them (`ChordLineLayout`),
    /// with its characters' directions from the font, for chords of this board's size and a
    /// space of its font.
    func chordLine(_ stops: [Double], text: String) -> ChordLineLayout {
        ChordLineLayout(stops: stops, chordWidth: board.placedBox.x, spaceWidth: max(1, board.font.width(of: " ")), rightToLeft: board.font.rightToLeft(of: text),
                        readsRightToLeft: readsRightToLeft(text, stops: stops))
    }

    /// Whether a lyric reads right to left: as the shaper says (its first strong letter:
    /// "12 שלום" does, though its first caret stop, the number's, is at its left), else as
    /// its caret stops show.
    func readsRightToLeft(_ text: String, stops: [Double]) -> Bool {
        board.font.readsRightToLeft(text) ?? ChordLineLayout.readsRightToLeft(stops)
    }

    /// The character a chord whose left edge is at `x` (line space) stands on
    /// (`ChordLineLayout.anchor(forX:)`).
    func anchor(forX x: Double, line i: Int) -> Int {
        chordLine(board.caretStops(line: i), text: board.document.lines[i].text).anchor(forX: x, maxAt: SheetDocument.maxChordAt)
    }
}
