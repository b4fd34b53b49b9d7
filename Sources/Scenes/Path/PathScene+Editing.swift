import Engine
import Geometry
import Paths

// Edit mode, as the scene sees it: its limits, the mode switch, the buttons of either mode,
// and the path drawn. The session (`PathEditSession`) turns presses, keys and sticks into
// the editor's operations; every change rebuilds the table (measuring only the segments it
// changed) and keeps each ring on the same point of its segment.
extension PathScene {
    // MARK: The path and its editor

    /// The path as the scene draws and rides it, in window points.
    func currentPath() -> Path {
        if let e = session.editor, e.changed { return e.windowPath }
        return makePath(shape, in: shapeBounds)
    }

    /// The most anchors the editor shows (each is drawn and hit-tested every frame); a path
    /// with more is refused with a message.
    public static let maxEditableAnchors = 5_000

    /// Turns edit mode on or off.
    public func setEditing(_ on: Bool) {
        guard on != editing else { return }
        if on, session.editor == nil, shape == .custom, let custom = customPath {
            let n = custom.subpaths.reduce(0) { $0 + EditablePath.anchorCount($1) }
            guard n <= Self.maxEditableAnchors else {
                return session.tell("this path has \(n) anchors; the editor takes at most \(Self.maxEditableAnchors) (PathScene.maxEditableAnchors)")
            }
        }
        // Whatever is held is let go first: recorded, and saved.
        if !on { session.finishGesture() }
        editing = on
        if on, session.editor == nil { session.editor = session.freshEditor() }
        if !on, let e = session.editor, !e.changed { session.editor = nil }
        session.anchorTaps.forget()
        placeButtons()
        // A path shown smaller is edited at its size (its anchors on it), then shown smaller.
        if on ? shownSmaller : DrawnPath.smaller(currentPath(), in: shapeBounds) != nil {
            rebuild(keepingFractions: fractions())
        }
    }

    /// Shows the buttons of the mode the scene is in.
    func placeButtons() {
        if normalLayout.count == 4, session.editLayout.count == 7 {
            let l = editing ? session.editLayout : normalLayout
            shapeButton.rect = l[0]
            if editing {
                editButton.rect = l[1]
            } else {
                (debugButton.rect, rideButton.rect, editButton.rect) = (l[1], l[2], l[3])
            }
        }
        debugButton.isHidden = editing
        rideButton.isHidden = editing
        session.placeButtons(shown: editing)
    }

    /// Ends whatever the hands are doing in edit mode as if let go and saves it (the scene
    /// is switched away from, or the run ends): what was shown is what is on disk.
    public func settle() { session.settle() }

    /// Escape or the window's close would quit: edits kept nowhere are kept now
    /// (`keepUnkeptNow`); where one cannot be, the status line says why, edit mode is left
    /// (so the next Escape is the answer), and the app asks again, as the board does (a
    /// tour's edited figure 8 was lost at one close with its exports' folder unmade).
    public func asksBeforeQuitting() -> Bool {
        guard let keep = keepUnkeptNow, !unkeptEdits.isEmpty else { return false }
        // (A drag under way ends first, as at the run's end: what is kept is what shows.)
        settle()
        var lost: (shape: Shape, why: String)?
        for (s, d) in unkeptEdits {
            if let why = keep(s, d) { lost = lost ?? (s, why) } else { session.exported.insert(d) }
        }
        guard let lost else { return false }
        setEditing(false)
        session.editMessage.show("The edited \(lost.shape.rawValue) could not be kept (\(lost.why)) · \(Self.quitAnswer)", for: 6)
        return true
    }
    /// How the status line's question before quitting ends; while it shows, a second Escape
    /// or close quits.
    private static let quitAnswer = "Escape or close again to quit and lose it"
    public var showsQuitQuestion: Bool { session.editMessage.text?.hasSuffix(Self.quitAnswer) == true }

    /// The edited paths whose edits are kept nowhere, by shape, as SVG data in their own
    /// coordinates: changed from the shape as it was, not written back to a `--path-file`
    /// (there is none, or the shape edited is a built-in one) and not written by an Export.
    /// The app keeps them when the run ends (`Runner.keepUnkeptPaths`), as the board keeps a
    /// song it could not save; a window closed or an Escape then loses no edit.
    public var unkeptEdits: [(shape: Shape, data: String)] {
        Shape.allCases.compactMap { s in
            guard let e = s == shape ? session.editor : session.edits[s], e.changed else { return nil }
            let original = s == .custom ? customPath.map { session.written ?? EditablePath($0) }
                : e.frame.map { EditablePath(makePath(s, in: $0)) }
            guard e.doc != original else { return nil }
            let d = e.doc.path.svgData
            return session.exported.contains(d) ? nil : (s, d)
        }
    }

    /// Where anchor `i` (in order along the path) is drawn, for benchmarks and tools.
    public func editDumpAnchor(_ i: Int) -> Vec2 { session.drawnAnchor(i) }
}
