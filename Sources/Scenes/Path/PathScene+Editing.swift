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
        if let e = session.editor, e.changed { return e.windowPath }
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
    func fitted(_ e: PathEditor) -> PathEditor {
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
        if let e = session.editor {
            session.editor = e.changed ? fitted(e) : freshEditor()
            // A run of key moves counts in window points, which a new fit changes.
            session.editor?.nudgeRun = nil
            session.editor?.nudging = nil
        }
        for (k, e) in session.edits { session.edits[k] = fitted(e) }
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
        if on, session.editor == nil, shape == .custom, let custom = customPath {
            let n = custom.subpaths.reduce(0) { $0 + EditablePath.anchorCount($1) }
            guard n <= Self.maxEditableAnchors else {
                return tell("this path has \(n) anchors; the editor takes at most \(Self.maxEditableAnchors) (PathScene.maxEditableAnchors)")
            }
        }
        // Whatever is held is let go first: recorded, and saved.
        if !on { finishGesture() }
        editing = on
        if on, session.editor == nil { session.editor = freshEditor() }
        if !on, let e = session.editor, !e.changed { session.editor = nil }
        session.anchorTaps.forget()
        placeButtons()
    }

    /// Shows the buttons of the mode the scene is in.
    func placeButtons() {
        if normalLayout.count == 4, session.editLayout.count == 7 {
            let l = editing ? session.editLayout : normalLayout
            shapeButton.rect = l[0]
            if editing {
                editButton.rect = l[1]
                (session.undoButton.rect, session.redoButton.rect, session.snapButton.rect, session.linkButton.rect, session.exportButton.rect) = (l[2], l[3], l[4], l[5], l[6])
            } else {
                (debugButton.rect, rideButton.rect, editButton.rect) = (l[1], l[2], l[3])
            }
        }
        debugButton.isHidden = editing
        rideButton.isHidden = editing
        session.undoButton.isHidden = !editing
        session.redoButton.isHidden = !editing
        session.snapButton.isHidden = !editing
        session.linkButton.isHidden = !editing
        session.exportButton.isHidden = !editing
        session.linkButton.label = session.linkedHandles ? "Handles: linked" : "Handles: free"
        session.undoButton.isEnabled = session.editor?.history.canUndo ?? false
        session.redoButton.isEnabled = session.editor?.history.canRedo ?? false
    }

    /// Shows `text` in the status line for a few seconds.
    func tell(_ text: String) { session.editMessage.show(text, for: 3) }
}

extension PathScene {
    /// Where anchor `i` (in order along the path) is drawn, for benchmarks and tools; the
    /// scene's centre when there is none.
    public func editDumpAnchor(_ i: Int) -> Vec2 {
        let e = session.editor ?? freshEditor()
        let all = e.drawnAnchors()
        return all.indices.contains(i) ? all[i].1 : shapeBounds.center
    }
}
