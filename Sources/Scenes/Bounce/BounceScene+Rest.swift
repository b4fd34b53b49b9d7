import Engine
import Entities
import Geometry

extension BounceScene {
    /// Moving (`now`): any ball in play that no hand holds (gravity never stops, and a floor
    /// bounce always sends a ball back up); a held ball its hand moved over the last step
    /// (drawn between two places); any pointer pressed on the basket (deciding, held toward
    /// lifting a ball — its ring fills —, or scrolling it) or a ball carried out of it; the
    /// basket coasting or springing back, or its indicator fading. Timed (`after`): the
    /// basket's indicator until it starts to fade. Else (no ball in play, or every one held
    /// still) only input changes anything (`never`).
    public var due: Due {
        let balls = bodies.store, held = grabs.store
        for i in balls.dense.indices {
            if !held.contains(balls.owners[i]) || balls.dense[i].position.previous != balls.dense[i].position.current {
                return .now
            }
        }
        if dragDrop.pressCount > 0 || !dragDrop.carries.isEmpty { return .now }
        return SceneRest.panel(basketPanel)
    }
}
