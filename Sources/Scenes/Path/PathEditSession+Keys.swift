import Engine
import Geometry
import Paths

// Edit mode's keys, pad buttons and stick: nudges of the focused anchor, and the commands.
extension PathEditSession {
    /// Moves the focused anchor by `delta` window points (keys, d-pad, stick): one undo
    /// step for a run of such moves of the same anchor.
    func nudge(by delta: Vec2) {
        guard let e = editor, let a = e.focused, let p = e.point(of: .anchor(a)), let now = e.doc.position(of: a) else {
            return tell("focus an anchor first (Tab)")
        }
        // With the grid on, a key moves a whole grid step.
        if snap {
            moveFocused(a, to: placed(p + delta.normalized() * Self.gridStep, from: p))
            return
        }
        // A run counts from where it began, so keys pressed back land on the same numbers.
        let run = e.nudging == a ? e.nudgeRun : nil
        let origin = run?.origin ?? now
        let target = placed(e.toWindow(origin) + (run?.total ?? .zero) + delta, from: e.toWindow(origin))
        // (A refused move keeps the run where it was.)
        if moveFocused(a, to: target, origin: origin) { editor?.nudgeRun = (origin, target - e.toWindow(origin)) }
    }

    /// (Saved once the run settles — `saveIfSettled` — not at every step of it.)
    @discardableResult
    func moveFocused(_ a: AnchorIndex, to target: Vec2, origin: Vec2? = nil) -> Bool {
        let first = editor?.nudging != a
        editor?.nudgeRun = nil
        return edit(recording: first, finished: false) { e in
            let changes = try e.move(.anchor(a), to: target, keepingSmooth: false, origin: origin)
            e.nudging = e.focused
            return changes
        }
    }

    /// An edit-mode key or pad-button press (`event`): false when the editor has no use for it.
    func editPress(_ event: InputEvent, _ ctx: StepContext) -> Bool {
        guard let action = PathScene.bindings.action(for: event, mode: PathEditSession.mode, ctrl: ctx.input.ctrl) else { return false }
        let shift = ctx.input.shift
        let step = shift ? 10.0 : 1.0
        switch action {
        case .nudge:
            guard case .key(let k, _) = event else { break }
            switch k {
            case .left: nudge(by: Vec2(-step, 0))
            case .right: nudge(by: Vec2(step, 0))
            case .up: nudge(by: Vec2(0, -step))
            default: nudge(by: Vec2(0, step))
            }
        case .delete:
            if let a = editor?.focused { removeAnchor(a) } else if case .key = event { tell("focus an anchor first (Tab)") }
        case .undo: if shift, case .key = event { redoEdit() } else { undoEdit() }
        case .redo: redoEdit()
        case .leave: scene.setEditing(false)
        case .corner: if let a = editor?.focused { toggleSmooth(a) }
        case .focusNext, .focusPrevious:
            var back = action == .focusPrevious
            if shift, case .key = event { back = true }
            editor?.focusNext(back ? -1 : 1)
            editor?.nudging = nil
        case .insert: insertAfterFocused()
        case .snap: snap.toggle()
        case .link: linkedHandles.toggle(); scene.placeButtons()
        case .export: exportPath()
        default: return false
        }
        return true
    }

    /// An anchor in the middle of the segment leaving the focused anchor (or arriving, at an
    /// open end): the keyboard's and pad's way to insert.
    func insertAfterFocused() {
        guard let e = editor, let a = e.focused else { return tell("focus an anchor first (Tab)") }
        if let j = e.doc.segmentIndex(.outgoing, of: a) {
            insertAnchor(subpath: a.subpath, segment: j, at: 0.5)
        } else if let j = e.doc.segmentIndex(.incoming, of: a) {
            insertAnchor(subpath: a.subpath, segment: j, at: 0.5)
        }
    }

    /// The edit system, each step: the clock, long presses that delete, and the left stick
    /// moving the focused anchor.
    func stepEditor(_ ctx: StepContext) {
        editClock += ctx.dt
        insertsThisStep = 0
        editMessage.step(ctx.dt)
        guard scene.editing, editor != nil else { return }
        defer { saveIfSettled(ctx.input) }
        // Presses held still on an anchor: past `longPress`, the anchor goes. Each is looked
        // up again by its pointer, as a deletion renumbers the anchors the others hold.
        let reached = editor?.drags.advanceHolds(ctx.dt, toward: Self.longPress) { d in
            if case .anchor = d.target.point { !d.press.moved } else { false }
        } ?? []
        for pointer in reached {
            // Looked up again: a deletion renumbers the anchors the other presses hold.
            guard let i = editor?.drags.index(of: pointer), case .anchor(let a)? = editor?.drags[i].target.point else {
                continue
            }
            anchorTaps.forget()
            removeAnchor(a)
        }
        var stick = Vec2.zero
        for pad in ctx.input.pads { stick += pad.stick(true) }
        guard stick != .zero else {
            stickPoint = nil
            return
        }
        if editor?.focused == nil { editor?.focusNext(1) }
        guard let a = editor?.focused, let p = editor?.point(of: .anchor(a)) else { return }
        // The stick moves a point of its own, which the anchor follows onto the grid.
        let from = stickPoint ?? p
        let to = placed(from + stick * Self.stickSpeed * ctx.dt, from: p)
        stickPoint = from + stick * Self.stickSpeed * ctx.dt
        moveFocused(a, to: to)
    }
}
