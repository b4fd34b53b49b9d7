import Engine
import Entities
import Geometry

// Where the board's cards, lines and chords are, in root space, and what a point is over.
extension BoardScene {
    public func itemRootFrame(_ i: Int) -> Rect { spaces.convert(itemFrame(i), from: stripContent, to: .root) }
    public func lineRootFrame(_ i: Int) -> Rect { spaces.rootFrame(of: lineSpaces[i]) }
    /// Where placed chord `c` is, in its line's space: at its `x`, kept on the line.
    public func placedFrame(_ c: SheetDocument.Placed) -> Rect {
        Rect(x: shownX(c), y: placedY, w: placedBox.x, h: placedBox.y)
    }

    /// Where placed chords sit in a line: centred, or on a short board centred in the space
    /// above the lyric, which they would otherwise cover.
    var placedY: Double {
        let centred = (lineHeight - placedBox.y) / 2
        return cardScale < 1 ? min(centred, max(0, (lineHeight - Self.lyricBand - placedBox.y) / 2)) : centred
    }

    /// A placed chord's `x` as the board shows and uses it: within its line (0 up to the
    /// line's width less the chord's), as a drop places it. A sheet may say anything (a
    /// chord at x = 1e39, or one placed in a wider window): that chord is shown, focused and
    /// lifted at the line's end rather than somewhere no one can see it or whose numbers
    /// nothing can draw. The sheet keeps its own `x` until the chord is moved.
    public func shownX(_ c: SheetDocument.Placed) -> Double {
        guard !c.x.isNaN else { return 0 }
        return clamp(c.x, 0, max(0, lineWidth - placedBox.x))
    }
    public func chordRootFrame(_ r: ChordRef) -> Rect {
        spaces.convert(placedFrame(document.lines[r.line].chords[r.index]), from: lineSpaces[r.line], to: .root)
    }
    public func lineSpace(_ i: Int) -> SpaceTree.SpaceID { lineSpaces[i] }

    func stripItem(at p: Vec2) -> Int? {
        guard stripFrame.contains(p) else { return nil }
        let local = spaces.convert(p, from: .root, to: stripContent)
        return Rect.nearestTarget(to: local, among: Self.chordNames.indices.lazy.map { ($0, self.itemFrame($0)) })
    }

    func placedChord(at p: Vec2) -> ChordRef? {
        guard sheetFrame.contains(p) else { return nil }
        // Each chord takes a finger's target (`Rect.touchArea`), however small it is drawn;
        // where two overlap, in one line or two, the nearer takes the press.
        var best: (ref: ChordRef, distance: Double)?
        for li in visibleLines {
            let line = document.lines[li]
            let local = spaces.convert(p, from: .root, to: lineSpaces[li])
            for (ci, c) in line.chords.enumerated() {
                let frame = placedFrame(c).insetBy(dx: -4, dy: -4)
                guard frame.touchArea.contains(local) else { continue }
                let ref = ChordRef(line: li, index: ci)
                if dragDrop.isLifted(.placed(ref, name: c.name, x: c.x), carriedOnly: false) { continue }
                let d = frame.center.distance(to: local)
                if best == nil || d < best!.distance { best = (ref, d) }
            }
        }
        return best?.ref
    }
}
