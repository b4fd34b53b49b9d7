import Engine
import Geometry
import Paths

// Edit mode, as the scene sees it: its limits, the mode switch, the buttons of either mode,
// and the path drawn. The session (`PathEditSession`) turns presses, keys and sticks into
// the editor's operations; every change rebuilds the table (measuring only the segments it
// changed) and keeps each ring on the same point of its segment.
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
}

extension PathScene {
    /// Where anchor `i` (in order along the path) is drawn, for benchmarks and tools; the
    /// scene's centre when there is none.
    public func editDumpAnchor(_ i: Int) -> Vec2 {
        let e = session.editor ?? session.freshEditor()
        let all = e.drawnAnchors()
        return all.indices.contains(i) ? all[i].1 : shapeBounds.center
    }
}
