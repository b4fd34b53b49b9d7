import Engine
import Entities
import Geometry
import Paths

// The path scene's systems: input routed to the rings and buttons, and the orbit.
extension PathScene {
    func routeInput(_ ctx: StepContext) {
        for event in ctx.events {
            focusRing.note(event)
            if editing && session.routeEditInput(event, ctx) { continue }
            switch event {
            case .pointerDown(let id, let device, let at):
                if shapeButton.hit(at, device: device) { nextShape(); continue }
                if debugButton.hit(at, device: device) { debug.toggle(); continue }
                if rideButton.hit(at, device: device) { nextRide(); continue }
                if editButton.hit(at, device: device) { setEditing(true); continue }
                // A press anywhere stops what is coasting (and may take hold of it).
                PathHands.release(&followers.store) { $0 == .momentum }
                grabOrSend(pointer: id, device: device, at: at)
            case .pointerMove(let id, _, let at), .pointerUp(let id, _, let at):
                let up: Bool
                if case .pointerUp = event { up = true } else { up = false }
                hands.move(pointer: id, to: at, up: up, time: ctx.input.releaseTime(of: id) ?? ctx.input.time, in: &followers.store)
            case .pointerCancel(let id, _):
                // Ends without a jump: the handle stays where it is drawn.
                hands.cancel(pointer: id, in: &followers.store)
            case .gamepadRemoved(let pad):
                PathHands.release(&followers.store) { $0 == .pad(pad) }
            default:
                switch Self.bindings.action(for: event) {
                case .shape: nextShape()
                case .debug: debug.toggle()
                case .focus:
                    // The keys or a pad orbiting the ring focused so far let go of it: it coasts
                    // on, as when they are let go (else it orbited on, owned, for good).
                    if focused < handles.count, let i = followers.store.denseIndex(of: handles[focused]) {
                        followers.store.withDense { dense, _ in _ = dense[i].keysOrPadLetGo() }
                    }
                    focused = (focused + 1) % max(1, handles.count)
                case .ride: nextRide()
                case .edit: setEditing(true)
                default: break
                }
            }
        }
        session.flushDrags()
    }

    private func nextRide() {
        let all = Ride.allCases
        setRide(all[((all.firstIndex(of: ride) ?? 0) + 1) % all.count])
    }

    /// Where ring `i` (in the follower store's order) is drawn: beside the path when offset.
    public func ringPoint(_ i: Int) -> Vec2 { ringPoint(followers.store.dense[i], followers.store.owners[i]) }

    /// Where ring `e`, follower `f`, is drawn.
    func ringPoint(_ f: PathFollower, _ e: Entity) -> Vec2 {
        guard let p = poses.store[e], p.offset != 0, let t = tables.first, !t.isEmpty else { return f.point }
        return t.offsetPointAndTangent(atDistance: f.distance, offset: p.offset).0
    }

    /// Takes the free ring under a press, if any (a coasting one stops under the hand).
    func grabRing(pointer id: Int, device: PointerDevice, at: Vec2) -> Bool {
        hands.grab(pointer: id, device: device, at: at, radius: ringRadius, in: &followers.store) { ringPoint($0, $1) }
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
