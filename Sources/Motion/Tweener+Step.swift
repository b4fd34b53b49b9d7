import Entities
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Geometry

// The tween system's fixed step: every running tween evaluated into its target.
extension Tweener {
    /// One fixed step. Allocates nothing once the stores have grown.
    ///
    /// Why it is fast: tweens are 128-byte values in one dense array, walked in order; each
    /// reads its track from a pool of its kind through a raw buffer (no enum payload copied,
    /// no array retained per tween) and, for the common kinds, through a plain-data sampler
    /// (a line of two scalars, or a view of a paced path's pinned table), and writes its target
    /// through a sparse-set lookup into another dense array. The buffer borrows
    /// (`withPools`, and the stores' arrays as raw buffers) are made once per step rather
    /// than once per tween or write. A spring
    /// reads and advances its state in its own pool, two multiply-adds per component.
    ///
    /// Every target starts its step (`Animatable.beginStep`) before its first write, in the
    /// same pass (`Begun`): targets stored in the order their tweens are (as they are when
    /// made together) are started just before they are written, while their memory is at
    /// hand, not in a pass of its own over every target (which took a seventh of the step
    /// over 100,000 tweens). The ones no tween reaches start after.
    /// - Complexity: O(animatables + animations).
    public func step(dt: Double) {
        events.removeAll(keepingCapacity: true)
        var finished = 0
        withPools { pools in
            animations.store.withDense { anims, owners in
                animatables.store.withDenseAndLookup { targets, lookup in
                    extras.store.withDenseAndLookup { xs, xlookup in
                        // Raw buffers: an array written through its subscript checks that
                        // it is not shared at every write, a call each (three per tween;
                        // 100,000 tweens stepped 17 % faster without them).
                        anims.withUnsafeMutableBufferPointer { anims in
                            targets.withUnsafeMutableBufferPointer { targets in
                                xs.withUnsafeMutableBufferPointer { xs in
                                    owners.withUnsafeBufferPointer { owners in
                                        var begun = Begun()
                                        for i in anims.indices where !anims[i].isFinished {
                                            if !anims[i].isPaused { anims[i].time += dt * anims[i].direction }
                                            if apply(&anims[i], pools, dt: dt, owner: owners[i], targets: targets, lookup: lookup, extras: xs,
                                                     extrasLookup: xlookup, begun: &begun) {
                                                finished += 1
                                            }
                                        }
                                        begun.startAll(targets, xs)
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

    /// Lends `body` every pool's tracks (and the samplers of the kinds that have them) as raw
    /// buffers, for one step.
    private func withPools<R>(_ body: (Pools) -> R) -> R {
        scalarTracks.withBuffers { scalars, scalarSamplers in
            pathTracks.withBuffers { paths, pathSamplers in
                pointTracks.items.withUnsafeBufferPointer { points in
                    colorTracks.items.withUnsafeBufferPointer { colors in
                        springs.withMutableItems { springs in
                            body(Pools(scalarSamplers: scalarSamplers, pathSamplers: pathSamplers,
                                       scalars: scalars, points: points, colors: colors, paths: paths, springs: springs))
                        }
                    }
                }
            }
        }
    }

    /// The track pools, borrowed for one step.
    private struct Pools {
        let scalarSamplers: UnsafeBufferPointer<TrackSampler>
        let pathSamplers: UnsafeBufferPointer<TrackSampler>
        let scalars: UnsafeBufferPointer<KeyframeTrack<Double>>
        let points: UnsafeBufferPointer<KeyframeTrack<Vec2>>
        let colors: UnsafeBufferPointer<KeyframeTrack<ColorValue>>
        let paths: UnsafeBufferPointer<PathTrack>
        let springs: UnsafeMutableBufferPointer<SpringState>
    }

    /// How far this step's starts have gone: every target (and extras) stored before these
    /// indices has started its step, none after has been written.
    private struct Begun {
        var targets = 0, extras = 0

        /// Starts the step of every target up to `i`, and of the extras up to `xi`, that has
        /// not started it yet.
        @inline(__always)
        mutating func start(_ targets: UnsafeMutableBufferPointer<Animatable>, through i: Int) {
            while self.targets <= i {
                targets[self.targets].beginStep()
                self.targets += 1
            }
        }

        @inline(__always)
        mutating func start(_ extras: UnsafeMutableBufferPointer<AnimatableExtras>, through i: Int) {
            while self.extras <= i {
                extras[self.extras].beginStep()
                self.extras += 1
            }
        }

        /// Starts the rest: those no tween wrote this step.
        mutating func startAll(_ targets: UnsafeMutableBufferPointer<Animatable>, _ extras: UnsafeMutableBufferPointer<AnimatableExtras>) {
            start(targets, through: targets.count - 1)
            start(extras, through: extras.count - 1)
        }
    }

    /// Evaluates one animation into its target. Returns true when it finished this step.
    @inline(__always)
    private func apply(_ a: inout Tween, _ pools: Pools, dt: Double, owner: Entity,
                       targets: UnsafeMutableBufferPointer<Animatable>, lookup: ComponentStore<Animatable>.Lookup,
                       extras: UnsafeMutableBufferPointer<AnimatableExtras>, extrasLookup: ComponentStore<AnimatableExtras>.Lookup,
                       begun: inout Begun) -> Bool {
        let isExtra = a.slot.isExtra
        guard let ti = isExtra ? extrasLookup(a.target) : lookup(a.target) else {
            // Its target is gone (or lacks the component): it ends unfinished, as Core
            // Animation's animations end with their layer (`animationDidStop` with false).
            a.isFinished = true
            a.isOrphaned = true
            if let l = a.listener { events.append(TweenEvent(listener: l, animation: owner, target: a.target, kind: .interrupted)) }
            return true
        }
        if isExtra { begun.start(extras, through: ti) } else { begun.start(targets, through: ti) }
        if a.trackKind == .spring {
            return stepSpring(&a, &pools.springs[Int(a.trackIndex)], dt: dt, owner: owner, targets: targets, extras: extras, at: ti)
        }
        let timing = a.timing
        var progress: Double?
        var done = false
        if a.direction < 0 && a.time <= 0 {
            // Reversed back to the start: it ends where it began.
            a.time = 0
            progress = 0
            done = true
        } else if case let local = timing.localTime(a.time), local >= 0, local < timing.activeDuration - MediaTiming.epsilon {
            // Inside the active time, as `phase` would say, worked out here: `phase` with its
            // three cases is past what the compiler inlines into this loop, and a call per
            // tween cost more than the test.
            progress = timing.progress(atLocal: local, end: false)
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
                    // Carry: d(t) = Δp·(1 − τ)²(1 + 2τ) + Δv·t·(1 − τ)², τ = t/T: value and
                    // slope Δp and Δv at the start, zero with zero slope from T on.
                    let t = a.time - timing.beginTime
                    if t > 0 && t < c.duration {
                        let tau = t / c.duration
                        let f = 1 - tau
                        targets[ti].position.presentation += c.velocity * (t * f * f) + c.offset * (f * f * (1 + 2 * tau))
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
    private func scalar(_ a: Tween, _ pools: Pools, _ u: Double) -> Double {
        let i = Int(a.trackIndex)
        if case .scalarLine(let from, let to, let curve) = pools.scalarSamplers[i] { return from + (to - from) * curve(u) }
        return pools.scalars[i].value(at: u)
    }

    /// Writes the track's value at `progress` into the target's channel; `commit` also sets
    /// the model (a forwards fill at completion: the model takes the final value).
    @inline(__always)
    private func write(_ a: Tween, _ pools: Pools, progress u: Double, into t: inout Animatable, commit: Bool) {
        t.touched |= a.slot.bit
        let i = Int(a.trackIndex)
        switch a.trackKind {
        case .scalar:
            let v = scalar(a, pools, u)
            t.withScalar(a.slot) { $0.apply(v, additive: a.additive, commit: commit) }
        case .point:
            if a.slot == .position { t.position.apply(pools.points[i].value(at: u), additive: a.additive, commit: commit) }
        case .color, .spring: break
        case .path:
            if case .pacedPath(let view, let start, let span, let rotation) = pools.pathSamplers[i] {
                let along = start + span * clamp(u, 0, 1)
                // A path that turns its target writes the rotation too; one that does not
                // needs only the point (no derivative, no square root).
                if rotation == .none {
                    if a.slot == .position { t.position.apply(view.pointee.point(atDistance: along, onRun: 0), additive: a.additive, commit: commit) }
                } else {
                    let (p, forward) = view.pointee.pointAndTangent(atDistance: along, onRun: 0)
                    if a.slot == .position { t.position.apply(p, additive: a.additive, commit: commit) }
                    let tangent = span < 0 ? -forward : forward
                    t.touched |= AnimatedProperty.Slot.rotation.bit
                    t.rotation.apply(atan2(tangent.y, tangent.x) + (rotation == .autoReverse ? .pi : 0), additive: false, commit: commit)
                }
                return
            }
            if a.slot == .position { t.position.apply(pools.paths[i].position(at: u), additive: a.additive, commit: commit) }
            if let r = pools.paths[i].rotation(at: u) {
                t.touched |= AnimatedProperty.Slot.rotation.bit
                t.rotation.apply(r, additive: false, commit: commit)
            }
        }
    }

    @inline(__always)
    private func writeExtra(_ a: Tween, _ pools: Pools, progress u: Double, into x: inout AnimatableExtras, commit: Bool) {
        x.touched |= a.slot.bit
        switch a.trackKind {
        case .color:
            if a.slot == .tint { x.tint.apply(pools.colors[Int(a.trackIndex)].value(at: u), additive: a.additive, commit: commit) }
        case .scalar:
            let v = scalar(a, pools, u)
            x.withScalar(a.slot) { $0.apply(v, additive: a.additive, commit: commit) }
        case .point, .path, .spring: break
        }
    }

    /// Removes finished animations (those that fill forwards have already committed their
    /// value to the model). Ones with `removedOnCompletion == false` and no forwards fill stay,
    /// inert, for inspection, as in Core Animation.
    private func removeFinished() {
        var gone = scratch
        gone.removeAll(keepingCapacity: true)
        defer { scratch = gone }
        animations.store.withDense { anims, owners in
            for i in anims.indices where anims[i].isFinished && (anims[i].timing.removedOnCompletion || anims[i].timing.fillMode.fillsForwards || anims[i].isOrphaned) {
                gone.append(owners[i])
            }
        }
        for e in gone {
            if let a = animations.store.remove(e) {
                unregister(e, a)
                releaseTrack(of: a)
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
