import Engine
import Geometry
import Paths

// Edit mode's presses and drags: the buttons, anchors, handles and the path itself.
extension PathEditSession {
    // MARK: Input

    /// Handles `event` in edit mode; false when it is not the editor's (rings, shape keys).
    func routeEditInput(_ event: InputEvent, _ ctx: StepContext) -> Bool {
        switch event {
        case .pointerDown(let id, let device, let at):
            if scene.editButton.hit(at, device: device) { scene.setEditing(false); return true }
            if undoButton.hit(at, device: device) { undoEdit(); return true }
            if redoButton.hit(at, device: device) { redoEdit(); return true }
            if snapButton.hit(at, device: device) { snap.toggle(); return true }
            if linkButton.hit(at, device: device) { linkedHandles.toggle(); scene.placeButtons(); return true }
            if exportButton.hit(at, device: device) { exportPath(); return true }
            if scene.shapeButton.hit(at, device: device) { return false }
            return press(pointer: id, device: device, at: at, ctx)
        case .pointerMove(let id, _, let at):
            guard editor?.drags.contains(id) == true else { return false }
            dragMoved(pointer: id, to: at, ctx)
            return true
        case .pointerUp(let id, _, let at):
            guard editor?.drags.contains(id) == true else { return false }
            dragMoved(pointer: id, to: at, ctx)
            endDrag(pointer: id, cancelled: false)
            return true
        case .pointerCancel(let id, _):
            guard editor?.drags.contains(id) == true else { return false }
            endDrag(pointer: id, cancelled: true)
            return true
        case .key(_, true), .gamepadButton(_, _, true):
            return editPress(event, ctx)
        case .keyRepeat(let k) where [Key.left, .right, .up, .down].contains(k):
            return editPress(.key(k, down: true), ctx)
        case .gamepadRemoved:
            stickPoint = nil
            return false
        case .focusLost:
            // What was shown is saved before the window is away (the keys it held come up,
            // a stick may keep going and is saved again when it rests).
            if unsaved { save() }
            return false
        default:
            return false
        }
    }

    /// A press: a handle or anchor is taken (a second press soon after on the same anchor
    /// turns it corner ↔ smooth); else a ring; else on the path an anchor is put there and
    /// taken; else the focus is let go.
    func press(pointer id: Int, device: PointerDevice, at: Vec2, _ ctx: StepContext) -> Bool {
        guard var e = editor else { return false }
        // Past the hands a person has, presses on points do nothing (30,000 fingers would
        // make every move a scan of 30,000 drags).
        guard e.drags.count < Self.maxDrags else { return true }
        if let target = e.target(at: at, radius: anchorRadius + device.hitSlop) {
            // One finger per point: a point another hand drags stays that hand's.
            if e.drags.all.contains(where: { $0.target.point == target }) { return true }
            if case .anchor(let a) = target, anchorTaps.press(a, at: at, time: editClock, reach: device.hitSlop + anchorRadius) {
                e.focused = a
                editor = e
                toggleSmooth(a)
                return true
            }
            startDrag(target, pointer: id, device: device, at: at, ctx)
            return true
        }
        if scene.grabRing(pointer: id, device: device, at: at) { return true }
        // A few insertions a step (each builds the table again); more presses wait for the next.
        guard insertsThisStep < Self.maxInsertsPerStep else { return true }
        if insertAnchor(near: at, radius: device.hitSlop + 4) {
            insertsThisStep += 1
            if let a = editor?.focused {
                startDrag(.anchor(a), pointer: id, device: device, at: at, ctx)
                // Resting on the anchor just put there does not delete it.
                if let i = editor?.drags.index(of: id) { editor?.drags[i].press.held = -.infinity }
            }
            return true
        }
        e.focused = nil
        editor = e
        return true
    }

    func startDrag(_ target: Target, pointer id: Int, device: PointerDevice, at: Vec2, _ ctx: StepContext) {
        guard var e = editor, let p = e.point(of: target) else { return }
        let a = target.anchor
        let alt = ctx.input.alt
        let keepsSmooth = linkedHandles && !alt && e.doc.isSmooth(a)
        e.drags.end(id)
        if e.drags.isEmpty { e.gestureBefore = e.doc }
        e.drags.begin(id, device: device, at: at, target: PathEditor.Grip(point: target, grab: p - at, keepsSmooth: keepsSmooth))
        e.focused = a
        e.nudging = nil
        editor = e
    }

    typealias Target = PathEditor.Target

    func dragMoved(pointer id: Int, to at: Vec2, _ ctx: StepContext) {
        // A press held still (within half its device's slop) moves nothing.
        guard var e = editor, let i = e.drags.index(of: id),
              e.drags.move(id, to: at, slop: e.drags[i].device.hitSlop / 2, holdStill: true)?.moved == true else { return }
        let d = e.drags[i]
        // The table is built once a step, however many moves came (`flushDrags`).
        if pendingDrag == nil { pendingDrag = (e, []) }
        do {
            let changes = try e.move(d.target.point, to: placed(at + d.target.grab, from: e.point(of: d.target.point) ?? at + d.target.grab),
                                     keepingSmooth: d.target.keepsSmooth)
            pendingDrag?.changes += changes
        } catch {
            tell("\(error)")
        }
        editor = e
    }

    /// Builds the table for this step's drag moves (all of them at once).
    func flushDrags() {
        guard let (saved, changes) = pendingDrag else { return }
        pendingDrag = nil
        // (A refused step puts the editor back as it was before this step's moves.)
        commit(from: saved, changes: changes, recording: false, finished: false)
    }

    /// A pointer lets go. When it was the gesture's last, the gesture is one undo step and
    /// is saved; a cancel of the last pointer puts the path back as the gesture found it.
    func endDrag(pointer id: Int, cancelled: Bool) {
        flushDrags()
        guard var e = editor, e.drags.end(id) != nil else { return }
        editor = e
        guard e.drags.isEmpty, let g = e.gestureBefore else { return }
        editor?.gestureBefore = nil
        guard g != e.doc else { return }
        if cancelled {
            // A drag that only moved points is put back by moving them back: rings keep their
            // places on the segments (with nil, "the path replaced whole", they were placed by
            // their fraction of the length, measured on the dragged path, and a ring on a
            // segment nobody touched moved: a hostile tour's focus lost mid-drag).
            let moved = g.hasSegments(like: e.doc)
            edit(recording: false) { e in e.doc = g; return moved ? [] : nil }
            return
        }
        editor?.history.record(g)
        save()
        scene.placeButtons()
    }

    /// Puts an anchor on the path where it passes within `radius` of `at`, by cutting its
    /// segment there exactly, and focuses it. False when the path is not that near.
    @discardableResult
    func insertAnchor(near at: Vec2, radius: Double) -> Bool {
        guard let t = scene.tables.first, let n = t.nearestIndex(to: at), t.points[n].distance(to: at) <= radius,
              let e = editor else { return false }
        let run = t.run(containing: n)
        guard let sub = t.runs.firstIndex(of: run), sub < e.doc.subpaths.count else { return false }
        let local = Int(t.sampleSegments[n]) - run.firstSegment
        guard e.doc.subpaths[sub].segments.indices.contains(local) else { return false }
        // The exact parameter nearest the press on that segment, from the sample's.
        let seg = t.segments[Int(t.sampleSegments[n])]
        let u = seg.parameter(nearest: at, from: t.sampleParameters[n])
        return insertAnchor(subpath: sub, segment: local, at: u)
    }

    /// Cuts segment `segment` of subpath `sub` at `u` and focuses the new anchor.
    @discardableResult
    func insertAnchor(subpath sub: Int, segment: Int, at u: Double) -> Bool {
        if let n = editor?.doc.anchors.count, n >= PathScene.maxEditableAnchors {
            tell("the editor takes at most \(PathScene.maxEditableAnchors) anchors (PathScene.maxEditableAnchors)")
            return false
        }
        guard u > 1e-6 && u < 1 - 1e-6 else {
            tell("an anchor is already there")
            return false
        }
        return edit { e in
            let a = try e.doc.insertAnchor(subpath: sub, segment: segment, at: u)
            let change = SegmentChange.split(subpath: sub, segment: segment, at: u)
            e.remap([change])
            e.focused = a
            e.nudging = nil
            return [change]
        }
    }

    func removeAnchor(_ a: AnchorIndex) {
        edit { e in
            let change = try e.doc.removeAnchor(a)
            // The other points held and the focus follow their anchors; a drag of this one ends.
            e.remap([change])
            e.focused = e.doc.position(of: a) != nil ? a : e.doc.anchors.last
            e.nudging = nil
            return [change]
        }
    }

    func toggleSmooth(_ a: AnchorIndex) {
        edit { e in
            let (smooth, b, changes) = try e.doc.toggleSmooth(a)
            e.remap(changes)
            e.focused = b
            e.nudging = nil
            _ = smooth
            return changes
        }
    }
}
