import Engine
import Entities
import Geometry
import Paths

// The path scene's systems: input routed to the rings and buttons, and the orbit.
extension PathScene {
    func routeInput(_ ctx: StepContext) {
        for event in ctx.events {
            focusRing.note(event)
            if editing && routeEditInput(event, ctx) { continue }
            switch event {
            case .pointerDown(let id, let device, let at):
                if shapeButton.hit(at, device: device) { nextShape(); continue }
                if debugButton.hit(at, device: device) { debug.toggle(); continue }
                if rideButton.hit(at, device: device) { nextRide(); continue }
                if editButton.hit(at, device: device) { setEditing(true); continue }
                // A press anywhere stops what is coasting (and may take hold of it).
                release { $0 == .momentum }
                grabOrSend(pointer: id, device: device, at: at)
            case .pointerMove(let id, _, let at), .pointerUp(let id, _, let at):
                let up: Bool
                if case .pointerUp = event { up = true } else { up = false }
                // Only a pointer holding a ring has a press here (a move of each of 30,000
                // other fingers finds none at once).
                guard let m = ringPresses.move(id, to: at, slop: 0) else { continue }
                let handle = ringPresses[m.index].target.handle
                if let i = followers.store.denseIndex(of: handle), followers.store.dense[i].grabbedBy == .pointer(id) {
                    followers.store.withDense { dense, _ in
                        dense[i].desired += m.delta
                        // A release still walks once toward the final point, as the seed
                        // does on UIGestureRecognizerStateEnded; the system lets go after.
                        if up { dense[i].letGoAfterNextWalk() }
                    }
                    if up { letGo.append((handle, ringPresses[m.index].target.track, ctx.input.releaseTime(of: id) ?? ctx.input.time)) }
                }
                if up { ringPresses.end(id) }
            case .pointerCancel(let id, _):
                // Ends without a jump: the handle stays where it is drawn.
                release { $0 == .pointer(id) }
                ringPresses.end(id)
            case .gamepadRemoved(let pad):
                release { $0 == .pad(pad) }
            default:
                switch Self.bindings.action(for: event) {
                case .shape: nextShape()
                case .debug: debug.toggle()
                case .focus:
                    // The keys or a pad orbiting the ring focused so far let go of it: it coasts
                    // on, as when they are let go (else it orbited on, owned, for good).
                    if focused < handles.count, let i = followers.store.denseIndex(of: handles[focused]) {
                        followers.store.withDense { dense, _ in dense[i].keysOrPadLetGo() }
                    }
                    focused = (focused + 1) % max(1, handles.count)
                case .ride: nextRide()
                case .edit: setEditing(true)
                default: break
                }
            }
        }
        flushDrags()
    }

    private func nextRide() {
        let all = Ride.allCases
        setRide(all[((all.firstIndex(of: ride) ?? 0) + 1) % all.count])
    }

    /// Where ring `i` (in the follower store's order) is drawn: beside the path when offset.
    public func ringPoint(_ i: Int) -> Vec2 {
        let f = followers.store.dense[i]
        guard let p = poses.store[followers.store.owners[i]], p.offset != 0, let t = tables.first, !t.isEmpty else { return f.point }
        return t.offsetPointAndTangent(atDistance: f.distance, offset: p.offset).0
    }

    /// How far ring `f` is along the path, counting its laps of a closed run: what its
    /// speed along the path is measured on.
    func along(_ f: PathFollower, _ t: SampleTable) -> Double {
        let run = t.run(containing: f.index)
        return f.distance + (run.isClosed ? Double(f.lap) * run.length : 0)
    }

    /// Each ring a hand holds: where it is along the path once this step's walk took it after
    /// the hand, at the time of that hand's latest sample (a step in which the hand did not
    /// move adds nothing, as the hand's own tracker has no new sample then).
    func trackHeldRings(_ ctx: StepContext) {
        guard let t = tables.first, !t.isEmpty else { return }
        for k in ringPresses.all.indices {
            guard let i = followers.store.denseIndex(of: ringPresses[k].target.handle),
                  let time = ctx.input.pointer(ringPresses[k].pointer)?.tracker.lastTime else { continue }
            if let last = ringPresses[k].target.track.lastTime, time <= last { continue }
            ringPresses[k].target.track.add(Vec2(along(followers.store.dense[i], t), 0), at: time)
        }
    }

    /// Handles let go by a hand this step coast on at the speed they were moving along the
    /// path: measured on the ring's own distance along it (a quadratic fit over its last 100
    /// ms, as the hand's `VelocityTracker` fits the hand), so a hand sweeping round a curve
    /// throws it at the speed it had, where the hand's straight-line velocity on the tangent
    /// read a curve's sweep as faster. The release's last walk is its last sample.
    func startCoasts(_ ctx: StepContext) {
        guard !letGo.isEmpty, let t = tables.first, !t.isEmpty else { return letGo.removeAll() }
        for (e, track, time) in letGo {
            guard let i = followers.store.denseIndex(of: e), followers.store.dense[i].grabbedBy == .none else { continue }
            var track = track
            // (An up where the last move was walks nowhere: no sample, or it would read as a stop.)
            let here = along(followers.store.dense[i], t)
            if let last = track.lastTime, time > last, track.newestPoint?.x != here { track.add(Vec2(here, 0), at: time) }
            let speed = track.velocity(at: time).x
            guard abs(speed) >= PathFollowerSystem.coastStopSpeed, speed.isFinite else { continue }
            followers.store.withDense { dense, _ in
                dense[i].orbitSpeed = clamp(speed, -VelocityTracker.maxSpeed, VelocityTracker.maxSpeed)
                dense[i].grabbedBy = .momentum
            }
        }
        letGo.removeAll(keepingCapacity: true)
    }

    /// Handle `i`'s velocity along the path (points per second, positive the way the path
    /// goes): its orbit or coast speed; held by a hand, the hand's velocity along the path.
    func speedAlongPath(_ i: Int) -> Double {
        let f = followers.store.dense[i]
        if f.orbitSpeed != 0 { return f.orbitSpeed }
        guard case .hand(.pointer(let id)) = f.grabbedBy, let p = ringPresses.index(of: id),
              let last = ringPresses[p].target.track.lastTime else { return 0 }
        return ringPresses[p].target.track.velocity(at: last).x
    }

    private func release(_ match: (Grabber) -> Bool) {
        followers.store.withDense { dense, _ in
            for i in dense.indices where match(dense[i].grabbedBy) {
                dense[i].grabbedBy = .none
                dense[i].orbitSpeed = 0
                dense[i].desired = dense[i].position.current
                dense[i].glideTarget = nil
            }
        }
    }

    /// What a pointer holding a ring holds: the ring's handle, and its track along the path.
    struct RingHold: Sendable {
        var handle: Entity
        /// The ring's distance along the path at the hand's events (`trackHeldRings`).
        var track = VelocityTracker()
    }

    /// Where pointer `id`, holding a ring, is (nil when it holds none).
    func ringHand(_ id: Int) -> Vec2? {
        ringPresses.index(of: id).map { ringPresses[$0].press.at }
    }

    /// Takes the free ring under a press, if any (a coasting one stops under the hand).
    func grabRing(pointer id: Int, device: PointerDevice, at: Vec2) -> Bool {
        var best: (Int, Double)?
        // A hand takes a ring from the keys or a pad orbiting it, or from a coast, as from rest.
        for i in followers.store.dense.indices {
            switch followers.store.dense[i].grabbedBy {
            case .none, .momentum, .hand(.keyboard), .hand(.pad): break
            default: continue
            }
            let d = ringPoint(i).distance(to: at)
            if d <= ringRadius + device.hitSlop, best == nil || d < best!.1 { best = (i, d) }
        }
        guard let (i, _) = best else { return false }
        ringPresses.begin(id, device: device, at: at, target: RingHold(handle: followers.store.owners[i]))
        followers.store.withDense { dense, _ in
            dense[i].grabbedBy = .pointer(id)
            dense[i].desired = dense[i].point
            dense[i].orbitSpeed = 0
            dense[i].glideTarget = nil
        }
        return true
    }

    private func grabOrSend(pointer id: Int, device: PointerDevice, at: Vec2) {
        if grabRing(pointer: id, device: device, at: at) { return }
        // A press on the path sends the nearest free handle gliding there.
        guard let t = tables.first, let n = t.nearestIndex(to: at), t.points[n].distance(to: at) <= device.hitSlop + 4 else { return }
        followers.store.withDense { dense, _ in
            var pick: (Int, Double)?
            for i in dense.indices where dense[i].grabbedBy == .none {
                let d = dense[i].point.distance(to: at)
                if pick == nil || d < pick!.1 { pick = (i, d) }
            }
            if let (i, _) = pick { dense[i].glideTarget = n }
        }
    }

    /// Sets the focused handle's orbit speed from the stick, triggers and arrow keys.
    func applyOrbit(_ ctx: StepContext) {
        guard focused < handles.count, let p = followers.store.denseIndex(of: handles[focused]) else { return }
        var direction = Vec2.zero
        var along = 0.0
        var owner: Grabber = .none
        for pad in ctx.input.pads {
            // While editing the stick moves an anchor; the triggers still orbit.
            let stick = editing ? .zero : pad.stick(true)
            let trig = pad.axis(.righttrigger) - pad.axis(.lefttrigger)
            if stick != .zero || abs(trig) > 0.05 {
                direction += stick
                along += abs(trig) > 0.05 ? trig : 0
                owner = .pad(pad.id)
            }
        }
        var keys = Vec2.zero
        // (While editing the arrows move the focused anchor instead.)
        if !editing {
            if ctx.input.isDown(.left) { keys.x -= 1 }
            if ctx.input.isDown(.right) { keys.x += 1 }
            if ctx.input.isDown(.up) { keys.y -= 1 }
            if ctx.input.isDown(.down) { keys.y += 1 }
        }
        if keys != .zero {
            direction += keys.normalized()
            if owner == .none { owner = .keyboard }
        }
        followers.store.withDense { dense, _ in
            if case .hand(.pointer) = dense[p].grabbedBy { return }
            guard let t = tables.first, !t.isEmpty else { return }
            // The stick's projection on the path's tangent: push the way the path goes.
            let tangent = t.tangent(atDistance: dense[p].distance)
            let speed = (direction.dot(tangent) + along) * Self.orbitSpeed
            if abs(speed) < 1e-9 {
                // Let go: what the keys or a stick were moving coasts on; a coast goes on.
                if !dense[p].keysOrPadLetGo(), dense[p].grabbedBy != .momentum {
                    dense[p].orbitSpeed = 0
                    dense[p].grabbedBy = .none
                }
                return
            }
            dense[p].orbitSpeed = clamp(speed, -2 * Self.orbitSpeed, 2 * Self.orbitSpeed)
            dense[p].grabbedBy = owner
            dense[p].glideTarget = nil
        }
    }
}
