import Entities

// Spring animations in the tween system. A spring tween keeps its state in `springs` (a
// `SpringState` at its track index): it starts from what is drawn, moves along the spring's
// exact curve each step, and when it settles the model takes the target and `.finished` is
// reported, in that step. Adding a spring on a property where one runs hands the running
// one's position and velocity to the new one, so a retarget is continuous in both.
extension Tweener {
    /// Adds a spring animation (see `Animation.spring`); `add` and `retarget` come here.
    func addSpring(_ animation: Animation, _ track: SpringTrack) throws(AnimationError) -> Entity {
        guard animation.property.accepts(track.valueKind) else {
            throw .trackDoesNotFit(track: track.valueKind, property: animation.property)
        }
        if case .custom(let i) = animation.property, !(0..<AnimatedProperty.customSlots).contains(i) { throw .noSuchCustomSlot(i) }
        let s = track.spring
        let spring: Spring
        do { spring = try Spring.validated(mass: s.mass, stiffness: s.stiffness, damping: s.damping) } catch { throw .spring(error) }
        try Self.requireFinite("to", track.target)
        try Self.requireFinite("initialVelocity", track.initialVelocity ?? .zero)
        let e2 = track.epsilon * track.epsilon
        guard track.epsilon > 0, e2 > 0, e2.isFinite else {
            throw .spring(SpringError(parameter: "epsilon", value: track.epsilon, requirement: "a positive number whose square is finite and above 0"))
        }
        let (start, velocity) = springStart(animation.target, animation.property)
        if let old = running(on: animation.target, property: animation.property) { interrupt(old, commit: false) }
        var plain = animation
        plain.additive = false
        let index = springs.store(SpringState(target: track.target, from: start, velocity: track.initialVelocity ?? velocity,
                                              spring: spring, epsilon: track.epsilon))
        return insert(Tween(plain, trackIndex: index), as: world.spawn())
    }

    private static func requireFinite(_ parameter: String, _ c: SIMD4<Double>) throws(AnimationError) {
        for i in 0..<4 where !c[i].isFinite {
            throw .spring(SpringError(parameter: parameter, value: c[i], requirement: "finite in every component"))
        }
    }

    /// Where a spring on `property` of `target` starts, and how fast: a running spring's own
    /// position and velocity; else what is drawn and, if another animation is running on it,
    /// its velocity over the last step; else the model, at rest.
    private func springStart(_ target: Entity, _ property: AnimatedProperty) -> (SIMD4<Double>, SIMD4<Double>) {
        let slot = property.slot
        guard let channel = slot.isExtra ? extras.store[target]?.springComponents(slot) : animatables.store[target]?.springComponents(slot) else {
            return (.zero, .zero)
        }
        guard let running = running(on: target, property: property), let a = animations.store[running] else { return (channel.model, .zero) }
        if a.trackKind == .spring {
            let state = springs.items[Int(a.trackIndex)]
            return (state.value, state.v)
        }
        let v = lastDt > 0 ? (channel.presentation - channel.previous) / lastDt : .zero
        return (channel.presentation, (0..<4).allSatisfy { v[$0].isFinite } ? v : .zero)
    }

    /// The exact velocity of a running spring animation, in units per second; nil when
    /// `animation` is not a running spring.
    public func springVelocity<V: SpringValue>(of animation: Entity, as type: V.Type = V.self) -> V? {
        guard let a = animations.store[animation], a.trackKind == .spring, !a.isFinished else { return nil }
        return V(springComponents: springs.items[Int(a.trackIndex)].v)
    }

    /// One step of a spring tween into its target's channel (`Tweener.step`'s inner loop):
    /// returns true when it settled this step, having committed the target to the model and
    /// reported `.finished`. Paused, it holds where it is.
    @inline(__always)
    func stepSpring(_ a: inout Tween, _ state: inout SpringState, dt: Double, owner: Entity,
                    targets: UnsafeMutableBufferPointer<Animatable>, extras: UnsafeMutableBufferPointer<AnimatableExtras>, at ti: Int) -> Bool {
        let settled = !a.isPaused && state.advance(by: dt)
        let value = settled ? state.target : state.value
        if a.slot.isExtra {
            extras[ti].applySpring(value, a.slot, commit: settled)
        } else {
            targets[ti].applySpring(value, a.slot, commit: settled)
        }
        if settled {
            a.isFinished = true
            if let l = a.listener { events.append(TweenEvent(listener: l, animation: owner, target: a.target, kind: .finished)) }
        }
        return settled
    }
}
