import Engine
import Entities
import Geometry

extension PathScene {
    /// Moving (`now`): a ring that moves by itself (`PathFollower.movesByItself`: it moved
    /// over the last step, orbits or coasts, glides, or counts toward a glide); a ring whose
    /// pose still changes (`PathPose.changesByItself`: the smoothed heading's spring); in edit mode a stick
    /// moving the focused anchor (`stickPoint`), drag moves not yet built, or a press held
    /// still on an anchor (its ring fills toward deleting it). Timed (`after`): the edit
    /// message until it goes, and a double click's window after a press on an anchor (the
    /// editor's clock must run to close it). Else only input changes anything (`never`).
    public var due: Due {
        for f in followers.store.dense where f.movesByItself { return .now }
        for p in poses.store.dense where p.changesByItself { return .now }
        if session.pendingDrag != nil || hands.isLettingGo { return .now }
        if editing, let e = session.editor {
            if session.stickPoint != nil { return .now }
            for d in e.drags.all where !d.press.moved && d.press.held.isFinite {
                if case .anchor = d.target.point { return .now }
            }
        }
        var answer = Due.never
        if let left = session.editMessage.secondsLeft { answer = answer.soonest(.timer(left)) }
        if let left = session.anchorTaps.secondsLeft(at: session.editClock), left > 0 { answer = answer.soonest(.after(left)) }
        return answer
    }
}
