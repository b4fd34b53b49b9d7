import Engine
import Geometry
import Motion

// What a drop means for the sheet: a chord placed on a line, moved, deleted, or flown back.
extension BoardScene {
    /// Drops ghost `k` where its pointer is: on a line, off the sheet (a placed chord is
    /// deleted), or nowhere (it flies back).
    func drop(_ k: Int) {
        let ghost = ghosts[k]
        guard let line = dragDrop.dropZone(pointer: ghost.pointer, body: dragDrop.body(of: ghost.frame)) else {
            if let r = ghost.item.placed, ghost.willRemove {
                dragDrop.removeCarry(at: k)
                deleteChord(r)
            } else {
                sendBack(k)
            }
            return
        }
        // Into the line's space: the chord is centred on the ghost's x, clamped inside the
        // line, and centred vertically (placedFrame does that).
        let center = spaces.convert(ghost.frame.center, from: .root, to: lineSpaces[line])
        place(k, line: line, x: center.x - Self.placedSize.x / 2)
    }

    /// Puts ghost `k`'s chord on `line` at `x` (clamped inside the line), removing the placed
    /// chord it was lifted from, if any.
    func place(_ k: Int, line: Int, x: Double) {
        let ghost = dragDrop.removeCarry(at: k)
        let width = spaces.frame(of: lineSpaces[line]).width
        let x = clamp(x, 0, max(0, width - Self.placedSize.x))
        let movedFrom = ghost.item.placed
        if let r = movedFrom { removeChord(at: r) }
        document.lines[line].chords.append(SheetDocument.Placed(name: ghost.name, x: x))
        let placed = ChordRef(line: line, index: document.lines[line].chords.count - 1)
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
            if case .placed(var g, let name, let x) = card, g.line == r.line, g.index > r.index {
                g.index -= 1
                card = .placed(g, name: name, x: x)
            }
        }
    }

    /// A miss: the ghost flies back to where it came from (0.25 s, ease out), then goes.
    func sendBack(_ k: Int) {
        let g = ghosts[k]
        let home = rootFrame(of: g.item)
        let e = world.spawn()
        tweener.animatables.store.insert(Animatable(position: g.frame.origin), for: e)
        var timing = MediaTiming(duration: 0.25)
        timing.fillMode = .forwards
        do {
            try tweener.add(Animation(target: e, property: .position,
                                      track: .point(try KeyframeTrack(values: [g.frame.origin, home.origin])),
                                      timing: timing, timingFunction: .easeOut, listener: 1))
        } catch {
            assertionFailure("\(error)")
        }
        dragDrop.sendBack(k, flight: e)
    }

    func finishReturns() {
        for k in ghosts.indices {
            if let e = ghosts[k].returning, let t = tweener.animatables.store[e] { dragDrop[carry: k].frame.origin = t.position.presentation }
        }
        for ev in tweener.events where ev.kind == .finished {
            dragDrop.finishReturn(of: ev.target)
            world.destroy(ev.target)
        }
    }
}
