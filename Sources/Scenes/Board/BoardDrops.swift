import Engine
import Geometry
import Motion
import Songs

/// What the hands' lifts and drops mean on the board: a press that decided lifts a copy of a
/// strip card or a placed chord itself (`DragDrop` carries it); let go, it is placed on the
/// line under it, moved, deleted off the sheet, or flown back home; flights follow what they
/// fly to as the panels scroll. The keys' carry drops through `place` and `sendBack` too.
/// The ghosts' part of the state dump is written here, in the words of these drops.
final class BoardDrops {
    typealias Card = BoardScene.Card
    typealias ChordRef = BoardScene.ChordRef

    unowned let board: BoardScene

    init(board: BoardScene) { self.board = board }

    func move(_ id: Int, _ at: Vec2, velocity: Vec2) {
        if let l = board.dragDrop.move(id, to: at, velocity: velocity) { lift(l) }
    }

    /// Escape while the mouse or fingers carry cards: each flies back from its hand's motion,
    /// as a cancelled press sends it (the presses end; those pointers' moves and ups do
    /// nothing more).
    func cancelPointerCarries() {
        let names = board.dragDrop.pointersCarrying.compactMap { id in board.dragDrop.index(carriedBy: .pointer(id)).map { board.ghosts[$0].name } }
        for id in board.dragDrop.pointersCarrying { release(id, cancelled: true, velocity: board.input.stepInput.velocity(of: id)) }
        board.announce("Cancelled · \(names.joined(separator: ", ")) went back")
    }

    func release(_ id: Int, cancelled: Bool, velocity: Vec2) {
        guard let r = board.dragDrop.release(id, cancelled: cancelled, velocity: velocity) else { return }
        guard r.cancelled else { return drop(r.index) }
        // (The help opened, the window lost its focus: the bar said "Lifted C" for good.)
        let name = board.ghosts[r.index].name
        sendBack(r.index)
        board.announce("Cancelled · \(name) went back")
    }

    /// Press and hold: what a press held still lifts, it announces.
    func advanceHolds(_ dt: Double) {
        for l in board.dragDrop.advanceHolds(dt) {
            lift(l)
            if let k = board.dragDrop.index(carriedBy: l.carrier) {
                let g = board.ghosts[k]
                board.announce("Lifted \(g.name) · drag it anywhere\(g.item.placed != nil ? ", off the sheet to delete" : "")")
            }
        }
    }

    /// Whether `card` still names what it did: a placed chord still at its place with its name
    /// and character (an undo, a transposition or another hand's drop may have changed it).
    func isCurrent(_ card: Card) -> Bool {
        guard case .placed(let r, let name, let at) = card else { return true }
        guard board.document.lines.indices.contains(r.line), board.document.lines[r.line].chords.indices.contains(r.index) else { return false }
        let c = board.document.lines[r.line].chords[r.index]
        return c.name == name && c.at == at
    }

    /// Lifts what a press decided to: a copy of a strip card, or a placed chord itself.
    private func lift(_ l: DragDrop<Card>.Lift) {
        board.dragDrop.lift(l.item, carrier: l.carrier, frame: rootFrame(of: l.item), at: l.at, pressedAt: l.pressedAt,
                      removableFrom: l.item.placed != nil ? board.sheetSpace : nil)
    }

    /// Where a card or placed chord is now, in root space.
    func rootFrame(of card: Card) -> Rect {
        switch card {
        case .strip(let item, let name): board.itemRootFrame(board.stripNames.firstIndex(of: name) ?? min(item, board.stripNames.count - 1))
        case .placed(let r, _, _): board.chordRootFrame(r)
        }
    }

    /// Drops ghost `k` where its pointer is — or, flicked over the sheet (let go there faster
    /// than `flickSpeed`), where its flight would come to rest (`Coast.fast`'s projection of
    /// its velocity, kept within the visible sheet) — on a line, off the sheet (a placed
    /// chord is deleted), or nowhere (it flies back). Lines are small targets: the fast rate
    /// projects a 1,500 pt/s flick about a line and a half, where the scroll view's normal
    /// rate would send it eight lines on.
    func drop(_ k: Int) {
        let ghost = board.ghosts[k]
        let visible = board.sheetFrame
        let thrown = ghost.velocity.length >= BoardScene.flickSpeed && visible.contains(ghost.pointer)
        let aim = thrown ? Coast.fast.projectedDistance(ghost.velocity) : .zero
        let pointer = thrown ? visible.clamped(ghost.pointer + aim) : ghost.pointer
        let body = board.dragDrop.body(of: thrown ? Rect(center: pointer, size: ghost.frame.size) : ghost.frame)
        guard let line = board.dragDrop.dropZone(pointer: pointer, body: body) else {
            if let r = ghost.item.placed, ghost.willRemove {
                board.dragDrop.removeCarry(at: k)
                board.edits.deleteChord(r)
            } else {
                sendBack(k)
            }
            return
        }
        // Into the line's space: the chord is centred on the ghost's (or its aim's) x, clamped
        // inside the line and snapped to the nearest character, and centred vertically.
        let center = board.spaces.convert(thrown ? pointer : ghost.frame.center, from: .root, to: board.lineSpaces[line])
        if ghost.item.placed?.line != line, board.document.lines[line].chords.count >= SheetDocument.maxChordsPerLine {
            board.showBanner("line \(line + 1) holds \(SheetDocument.maxChordsPerLine) chords, the most a line takes")
            return sendBack(k)
        }
        place(k, line: line, x: center.x - board.placedBox.x / 2)
    }

    /// Puts ghost `k`'s chord on `line` on the character nearest `x` (its left edge, in the
    /// line's space, kept inside the line), removing the placed chord it was lifted from, if
    /// any; the ghost then settles into it on a spring.
    func place(_ k: Int, line: Int, x: Double) {
        let ghost = board.dragDrop.removeCarry(at: k)
        let width = board.spaces.frame(of: board.lineSpaces[line]).width
        let at = board.lyricLayout.anchor(forX: clamp(x, 0, max(0, width - board.placedBox.x)), line: line)
        let movedFrom = ghost.item.placed
        if let r = movedFrom { removeChord(at: r) }
        board.document.lines[line].chords.append(SheetDocument.Placed(name: ghost.name, at: at))
        let placed = ChordRef(line: line, index: board.document.lines[line].chords.count - 1)
        let landing = board.chordRootFrame(placed)
        board.dragDrop.fly(ghost, to: landing, kind: .settling, item: .placed(placed, name: ghost.name, at: at))
        if case .chord(let f) = board.focus, let r = movedFrom, f == r { board.focus = .chord(placed) }
        board.edits.commit()
        board.announce("\(movedFrom == nil ? "Dropped" : "Moved") \(ghost.name) on line \(line + 1), \(board.quote(line))")
    }

    /// Takes the placed chord at `r` off its line. Whatever else was lifted from it goes (a
    /// key carry and a finger may both hold one); what was lifted from later chords of the
    /// line keeps pointing at the right one.
    func removeChord(at r: ChordRef) {
        board.document.lines[r.line].chords.remove(at: r.index)
        board.dragDrop.forget { $0.placed == r }
        board.dragDrop.updateItems { card in
            if case .placed(var g, let name, let at) = card, g.line == r.line, g.index > r.index {
                g.index -= 1
                card = .placed(g, name: name, at: at)
            }
        }
    }

    /// A miss: the ghost flies back to where it came from, on a spring that leaves at the
    /// hand's velocity, then goes; the bar says so.
    func sendBack(_ k: Int) {
        let home = rootFrame(of: board.ghosts[k].item)
        board.announce("\(board.ghosts[k].name) went back")
        board.dragDrop.fly(k, to: home, kind: .returning)
    }

    /// Flights follow what they fly to as the panels scroll: a settling ghost its chord, a
    /// returning one its card or the chord it was lifted from (while the sheet has it).
    func stepFlights(_ dt: Double) {
        for k in board.ghosts.indices where board.ghosts[k].flight != nil {
            if case .placed(let r, _, _) = board.ghosts[k].item,
               !(board.document.lines.indices.contains(r.line) && board.document.lines[r.line].chords.indices.contains(r.index)) {
                continue
            }
            let target = rootFrame(of: board.ghosts[k].item)
            board.dragDrop[carry: k].flight?.target = target
        }
        board.dragDrop.stepFlights(dt)
    }

    /// The ghosts for the state dump: each one's name, hand, frame, velocity, flight, the line
    /// it would land on and whether its drop deletes it.
    var ghostsDump: JSONValue {
        .array(board.ghosts.map { g in
            .object([("name", .string(g.name)), ("carriedBy", g.carrier.json), ("frame", JSONValue(g.frame)),
                     ("velocity", JSONValue(g.velocity)),
                     ("flight", g.flight.map { .string($0.kind == .returning ? "returning" : "settling") } ?? .null),
                     ("targetLine", g.target.map { JSONValue($0) } ?? .null),
                     ("willDelete", .bool(g.willRemove))])
        })
    }
}
