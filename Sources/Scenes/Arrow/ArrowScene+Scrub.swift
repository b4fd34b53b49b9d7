#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Engine
import Geometry
import Motion

// Scrubbing, reversing and continuing the arrow, as UIViewPropertyAnimator does with
// `fractionComplete`, `isReversed` and `continueAnimation`: a hand (or keys, or a stick)
// drags the arrow's length along the ring; let go, the arrow finishes or goes back at the
// hand's speed; reversed mid-play, it turns round where it is.
extension ArrowScene {
    /// The spring a let-go arrow finishes or returns on, leaving at `omega` (radians per
    /// second) with `distance` (radians) to go: critically damped, with ω₀ = 2·|omega| /
    /// distance when the hand turns toward the target, so its acceleration at the release,
    /// ω₀²·distance − 2ω₀·|omega|, is zero and it goes on at the hand's speed, easing in;
    /// kept between a 0.3 s and a 3 s response. Turning away, or at rest: 0.5 s.
    public static func releaseSpring(omega: Double, distance: Double) -> Spring {
        let toward = distance != 0 && omega != 0 && (omega > 0) == (distance > 0)
        let w = toward ? clamp(2 * abs(omega) / abs(distance), 2 * .pi / 3, 2 * .pi / 0.3) : 2 * .pi / 0.5
        return Spring(response: 2 * .pi / w, dampingRatio: 1)
    }
    /// How fast the play moves (radians per second): the seed's 2π in 2 s; keys scrub at it.
    public static let playSpeed = Double.pi

    /// How far the arrow has grown: 0 (nothing) … 1 (the whole ring).
    public var fraction: Double { lengthRadians / (2 * .pi) }

    func setLength(_ l: Double) {
        tweener.extras.store.modify(arrow) { $0[custom: Self.lengthChannel].follow(l) }
        lengthSetThisStep = true
    }

    /// A hand holding the arrow still: what is drawn stops at its length. It was drawn
    /// between the last two lengths a move left, for as long as the hand held still, and the
    /// scene never rested.
    func holdScrub() {
        defer { lengthSetThisStep = false }
        guard scrubber != nil, !lengthSetThisStep else { return }
        tweener.extras.store.modify(arrow) { x in
            let c = x[custom: Self.lengthChannel]
            if c.previous != c.presentation { x[custom: Self.lengthChannel].follow(c.presentation) }
        }
    }

    /// Whether `p` is on the ring where the arrow grows (its band, with some slop).
    func isOnRing(_ p: Vec2, slop: Double) -> Bool {
        let r = p.distance(to: imageRect.center), outer = outerRadius
        return r >= max(0, outer - thickness - slop) && r <= outer + slop
    }

    /// The angle of `p` around the ring from the arrow's start, clockwise on screen.
    func ringAngle(_ p: Vec2) -> Double { (p - imageRect.center).angle - startRadians }

    /// A hand (or the keys) takes hold of the arrow: whatever plays it stops where it is drawn.
    func beginScrub(_ by: Hand, at p: Vec2) {
        if let running = tweener.running(on: arrow, property: .custom(Self.lengthChannel)) { tweener.interrupt(running) }
        scrubber = by
        scrubAngle = ringAngle(p)
        scrubPoint = p
        thenShrink = false
        goButton.isHidden = true
    }

    /// The hand moved to `p`: the arrow's length follows its angle round the ring (by how far
    /// it turned, so a press anywhere on the ring does not jump), within 0…2π.
    func scrub(to p: Vec2) {
        let a = ringAngle(p)
        scrubPoint = p
        var turn = remainder(a - scrubAngle, 2 * .pi)
        if !turn.isFinite { turn = 0 }
        scrubAngle = a
        setLength(clamp(lengthRadians + turn, 0, 2 * .pi))
    }

    /// The hand let go turning at `omega` (radians per second): the arrow goes on that way on
    /// a spring that leaves at that speed — to the whole ring and then back (the play's
    /// second half) when it turns forward, or past half at rest; else back to nothing. Let go
    /// of the keys or the stick (`asThePlay`), it goes on as the play does, at its own speed,
    /// which is theirs: on the hand's spring, the keys' π rad/s far from the end made a slow
    /// spring that crept to the ring's end for seconds, Go hidden all the while (a tour
    /// counted 4 s).
    func endScrub(omega: Double, asThePlay: Bool = false) {
        scrubber = nil
        let forward = abs(omega) < 0.2 ? lengthRadians >= .pi : omega > 0
        thenShrink = forward
        if asThePlay {
            leg(to: forward ? 2 * .pi : 0)
        } else {
            springLength(to: forward ? 2 * .pi : 0, velocity: omega.isFinite ? omega : 0)
        }
    }

    /// The hand's turning speed around the ring: its velocity across the radius, over it.
    func angularVelocity(_ v: Vec2, at p: Vec2) -> Double {
        let d = p - imageRect.center
        let r2 = d.lengthSquared
        guard r2 > 1 else { return 0 }
        return (d.x * v.y - d.y * v.x) / r2
    }

    /// Turns the play round where it is: growing, it shrinks back; shrinking, it grows to the
    /// whole ring again and then shrinks (the play completes, later). Keeps the play's speed.
    public func reverse() {
        guard scrubber == nil, let running = tweener.running(on: arrow, property: .custom(Self.lengthChannel)) else { return }
        let c = tweener.extras.store[arrow]![custom: Self.lengthChannel]
        let growing = c.presentation >= c.previous && !isShrinking
        tweener.interrupt(running)
        reversed.toggle()
        if growing {
            thenShrink = false
            leg(to: 0)
        } else {
            thenShrink = true
            leg(to: 2 * .pi)
        }
    }

    /// Whether the play is on its way back to nothing.
    var isShrinking: Bool { legTarget == 0 && tweener.isAnimating(arrow) }

    /// A linear leg from where the arrow is to `target` at the play's speed.
    func leg(to target: Double) {
        let from = lengthRadians
        let duration = abs(target - from) / Self.playSpeed
        legTarget = target
        guard duration > 1e-9 else { return legEnded() }
        do {
            let track = try KeyframeTrack(values: [from, target])
            var timing = MediaTiming(duration: duration)
            timing.fillMode = .forwards  // the model keeps where the leg ends
            try tweener.add(Animation(target: arrow, property: .custom(Self.lengthChannel), track: .scalar(track),
                                      timing: timing, timingFunction: .linear, listener: Self.listener))
        } catch {
            assertionFailure("arrow leg is valid: \(error)")
        }
    }

    func springLength(to target: Double, velocity: Double) {
        legTarget = target
        let spring = Self.releaseSpring(omega: velocity, distance: target - lengthRadians)
        do {
            try tweener.add(.spring(target: arrow, property: .custom(Self.lengthChannel), to: target, spring: spring,
                                    initialVelocity: velocity, epsilon: 1e-4, listener: Self.listener))
        } catch {
            assertionFailure("arrow spring is valid: \(error)")
        }
    }

    /// A leg or a release spring finished: the play's second half follows a growth to the
    /// whole ring; otherwise the play is over and Go comes back.
    func legEnded() {
        if thenShrink, lengthRadians >= 2 * .pi - 1e-9 {
            thenShrink = false
            leg(to: 0)
            return
        }
        reversed = false
        goButton.isHidden = false
    }

    /// Escape while keys or a stick scrub is the scene's: it does not quit under them (they
    /// scrub while held; let go, the arrow goes on).
    public func claims(_ key: Key) -> Bool { key == .escape && scrubber == .keyboard }

    /// ← → (held) or the stick sideways scrub at the play's speed; let go, the arrow goes on.
    func scrubWithKeys(_ ctx: StepContext) {
        var d = 0.0
        if ctx.input.isDown(.left) { d -= 1 }
        if ctx.input.isDown(.right) { d += 1 }
        for pad in ctx.input.pads { d += pad.stick(true).x }
        d = clamp(d, -1, 1)
        if d != 0 {
            if scrubber == nil { beginScrub(.keyboard, at: imageRect.center) }
            guard scrubber == .keyboard else { return }
            keyOmega = d * Self.playSpeed
            setLength(clamp(lengthRadians + keyOmega * ctx.dt, 0, 2 * .pi))
        } else if scrubber == .keyboard {
            endScrub(omega: keyOmega, asThePlay: true)
        }
    }
}
