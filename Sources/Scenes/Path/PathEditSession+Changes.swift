import Engine
import Geometry
import Paths

// Edit mode's changes: each operation on the editor, the table rebuilt for the segments it
// changed, the rings kept on their points, undo, redo, export and the write-back.
extension PathEditSession {
    /// Runs `body` on the editor; if the path changed, builds the new table (refusing the
    /// change, with the table's message, if it cannot be built) and moves the rings with it.
    /// `changes` from the body say how segments were cut or joined (nil: the path was
    /// replaced whole, and rings keep their fraction of the length). `recording` puts the
    /// path as it was on the undo history; `finished` saves it (`scene.onEdited`).
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
            scene.placeButtons()
            return true
        }
        let path = e.windowPath
        // Each ring's place is taken from the old table, which is then let go before the new
        // one is built: an edit of a path near the sample limit holds one table, not two (two
        // made resident memory grow from 552 MB to 1.16 GB over 40 edits).
        let places = ringPlaces(), motions = scene.ringMotions()
        let oldLength = scene.tables.first?.length ?? 0
        scene.tables = []
        scene.drawn = DrawnPath()
        let table: SampleTable
        do {
            table = try SampleTable(checking: path, spacing: scene.spacing, measurements: &measurements)
            // Only an edit that lengthens the path is held to the drawing limit: one the run
            // started with (measured at start over the window less the tabs, a larger area
            // than the shape's) was refused every edit, a deletion too (a tour).
            if table.length > oldLength { try DrawnPath.checkLength(table.length, in: scene.shapeBounds) }
        } catch {
            tell("refused: \(error)")
            editor = saved
            // The old table again, and each ring back at its place on it.
            let old = saved.windowPath
            let t = SampleTable(path: old, spacing: scene.spacing)
            scene.setTable(t, drawing: old)
            scene.place(on: t, at: places.map { ($0?.fraction ?? 0) * t.length }, motions: motions)
            return false
        }
        if recording { e.history.record(before) }
        e.changed = true
        editor = e
        install(table, path: path, changes: changes, places: places, motions: motions)
        if finished { save() } else { unsaved = true }
        scene.placeButtons()
        return true
    }

    /// What a gesture still going on has changed becomes an undo step of its own (before an
    /// edit made while it goes on, so that edit can be undone alone).
    func checkpointGesture() {
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
        scene.placeButtons()
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

    /// Ends whatever the hands are doing as if let go and saves it (`PathScene.settle`).
    func settle() {
        guard scene.editing else { return }
        finishGesture()
        stickPoint = nil
        if unsaved { save() }
    }

    /// Shows `text` in the status line for a few seconds.
    func tell(_ text: String) { editMessage.show(text, for: 3) }

    /// Writes the custom path back (`scene.onEdited`: the `--path-file` it came from) and shows a
    /// problem if there was one. A built-in shape's edits are never written there.
    func save() {
        unsaved = false
        guard scene.shape == .custom, let custom = scene.customPath, let e = editor, e.changed, let onEdited = scene.onEdited else { return }
        // A path put back as it was last written (a drag cancelled, a move undone) is not
        // written again: a run that changes nothing leaves the file alone (a tour's cancelled
        // drag replaced it, and a read-only one said "not saved").
        guard e.doc != (written ?? EditablePath(custom)) else { return }
        if let problem = onEdited(e.doc.path.svgData) { tell(problem) } else { written = e.doc }
    }

    /// Export: the path's SVG data, in its own coordinates, to `scene.onExport`.
    func exportPath() {
        let d = (editor?.doc.path ?? (scene.shape == .custom ? scene.customPath : nil) ?? scene.currentPath()).svgData
        scene.lastExport = d
        guard let export = scene.onExport?(d) else { return tell("exported \(d.utf8.count) bytes of path data") }
        // Only what a file holds is kept: a failed Export keeps nothing (a review), and one
        // over the same file keeps only the last.
        if export.kept {
            if export.overwrites { exported.removeAll() }
            exported.insert(d)
        }
        tell(export.said)
    }

    func undoEdit() {
        // A drag going on is let go (and recorded) first, so the undo takes back just it.
        finishGesture()
        guard editor?.history.canUndo == true else { return tell("nothing to undo") }
        edit(recording: false) { e in _ = e.undo(); return nil }
    }

    func redoEdit() {
        finishGesture()
        guard editor?.history.canRedo == true else { return tell("nothing to redo") }
        edit(recording: false) { e in _ = e.redo(); return nil }
    }

    /// `p` (window points), where a point at `from` is moved, kept inside the area the path
    /// is drawn in (between the buttons and the status line: dragged over the buttons, a
    /// point was hard to take again and drew the path across them) — or, for a point already
    /// outside it (a custom path fitted to other bounds, a window since resized), no further
    /// out than it is, so a nudge does not make it jump in — and, with snapping on, on the grid.
    func placed(_ p: Vec2, from: Vec2) -> Vec2 {
        var q = scene.shapeBounds.union(Rect(origin: from, size: .zero)).clamped(p)
        if snap {
            let o = Vec2(scene.shapeBounds.minX, scene.shapeBounds.minY), g = Self.gridStep
            q = Vec2(o.x + ((q.x - o.x) / g).rounded() * g, o.y + ((q.y - o.y) / g).rounded() * g)
        }
        return q
    }

    /// Where each ring is on the current table, before it is replaced: its fraction of the
    /// length, its segment and parameter, and its point (nil: no table, or an empty one).
    func ringPlaces() -> [(fraction: Double, place: CurvePlace, point: Vec2)?] {
        guard let old = scene.tables.first, !old.isEmpty, old.length > 0 else { return scene.followers.store.dense.map { _ in nil } }
        return scene.followers.store.dense.map { f in
            (positiveModulo(f.distance, old.length) / old.length, old.place(atDistance: f.distance), old.point(atDistance: f.distance))
        }
    }

    /// The new table in place, each ring kept where it was on its segment (`places`, taken
    /// from the old table by `ringPlaces`).
    func install(_ t: SampleTable, path: Path, changes: [SegmentChange]?,
                 places: [(fraction: Double, place: CurvePlace, point: Vec2)?],
                 motions: PathScene.RingMotions?) {
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
        scene.setTable(t, drawing: path)
        scene.place(on: t, at: distances, motions: motions)
    }
}
