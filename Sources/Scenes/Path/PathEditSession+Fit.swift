import Engine
import Geometry
import Paths

// The session's editors fitted to the scene's shape area, its buttons, what it dumps, and
// when it wants a step.
extension PathEditSession {
    /// An editor of the current shape as it is drawn now.
    func freshEditor() -> PathEditor {
        if scene.shape == .custom, let custom = scene.customPath {
            var e = PathEditor(EditablePath(custom))
            e.loadedBounds = custom.controlBounds
            e.frame = nil
            e.room = PathEditor.room(around: e.loadedBounds)
            return fitted(e)
        }
        var e = PathEditor(EditablePath(scene.makePath(scene.shape, in: scene.shapeBounds)))
        e.frame = scene.shapeBounds
        e.room = PathEditor.room(around: scene.shapeBounds)
        return e
    }

    /// The editor's view for the current `scene.shapeBounds`: a custom path fitted as the scene
    /// fits it; a built-in shape's edits scaled from the rect they were made in.
    func fitted(_ e: PathEditor) -> PathEditor {
        var e = e
        if let frame = e.frame {
            let s = min(frame.width > 0 ? scene.shapeBounds.width / frame.width : 1, frame.height > 0 ? scene.shapeBounds.height / frame.height : 1)
            e.scale = s.isFinite && s > 0 ? s : 1
            e.offset = scene.shapeBounds.center - frame.center * e.scale
        } else {
            let b = e.loadedBounds
            // As `fitCustom` fits it (`Path.fitted`), from the bounds it was loaded with.
            let margin = PathScene.customMargin(in: scene.shapeBounds)
            let target = scene.shapeBounds.insetBy(dx: margin, dy: margin)
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

    /// Its buttons: placed in `editLayout` and shown while editing (`shown`), the link
    /// button's label and undo and redo enabled as they stand.
    func placeButtons(shown: Bool) {
        if shown, editLayout.count == 7 {
            (undoButton.rect, redoButton.rect, snapButton.rect, linkButton.rect, exportButton.rect) =
                (editLayout[2], editLayout[3], editLayout[4], editLayout[5], editLayout[6])
        }
        undoButton.isHidden = !shown
        redoButton.isHidden = !shown
        snapButton.isHidden = !shown
        linkButton.isHidden = !shown
        exportButton.isHidden = !shown
        linkButton.label = linkedHandles ? "Handles: linked" : "Handles: free"
        undoButton.isEnabled = editor?.history.canUndo ?? false
        redoButton.isEnabled = editor?.history.canRedo ?? false
    }

    /// Edit mode's part of the scene's `due` (`PathScene+Rest.swift`).
    var due: Due {
        if pendingDrag != nil { return .now }
        if scene.editing, let e = editor {
            if stickPoint != nil { return .now }
            for d in e.drags.all where !d.press.moved && d.press.held.isFinite {
                if case .anchor = d.target.point { return .now }
            }
        }
        var answer = Due.never
        if let left = editMessage.secondsLeft { answer = answer.soonest(.timer(left)) }
        if let left = anchorTaps.secondsLeft(at: editClock), left > 0 { answer = answer.soonest(.after(left)) }
        return answer
    }

    /// `scenes.path.edit`: whether edit mode is on, the anchors and the path data in window
    /// points as drawn (so `motionlab path --svg "$d"` measures what the scene does), and the
    /// focused anchor's place in `anchors`.
    func dump() -> JSONValue {
        let e = editor
        let anchors = e?.drawnAnchors().map { JSONValue.array([JSONValue($0.1.x), JSONValue($0.1.y)]) } ?? []
        return .object([
            ("on", .bool(scene.editing)),
            ("changed", .bool(e?.changed ?? false)),
            ("anchors", .array(anchors)),
            ("focused", e?.focused.flatMap { e?.flatIndex(of: $0) }.map { JSONValue($0) } ?? .null),
            ("d", .string(scene.currentPath().svgData)),
            ("snap", .bool(snap)),
            ("linkedHandles", .bool(linkedHandles)),
            ("undo", JSONValue(e?.history.undoCount ?? 0)),
            ("redo", JSONValue(e?.history.redoCount ?? 0)),
        ])
    }
}
