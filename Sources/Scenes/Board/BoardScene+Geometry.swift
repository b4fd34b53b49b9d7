import Engine
import Entities
import Geometry
import Songs

// Where the board's cards, lines and chords are, in root space, and what a point is over.
extension BoardScene {
    public func itemRootFrame(_ i: Int) -> Rect { spaces.convert(itemFrame(i), from: stripContent, to: .root) }
    public func lineRootFrame(_ i: Int) -> Rect { spaces.rootFrame(of: lineSpaces[i]) }
    /// Where placed chord `r` is, in its line's space (`chordXs`), centred vertically.
    public func placedFrame(_ r: ChordRef) -> Rect {
        Rect(x: chordXs(line: r.line)[r.index], y: placedY, w: placedBox.x, h: placedBox.y)
    }

    /// Where placed chords sit in a line: centred, or on a short board centred in the space
    /// above the lyric, which they would otherwise cover.
    var placedY: Double {
        let centred = (lineHeight - placedBox.y) / 2
        return cardScale < 1 ? min(centred, max(0, (lineHeight - Self.lyricBand - placedBox.y) / 2)) : centred
    }

    /// Where the caret stands before each character of line `i`'s lyric and after its last,
    /// in the line's space (the shaper's stops, from the lyric's left inset).
    public func caretStops(line i: Int) -> [Double] { lineLayout(i).stops }

    /// Each chord's left edge on line `i`, in the order the line keeps them: over the start
    /// of the character it stands on (`at`; past the text, a space's width per step) — its
    /// left edge on a left-to-right character's left, its right edge on a right-to-left
    /// character's right (Hebrew, Arabic). Two chords that would overlap are set side by
    /// side, in the order of their characters (rightward, or leftward in a line that begins
    /// right to left); and
    /// every chord stays within the line (0 up to its width less the chord's), so a sheet
    /// saying `at` = 1,000,000 or made in a wider window shows its chord at the line's end.
    public func chordXs(line i: Int) -> [Double] { lineLayout(i).chordXs }

    /// A line's caret stops and chord positions, worked out once per change of the sheet,
    /// font or layout.
    struct LineLayout {
        var stops: [Double]
        var chordXs: [Double]
        /// How far the text as drawn (with a composition in progress) stands in from the
        /// inset (`lyricIndent`).
        var indent: Double
    }

    func lineLayout(_ i: Int) -> LineLayout {
        if lineLayouts.count != document.lines.count { lineLayouts = [LineLayout?](repeating: nil, count: document.lines.count) }
        if let l = lineLayouts[i] { return l }
        let line = document.lines[i]
        // The line being typed in, scrolled to keep its caret in view, is laid out so.
        let scroll = lyric?.line == i ? typing.lyricScroll : 0
        let raw = font.caretStops(of: line.text), indent = lyricIndent(raw, text: line.text)
        let stops = raw.map { $0 + Self.textInset + indent - scroll }
        // While an input method composes in this line, its text stands at the caret and the
        // chords from there on move along with the characters after it, as typing moves them.
        var chordStops = stops, chordText = line.text, drawnIndent = indent, from = Int.max, by = 0
        if let edit = lyric, let c = edit.composed, c.line == i {
            let composed = edit.field.shownText
            let composedStops = font.caretStops(of: composed)
            drawnIndent = lyricIndent(composedStops, text: composed)
            chordStops = composedStops.map { $0 + Self.textInset + drawnIndent - scroll }
            chordText = composed
            // (A mark or joiner composed merges with its neighbour: count what the line gains.)
            (from, by) = (c.at, max(0, composed.count - edit.field.count))
        }
        // (Scrolled, a chord over a character left of the view goes out of it to the left.)
        let xs = chordLine(chordStops, text: chordText).chordXs(line.chords.map(\.at), shiftingFrom: from, by: by,
                                               lowest: scroll > 0 ? -.infinity : 0, highest: max(0, lineWidth - placedBox.x))
        let l = LineLayout(stops: stops, chordXs: xs, indent: drawnIndent)
        lineLayouts[i] = l
        return l
    }

    /// The lyric's left inset in its line.
    static let textInset = 8.0

    /// How far a lyric whose caret stops (from its start) are `stops` stands in from the
    /// inset: a line that reads right to left (Hebrew, Arabic: the shaper lays it out from
    /// the right, its first stop its right end) is set against the line's right, as a text
    /// field sets a right-to-left paragraph, so its last letters have room for their chords
    /// on their left; 0 for a line that reads left to right or is wider than the line.
    func lyricIndent(_ stops: [Double], text: String) -> Double {
        guard readsRightToLeft(text, stops: stops), let widest = stops.max() else { return 0 }
        return max(0, lineWidth - 2 * Self.textInset - widest)
    }

    /// The stops `stops` of line text `text` as its chords read them (`ChordLineLayout`),
    /// with its characters' directions from the font, for chords of this board's size and a
    /// space of its font.
    func chordLine(_ stops: [Double], text: String) -> ChordLineLayout {
        ChordLineLayout(stops: stops, chordWidth: placedBox.x, spaceWidth: max(1, font.width(of: " ")), rightToLeft: font.rightToLeft(of: text),
                        readsRightToLeft: readsRightToLeft(text, stops: stops))
    }

    /// Whether a lyric reads right to left: as the shaper says (its first strong letter:
    /// "12 שלום" does, though its first caret stop, the number's, is at its left), else as
    /// its caret stops show.
    func readsRightToLeft(_ text: String, stops: [Double]) -> Bool {
        font.readsRightToLeft(text) ?? ChordLineLayout.readsRightToLeft(stops)
    }

    /// The character a chord whose left edge is at `x` (line space) stands on
    /// (`ChordLineLayout.anchor(forX:)`).
    func anchor(forX x: Double, line i: Int) -> Int {
        chordLine(caretStops(line: i), text: document.lines[i].text).anchor(forX: x, maxAt: SheetDocument.maxChordAt)
    }

    public func chordRootFrame(_ r: ChordRef) -> Rect {
        spaces.convert(placedFrame(r), from: lineSpaces[r.line], to: .root)
    }

    /// A chord's frame in root space from its left edge `x` in line `line` (`chordXs`).
    func chordRootFrame(line: Int, x: Double) -> Rect {
        spaces.convert(Rect(x: x, y: placedY, w: placedBox.x, h: placedBox.y), from: lineSpaces[line], to: .root)
    }
    public func lineSpace(_ i: Int) -> SpaceTree.SpaceID { lineSpaces[i] }

    func stripItem(at p: Vec2) -> Int? {
        guard stripFrame.contains(p) else { return nil }
        let local = spaces.convert(p, from: .root, to: stripContent)
        return Rect.nearestTarget(to: local, among: stripNames.indices.lazy.map { ($0, self.itemFrame($0)) })
    }

    func placedChord(at p: Vec2) -> ChordRef? {
        guard sheetFrame.contains(p) else { return nil }
        // Each chord takes a finger's target (`Rect.touchArea`), however small it is drawn;
        // where two overlap, in one line or two, the nearer takes the press.
        var best: (ref: ChordRef, distance: Double)?
        for li in visibleLines {
            let line = document.lines[li]
            let local = spaces.convert(p, from: .root, to: lineSpaces[li])
            let xs = chordXs(line: li)
            for (ci, c) in line.chords.enumerated() {
                let frame = Rect(x: xs[ci], y: placedY, w: placedBox.x, h: placedBox.y).insetBy(dx: -4, dy: -4)
                guard frame.touchArea.contains(local) else { continue }
                let ref = ChordRef(line: li, index: ci)
                if dragDrop.isLifted(.placed(ref, name: c.name, at: c.at), carriedOnly: false) { continue }
                let d = frame.center.distance(to: local)
                if best == nil || d < best!.distance { best = (ref, d) }
            }
        }
        return best?.ref
    }
}
