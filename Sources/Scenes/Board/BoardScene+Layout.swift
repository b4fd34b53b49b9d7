import Engine
import Geometry

// Where the board's panels, bar and lines are for the window, the spaces they make, and
// what scrolls a card or a line into view.
extension BoardScene {
    public func layout(bounds: Rect) {
        self.bounds = bounds
        let scale = cardScale, laidOut = dragDrop.spaces.isPanel(sheetSpace)
        let offsets = (strip: strip.offset, sheet: sheet.offset)
        cardScale = bounds.height >= 420 ? 1 : 0.6
        lyricLayout.forget()
        rebuildSpaces()
        if laidOut, cardScale != scale {
            // Lines and cards change size with the board: the panels show what they showed.
            // (A panel a hand drags or that coasts keeps its motion, and its offset with it.)
            if !strip.isMoving { dragDrop.spaces[panel: stripSpace].setOffset(offsets.strip * cardScale / scale) }
            if !sheet.isMoving { dragDrop.spaces[panel: sheetSpace].setOffset(offsets.sheet * cardScale / scale) }
        }
        // The line being typed in stays in view (a hostile tour typed into one a resize had
        // scrolled away), unless a hand is scrolling the sheet.
        if let edit = lyric, !sheet.isMoving { revealLine(edit.line) }
        // And its caret stays inside the line, now of another width (a visual tour shrank
        // the window under a 2,000-letter line and typed on past its edge, unseen).
        typing.followCaret()
        // A key carry's slot stays on its line, now of another width (a hostile tour's slot
        // 24 of a line that had 15 after a shrink).
        if var carry = dragDrop.keyCarry, lineSpaces.indices.contains(carry.zone) {
            carry.slot = min(carry.slot, keys.slotCount(carry.zone) - 1)
            dragDrop.keyCarry = carry
        }
        edits.resolveLegacyChords()
    }

    public var stripFrame: Rect { Rect(x: bounds.minX + 16, y: bounds.minY + 12, w: max(100, bounds.width - 32), h: 114 * cardScale) }
    /// The bottom bar: the announcement, and the Undo and Redo buttons.
    public var barFrame: Rect {
        let h = bounds.height >= 420 ? 44.0 : 36.0
        return Rect(x: bounds.minX + 16, y: bounds.maxY - h - 8, w: max(100, bounds.width - 32), h: h)
    }
    public var sheetFrame: Rect {
        let top = stripFrame.maxY + 14
        return Rect(x: bounds.minX + 16, y: top, w: max(100, bounds.width - 32), h: max(48, barFrame.minY - 8 - top))
    }

    func itemFrame(_ i: Int) -> Rect { Rect(origin: Vec2(12 + Double(i) * 88, 12) * cardScale, size: cardBox) }
    var stripContentWidth: Double { (12 + Double(stripNames.count) * 88) * cardScale }
    var sheetContentHeight: Double { Double(document.lines.count) * lineHeight + 16 }
    /// A lyric line's width: the sheet's, less a margin each side.
    var lineWidth: Double { sheetFrame.width - 16 }
    /// The top of line `i` in the sheet's content.
    func lineContentY(_ i: Int) -> Double { 8 + Double(i) * lineHeight }

    /// The lines the sheet's viewport shows (and one either side), by arithmetic: drawing and
    /// hit tests cost the lines in view, not the sheet's length.
    var visibleLines: Range<Int> {
        let n = document.lines.count
        guard n > 0, lineHeight > 0 else { return 0..<0 }
        let top = (sheet.offset - 8) / lineHeight, bottom = (sheet.offset + sheet.viewport - 8) / lineHeight
        guard top.isFinite, bottom.isFinite else { return 0..<n }
        let first = max(0, min(n, Int(top.rounded(.down)) - 1)), last = max(first, min(n, Int(bottom.rounded(.up)) + 1))
        return first..<last
    }

    /// Scrolls the strip so card `i` shows whole, with a margin.
    func revealCard(_ i: Int) {
        let f = itemFrame(i)
        dragDrop.spaces[panel: stripSpace].reveal(f.minX - 12, f.maxX + 12)
    }

    /// Scrolls the sheet so line `i` shows whole (or its top, when the sheet is shorter).
    func revealLine(_ i: Int) {
        dragDrop.spaces[panel: sheetSpace].reveal(lineContentY(i) - 8, lineContentY(i) + lineHeight + 8)
    }

    /// The first line whose top is in view (else the first one partly in view).
    var firstVisibleLine: Int {
        let top = sheet.offset
        if let i = document.lines.indices.first(where: { lineContentY($0) >= top - 0.5 }),
           lineContentY(i) < top + sheet.viewport {
            return i
        }
        return document.lines.indices.first { lineContentY($0) + lineHeight > top } ?? 0
    }

    /// Lays out the spaces again (the window or the sheet's length changed); the panels keep
    /// their offsets and any motion.
    func rebuildSpaces() {
        let sf = stripFrame, tf = sheetFrame
        let hadPanels = dragDrop.spaces.isPanel(stripSpace)
        var strip = hadPanels ? self.strip : ScrollPanel(axis: .horizontal, viewport: 1, contentLength: 1)
        var sheet = hadPanels ? self.sheet : ScrollPanel(axis: .vertical, viewport: 1, contentLength: 1)
        let stripOffset = strip.offset, sheetOffset = sheet.offset
        strip.viewport = sf.width
        strip.contentLength = stripContentWidth
        sheet.viewport = tf.height
        sheet.contentLength = sheetContentHeight
        if !strip.isMoving { strip.setOffset(stripOffset) }
        if !sheet.isMoving { sheet.setOffset(sheetOffset) }
        var spaces = SpaceTree(rootSize: Vec2(bounds.maxX, bounds.maxY))
        stripSpace = spaces.addPanel(strip, parent: .root, frame: sf)
        stripContent = spaces.add(parent: stripSpace, frame: Rect(x: 0, y: 0, w: stripContentWidth, h: sf.height))
        sheetSpace = spaces.addPanel(sheet, parent: .root, frame: tf)
        sheetContent = spaces.add(parent: sheetSpace, frame: Rect(x: 0, y: 0, w: tf.width, h: sheetContentHeight))
        lineSpaces = document.lines.indices.map { i in
            spaces.add(parent: sheetContent, frame: Rect(x: 8, y: lineContentY(i), w: lineWidth, h: lineHeight))
        }
        dragDrop.spaces = spaces
        dragDrop.panels = [stripSpace, sheetSpace]
        dragDrop.zones = lineSpaces
        dragDrop.zoneClip = sheetSpace
        bar.layout(barFrame, sheetTop: tf.minY)
        if var panel = songs.panel {
            songs.layout(&panel)
            songs.panel = panel
        }
    }
}
