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
///
/// A spring animation (`Animation.spring`) has no duration: it starts from what is drawn,
/// moves each step along its spring's exact curve, and finishes when it settles, committing
/// its target to the model. A spring added where one runs takes over its position and
/// velocity (`Tweener+Spring.swift`).
public final class Tweener {
    /// The world whose entities it animates, and in which each animation is an entity.
    public let world: World
    /// Each animated entity's transform: give an entity one to animate it.
    public let animatables: Storage<Animatable>
    /// Tint and custom scalars, for the entities that animate them.
    public let extras: Storage<AnimatableExtras>
    /// The animations, running ones and finished ones kept for inspection, by entity.
    public let animations: Storage<Tween>
    var scalarTracks = TrackPool(placeholder: Tweener.emptyScalar)
    var pointTracks = TrackPool(placeholder: try! KeyframeTrack(values: [Vec2.zero]))
    var colorTracks = TrackPool(placeholder: try! KeyframeTrack(values: [ColorValue.zero]))
    var pathTracks = TrackPool(placeholder: PathTrack(path: Path()), keyedBy: PathKey.self)
    /// Running springs' state, one slot per spring tween (`Tweener+Spring.swift`).
    var springs = TrackPool(placeholder: SpringState.placeholder)
    /// The non-additive animation running on each (target, property), for replacing it.
    /// Consulted when animations are added or removed, never in the per-step loop.
    private var runningByKey: [RunKey: Entity] = [:]

    /// How a path track is shared: tweens on the same sample table, read the same way.
    struct PathKey: Hashable, Sendable {
        var table: UInt64
        var mode: PathTrack.Mode
        var rotation: RotationMode
        var from: Double
        var to: Double
    }

    private struct RunKey: Hashable {
        var target: Entity
        var property: AnimatedProperty
    }
    /// Completions reported in the last step (cleared when the next step begins).
    public internal(set) var events: [TweenEvent] = []
    var scratch: [Entity] = []
    /// Velocity carries of the animations that have one (rare: a side store keeps the
    /// running animations small).
    var carries = ComponentStore<Carry>()
    /// The last step's length, for velocities.
    public internal(set) var lastDt = 0.0

    /// A tween system for the entities of `world`, with its stores made there.
    public init(world: World) {
        self.world = world
        animatables = world.makeStorage()
        extras = world.makeStorage()
        animations = world.makeStorage()
    }

    // MARK: Adding

    /// Adds an animation and returns its entity. Refuses it, running nothing, when its timing
    /// is not valid, its track cannot drive its property, or it names a custom property
    /// that does not exist. A non-additive
    /// animation replaces one already running on the same property of the same target
    /// (that one is reported interrupted), as `addAnimation:forKey:` does with one key.
    ///
    /// - Parameters:
    ///   - animation: what to play, on which target and property.
    ///   - carryVelocity: blend the property's current velocity into the start of the new
    ///     motion over `carryDuration` seconds, so a redirected object does not turn on the
    ///     spot (position only). A spring needs no carry: it starts with the property's
    ///     velocity itself (see `Animation.spring`), and ignores this.
    ///   - carryDuration: how long the carried velocity fades out, in seconds.
    @discardableResult
    public func add(_ animation: Animation, carryVelocity: Bool = false, carryDuration: Double = 0.35) throws(AnimationError) -> Entity {
        try add(animation, carryVelocity: carryVelocity, carryPosition: false, carryDuration: carryDuration)
    }

    /// Moves a flight onto another track (a new path, say) without a jump or a kink — what
    /// DOTween's users ask for in its issue #97. The running position animation `animation`
    /// ends where the picture is (its presentation becomes the model; `.interrupted` is
    /// reported), `new` starts, and over `blendDuration` seconds the difference between
    /// the object's position and velocity and the new track's at its start fades out:
    /// d(t) = Δp·(1 − τ)²(1 + 2τ) + Δv·t·(1 − τ)², τ = t / blendDuration, so position and
    /// velocity are continuous at the switch and the object is exactly on the new track
    /// from `blendDuration` on.
    ///
    /// A spring (`Animation.spring`) needs no blend: it takes over the position and velocity
    /// itself, and `animation` goes.
    @discardableResult
    public func retarget(_ animation: Entity, to new: Animation, blendDuration: Double = 0.35) throws(AnimationError) -> Entity {
        if case .spring(let track) = new.track {
            let e = try addSpring(new, track)
            interrupt(animation, commit: true)  // (already gone when it ran on the same property)
            return e
        }
        guard new.property == .position else { throw .trackDoesNotFit(track: new.track.kind, property: new.property) }
        interrupt(animation, commit: true)
        return try add(new, carryVelocity: true, carryPosition: true, carryDuration: blendDuration)
    }

    private func add(_ animation: Animation, carryVelocity: Bool, carryPosition: Bool, carryDuration: Double) throws(AnimationError) -> Entity {
        if let l = animation.listener, !(0...Int(Int32.max)).contains(l) { throw .listenerOutOfRange(l) }
        if case .spring(let track) = animation.track { return try addSpring(animation, track) }
        do { try animation.timing.validate() } catch { throw .timing(error) }
        if case .custom(let i) = animation.property, !(0..<AnimatedProperty.customSlots).contains(i) {
            throw .noSuchCustomSlot(i)
        }
        guard animation.property.accepts(animation.track.kind) else {
            throw .trackDoesNotFit(track: animation.track.kind, property: animation.property)
        }
        if !animation.additive, let old = running(on: animation.target, property: animation.property) {
            interrupt(old, commit: false)
        }
        var a = Tween(animation, trackIndex: storeTrack(animation.track))
        if carryVelocity, a.property == .position, let target = animatables.store[a.target], carryDuration > 0, carryDuration.isFinite {
            let v0 = target.position.velocity(dt: lastDt)
            // The new motion's own initial velocity, by a small forward difference.
            let h = 1e-4
            let p0 = Self.pointValue(animation.track, progress: a.timingFunction(0))
            let p1 = Self.pointValue(animation.track, progress: a.timingFunction(h / max(a.timing.duration, 1e-9)))
            let vNew = (p1 - p0) * (a.timing.speed / h)
            a.hasCarry = true
            let e = world.spawn()
            let offset = carryPosition ? target.position.presentation - p0 : .zero
            carries.insert(Carry(velocity: v0 - vNew, offset: offset.isFinite ? offset : .zero, duration: carryDuration), for: e)
            return insert(a, as: e)
        }
        return insert(a, as: world.spawn())
    }

    /// Stores `a` as entity `e`, the running animation of its property unless it is additive.
    func insert(_ a: Tween, as e: Entity) -> Entity {
        animations.store.insert(a, for: e)
        if !a.additive { runningByKey[RunKey(target: a.target, property: a.property)] = e }
        return e
    }

    /// Keeps `t` in the pool of its kind and returns where.
    private func storeTrack(_ t: Track) -> Int32 {
        switch t {
        case .scalar(let k): return scalarTracks.store(k, sampler: k.lineSampler)
        case .point(let k): return pointTracks.store(k)
        case .color(let k): return colorTracks.store(k)
        case .spring: preconditionFailure("springs are stored by addSpring")
        case .path(let p):
            let key = PathKey(table: p.table.id, mode: p.mode, rotation: p.rotationMode, from: p.from, to: p.to)
            if let index = pathTracks.share(key) { return index }
            let sampler = p.makeSampler()
            return pathTracks.store(p, sampler: sampler?.0 ?? .general, pinning: sampler?.1, key: key)
        }
    }

    /// Gives back `a`'s hold on its track.
    func releaseTrack(of a: Tween) {
        switch a.trackKind {
        case .scalar: scalarTracks.release(a.trackIndex)
        case .point: pointTracks.release(a.trackIndex)
        case .color: colorTracks.release(a.trackIndex)
        case .path: pathTracks.release(a.trackIndex)
        case .spring: springs.release(a.trackIndex)
        }
    }

    private static let emptyScalar = try! KeyframeTrack(values: [0.0])

    /// Number of tracks held (for tests: removed animations give theirs back).
    var trackCount: Int {
        scalarTracks.liveCount + pointTracks.liveCount + colorTracks.liveCount + pathTracks.liveCount + springs.liveCount
    }

    /// Forgets `a` as the running animation of its key, if it is.
    func unregister(_ e: Entity, _ a: Tween) {
        let key = RunKey(target: a.target, property: a.property)
        if !a.additive, runningByKey[key] == e { runningByKey[key] = nil }
    }

    /// The running (not finished) non-additive animation on a target's property, if any.
    public func running(on target: Entity, property: AnimatedProperty) -> Entity? {
        guard let e = runningByKey[RunKey(target: target, property: property)], let a = animations.store[e], !a.isFinished else { return nil }
        return e
    }

    /// Whether an animation that has not finished drives `target`.
    public func isAnimating(_ target: Entity) -> Bool {
        animations.store.dense.contains { $0.target == target && !$0.isFinished }
    }

    // MARK: Control

    /// Ends `animation` now: the target's presentation becomes its model, the animation is
    /// removed, and `.interrupted` is reported. With `commit: false` the model is left as is.
    public func interrupt(_ animation: Entity, commit: Bool = true) {
        guard let a = animations.store[animation] else { return }
        if commit, !a.isFinished {
            if a.slot.isExtra {
                extras.store.modify(a.target) { $0.keepPresentation(a.slot) }
            } else {
                animatables.store.modify(a.target) { t in
                    t.keepPresentation(a.slot)
                    // A path track that turns its target drives the rotation too.
                    if a.trackKind == .path, pathTracks.items[Int(a.trackIndex)].rotationMode != .none {
                        t.keepPresentation(.rotation)
                    }
                }
            }
        }
        unregister(animation, a)
        releaseTrack(of: a)
        carries.remove(animation)
        animations.store.remove(animation)
        world.destroy(animation)
        if let l = a.listener, !a.isFinished {
            events.append(TweenEvent(listener: l, animation: animation, target: a.target, kind: .interrupted))
        }
    }

    /// Pauses `animation`: its clock stops and it holds its value until `resume(_:)`.
    public func pause(_ animation: Entity) { animations.store.modify(animation) { $0.isPaused = true } }
    /// Resumes a paused `animation` from where its clock stopped.
    public func resume(_ animation: Entity) { animations.store.modify(animation) { $0.isPaused = false } }

    /// Jumps to `fraction` (0…1) of the active time (of the first cycle for endless ones).
    /// A spring has no active time: it is left alone.
    public func seek(_ animation: Entity, toFraction fraction: Double) {
        animations.store.modify(animation) { a in
            let active = a.timing.activeDuration.isFinite ? a.timing.activeDuration : a.timing.cycle
            let local = clamp(fraction, 0, 1) * active
            a.time = a.timing.beginTime + (local - a.timing.timeOffset) / max(a.timing.speed, 1e-12)
        }
    }

    /// Runs the animation backward from where it is; it finishes when it is back at its start.
    /// A spring has no start to run back to: it is left alone.
    public func reverse(_ animation: Entity) { animations.store.modify(animation) { $0.direction = -$0.direction } }
}
