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
                let v = ctx.input.velocity(of: id)
                if let i = followers.store.denseIndex(of: handle), followers.store.dense[i].grabbedBy == .pointer(id) {
                    followers.store.withDense { dense, _ in
                        dense[i].desired += m.delta
                        // A release still walks once toward the final point, as the seed
                        // does on UIGestureRecognizerStateEnded; the system lets go after.
                        if up { dense[i].letGoAfterNextWalk() }
                    }
                    if up { letGo.append((handle, v)) }
                }
                if up { ringPresses.end(id) } else { ringPresses[m.index].target.velocity = v }
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
                case .focus: focused = (focused + 1) % max(1, handles.count)
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

    /// Handles let go by a hand this step coast on at its velocity along the path (the
    /// hand's, from the `VelocityTracker`, on the path's tangent where the handle is).
    func startCoasts(dt: Double) {
        guard !letGo.isEmpty, let t = tables.first, !t.isEmpty else { return letGo.removeAll() }
        for (e, v) in letGo {
            guard let i = followers.store.denseIndex(of: e), followers.store.dense[i].grabbedBy == .none else { continue }
            let speed = v.dot(t.tangent(atDistance: followers.store.dense[i].distance))
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
        guard case .hand(.pointer(let id)) = f.grabbedBy, let t = tables.first, !t.isEmpty,
              let p = ringPresses.index(of: id), let v = ringPresses[p].target.velocity else { return 0 }
        return v.dot(t.tangent(atDistance: f.distance))
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

    /// What a pointer holding a ring holds: the ring's handle, and the hand's velocity as of
    /// its latest move (nil before the first).
    struct RingHold: Sendable {
        var handle: Entity
        var velocity: Vec2? = nil
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
                switch dense[p].grabbedBy {
                case .hand(.pad), .hand(.keyboard): dense[p].grabbedBy = dense[p].orbitSpeed != 0 ? .momentum : .none
                case .momentum: break
                default: dense[p].orbitSpeed = 0; dense[p].grabbedBy = .none
                }
                return
            }
            dense[p].orbitSpeed = clamp(speed, -2 * Self.orbitSpeed, 2 * Self.orbitSpeed)
            dense[p].grabbedBy = owner
            dense[p].glideTarget = nil
        }
    }
}
