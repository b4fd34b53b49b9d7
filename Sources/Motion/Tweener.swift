import Entities
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Geometry
import Paths

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
    /// Tint and custom scalars, for the entities that animate them.
    public let extras: Storage<AnimatableExtras>
    public let animations: Storage<RunningAnimation>
    private var scalarTracks = TrackPool(placeholder: Tweener.emptyScalar)
    private var pointTracks = TrackPool(placeholder: try! KeyframeTrack(values: [Vec2.zero]))
    private var colorTracks = TrackPool(placeholder: try! KeyframeTrack(values: [ColorValue.zero]))
    private var pathTracks = TrackPool(placeholder: PathTrack(path: Path()))
    /// The non-additive animation running on each (target, property), for replacing it.
    /// Consulted when animations are added or removed, never in the per-step loop.
    private var runningByKey: [RunKey: Entity] = [:]

    /// Path tracks already pooled, by the identity of their sample buffer and how they are
    /// read, so many animations on one path share one slot (and one sampler buffer).
    private var pathSlots: [PathKey: Int32] = [:]

    private struct PathKey: Hashable {
        var buffer: UInt
        var mode: PathTrack.Mode
        var rotation: RotationMode
    }

    deinit { pathTracks.releaseAll() }

    private struct RunKey: Hashable {
        var target: Entity
        var property: AnimatedProperty
    }
    /// Completions reported in the last step (cleared when the next step begins).
    public private(set) var events: [TweenEvent] = []
    private var scratch: [Entity] = []
    /// Velocity carries of the animations that have one (rare: a side store keeps the
    /// running animations small).
    private var carries = ComponentStore<Carry>()
    /// The last step's length, for velocities.
    public private(set) var lastDt = 0.0

    public init(world: World) {
        self.world = world
        animatables = world.makeStorage()
        extras = world.makeStorage()
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
        if !animation.additive, let old = running(on: animation.target, property: animation.property) {
            interrupt(old, commit: false)
        }
        var a = RunningAnimation(animation, track: storeTrack(animation.track))
        if carryVelocity, a.property == .position, let target = animatables.store[a.target], carryDuration > 0 {
            let v0 = target.position.velocity(dt: lastDt)
            // The new motion's own initial velocity, by a small forward difference.
            let h = 1e-4
            let p0 = Self.pointValue(animation.track, progress: a.timingFunction(0))
            let p1 = Self.pointValue(animation.track, progress: a.timingFunction(h / max(a.timing.duration, 1e-9)))
            let vNew = (p1 - p0) * (a.timing.speed / h)
            a.hasCarry = true
            let e = world.spawn()
            carries.insert(Carry(velocity: v0 - vNew, duration: carryDuration), for: e)
            animations.store.insert(a, for: e)
            if !a.additive { runningByKey[RunKey(target: a.target, property: a.property)] = e }
            return e
        }
        let e = world.spawn()
        animations.store.insert(a, for: e)
        if !a.additive { runningByKey[RunKey(target: a.target, property: a.property)] = e }
        return e
    }

    private func storeTrack(_ t: Track) -> TrackRef {
        switch t {
        case .scalar(let k): return TrackRef(kind: .scalar, index: scalarTracks.store(k, sampler: k.lineSampler))
        case .point(let k): return TrackRef(kind: .point, index: pointTracks.store(k))
        case .color(let k): return TrackRef(kind: .color, index: colorTracks.store(k))
        case .path(let p):
            let key = PathKey(buffer: p.table.points.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }, mode: p.mode, rotation: p.rotationMode)
            if let slot = pathSlots[key] {
                pathTracks.retain(slot)
                return TrackRef(kind: .path, index: slot)
            }
            let slot: Int32
            if let (sampler, buffer) = p.makeSampler() {
                slot = pathTracks.store(p, sampler: .pacedPath(sampler), owning: buffer)
            } else {
                slot = pathTracks.store(p)
            }
            if key.buffer != 0 { pathSlots[key] = slot }
            return TrackRef(kind: .path, index: slot)
        }
    }

    private func releaseTrack(_ r: TrackRef) {
        switch r.kind {
        case .scalar: scalarTracks.release(r.index)
        case .point: pointTracks.release(r.index)
        case .color: colorTracks.release(r.index)
        case .path:
            pathTracks.release(r.index)
            // A freed slot's buffer address may be reused by a new array: forget it.
            if pathTracks.isFree(r.index), let k = pathSlots.first(where: { $0.value == r.index })?.key {
                pathSlots[k] = nil
            }
        }
    }

    private static let emptyScalar = try! KeyframeTrack(values: [0.0])

    /// Number of tracks held (for tests: removed animations give theirs back).
    public var trackCount: Int { scalarTracks.liveCount + pointTracks.liveCount + colorTracks.liveCount + pathTracks.liveCount }

    /// Forgets `a` as the running animation of its key, if it is.
    private func unregister(_ e: Entity, _ a: RunningAnimation) {
        let key = RunKey(target: a.target, property: a.property)
        if !a.additive, runningByKey[key] == e { runningByKey[key] = nil }
    }

    /// The running (not finished) non-additive animation on a target's property, if any.
    public func running(on target: Entity, property: AnimatedProperty) -> Entity? {
        guard let e = runningByKey[RunKey(target: target, property: property)], let a = animations.store[e], !a.isFinished else { return nil }
        return e
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
            extras.store.modify(a.target) { x in
                switch a.property {
                case .tint: x.tint.model = x.tint.presentation
                case .custom(let i): x[custom: i].model = x[custom: i].presentation
                default: break
                }
            }
            animatables.store.modify(a.target) { t in
                switch a.property {
                case .position: t.position.model = t.position.presentation
                case .rotation: t.rotation.model = t.rotation.presentation
                case .scale: t.scale.model = t.scale.presentation
                case .alpha: t.alpha.model = t.alpha.presentation
                case .tint, .custom: break
                }
                if a.track.kind == .path, pathTracks.items[Int(a.track.index)].rotationMode != .none {
                    t.rotation.model = t.rotation.presentation
                }
            }
        }
        unregister(animation, a)
        releaseTrack(a.track)
        carries.remove(animation)
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
        extras.store.withDense { xs, _ in
            for i in xs.indices { xs[i].beginStep() }
        }
        var finished = 0
        scalarTracks.samplers.withUnsafeBufferPointer { scalarSamplers in
        pathTracks.samplers.withUnsafeBufferPointer { pathSamplers in
        scalarTracks.items.withUnsafeBufferPointer { scalars in
        pointTracks.items.withUnsafeBufferPointer { points in
        colorTracks.items.withUnsafeBufferPointer { colors in
        pathTracks.items.withUnsafeBufferPointer { paths in
            let pools = Pools(scalarSamplers: scalarSamplers, pathSamplers: pathSamplers,
                              scalars: scalars, points: points, colors: colors, paths: paths)
            animations.store.withDense { anims, owners in
                animatables.store.withDenseAndLookup { targets, lookup in
                    extras.store.withDenseAndLookup { xs, xlookup in
                        for i in anims.indices where !anims[i].isFinished {
                            if !anims[i].isPaused { anims[i].time += dt * anims[i].direction }
                            if apply(&anims[i], pools, owner: owners[i], targets: &targets, lookup: lookup, extras: &xs, extrasLookup: xlookup) {
                                finished += 1
                            }
                        }
                    }
                }
            }
        }
        }
        }
        }
        }
        }
        if finished > 0 { removeFinished() }
        lastDt = dt
    }

    /// The track pools, borrowed for one step.
    private struct Pools {
        let scalarSamplers: UnsafeBufferPointer<TrackSampler>
        let pathSamplers: UnsafeBufferPointer<TrackSampler>
        let scalars: UnsafeBufferPointer<KeyframeTrack<Double>>
        let points: UnsafeBufferPointer<KeyframeTrack<Vec2>>
        let colors: UnsafeBufferPointer<KeyframeTrack<ColorValue>>
        let paths: UnsafeBufferPointer<PathTrack>
    }

    /// Evaluates one animation into its target. Returns true when it finished this step.
    @inline(__always)
    private func apply(_ a: inout RunningAnimation, _ pools: Pools, owner: Entity,
                       targets: inout ContiguousArray<Animatable>, lookup: ComponentStore<Animatable>.Lookup,
                       extras: inout ContiguousArray<AnimatableExtras>, extrasLookup: ComponentStore<AnimatableExtras>.Lookup) -> Bool {
        let isExtra = AnimatableExtras.bit(a.property) != 0
        guard let ti = isExtra ? extrasLookup(a.target) : lookup(a.target) else {
            a.isFinished = true  // its target is gone (or lacks the component)
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
                progress = fill ? p : nil
                done = true
            }
        }
        if let p = progress {
            let u = a.timingFunction(p)
            if isExtra {
                writeExtra(a, pools, progress: u, into: &extras[ti], commit: done)
            } else {
                write(a, pools, progress: u, into: &targets[ti], commit: done)
                if !done && a.hasCarry, let c = carries[owner] {
                    // Velocity carry: c(t) = Δv · t · (1 − t/T)², zero after T, continuous slope.
                    let t = a.time - timing.beginTime
                    if t > 0 && t < c.duration {
                        let f = 1 - t / c.duration
                        targets[ti].position.presentation += c.velocity * (t * f * f)
                    }
                }
            }
        }
        if done {
            a.isFinished = true
            if let l = a.listener { events.append(TweenEvent(listener: l, animation: owner, target: a.target, kind: .finished)) }
        }
        return done
    }

    @inline(__always)
    private func scalar(_ a: RunningAnimation, _ pools: Pools, _ u: Double) -> Double {
        let i = Int(a.track.index)
        if case .scalarLine(let from, let to, let curve) = pools.scalarSamplers[i] { return from + (to - from) * curve(u) }
        return pools.scalars[i].value(at: u)
    }

    /// Writes the track's value at `progress` into the target's channel; `commit` also sets
    /// the model (a forwards fill at completion: the model takes the final value).
    @inline(__always)
    private func write(_ a: RunningAnimation, _ pools: Pools, progress u: Double, into t: inout Animatable, commit: Bool) {
        t.touched |= Animatable.bit(a.property)
        let i = Int(a.track.index)
        switch a.track.kind {
        case .scalar:
            let v = scalar(a, pools, u)
            switch a.property {
            case .rotation: set(&t.rotation, v, a.additive, commit)
            case .scale: set(&t.scale, v, a.additive, commit)
            case .alpha: set(&t.alpha, v, a.additive, commit)
            default: break
            }
        case .point:
            if a.property == .position { set(&t.position, pools.points[i].value(at: u), a.additive, commit) }
        case .color: break
        case .path:
            if case .pacedPath(let sampler) = pools.pathSamplers[i] {
                let (p, tangent) = sampler.sample(u)
                if a.property == .position { set(&t.position, p, a.additive, commit) }
                if sampler.rotation != .none {
                    t.touched |= 2
                    set(&t.rotation, atan2(tangent.y, tangent.x) + (sampler.rotation == .autoReverse ? .pi : 0), false, commit)
                }
                return
            }
            if a.property == .position { set(&t.position, pools.paths[i].position(at: u), a.additive, commit) }
            if let r = pools.paths[i].rotation(at: u) {
                t.touched |= 2
                set(&t.rotation, r, false, commit)
            }
        }
    }

    @inline(__always)
    private func writeExtra(_ a: RunningAnimation, _ pools: Pools, progress u: Double, into x: inout AnimatableExtras, commit: Bool) {
        x.touched |= AnimatableExtras.bit(a.property)
        switch (a.track.kind, a.property) {
        case (.color, .tint): set(&x.tint, pools.colors[Int(a.track.index)].value(at: u), a.additive, commit)
        case (.scalar, .custom(let c)):
            let v = scalar(a, pools, u)
            switch c {
            case 0: set(&x.custom0, v, a.additive, commit)
            case 1: set(&x.custom1, v, a.additive, commit)
            case 2: set(&x.custom2, v, a.additive, commit)
            default: set(&x.custom3, v, a.additive, commit)
            }
        default: break
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
            if let a = animations.store.remove(e) {
                unregister(e, a)
                releaseTrack(a.track)
                carries.remove(e)
            }
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
