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

    func isPlaced(_ g: Ghost) -> Bool {
        if case .placed = g.source { true } else { false }
    }

    /// Sets the line each carried ghost would land on (one highlight per ghost) and marks
    /// placed chords carried off the sheet.
    func updateTargets() {
        for k in ghosts.indices where ghosts[k].isCarried {
            let g = ghosts[k]
            if let carry = keyCarry, carry.carrier == g.carrier {
                ghosts[k].targetLine = carry.line
                continue
            }
            let line = dropLine(pointer: g.pointer, body: g.body)
            ghosts[k].targetLine = line
            ghosts[k].willDelete = isPlaced(g) && line == nil && !sheetFrame.contains(g.pointer)
        }
    }

    /// The lines carried ghosts would land on, in the order the ghosts were lifted.
    public var highlightedLines: [Int] {
        ghosts.compactMap { $0.isCarried ? $0.targetLine : nil }
    }

    /// Drops ghost `k` where its pointer is: on a line, off the sheet (a placed chord is
    /// deleted), or nowhere (it flies back).
    func drop(_ k: Int) {
        let ghost = ghosts[k]
        guard let line = dropLine(pointer: ghost.pointer, body: ghost.body) else {
            if case .placed(let r, _, _) = ghost.source, ghost.willDelete {
                ghosts.remove(at: k)
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
        let ghost = ghosts[k]
        let width = spaces.frame(of: lineSpaces[line]).width
        let x = clamp(x, 0, max(0, width - Self.placedSize.x))
        var movedFrom: ChordRef?
        if case .placed(let r, _, _) = ghost.source {
            document.lines[r.line].chords.remove(at: r.index)
            ghosts.chordRemoved(at: r)
            movedFrom = r
        }
        document.lines[line].chords.append(SheetDocument.Placed(name: ghost.name, x: x))
        ghosts.remove(at: k)
        let placed = ChordRef(line: line, index: document.lines[line].chords.count - 1)
        if case .chord(let f) = focus, let r = movedFrom, f == r { focus = .chord(placed) }
        changed()
        announce("\(movedFrom == nil ? "Dropped" : "Moved") \(ghost.name) on line \(line + 1), \(quote(line))")
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
        ghosts[k].targetLine = nil
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
}
