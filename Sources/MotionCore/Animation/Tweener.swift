/// The tween system and its API: adds animations as entities of their own (one dense store
/// of `Animation`s), evaluates them each fixed step into their targets' `Animatable`
/// channels, and reports completions.
///
/// Each step (`step(dt:)`): every target's presentation restarts from its model; every
/// running animation advances its clock and writes its value (additive ones add); an
/// animation whose active time ends commits its final value to the model if it fills
/// forwards, is removed, and reports `.finished`. `events` then holds this step's reports
/// until the next step begins.
///
/// Interrupting (`interrupt`) is Core Animation done right: the presentation value becomes
/// the model value and the animation goes, so a new animation built from the model starts
/// exactly where the picture is.
public final class Tweener {
    public let world: World
    public let animatables: Storage<Animatable>
    public let animations: Storage<Animation>
    /// Completions reported in the last step (cleared when the next step begins).
    public private(set) var events: [TweenEvent] = []
    private var scratch: [Entity] = []

    public init(world: World) {
        self.world = world
        animatables = world.makeStorage()
        animations = world.makeStorage()
    }

    // MARK: Adding

    /// Adds an animation and returns its entity. Validates the timing first. A non-additive
    /// animation replaces one already running on the same property of the same target
    /// (that one is reported interrupted), as `addAnimation:forKey:` does with one key.
    ///
    /// - Parameter carryVelocity: blend the property's current velocity into the start of
    ///   the new motion over `carryDuration` seconds, so a redirected object does not turn
    ///   on the spot (position only).
    @discardableResult
    public func add(_ animation: Animation, carryVelocity: Bool = false, carryDuration: Double = 0.35) throws(TimingError) -> Entity {
        try animation.timing.validate()
        var a = animation
        if !a.additive, let old = running(on: a.target, property: a.property) {
            interrupt(old, commit: false)
        }
        if carryVelocity, a.property == .position, let target = animatables.store[a.target], carryDuration > 0 {
            let v0 = target.position.velocity
            // The new motion's own initial velocity, by a small forward difference.
            let h = 1e-4
            let p0 = Self.pointValue(a.track, progress: a.timingFunction(0))
            let p1 = Self.pointValue(a.track, progress: a.timingFunction(h / max(a.timing.duration, 1e-9)))
            let vNew = (p1 - p0) * (a.timing.speed / h)
            a.carry = v0 - vNew
            a.carryDuration = carryDuration
        }
        let e = world.spawn()
        animations.store.insert(a, for: e)
        return e
    }

    /// The running (not finished) non-additive animation on a target's property, if any.
    public func running(on target: Entity, property: AnimatedProperty) -> Entity? {
        var found: Entity?
        animations.store.withDense { dense, owners in
            for i in dense.indices where dense[i].target == target && dense[i].property == property && !dense[i].additive && !dense[i].isFinished {
                found = owners[i]
            }
        }
        return found
    }

    public func isAnimating(_ target: Entity) -> Bool {
        animations.store.dense.contains { $0.target == target && !$0.isFinished }
    }

    // MARK: Control

    /// Ends `animation` now: the target's presentation becomes its model, the animation is
    /// removed, and `.interrupted` is reported. With `commit: false` the model is left as is.
    public func interrupt(_ animation: Entity, commit: Bool = true) {
        guard let a = animations.store[animation] else { return }
        if commit, !a.isFinished {
            animatables.store.modify(a.target) { t in
                switch a.property {
                case .position: t.position.model = t.position.presentation
                case .rotation: t.rotation.model = t.rotation.presentation
                case .scale: t.scale.model = t.scale.presentation
                case .alpha: t.alpha.model = t.alpha.presentation
                case .tint: t.tint.model = t.tint.presentation
                case .custom(let i): t[custom: i].model = t[custom: i].presentation
                }
                if case .path(let p) = a.track, p.rotationMode != .none { t.rotation.model = t.rotation.presentation }
            }
        }
        animations.store.remove(animation)
        world.destroy(animation)
        if let l = a.listener, !a.isFinished {
            events.append(TweenEvent(listener: l, animation: animation, target: a.target, kind: .interrupted))
        }
    }

    public func pause(_ animation: Entity) { animations.store.modify(animation) { $0.isPaused = true } }
    public func resume(_ animation: Entity) { animations.store.modify(animation) { $0.isPaused = false } }

    /// Jumps to `fraction` (0…1) of the active time (of the first cycle for endless ones).
    public func seek(_ animation: Entity, toFraction fraction: Double) {
        animations.store.modify(animation) { a in
            let active = a.timing.activeDuration.isFinite ? a.timing.activeDuration : a.timing.cycle
            let local = clamp(fraction, 0, 1) * active
            a.time = a.timing.beginTime + (local - a.timing.timeOffset) / max(a.timing.speed, 1e-12)
        }
    }

    /// Runs the animation backward from where it is; it finishes when it is back at its start.
    public func reverse(_ animation: Entity) { animations.store.modify(animation) { $0.direction = -$0.direction } }

    // MARK: The system

    /// One fixed step. Allocates nothing once the stores have grown.
    /// - Complexity: O(animatables + animations).
    public func step(dt: Double) {
        events.removeAll(keepingCapacity: true)
        animatables.store.withDense { targets, _ in
            for i in targets.indices { targets[i].beginStep() }
        }
        var finished = 0
        animations.store.withDense { anims, owners in
            animatables.store.withDenseAndLookup { targets, lookup in
                for i in anims.indices where !anims[i].isFinished {
                    if !anims[i].isPaused { anims[i].time += dt * anims[i].direction }
                    if apply(&anims[i], owner: owners[i], targets: &targets, lookup: lookup) { finished += 1 }
                }
            }
        }
        if finished > 0 { removeFinished() }
        animatables.store.withDense { targets, _ in
            for i in targets.indices { targets[i].endStep(dt: dt) }
        }
    }

    /// Evaluates one animation into its target. Returns true when it finished this step.
    @inline(__always)
    private func apply(_ a: inout Animation, owner: Entity, targets: inout ContiguousArray<Animatable>, lookup: (Entity) -> Int?) -> Bool {
        guard let ti = lookup(a.target) else {
            a.isFinished = true  // its target is gone
            return true
        }
        let timing = a.timing
        var progress: Double?
        var done = false
        if a.direction < 0 && a.time <= 0 {
            // Reversed back to the start: it ends where it began.
            a.time = 0
            progress = 0
            done = true
        } else {
            switch timing.phase(at: a.time) {
            case .before(let fill): progress = fill ? timing.progress(atLocal: 0, end: false) : nil
            case .active(let p): progress = p
            case .after(let p, let fill):
                progress = p
                done = true
                if !fill { progress = nil }
            }
        }
        if let p = progress {
            write(a, progress: a.timingFunction(p), into: &targets[ti], commit: done)
            if !done && a.carryDuration > 0 && a.property == .position {
                // Velocity carry: c(t) = Δv · t · (1 − t/T)², zero after T, continuous slope.
                let t = (a.time - timing.beginTime)
                if t > 0 && t < a.carryDuration {
                    let f = 1 - t / a.carryDuration
                    targets[ti].position.presentation += a.carry * (t * f * f)
                }
            }
        }
        if done {
            a.isFinished = true
            if let l = a.listener { events.append(TweenEvent(listener: l, animation: owner, target: a.target, kind: .finished)) }
        }
        return done
    }

    /// Writes the track's value at `progress` into the target's channel; `commit` also sets
    /// the model (a forwards fill at completion: the model takes the final value).
    @inline(__always)
    private func write(_ a: Animation, progress u: Double, into t: inout Animatable, commit: Bool) {
        switch a.track {
        case .scalar(let k):
            let v = k.value(at: u)
            switch a.property {
            case .rotation: set(&t.rotation, v, a.additive, commit)
            case .scale: set(&t.scale, v, a.additive, commit)
            case .alpha: set(&t.alpha, v, a.additive, commit)
            case .custom(let i):
                switch i {
                case 0: set(&t.custom0, v, a.additive, commit)
                case 1: set(&t.custom1, v, a.additive, commit)
                case 2: set(&t.custom2, v, a.additive, commit)
                default: set(&t.custom3, v, a.additive, commit)
                }
            case .position, .tint: break
            }
        case .point(let k):
            if a.property == .position { set(&t.position, k.value(at: u), a.additive, commit) }
        case .color(let k):
            if a.property == .tint { set(&t.tint, k.value(at: u), a.additive, commit) }
        case .path(let p):
            if a.property == .position { set(&t.position, p.position(at: u), a.additive, commit) }
            if let r = p.rotation(at: u) { set(&t.rotation, r, false, commit) }
        }
    }

    @inline(__always)
    private func set<V: Interpolatable>(_ c: inout Channel<V>, _ v: V, _ additive: Bool, _ commit: Bool) {
        let value = additive ? c.presentation + v : v
        c.presentation = value
        if commit { c.model = additive ? c.model + v : v }
    }

    /// Removes finished animations (those that fill forwards have already committed their
    /// value to the model). Ones with `removedOnCompletion == false` and no forwards fill stay,
    /// inert, for inspection, as in Core Animation.
    private func removeFinished() {
        var gone = scratch
        gone.removeAll(keepingCapacity: true)
        defer { scratch = gone }
        animations.store.withDense { anims, owners in
            for i in anims.indices where anims[i].isFinished && (anims[i].timing.removedOnCompletion || anims[i].timing.fillMode.fillsForwards) {
                gone.append(owners[i])
            }
        }
        for e in gone {
            animations.store.remove(e)
            world.destroy(e)
        }
    }

    static func pointValue(_ t: Track, progress u: Double) -> Vec2 {
        switch t {
        case .point(let k): k.value(at: u)
        case .path(let p): p.position(at: u)
        default: .zero
        }
    }
}
