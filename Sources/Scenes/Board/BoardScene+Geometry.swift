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
    public func caretStops(line i: Int) -> [Double] { lyricLayout.layout(i).stops }

    /// Each chord's left edge on line `i`, in the order the line keeps them: over the start
    /// of the character it stands on (`at`; past the text, a space's width per step) — its
    /// left edge on a left-to-right character's left, its right edge on a right-to-left
    /// character's right (Hebrew, Arabic). Two chords that would overlap are set side by
    /// side, in the order of their characters (rightward, or leftward in a line that begins
    /// right to left); and
    /// every chord stays within the line (0 up to its width less the chord's), so a sheet
    /// saying `at` = 1,000,000 or made in a wider window shows its chord at the line's end.
    public func chordXs(line i: Int) -> [Double] { lyricLayout.layout(i).chordXs }

    /// The lyric's left inset in its line.
    static let textInset = 8.0

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
