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
        if hands.isLettingGo { return .now }
        return session.due
    }
}
