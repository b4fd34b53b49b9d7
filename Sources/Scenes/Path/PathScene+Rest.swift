import Engine
import Entities
import Geometry

extension PathScene {
    /// Moving (`now`): a ring that moved over the last step (drawn between two places), that
    /// orbits or coasts (`orbitSpeed`: keys, a stick or the triggers held, or let go moving),
    /// glides to a sample, or, walking after a hand, counts toward a glide (`stuckSteps`); a
    /// ring whose heading still turns (the smoothed heading's spring); in edit mode a stick
    /// moving the focused anchor (`stickPoint`), drag moves not yet built, or a press held
    /// still on an anchor (its ring fills toward deleting it). Timed (`after`): the edit
    /// message until it goes, and a double click's window after a press on an anchor (the
    /// editor's clock must run to close it). Else only input changes anything (`never`).
    public var due: Due {
        for f in followers.store.dense {
            if f.orbitSpeed != 0 || f.glideTarget != nil || f.releaseAfterWalk { return .now }
            if f.grabbedBy == .momentum || f.position.previous != f.position.current { return .now }
            if f.walksToDesired && f.stuckSteps != 0 { return .now }
        }
        for p in poses.store.dense {
            if Self.turns(p) { return .now }
        }
        if session.pendingDrag != nil || !letGo.isEmpty { return .now }
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

    /// Whether a ring's pose still changes by itself: it moved over the last step, it has not
    /// been placed yet, or its smoothed heading still turns (to a nanoradian a step and a
    /// microradian a second: what the spring has left then is far below a pixel).
    static func turns(_ p: PathPose) -> Bool {
        if p.position.previous != p.position.current { return true }
        guard p.heading != .none else { return false }
        if !p.settled { return true }
        return abs(p.angle - p.previousAngle) > 1e-9 || abs(p.angularVelocity) > 1e-6
    }
}
