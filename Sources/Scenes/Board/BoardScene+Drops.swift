import Engine
import Geometry
import Motion
import Songs

// What a drop means for the sheet: a chord placed on a line, moved, deleted, or flown back.
extension BoardScene {
    /// Drops ghost `k` where its pointer is — or, flicked over the sheet (let go there faster
    /// than `flickSpeed`), where its flight would come to rest (`Coast.fast`'s projection of
    /// its velocity, kept within the visible sheet) — on a line, off the sheet (a placed
    /// chord is deleted), or nowhere (it flies back). Lines are small targets: the fast rate
    /// projects a 1,500 pt/s flick about a line and a half, where the scroll view's normal
    /// rate would send it eight lines on.
    func drop(_ k: Int) {
        let ghost = ghosts[k]
        let visible = sheetFrame
        let thrown = ghost.velocity.length >= Self.flickSpeed && visible.contains(ghost.pointer)
        let aim = thrown ? Coast.fast.projectedDistance(ghost.velocity) : .zero
        let pointer = thrown ? visible.clamped(ghost.pointer + aim) : ghost.pointer
        let body = dragDrop.body(of: thrown ? Rect(center: pointer, size: ghost.frame.size) : ghost.frame)
        guard let line = dragDrop.dropZone(pointer: pointer, body: body) else {
            if let r = ghost.item.placed, ghost.willRemove {
                dragDrop.removeCarry(at: k)
                deleteChord(r)
            } else {
                sendBack(k)
            }
            return
        }
        // Into the line's space: the chord is centred on the ghost's (or its aim's) x, clamped
        // inside the line and snapped to the nearest character, and centred vertically.
        let center = spaces.convert(thrown ? pointer : ghost.frame.center, from: .root, to: lineSpaces[line])
        if ghost.item.placed?.line != line, document.lines[line].chords.count >= SheetDocument.maxChordsPerLine {
            showBanner("line \(line + 1) holds \(SheetDocument.maxChordsPerLine) chords, the most a line takes")
            return sendBack(k)
        }
        place(k, line: line, x: center.x - placedBox.x / 2)
    }

    /// Puts ghost `k`'s chord on `line` on the character nearest `x` (its left edge, in the
    /// line's space, kept inside the line), removing the placed chord it was lifted from, if
    /// any; the ghost then settles into it on a spring.
    func place(_ k: Int, line: Int, x: Double) {
        let ghost = dragDrop.removeCarry(at: k)
        let width = spaces.frame(of: lineSpaces[line]).width
        let at = lyricLayout.anchor(forX: clamp(x, 0, max(0, width - placedBox.x)), line: line)
        let movedFrom = ghost.item.placed
        if let r = movedFrom { removeChord(at: r) }
        document.lines[line].chords.append(SheetDocument.Placed(name: ghost.name, at: at))
        let placed = ChordRef(line: line, index: document.lines[line].chords.count - 1)
        let landing = chordRootFrame(placed)
        dragDrop.fly(ghost, to: landing, kind: .settling, item: .placed(placed, name: ghost.name, at: at))
        if case .chord(let f) = focus, let r = movedFrom, f == r { focus = .chord(placed) }
        changed()
        announce("\(movedFrom == nil ? "Dropped" : "Moved") \(ghost.name) on line \(line + 1), \(quote(line))")
    }

    /// Takes the placed chord at `r` off its line. Whatever else was lifted from it goes (a
    /// key carry and a finger may both hold one); what was lifted from later chords of the
    /// line keeps pointing at the right one.
    func removeChord(at r: ChordRef) {
        document.lines[r.line].chords.remove(at: r.index)
        dragDrop.forget { $0.placed == r }
        dragDrop.updateItems { card in
            if case .placed(var g, let name, let at) = card, g.line == r.line, g.index > r.index {
                g.index -= 1
                card = .placed(g, name: name, at: at)
            }
        }
    }

    /// A miss: the ghost flies back to where it came from, on a spring that leaves at the
    /// hand's velocity, then goes; the bar says so.
    func sendBack(_ k: Int) {
        let home = rootFrame(of: ghosts[k].item)
        announce("\(ghosts[k].name) went back")
        dragDrop.fly(k, to: home, kind: .returning)
    }

    /// Flights follow what they fly to as the panels scroll: a settling ghost its chord, a
    /// returning one its card or the chord it was lifted from (while the sheet has it).
    func stepFlights(_ dt: Double) {
        for k in ghosts.indices where ghosts[k].flight != nil {
            if case .placed(let r, _, _) = ghosts[k].item,
               !(document.lines.indices.contains(r.line) && document.lines[r.line].chords.indices.contains(r.index)) {
                continue
            }
            let target = rootFrame(of: ghosts[k].item)
            dragDrop[carry: k].flight?.target = target
        }
        dragDrop.stepFlights(dt)
    }
}
