import Engine
import Geometry
import Paths

/// The status line's inputs while editing (it is made again only when one changes).
struct EditInfoKey: Equatable {
    var anchors: Int, focused: Int?, snap: Bool, linked: Bool, length: Double, undo: Int, redo: Int
}

// What edit mode draws: the grid, the handles and anchors over the path, and its buttons
// and status line. The scene hands the session its list while editing (`PathScene.draw`).
extension PathEditSession {
    /// The grid over `bounds` (the shape's area), under the path, while snapping.
    func drawGrid(into list: inout DrawList, over bounds: Rect) {
        guard snap else { return }
        let g = Self.gridStep, b = bounds, color = Color(hex: 0x2c3547)
        var x = b.minX
        while x <= b.maxX {
            list.fillRect(Rect(x: x - 0.5, y: b.minY, w: 1, h: b.height), color: color)
            x += g
        }
        var y = b.minY
        while y <= b.maxY {
            list.fillRect(Rect(x: b.minX, y: y - 0.5, w: b.width, h: 1), color: color)
            y += g
        }
    }

    /// Handles (a line to a dot), then anchors (`anchorRadius`): a square at a corner, a
    /// circle where the path is smooth; the focused one ringed, a held one filled.
    func drawEditor(into list: inout DrawList) {
        guard let e = editor else { return }
        let r = anchorRadius
        let handleColor = Color(hex: 0xffd166)
        for a in e.anchorsWithHandles() {
            guard let p = e.doc.position(of: a).map(e.toWindow) else { continue }
            for side in [HandleSide.incoming, .outgoing] {
                guard let h = e.doc.handle(side, of: a).map(e.toWindow), h.distance(to: p) > 0.5 else { continue }
                list.polyline([p, h], width: 1, color: handleColor.withAlpha(170), closed: false)
                list.fillCircle(center: h, radius: r * 0.7, color: handleColor)
            }
        }
        let held = Set(e.drags.all.map(\.target.point.anchor))
        for (a, p) in e.drawnAnchors() {
            let lit = held.contains(a) || a == e.focused
            let fill = lit ? Color.accent : Color.white
            if e.doc.isSmooth(a) {
                list.fillCircle(center: p, radius: r, color: Color.background)
                list.fillCircle(center: p, radius: r - 1.5, color: fill)
            } else {
                list.fillRect(Rect(center: p, size: Vec2(2 * r, 2 * r)), color: Color.background)
                list.fillRect(Rect(center: p, size: Vec2(2 * r - 3, 2 * r - 3)), color: fill)
            }
            if a == e.focused { list.strokeCircle(center: p, radius: r + 5, width: 2, color: .accent) }
        }
        // A press held still on an anchor: a ring filling toward its deletion.
        for (d, progress) in e.drags.holdProgress(toward: Self.longPress, after: 0.15, where: { _ in true }) {
            guard case .anchor(let a) = d.target.point, let p = e.point(of: .anchor(a)) else { continue }
            list.holdRing(center: p, radius: r + 10, progress: progress, width: 3, color: .red, segments: 32)
        }
    }

    /// The editor's buttons (Undo, Redo, Snap, the handles' link, Export).
    func drawButtons(into list: inout DrawList, font: BitmapFont) {
        undoButton.draw(into: &list, font: font)
        redoButton.draw(into: &list, font: font)
        snapButton.draw(into: &list, font: font, highlighted: snap)
        linkButton.draw(into: &list, font: font, highlighted: !linkedHandles)
        exportButton.draw(into: &list, font: font)
    }

    /// The status line: a message about the last edit while it shows (in or out of edit
    /// mode: edit mode refused, say); while `editing`, else what is focused on a path of
    /// `length` points; nil otherwise.
    func status(editing: Bool, length: Double) -> (String, Color)? {
        if let m = editMessage.text { return (m, .accent) }
        guard editing, let e = editor else { return nil }
        let key = EditInfoKey(anchors: e.doc.anchors.count, focused: e.focused.flatMap(e.flatIndex), snap: snap,
                              linked: linkedHandles, length: length, undo: e.history.undoCount, redo: e.history.redoCount)
        return (editInfoMemo.value(for: key, same: ==) {
            let focus = key.focused.map { "anchor \($0 + 1) of \(key.anchors)" } ?? "\(key.anchors) anchors"
            return "editing · \(focus) · length \(format(key.length, 1)) pt" + (key.snap ? " · grid" : "")
        }, .dimText)
    }
}

extension PathScene {
    /// The status line's text and colour, if the editor has one (`PathEditSession.status`).
    func editStatus(_ t: SampleTable) -> (String, Color)? { session.status(editing: editing, length: t.length) }

    /// The status line as drawn in a scene `width` wide, if one shows: on up to two lines,
    /// the last where one line stands, not cut (at 480×320 an export's file name was).
    public func statusLines(font: BitmapFont, width: Double) -> (lines: [String], color: Color)? {
        guard let t = tables.first, let (status, color) = editStatus(t) else { return nil }
        let width = max(font.cellWidth * 4, width - 24)
        return (session.statusMemo.value(for: (status, width, font.cellWidth), same: ==) { font.wrapped(status, width: width, maxLines: 2) }, color)
    }
}
