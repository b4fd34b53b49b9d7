#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Geometry

// Each step's work, and where carries land.
extension DragDrop {
    // MARK: Each step

    /// One fixed step of all a drag and drop does on its own, after the step's input and
    /// holds (`advanceHolds`, whose lifts the scene makes): a carry at a panel's edge scrolls
    /// it (`autoScroll`), panels coast (`stepPanels`), each carry's landing zone is found
    /// (`updateTargets`) and flights move (`stepFlights`). The board, which steers its key
    /// carry and retargets flights between these, calls them itself.
    public mutating func step(_ dt: Double) {
        autoScroll(dt)
        stepPanels(dt)
        updateTargets()
        stepFlights(dt)
    }

    /// Momentum and springs of every panel, one fixed step.
    public mutating func stepPanels(_ dt: Double) {
        for p in panels { spaces[panel: p].step(dt: dt) }
    }

    /// The wheel turned by (`dx`, `dy`) with the mouse at `p`, as SDL means them (positive
    /// `dy` away from you: toward the top; positive `dx`: toward the right end): the panel
    /// under it scrolls along its axis. A sideways panel takes `dy` when the wheel has no
    /// `dx`, away from you scrolling toward its start.
    public mutating func wheel(dx: Double, dy: Double, at p: Vec2) {
        guard let panel = panel(at: p) else { return }
        spaces[panel: panel].scroll(by: spaces[panel: panel].axis == .horizontal && dx != 0 ? dx : -dy)
    }

    /// A pointer's carry toward a panel's edge, or resting in its edge zone, scrolls that
    /// panel (`EdgeAutoScroll` has the rules). Key carries scroll by the scene keeping their
    /// target in view instead.
    public mutating func autoScroll(_ dt: Double) {
        for k in carries.indices where carries[k].isCarried && carries[k].carrier.isPointer {
            let p = carries[k].pointer
            for (n, panel) in panels.enumerated() {
                let axis = spaces[panel: panel].axis, f = spaces.rootFrame(of: panel)
                let (lo, hi) = axis.span(of: f), (crossLo, crossHi) = axis.crossSpan(of: f)
                let across = axis.across(p)
                let inside = across >= crossLo && across <= crossHi
                let v = carries[k].edgeScroll[n].velocity(along: axis.along(p), inside: inside, span: lo, hi,
                                                          maxSpeed: rules.autoScrollSpeed, dt: dt)
                if v != 0 { spaces[panel: panel].scroll(by: v * dt) }
            }
        }
    }

    /// Sets the zone each carry would land in, and whether it would be removed. A key carry
    /// targets the zone it is steered to.
    public mutating func updateTargets() {
        for k in carries.indices where carries[k].isCarried {
            let c = carries[k]
            if let kc = keyCarry, kc.carrier == c.carrier {
                carries[k].target = kc.zone
                continue
            }
            let zone = dropZone(pointer: c.pointer, body: body(of: c.frame))
            carries[k].target = zone
            carries[k].willRemove = c.removableFrom.map { zone == nil && !spaces.rootFrame(of: $0).contains(c.pointer) } ?? false
        }
    }

    /// The key carry glides toward `frame`, its place and its size (a critically damped
    /// approach, the same at any step rate), at the velocity it moves with: a drop or cancel
    /// mid-glide flies on from it. It is held at its centre.
    public mutating func glideKeyCarry(toward frame: Rect, dt: Double) {
        guard let kc = keyCarry, let k = index(carriedBy: kc.carrier) else { return }
        let f = 1 - exp(-dt * 22)
        let step = (frame.origin - carries[k].frame.origin) * f
        carries[k].frame.origin += step
        carries[k].frame.size += (frame.size - carries[k].frame.size) * f
        carries[k].grab = carries[k].frame.size / 2
        carries[k].velocity = dt > 0 ? step / dt : .zero
    }

    /// Flights move one step along their springs toward their targets (which the scene keeps
    /// current, through `subscript(carry:)`, as what they fly to scrolls), and those that
    /// have landed — within a twentieth of a point and one point per second of the target —
    /// are removed. Exact for any step: each spring is the closed form from the step's start.
    public mutating func stepFlights(_ dt: Double) {
        let spring = rules.flightSpring
        for k in carries.indices {
            guard var f = carries[k].flight else { continue }
            let c = carries[k]
            let o = spring.evolve(c.frame.origin - f.target.origin, velocity: c.velocity, by: dt)
            let s = spring.evolve(c.frame.size - f.target.size, velocity: f.sizeVelocity, by: dt)
            carries[k].frame = Rect(origin: f.target.origin + o.x, size: f.target.size + s.x)
            carries[k].velocity = o.v
            f.sizeVelocity = s.v
            carries[k].flight = f
        }
        carries.removeAll { c in
            guard let f = c.flight else { return false }
            let far = max(abs(c.frame.minX - f.target.minX), abs(c.frame.minY - f.target.minY),
                          abs(c.frame.width - f.target.width), abs(c.frame.height - f.target.height))
            let fast = max(c.velocity.length, f.sizeVelocity.length)
            return far < 0.05 && fast < 1 || !far.isFinite
        }
    }

    /// The zones carries would land in, in the order lifted.
    public var targets: [Int] {
        carries.compactMap { $0.isCarried ? $0.target : nil }
    }

    // MARK: Where things land

    /// A carried frame's visible body.
    public func body(of frame: Rect) -> Rect {
        frame.insetBy(dx: frame.width * rules.bodyInset.x, dy: frame.height * rules.bodyInset.y)
    }

    /// The zone a carry would land in: the one under the pointer where the pointer is over a
    /// visible zone; otherwise the one its visible body overlaps most (within `zoneClip`), or none.
    public func dropZone(pointer: Vec2, body: Rect) -> Int? {
        let visible = spaces.rootFrame(of: zoneClip)
        if visible.contains(pointer), let i = zones.firstIndex(where: { spaces.rootFrame(of: $0).contains(pointer) }) {
            return i
        }
        var best: (Int, Double)?
        for i in zones.indices {
            let overlap = body.intersection(spaces.rootFrame(of: zones[i]).intersection(visible)).area
            if overlap > 0, best == nil || overlap > best!.1 { best = (i, overlap) }
        }
        return best?.0
    }
}
