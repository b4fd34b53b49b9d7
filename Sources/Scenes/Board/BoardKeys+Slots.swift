import Engine
import Geometry
import Songs

// Where a chord carried with the keys or a pad goes: slots along a line, a slot step apart,
// each showing where its chord would land, and the carried chord gliding there.
extension BoardKeys {
    /// The keyboard's ghost glides to the slot it would drop into (a critically damped
    /// approach, the same at any step rate), following the sheet as it scrolls, and takes a
    /// placed chord's size on the way: it stands where the chord will, over the lyric's
    /// syllable and not on it (a visual tour saw the whole card hide the words it aimed at).
    func followKeyCarry(_ dt: Double) {
        guard let carry = board.dragDrop.keyCarry else { return }
        guard board.dragDrop.index(carriedBy: carry.carrier) != nil, carry.zone < board.lineSpaces.count else {
            board.dragDrop.keyCarry = nil
            return
        }
        board.dragDrop.glideKeyCarry(toward: slotRootFrame(carry.slot, line: carry.zone), dt: dt)
    }

    /// The key carry's glide counts as arrived within this many points of its slot (what is
    /// left of its exponential approach is then far below a pixel).
    static let glideArrived = 1e-3

    /// Whether a key carry's ghost is still on its way to its slot (or has lost its line or
    /// ghost, which the next step settles): the board is then not at rest.
    var keyCarryGliding: Bool {
        guard let kc = board.dragDrop.keyCarry else { return false }
        guard let k = board.dragDrop.index(carriedBy: kc.carrier), kc.zone >= 0, kc.zone < board.lineSpaces.count else { return true }
        let target = slotRootFrame(kc.slot, line: kc.zone), frame = board.dragDrop.carries[k].frame
        let d = target.origin - frame.origin, ds = target.size - frame.size
        return !(max(abs(d.x), abs(d.y), abs(ds.x), abs(ds.y)) <= Self.glideArrived)
    }

    /// Chord slots along line `i`: one every `slotWidth`, the last flush with the line's end.
    func slotCount(_ line: Int) -> Int {
        let width = board.spaces.frame(of: board.lineSpaces[line]).width
        return max(1, Int(((width - board.placedBox.x) / board.slotStep).rounded(.down)) + 1)
    }

    func slotX(_ slot: Int, line: Int) -> Double {
        min(Double(slot) * board.slotStep, max(0, board.spaces.frame(of: board.lineSpaces[line]).width - board.placedBox.x))
    }

    /// Where a chord dropped in `slot` of `line` would be, in root space: on the character
    /// nearest the slot, where `BoardDrops.place` puts it, beside the line's other chords as they would
    /// set it (the one carried from this line left out: the drop moves it), so the mark and
    /// the carried chord show the landing, not the slot (a visual tour saw slot 0's mark 8 pt
    /// left of where its chord then stood; a review, one beside a placed chord 26 pt off).
    func slotRootFrame(_ slot: Int, line: Int) -> Rect {
        let highest = max(0, board.spaces.frame(of: board.lineSpaces[line]).width - board.placedBox.x)
        let layout = board.lyricLayout.chordLine(board.caretStops(line: line), text: board.document.lines[line].text)
        let at = layout.anchor(forX: clamp(slotX(slot, line: line), 0, highest), maxAt: SheetDocument.maxChordAt)
        var moving: Int?
        if let kc = board.dragDrop.keyCarry, let k = board.dragDrop.index(carriedBy: kc.carrier), let r = board.ghosts[k].item.placed, r.line == line { moving = r.index }
        var ats = board.document.lines[line].chords.indices.filter { $0 != moving }.map { board.document.lines[line].chords[$0].at }
        ats.append(at)
        let x = layout.chordXs(ats, lowest: 0, highest: highest).last ?? clamp(layout.anchorX(at), 0, highest)
        let r = Rect(x: x, y: board.placedY, w: board.placedBox.x, h: board.placedBox.y)
        return board.spaces.convert(r, from: board.lineSpaces[line], to: .root)
    }

    /// The first slot of `line` no placed chord overlaps, in the way its lyric reads: from
    /// the left, or from the right for a lyric that reads right to left (set against the
    /// line's right, where its first letters are); the first slot that way when all are taken.
    func firstFreeSlot(_ line: Int) -> Int {
        let xs = board.chordXs(line: line), count = slotCount(line)
        let order = board.lyricLayout.readsRightToLeft(board.document.lines[line].text, stops: board.caretStops(line: line)) ? Array((0..<count).reversed()) : Array(0..<count)
        return order.first { s in
            let x = slotX(s, line: line)
            return !xs.contains { $0 < x + board.placedBox.x && $0 + board.placedBox.x > x }
        } ?? order[0]
    }
}
