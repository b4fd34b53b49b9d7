@testable import Entities
@testable import Geometry
@testable import Motion

/// A tweener with one target entity at `start`, which has both animatable components.
func tweenerWithOneTarget(at start: Vec2 = .zero) -> (Tweener, Entity) {
    let t = Tweener(world: World())
    let e = t.world.spawn()
    t.animatables.store.insert(Animatable(position: start), for: e)
    t.extras.store.insert(AnimatableExtras(), for: e)
    return (t, e)
}
