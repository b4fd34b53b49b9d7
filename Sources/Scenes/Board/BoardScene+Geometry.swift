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
    }

    func lineLayout(_ i: Int) -> LineLayout {
        if lineLayouts.count != document.lines.count { lineLayouts = [LineLayout?](repeating: nil, count: document.lines.count) }
        if let l = lineLayouts[i] { return l }
        let line = document.lines[i]
        // The line being typed in, scrolled to keep its caret in view, is laid out so.
        let scroll = lyric?.line == i ? lyricScroll : 0
        let stops = font.caretStops(of: line.text).map { $0 + Self.textInset - scroll }
        // While an input method composes in this line, its text stands at the caret and the
        // chords from there on move along with the characters after it, as typing moves them.
        var chordStops = stops, from = Int.max, by = 0
        if let edit = lyric, let c = edit.composed, c.line == i {
            let composed = edit.field.shownText
            chordStops = font.caretStops(of: composed).map { $0 + Self.textInset - scroll }
            // (A mark or joiner composed merges with its neighbour: count what the line gains.)
            (from, by) = (c.at, max(0, composed.count - edit.field.count))
        }
        let maxX = max(0, lineWidth - placedBox.x)
        let order = line.chords.indices.sorted { (line.chords[$0].at, $0) < (line.chords[$1].at, $1) }
        var xs = [Double](repeating: 0, count: line.chords.count)
        let text = ChordStops(chordStops)
        // Chords too close are set side by side the way their characters read: a run of
        // chords on left-to-right characters rightward, one on right-to-left ones leftward.
        var right = -Double.infinity, left = Double.infinity, leftward: Bool?
        for k in order {
            let at = line.chords[k].at, on = at >= from ? at + by : at
            let rtl = text.runsRightToLeft(on)
            if rtl != leftward { (right, left, leftward) = (-.infinity, .infinity, rtl) }
            let a = anchorX(on, in: text)
            // (Scrolled, a chord over a character left of the view goes out of it to the left.)
            let x = clamp(rtl ? min(a, left - 2 - placedBox.x) : max(a, right + 2), scroll > 0 ? -.infinity : 0, maxX)
            xs[k] = x
            right = x + placedBox.x
            left = x
        }
        let l = LineLayout(stops: stops, chordXs: xs)
        lineLayouts[i] = l
        return l
    }

    /// Scrolls the line being typed in sideways, as a text field does, so that its caret
    /// (with the composition at it) stays a margin inside the line; back to 0 when it fits.
    func followCaret() {
        guard let edit = lyric else { return lyricScroll = 0 }
        let text = edit.field.shownText
        let caret = edit.field.caret + (edit.field.composition?.cursor ?? 0)
        let stops = font.caretStops(of: text)
        guard let end = stops.last else { return lyricScroll = 0 }
        let x = stops[min(max(0, caret), stops.count - 1)], view = lineWidth - 2 * Self.textInset
        guard view > 0, x.isFinite else { return lyricScroll = 0 }
        let margin = min(48, view / 4)
        var scroll = lyricScroll
        if x - scroll > view - margin { scroll = x - (view - margin) }
        if x - scroll < margin { scroll = x - margin }
        // Never past the text's end less the view, never before its start.
        lyricScroll = max(0, min(scroll, end - view + margin))
    }

    /// The lyric's left inset in its line.
    static let textInset = 8.0

    /// A space's width: the step of a chord's `at` past the end of its line's text.
    var spaceWidth: Double { max(1, font.width(of: " ")) }

    /// A line's caret stops as its chords read them: which way each character runs, which
    /// way the line reads, and where its text ends on either side.
    struct ChordStops {
        let stops: [Double]
        /// The line reads right to left: its first character is its right end (the shaper
        /// lays a line out in the direction of its first strong letter).
        let readsRightToLeft: Bool
        /// The text's left and right ends.
        let minX: Double, maxX: Double

        init(_ stops: [Double]) {
            self.stops = stops
            minX = stops.min() ?? 0
            maxX = stops.max() ?? 0
            readsRightToLeft = maxX > minX && stops[0] == maxX
        }

        /// Whether character `i` runs right to left (the stop after it is left of the one
        /// before it). A character of no width (a mark on the one before, a direction mark, a
        /// ligature's second letter) goes the way of the nearest one that has width; past the
        /// text, the way the line reads.
        func runsRightToLeft(_ i: Int) -> Bool {
            let last = stops.count - 1
            guard i < last else { return readsRightToLeft }
            var j = max(0, i)
            while j < last - 1, stops[j + 1] == stops[j] { j += 1 }
            if stops[j + 1] == stops[j] {
                j = max(0, i)
                while j > 0, stops[j + 1] == stops[j] { j -= 1 }
            }
            return stops[j + 1] == stops[j] ? readsRightToLeft : stops[j + 1] < stops[j]
        }
    }

    /// The left edge of a chord standing on character `at` of a line (`stops`): at the
    /// character's start, which is its left side, or for a right-to-left character its right
    /// side (the chord then ends there). Past the text, a space's width per step on from the
    /// text's end in the way the line reads (right of it, or left of it, ending there).
    func anchorX(_ at: Int, in text: ChordStops) -> Double {
        let last = text.stops.count - 1
        if at >= last {
            let past = Double(at - last) * spaceWidth
            return text.readsRightToLeft ? text.minX - past - placedBox.x : text.maxX + past
        }
        return text.runsRightToLeft(at) ? text.stops[max(0, at)] - placedBox.x : text.stops[max(0, at)]
    }

    /// The character a chord whose left edge is at `x` (line space) stands on: of the
    /// character whose start is nearest its left edge and the one whose start is nearest its
    /// right edge, the one it would be drawn nearer `x` on (`anchorX`: a left-to-right
    /// character's chord starts at it, a right-to-left one's ends at it); beyond the text's
    /// end (on the side the line reads toward), the nearest space's step.
    func anchor(forX x: Double, line i: Int) -> Int {
        let text = ChordStops(caretStops(line: i)), last = text.stops.count - 1
        guard x.isFinite else { return 0 }
        let w = placedBox.x, limit = Double(SheetDocument.maxChordAt - last)
        if text.readsRightToLeft {
            if x + w < text.minX - spaceWidth / 2 {
                return last + Int(min(((text.minX - (x + w)) / spaceWidth).rounded(), limit))
            }
        } else if x > text.maxX + spaceWidth / 2 {
            return last + Int(min(((x - text.maxX) / spaceWidth).rounded(), limit))
        }
        let byLeft = BitmapFont.nearestStop(x, in: text.stops), byRight = BitmapFont.nearestStop(x + w, in: text.stops)
        return abs(anchorX(byRight, in: text) - x) < abs(anchorX(byLeft, in: text) - x) ? byRight : byLeft
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
