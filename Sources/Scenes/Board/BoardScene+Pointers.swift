import Engine
import Entities
import Geometry
import Motion
import Paths

// Input routing and the pointers' gestures: scroll, lift by direction, lift by holding.
extension BoardScene {
    func routeInput(_ ctx: StepContext) {
        for e in ctx.events {
            focusRing.note(e)
            switch e {
            case .pointerDown(let id, let device, let at): press(id, device, at)
            case .pointerMove(let id, _, let at): move(id, at, dt: ctx.dt)
            case .pointerUp(let id, _, let at):
                move(id, at, dt: ctx.dt)
                release(id, cancelled: false)
            case .pointerCancel(let id, _): release(id, cancelled: true)
            case .wheel(let dx, let dy):
                let p = ctx.input.mousePosition
                if stripFrame.contains(p) {
                    strip.scroll(by: -(dx != 0 ? dx : dy))
                } else if sheetFrame.contains(p) {
                    sheet.scroll(by: -dy)
                }
                syncOffsets()
            case .key(let k, true): key(k, input: ctx.input)
            case .keyRepeat(let k) where [Key.left, .right, .up, .down].contains(k):
                // Held arrows keep moving the focus or the carry.
                key(k, input: ctx.input)
            case .gamepadButton(let pad, let b, true): padButton(pad, b)
            case .gamepadRemoved(let pad):
                // A pad pulled out mid-carry: what it carried flies back.
                if keyCarry?.carrier == .pad(pad) { command(.cancel, from: .gamepad) }
                stickRepeat[pad] = nil
            default: break
            }
        }
    }

    private func press(_ id: Int, _ device: PointerDevice, _ at: Vec2) {
        gestures.removeAll { $0.pointer == id }
        var g = Gesture(pointer: id, start: at, last: at, state: .ignored)
        if undoButton.hit(at, device: device) {
            undo()
        } else if redoButton.hit(at, device: device) {
            redo()
        } else if let panel = Panel.allCases.first(where: { frame(of: $0).contains(at) }) {
            if self[panel: panel].isMoving {
                // A press on a moving panel catches it: it scrolls, it does not pick up.
                self[panel: panel].beginDrag()
                g.state = .scrolling(panel)
            } else {
                g.state = .pending(panel, liftable(at: at, in: panel))
            }
        }
        gestures.append(g)
    }

    private func liftable(at p: Vec2, in panel: Panel) -> Liftable? {
        switch panel {
        case .strip: stripItem(at: p).map { .card($0) }
        case .sheet: placedChord(at: p).map { .chord($0) }
        }
    }

    private func move(_ id: Int, _ at: Vec2, dt: Double) {
        guard let gi = gestures.firstIndex(where: { $0.pointer == id }) else { return }
        var g = gestures[gi]
        let delta = at - g.last
        let total = at - g.start
        g.last = at
        switch g.state {
        case .pending(let panel, let target):
            let axis = self[panel: panel].axis
            switch PressDecision.decide(moved: total, scrollAxis: axis, onItem: target != nil, slop: Self.slop) {
            case .pickUp:
                lift(target!, carrier: .pointer(id), at: at, pressedAt: g.start)
                g.state = .dragging
            case .scroll:
                beginScroll(panel, except: id)
                self[panel: panel].drag(by: axis.along(total), dt: dt)
                g.state = .scrolling(panel)
            case .undecided: break
            }
        case .scrolling(let panel): self[panel: panel].drag(by: self[panel: panel].axis.along(delta), dt: dt)
        case .dragging: moveGhost(carriedBy: .pointer(id), to: at)
        case .ignored: break
        }
        gestures[gi] = g
        syncOffsets()
    }

    /// Press and hold: a press on something liftable that stays within `slop` for
    /// `holdTime` lifts it, and it then follows the pointer whichever way it goes.
    func advanceHolds(_ dt: Double) {
        for i in gestures.indices {
            guard case .pending(_, let target?) = gestures[i].state else { continue }
            gestures[i].held += dt
            guard gestures[i].held >= Self.holdTime else { continue }
            let g = gestures[i]
            lift(target, carrier: .pointer(g.pointer), at: g.last, pressedAt: g.start)
            gestures[i].state = .dragging
            if let k = ghosts.index(carriedBy: .pointer(g.pointer)) {
                announce("Lifted \(ghosts[k].name) · drag it anywhere\(isPlaced(ghosts[k]) ? ", off the sheet to delete" : "")")
            }
        }
    }

    /// How far a pending press is toward lifting by holding (0…1), for each pointer that
    /// holds something liftable: where to draw the progress ring.
    var holdProgress: [(at: Vec2, progress: Double)] {
        gestures.compactMap { g in
            guard case .pending(_, _?) = g.state, g.held > 0.08 else { return nil }
            return (g.start, min(1, g.held / Self.holdTime))
        }
    }

    /// A scroll that has begun cancels the other presses pending on that panel.
    private func beginScroll(_ panel: Panel, except id: Int) {
        self[panel: panel].beginDrag()
        for i in gestures.indices where gestures[i].pointer != id {
            if case .pending(panel, _) = gestures[i].state { gestures[i].state = .ignored }
        }
    }

    private func release(_ id: Int, cancelled: Bool) {
        let state = gestures.firstIndex { $0.pointer == id }.map { gestures.remove(at: $0).state }
        switch state {
        case .scrolling(let panel)?: self[panel: panel].endDrag()
        case .dragging?, nil:
            // Dragging, or a pointer whose gesture is gone that may still carry a ghost.
            if let k = ghosts.index(carriedBy: .pointer(id)) { cancelled ? sendBack(k) : drop(k) }
        case .pending?, .ignored?: break
        }
    }
}
