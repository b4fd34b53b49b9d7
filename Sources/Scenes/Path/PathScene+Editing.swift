import Engine
import Geometry
import Paths

/// The status line's inputs while editing (it is made again only when one changes).
struct EditInfoKey: Equatable {
    var anchors: Int, focused: Int?, snap: Bool, linked: Bool, length: Double, undo: Int, redo: Int
}

// Edit mode: the path shaped by hand while the rings ride it. Presses, keys and sticks
// become the editor's operations; every change rebuilds the table (measuring only the
// segments it changed) and keeps each ring on the same point of its segment.
extension PathScene {
    /// Grid spacing for snapping, in window points.
    public static let gridStep = 20.0
    /// How long a press must stay still on an anchor to delete it, and how soon a second
    /// press makes a double click or tap.
    public static let longPress = 0.6
    public static let doubleClick = 0.4
    /// How fast a full stick moves an anchor (points per second).
    public static let stickSpeed = 240.0

    /// An anchor's drawn radius: larger on a larger shape.
    var anchorRadius: Double { max(5, 0.008 * min(shapeBounds.width, shapeBounds.height)) }

    // MARK: The path and its editor

    /// The path as the scene draws and rides it, in window points.
    func currentPath() -> Path {
        if let e = editor, e.changed { return e.windowPath }
        return makePath(shape, in: shapeBounds)
    }

    /// An editor of the current shape as it is drawn now.
    func freshEditor() -> PathEditor {
        if shape == .custom, let custom = customPath {
            var e = PathEditor(EditablePath(custom))
            e.loadedBounds = custom.controlBounds
            e.frame = nil
            e.room = PathEditor.room(around: e.loadedBounds)
            return fitted(e)
        }
        var e = PathEditor(EditablePath(makePath(shape, in: shapeBounds)))
        e.frame = shapeBounds
        e.room = PathEditor.room(around: shapeBounds)
        return e
    }

    /// The editor's view for the current `shapeBounds`: a custom path fitted as the scene
    /// fits it; a built-in shape's edits scaled from the rect they were made in.
    private func fitted(_ e: PathEditor) -> PathEditor {
        var e = e
        if let frame = e.frame {
            let s = min(frame.width > 0 ? shapeBounds.width / frame.width : 1, frame.height > 0 ? shapeBounds.height / frame.height : 1)
            e.scale = s.isFinite && s > 0 ? s : 1
            e.offset = shapeBounds.center - frame.center * e.scale
        } else {
            let b = e.loadedBounds
            // As `fitCustom` fits it (`Path.fitted`), from the bounds it was loaded with.
            let margin = Self.customMargin(in: shapeBounds)
            let target = shapeBounds.insetBy(dx: margin, dy: margin)
            let s = Path.fitScale(b, into: target)
            e.scale = s.isFinite && s > 0 ? s : 1
            e.offset = target.center - b.center * e.scale
        }
        return e
    }

    /// After a layout: an unchanged editor is made again for the new size; a changed one
    /// keeps its path and is shown in the new rect.
    func fitEditor() {
        if let e = editor {
            editor = e.changed ? fitted(e) : freshEditor()
            // A run of key moves counts in window points, which a new fit changes.
            editor?.nudgeRun = nil
            editor?.nudging = nil
        }
        for (k, e) in edits { edits[k] = fitted(e) }
    }

    /// The most anchors the editor shows (each is drawn and hit-tested every frame); a path
    /// with more is refused with a message.
    public static let maxEditableAnchors = 5_000
    /// The most points held at once, and anchors put on the path in one step.
    public static let maxDrags = 10
    public static let maxInsertsPerStep = 4

    /// Turns edit mode on or off.
    public func setEditing(_ on: Bool) {
        guard on != editing else { return }
        if on, editor == nil, shape == .custom, let custom = customPath {
            let n = custom.subpaths.reduce(0) { $0 + EditablePath.anchorCount($1) }
            guard n <= Self.maxEditableAnchors else {
                return tell("this path has \(n) anchors; the editor takes at most \(Self.maxEditableAnchors) (PathScene.maxEditableAnchors)")
            }
        }
        // Whatever is held is let go first: recorded, and saved.
        if !on { finishGesture() }
        editing = on
        if on, editor == nil { editor = freshEditor() }
        if !on, let e = editor, !e.changed { editor = nil }
        lastAnchorPress = nil
        placeButtons()
    }

    /// Shows the buttons of the mode the scene is in.
    func placeButtons() {
        if normalLayout.count == 4, editLayout.count == 7 {
            let l = editing ? editLayout : normalLayout
            shapeButton.rect = l[0]
            if editing {
                editButton.rect = l[1]
                (undoButton.rect, redoButton.rect, snapButton.rect, linkButton.rect, exportButton.rect) = (l[2], l[3], l[4], l[5], l[6])
            } else {
                (debugButton.rect, rideButton.rect, editButton.rect) = (l[1], l[2], l[3])
            }
        }
        debugButton.isHidden = editing
        rideButton.isHidden = editing
        undoButton.isHidden = !editing
        redoButton.isHidden = !editing
        snapButton.isHidden = !editing
        linkButton.isHidden = !editing
        exportButton.isHidden = !editing
        linkButton.label = linkedHandles ? "Handles: linked" : "Handles: free"
        undoButton.isEnabled = editor?.history.canUndo ?? false
        redoButton.isEnabled = editor?.history.canRedo ?? false
    }

    /// Shows `text` in the status line for a few seconds.
    func tell(_ text: String) { editMessage = (text, editClock + 3) }

    // MARK: Changes

    /// Runs `body` on the editor; if the path changed, builds the new table (refusing the
    /// change, with the table's message, if it cannot be built) and moves the rings with it.
    /// `changes` from the body say how segments were cut or joined (nil: the path was
    /// replaced whole, and rings keep their fraction of the length). `recording` puts the
    /// path as it was on the undo history; `finished` saves it (`onEdited`).
    @discardableResult
    func edit(recording: Bool = true, finished: Bool = true,
              _ body: (inout PathEditor) throws -> [SegmentChange]?) -> Bool {
        // This step's drag moves first, so each change is built on the table before it; and
        // what a gesture still going on has done so far is its own undo step.
        flushDrags()
        if recording { checkpointGesture() }
        guard let saved = editor else { return false }
        var e = saved
        let changes: [SegmentChange]?
        do { changes = try body(&e) } catch {
            tell("\(error)")
            return false
        }
        editor = e
        guard commit(from: saved, changes: changes, recording: recording, finished: finished) else { return false }
        // A gesture going on starts again from here; one that this edit ended (its anchor
        // removed) is over.
        if var e = editor {
            e.gestureBefore = e.drags.isEmpty ? nil : e.doc
            editor = e
        }
        return true
    }

    /// The editor changed from `saved` (its path by `changes`): builds the new table, or puts
    /// `saved` back whole (path, focus, what is held) with the table's message when it cannot
    /// be built (see `edit`).
    @discardableResult
    func commit(from saved: PathEditor, changes: [SegmentChange]?, recording: Bool, finished: Bool) -> Bool {
        guard var e = editor else { return false }
        let before = saved.doc
        guard e.doc != before else {
            placeButtons()
            return true
        }
        let path = e.windowPath
        // Each ring's place is taken from the old table, which is then let go before the new
        // one is built: an edit of a path near the sample limit holds one table, not two (two
        // made resident memory grow from 552 MB to 1.16 GB over 40 edits).
        let places = ringPlaces()
        tables = []
        strokes = []
        let table: SampleTable
        do {
            table = try SampleTable(checking: path, spacing: spacing, measurements: &measurements)
            try PathScene.checkDrawnLength(table.length, in: shapeBounds)
        } catch {
            tell("refused: \(error)")
            editor = saved
            // The old table again, and each ring back at its place on it.
            let old = saved.windowPath
            let t = SampleTable(path: old, spacing: spacing)
            setTable(t, drawing: old)
            place(on: t, at: places.map { ($0?.fraction ?? 0) * t.length })
            return false
        }
        if recording { e.history.record(before) }
        e.changed = true
        editor = e
        install(table, path: path, changes: changes, places: places)
        if finished { save() } else { unsaved = true }
        placeButtons()
        return true
    }

    /// What a gesture still going on has changed becomes an undo step of its own (before an
    /// edit made while it goes on, so that edit can be undone alone).
    private func checkpointGesture() {
        guard var e = editor, let g = e.gestureBefore, g != e.doc else { return }
        e.history.record(g)
        e.gestureBefore = e.doc
        editor = e
    }

    /// Ends every drag now as if let go (before an undo, a shape change, or leaving edit
    /// mode): this step's moves built, the gesture recorded once, the path saved.
    func finishGesture() {
        flushDrags()
        guard var e = editor else { return }
        if let g = e.gestureBefore, g != e.doc { e.history.record(g) }
        e.gestureBefore = nil
        e.drags.removeAll()
        editor = e
        if unsaved { save() }
        placeButtons()
    }

    /// The new table in place, each ring kept where it was on its segment.
    /// Where each ring is on the current table, before it is replaced: its fraction of the
    /// length, its segment and parameter, and its point (nil: no table, or an empty one).
    private func ringPlaces() -> [(fraction: Double, place: CurvePlace, point: Vec2)?] {
        guard let old = tables.first, !old.isEmpty, old.length > 0 else { return followers.store.dense.map { _ in nil } }
        return followers.store.dense.map { f in
            (positiveModulo(f.distance, old.length) / old.length, old.place(atDistance: f.distance), old.point(atDistance: f.distance))
        }
    }

    /// The new table in place, each ring kept where it was on its segment (`places`, taken
    /// from the old table by `ringPlaces`).
    private func install(_ t: SampleTable, path: Path, changes: [SegmentChange]?,
                         places: [(fraction: Double, place: CurvePlace, point: Vec2)?]) {
        var distances: [Double] = []
        for saved in places {
            guard let saved else { distances.append(0); continue }
            guard let changes else {
                distances.append(saved.fraction * t.length)
                continue
            }
            var place = saved.place
            let was = saved.point
            var refine = false
            for c in changes {
                (place.segment, place.t) = c.map(subpath: place.subpath, segment: place.segment, t: place.t)
                if case .expanded(let s, _, _) = c, s == place.subpath { refine = true }
            }
            if refine, t.runs.indices.contains(place.subpath), place.segment < t.runs[place.subpath].segmentCount {
                // An arc became cubics: their parameters do not run as the angle did.
                place.t = t.segments[t.runs[place.subpath].firstSegment + place.segment].parameter(nearest: was, from: place.t)
            }
            distances.append(t.distance(at: place) ?? saved.fraction * t.length)
        }
        setTable(t, drawing: path)
        place(on: t, at: distances)
    }

    /// Saves what runs of moves left unsaved once nothing moves them any more: no point held
    /// by a hand, no arrow key down, no stick off centre. However a run ends — the key let
    /// go, the stick back, the pad pulled out (it leaves `input.pads`) — the step it ends in
    /// saves it.
    func saveIfSettled(_ input: InputState) {
        guard unsaved, pendingDrag == nil, editor?.drags.isEmpty != false,
              !["Left", "Right", "Up", "Down"].contains(where: { input.isDown(Key($0)) }),
              !input.pads.contains(where: { $0.stick(true) != .zero }) else { return }
        save()
    }

    /// Ends whatever the hands are doing as if let go and saves it (the scene is switched
    /// away from, or the run ends): what was shown is what is on disk.
    public func settle() {
        guard editing else { return }
        finishGesture()
        stickPoint = nil
        if unsaved { save() }
    }

    /// Writes the custom path back (`onEdited`: the `--path-file` it came from) and shows a
    /// problem if there was one. A built-in shape's edits are never written there.
    func save() {
        unsaved = false
        guard shape == .custom, let e = editor, e.changed, let onEdited else { return }
        if let problem = onEdited(e.doc.path.svgData) { tell(problem) }
    }

    /// Export: the path's SVG data, in its own coordinates, to `onExport`.
    public func exportPath() {
        let d = (editor?.doc.path ?? (shape == .custom ? customPath : nil) ?? currentPath()).svgData
        lastExport = d
        tell(onExport?(d) ?? "exported \(d.utf8.count) bytes of path data")
    }

    public func undoEdit() {
        // A drag going on is let go (and recorded) first, so the undo takes back just it.
        finishGesture()
        guard editor?.history.canUndo == true else { return tell("nothing to undo") }
        edit(recording: false) { e in _ = e.undo(); return nil }
    }

    public func redoEdit() {
        finishGesture()
        guard editor?.history.canRedo == true else { return tell("nothing to redo") }
        edit(recording: false) { e in _ = e.redo(); return nil }
    }

    /// `p` (window points) kept inside the scene and, with snapping on, on the grid.
    func placed(_ p: Vec2) -> Vec2 {
        var q = Vec2(clamp(p.x, sceneBounds.minX, sceneBounds.maxX), clamp(p.y, sceneBounds.minY, sceneBounds.maxY))
        if snap {
            let o = Vec2(shapeBounds.minX, shapeBounds.minY), g = Self.gridStep
            q = Vec2(o.x + ((q.x - o.x) / g).rounded() * g, o.y + ((q.y - o.y) / g).rounded() * g)
        }
        return q
    }

    // MARK: Input

    /// Handles `event` in edit mode; false when it is not the editor's (rings, shape keys).
    func routeEditInput(_ event: InputEvent, _ ctx: StepContext) -> Bool {
        switch event {
        case .pointerDown(let id, let device, let at):
            if editButton.hit(at, device: device) { setEditing(false); return true }
            if undoButton.hit(at, device: device) { undoEdit(); return true }
            if redoButton.hit(at, device: device) { redoEdit(); return true }
            if snapButton.hit(at, device: device) { snap.toggle(); return true }
            if linkButton.hit(at, device: device) { linkedHandles.toggle(); placeButtons(); return true }
            if exportButton.hit(at, device: device) { exportPath(); return true }
            if shapeButton.hit(at, device: device) { return false }
            return press(pointer: id, device: device, at: at, ctx)
        case .pointerMove(let id, _, let at):
            guard editor?.drags.contains(where: { $0.pointer == id }) == true else { return false }
            dragMoved(pointer: id, to: at, ctx)
            return true
        case .pointerUp(let id, _, let at):
            guard editor?.drags.contains(where: { $0.pointer == id }) == true else { return false }
            dragMoved(pointer: id, to: at, ctx)
            endDrag(pointer: id, cancelled: false)
            return true
        case .pointerCancel(let id, _):
            guard editor?.drags.contains(where: { $0.pointer == id }) == true else { return false }
            endDrag(pointer: id, cancelled: true)
            return true
        case .key(let k, true):
            return key(k, ctx)
        case .keyRepeat(let k) where ["Left", "Right", "Up", "Down"].contains(k.name):
            return key(k, ctx)
        case .gamepadButton(_, let b, true):
            return padButton(b)
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
    private func press(pointer id: Int, device: PointerDevice, at: Vec2, _ ctx: StepContext) -> Bool {
        guard var e = editor else { return false }
        // Past the hands a person has, presses on points do nothing (30,000 fingers would
        // make every move a scan of 30,000 drags).
        guard e.drags.count < Self.maxDrags else { return true }
        if let target = e.target(at: at, radius: anchorRadius + device.hitSlop) {
            if case .anchor(let a) = target, let last = lastAnchorPress, last.anchor == a,
               editClock - last.time <= Self.doubleClick, last.at.distance(to: at) <= device.hitSlop + anchorRadius {
                lastAnchorPress = nil
                e.focused = a
                editor = e
                toggleSmooth(a)
                return true
            }
            if case .anchor(let a) = target { lastAnchorPress = (editClock, a, at) }
            startDrag(target, pointer: id, device: device, at: at, ctx)
            return true
        }
        if grabRing(pointer: id, device: device, at: at) { return true }
        // A few insertions a step (each builds the table again); more presses wait for the next.
        guard insertsThisStep < Self.maxInsertsPerStep else { return true }
        if insertAnchor(near: at, radius: device.hitSlop + 4) {
            insertsThisStep += 1
            if let a = editor?.focused {
                startDrag(.anchor(a), pointer: id, device: device, at: at, ctx)
                // Resting on the anchor just put there does not delete it.
                if let i = editor?.drags.firstIndex(where: { $0.pointer == id }) { editor?.drags[i].held = -.infinity }
            }
            return true
        }
        e.focused = nil
        editor = e
        return true
    }

    private func startDrag(_ target: Target, pointer id: Int, device: PointerDevice, at: Vec2, _ ctx: StepContext) {
        guard var e = editor, let p = e.point(of: target) else { return }
        let a = target.anchor
        let alt = ctx.input.isDown(Key("Left Alt")) || ctx.input.isDown(Key("Right Alt"))
        let keepsSmooth = linkedHandles && !alt && e.doc.isSmooth(a)
        e.drags.removeAll { $0.pointer == id }
        if e.drags.isEmpty { e.gestureBefore = e.doc }
        e.drags.append(PathEditor.Drag(pointer: id, device: device, target: target, grab: p - at, pressedAt: at,
                                       keepsSmooth: keepsSmooth))
        e.focused = a
        e.nudging = nil
        editor = e
    }

    typealias Target = PathEditor.Target

    private func dragMoved(pointer id: Int, to at: Vec2, _ ctx: StepContext) {
        guard let i = editor?.drags.firstIndex(where: { $0.pointer == id }), let d = editor?.drags[i] else { return }
        if !d.moved && at.distance(to: d.pressedAt) < d.device.hitSlop / 2 { return }
        guard var e = editor else { return }
        e.drags[i].moved = true
        // The table is built once a step, however many moves came (`flushDrags`).
        if pendingDrag == nil { pendingDrag = (e, []) }
        do {
            let changes = try e.move(e.drags[i].target, to: placed(at + d.grab), keepingSmooth: e.drags[i].keepsSmooth)
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
    private func endDrag(pointer id: Int, cancelled: Bool) {
        flushDrags()
        guard var e = editor, let i = e.drags.firstIndex(where: { $0.pointer == id }) else { return }
        e.drags.remove(at: i)
        editor = e
        guard e.drags.isEmpty, let g = e.gestureBefore else { return }
        editor?.gestureBefore = nil
        guard g != e.doc else { return }
        if cancelled {
            edit(recording: false) { e in e.doc = g; return nil }
            return
        }
        editor?.history.record(g)
        save()
        placeButtons()
    }

    /// Puts an anchor on the path where it passes within `radius` of `at`, by cutting its
    /// segment there exactly, and focuses it. False when the path is not that near.
    @discardableResult
    func insertAnchor(near at: Vec2, radius: Double) -> Bool {
        guard let t = tables.first, let n = t.nearestIndex(to: at), t.points[n].distance(to: at) <= radius,
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
        if let n = editor?.doc.anchors.count, n >= Self.maxEditableAnchors {
            tell("the editor takes at most \(Self.maxEditableAnchors) anchors (PathScene.maxEditableAnchors)")
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

    /// Moves the focused anchor by `delta` window points (keys, d-pad, stick): one undo
    /// step for a run of such moves of the same anchor.
    func nudge(by delta: Vec2) {
        guard let e = editor, let a = e.focused, let p = e.point(of: .anchor(a)), let now = e.doc.position(of: a) else {
            return tell("focus an anchor first (Tab)")
        }
        // With the grid on, a key moves a whole grid step.
        if snap {
            moveFocused(a, to: placed(p + delta.normalized() * Self.gridStep))
            return
        }
        // A run counts from where it began, so keys pressed back land on the same numbers.
        let run = e.nudging == a ? e.nudgeRun : nil
        let origin = run?.origin ?? now
        let target = placed(e.toWindow(origin) + (run?.total ?? .zero) + delta)
        // (A refused move keeps the run where it was.)
        if moveFocused(a, to: target, origin: origin) { editor?.nudgeRun = (origin, target - e.toWindow(origin)) }
    }

    /// (Saved once the run settles — `saveIfSettled` — not at every step of it.)
    @discardableResult
    private func moveFocused(_ a: AnchorIndex, to target: Vec2, origin: Vec2? = nil) -> Bool {
        let first = editor?.nudging != a
        editor?.nudgeRun = nil
        return edit(recording: first, finished: false) { e in
            let changes = try e.move(.anchor(a), to: target, keepingSmooth: false, origin: origin)
            e.nudging = e.focused
            return changes
        }
    }

    private func key(_ k: Key, _ ctx: StepContext) -> Bool {
        let shift = ctx.input.isDown(Key("Left Shift")) || ctx.input.isDown(Key("Right Shift"))
        let step = shift ? 10.0 : 1.0
        if let c = FocusCommand(key: k, input: ctx.input) {
            switch c {
            case .left: nudge(by: Vec2(-step, 0))
            case .right: nudge(by: Vec2(step, 0))
            case .up: nudge(by: Vec2(0, -step))
            case .down: nudge(by: Vec2(0, step))
            case .delete: if let a = editor?.focused { removeAnchor(a) } else { tell("focus an anchor first (Tab)") }
            case .undo: undoEdit()
            case .redo: redoEdit()
            case .cancel: setEditing(false)
            case .activate: if let a = editor?.focused { toggleSmooth(a) }
            }
            return true
        }
        switch k.name {
        case "E": setEditing(false)
        case "Tab": editor?.focusNext(shift ? -1 : 1); editor?.nudging = nil
        case "C": if let a = editor?.focused { toggleSmooth(a) }
        case "I": insertAfterFocused()
        case "G": snap.toggle()
        case "L": linkedHandles.toggle(); placeButtons()
        case "X": exportPath()
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

    /// The pad while editing (the shoulders and Back stay the app's): the d-pad steps the
    /// focus (left, right), inserts (up) and snaps (down); the buttons as the board's.
    private func padButton(_ b: GamepadButton) -> Bool {
        switch b {
        case .dpleft: editor?.focusNext(-1); editor?.nudging = nil
        case .dpright: editor?.focusNext(1); editor?.nudging = nil
        case .dpup, .leftstick: insertAfterFocused()
        case .dpdown, .rightstick: snap.toggle()
        default:
            guard let c = FocusCommand(padButton: b) else { return false }
            switch c {
            case .left, .right, .up, .down: break
            case .activate: if let a = editor?.focused { toggleSmooth(a) }
            case .cancel: setEditing(false)
            case .delete: if let a = editor?.focused { removeAnchor(a) }
            case .undo: undoEdit()
            case .redo: redoEdit()
            }
        }
        return true
    }

    /// Tab and G (focus and grid) and Escape (leave edit mode) belong to the editor while it is on.
    public func claims(_ key: Key) -> Bool { editing && ["Tab", "G", "Escape"].contains(key.name) }

    /// The edit system, each step: the clock, long presses that delete, and the left stick
    /// moving the focused anchor.
    func stepEditor(_ ctx: StepContext) {
        editClock += ctx.dt
        insertsThisStep = 0
        if let m = editMessage, editClock >= m.until { editMessage = nil }
        guard editing, editor != nil else { return }
        defer { saveIfSettled(ctx.input) }
        // Presses held still on an anchor: past `longPress`, the anchor goes. Each is looked
        // up again by its pointer, as a deletion renumbers the anchors the others hold.
        for pointer in editor?.drags.map(\.pointer) ?? [] {
            guard let i = editor?.drags.firstIndex(where: { $0.pointer == pointer }), let d = editor?.drags[i], !d.moved,
                  case .anchor(let a) = d.target else { continue }
            editor?.drags[i].held += ctx.dt
            if d.held + ctx.dt >= Self.longPress {
                lastAnchorPress = nil
                removeAnchor(a)
            }
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
        let to = placed(from + stick * Self.stickSpeed * ctx.dt)
        stickPoint = from + stick * Self.stickSpeed * ctx.dt
        moveFocused(a, to: to)
    }
}

extension PathScene {
    /// Where anchor `i` (in order along the path) is drawn, for benchmarks and tools; the
    /// scene's centre when there is none.
    public func editDumpAnchor(_ i: Int) -> Vec2 {
        let e = editor ?? freshEditor()
        let all = e.drawnAnchors()
        return all.indices.contains(i) ? all[i].1 : shapeBounds.center
    }
}
