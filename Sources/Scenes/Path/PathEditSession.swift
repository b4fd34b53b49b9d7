import Engine
import Geometry
import Paths

/// The path editor's session: everything edit mode keeps that the rings do not — the
/// current shape's editor (its path, history, focus and drags), the edits of shapes not
/// shown, the editor's buttons and switches, its messages and clock, and the work a step
/// has pending, and edit mode's input and step. The scene holds one (`PathScene.session`)
/// and, while editing, hands it input (`routeEditInput`, `PathEditSession+Pointers.swift`
/// and `+Keys.swift`), the step (`stepEditor`) and its draw list (`+Drawing.swift`); each
/// change builds the new table and lays the scene's rings on it (`+Changes.swift`,
/// `PathScene.install`).
final class PathEditSession {
    /// The scene whose path this edits: its rings ride each new table (`PathScene.install`).
    unowned let scene: PathScene

    init(scene: PathScene) { self.scene = scene }

    /// Grid spacing for snapping, in window points.
    static let gridStep = 20.0
    /// How long a press must stay still on an anchor to delete it, and how soon a second
    /// press makes a double click or tap.
    static let longPress = 0.6
    static let doubleClick = 0.4
    /// How fast a full stick moves an anchor (points per second).
    static let stickSpeed = 240.0
    /// The most points held at once, and anchors put on the path in one step.
    static let maxDrags = 10
    static let maxInsertsPerStep = 4

    /// An anchor's drawn radius: larger on a larger shape.
    var anchorRadius: Double { max(5, 0.008 * min(scene.shapeBounds.width, scene.shapeBounds.height)) }

    /// Where anchor `i` (in order along the path) is drawn; the shape's centre when there is none.
    func drawnAnchor(_ i: Int) -> Vec2 {
        let all = (editor ?? freshEditor()).drawnAnchors()
        return all.indices.contains(i) ? all[i].1 : scene.shapeBounds.center
    }

    /// The current shape's editor: while editing, or while the shape has edits.
    var editor: PathEditor?
    /// The edits of shapes not shown now, kept for when they come back.
    var edits: [PathScene.Shape: PathEditor] = [:]
    /// Snap dragged and moved points to a grid of `gridStep` points.
    var snap = false
    /// A smooth point's handles stay in line when one is dragged (else each moves alone).
    var linkedHandles = true
    /// The editor's buttons, shown while editing.
    var undoButton = Button(rect: .zero, label: "Undo")
    var redoButton = Button(rect: .zero, label: "Redo")
    var snapButton = Button(rect: .zero, label: "Snap")
    var linkButton = Button(rect: .zero, label: "")
    var exportButton = Button(rect: .zero, label: "Export")
    /// Where the buttons go in edit mode.
    var editLayout: [Rect] = []
    /// A message about an edit (refused, saved, exported), shown for 3 s.
    var editMessage = TimedMessage()
    /// Seconds since the scene began, for double taps.
    var editClock = 0.0
    /// Presses on anchors, for a double click or tap (corner ↔ smooth).
    var anchorTaps = DoubleTap<AnchorIndex>(interval: PathEditSession.doubleClick)
    /// Segment lengths measured so far, reused when a change leaves a segment as it was.
    var measurements = SegmentMeasurements()
    /// The status line in edit mode, kept while what it says stays.
    var editInfoMemo = TextMemo<EditInfoKey, String>()
    /// The status line's lines as drawn, kept while its text, width and font stay.
    var statusMemo = TextMemo<(String, Double, Double), [String]>()
    /// Where the stick is taking the focused anchor (off the grid; the anchor snaps).
    var stickPoint: Vec2?
    /// This step's drag moves, whose table is built once at the end of the input
    /// (`flushDrags`): the editor before them and how they changed the path's segments.
    var pendingDrag: (saved: PathEditor, changes: [SegmentChange])?
    /// The path changed since it was last saved (a run of key or stick moves is saved once).
    var unsaved = false
    /// The custom path as it was last written back (`save`); nil: as it was loaded.
    var written: EditablePath?
    /// The path data files hold from this run's Exports (`PathScene.unkeptEdits`).
    var exported = Set<String>()
    /// Anchors put on the path this step (`maxInsertsPerStep`).
    var insertsThisStep = 0
}
