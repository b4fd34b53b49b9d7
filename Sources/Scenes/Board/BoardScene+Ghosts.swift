import Engine
import Entities
import Geometry
import Motion
import Paths

// The ghosts: copies picked up, carried, dropped on a line or sent back.
extension BoardScene {
    func pickUp(strip item: Int, pointer: Int, at: Vec2, pressedAt: Vec2) {
        let frame = itemRootFrame(item)
        ghosts.append(Ghost(name: Self.chordNames[item], pointer: pointer,
                            frame: frame.offsetBy(at - pressedAt), grab: pressedAt - frame.origin, source: .strip(item: item)))
    }

    func pickUp(placed r: ChordRef, pointer: Int, at: Vec2, pressedAt: Vec2) {
        let c = document.lines[r.line].chords[r.index]
        let frame = chordRootFrame(r)
        ghosts.append(Ghost(name: c.name, pointer: pointer, frame: frame.offsetBy(at - pressedAt),
                            grab: pressedAt - frame.origin, source: .placed(r, name: c.name, x: c.x)))
    }

    func moveGhost(pointer: Int, to at: Vec2) {
        guard let k = ghosts.firstIndex(where: { $0.pointer == pointer && $0.returning == nil }) else { return }
        ghosts[k].frame.origin = at - ghosts[k].grab
    }

    /// Highlights the line each ghost would land on; marks placed chords dragged off the sheet.
    func updateTargets() {
        highlightedLine = nil
        for k in ghosts.indices where ghosts[k].returning == nil {
            let line = dropLine(for: ghosts[k].frame)
            if line != nil { highlightedLine = line }
            if case .placed = ghosts[k].source {
                ghosts[k].willDelete = !sheetFrame.contains(ghosts[k].frame.center) && line == nil
            }
        }
    }

    func drop(_ k: Int) {
        let ghost = ghosts[k]
        guard let line = dropLine(for: ghost.frame) else {
            if case .placed(let r, _, _) = ghost.source, ghost.willDelete {
                document.lines[r.line].chords.remove(at: r.index)
                ghosts.remove(at: k)
                changed()
            } else {
                sendBack(k)
            }
            return
        }
        // Into the line's space: the chord is centred on the drop point's x, clamped inside
        // the line, and centred vertically (placedFrame does that).
        let space = lineSpaces[line]
        let center = spaces.convert(ghost.frame.center, from: .root, to: space)
        let width = spaces.frame(of: space).width
        let x = clamp(center.x - Self.placedSize.x / 2, 0, max(0, width - Self.placedSize.x))
        if case .placed(let r, _, _) = ghost.source {
            document.lines[r.line].chords.remove(at: r.index)
            shiftRefs(removedAt: r)
        }
        document.lines[line].chords.append(SheetDocument.Placed(name: ghost.name, x: x))
        ghosts.remove(at: k)
        changed()
    }

    /// Other ghosts lifted from the same line keep pointing at the right chord.
    private func shiftRefs(removedAt r: ChordRef) {
        for i in ghosts.indices {
            if case .placed(var g, let name, let x) = ghosts[i].source, g.line == r.line, g.index > r.index {
                g.index -= 1
                ghosts[i].source = .placed(g, name: name, x: x)
            }
        }
    }

    /// A miss: the ghost flies back to where it came from (0.25 s, ease out), then goes.
    func sendBack(_ k: Int) {
        let g = ghosts[k]
        let home: Rect
        switch g.source {
        case .strip(let item): home = itemRootFrame(item)
        case .placed(let r, _, _): home = chordRootFrame(r)
        }
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
        ghosts[k].returning = e
        ghosts[k].willDelete = false
    }

    func finishReturns() {
        for k in ghosts.indices {
            if let e = ghosts[k].returning, let t = tweener.animatables.store[e] { ghosts[k].frame.origin = t.position.presentation }
        }
        for ev in tweener.events where ev.kind == .finished {
            ghosts.removeAll { $0.returning == ev.target }
            world.destroy(ev.target)
        }
    }

    private func changed() {
        let h = sheetContentHeight
        if h != sheet.contentLength { rebuildSpaces() }
        onChange?(document)
    }
}
