import Engine
import Entities
import Geometry
import Motion
import Paths

// The ghosts: copies picked up, carried, dropped on a line or sent back.
extension BoardScene {
    /// Lifts a copy of `thing` for `carrier`, grabbed where it was pressed and moved with the
    /// carrier since.
    func lift(_ thing: Liftable, carrier: Carrier, at: Vec2, pressedAt: Vec2) {
        let name: String, frame: Rect, source: Ghost.Source
        switch thing {
        case .card(let item):
            (name, frame, source) = (Self.chordNames[item], itemRootFrame(item), .strip(item: item))
        case .chord(let r):
            let c = document.lines[r.line].chords[r.index]
            (name, frame, source) = (c.name, chordRootFrame(r), .placed(r, name: c.name, x: c.x))
        }
        ghosts.append(Ghost(name: name, carrier: carrier, frame: frame.offsetBy(at - pressedAt),
                            grab: pressedAt - frame.origin, source: source))
    }

    func moveGhost(carriedBy carrier: Carrier, to at: Vec2) {
        guard let k = ghosts.index(carriedBy: carrier) else { return }
        ghosts[k].frame.origin = at - ghosts[k].grab
    }

    /// Highlights the line each ghost would land on; marks placed chords dragged off the sheet.
    func updateTargets() {
        highlightedLine = nil
        for k in ghosts.indices where ghosts[k].isCarried {
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
            ghosts.chordRemoved(at: r)
        }
        document.lines[line].chords.append(SheetDocument.Placed(name: ghost.name, x: x))
        ghosts.remove(at: k)
        changed()
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
