import Engine
import Geometry
import Motion

// Grabbing the picture, throwing it, and the Spring mode: the hand's velocity carried into
// the motion that follows it.
extension TapScene {
    /// The spring a tap flies on in the Spring mode.
    public static let spring = Spring(duration: 0.55, bounce: 0.15)
    /// Where a throw comes to rest: velocity kept 0.995 per millisecond (between a scroll
    /// view's normal and fast rates), so 1,000 pt/s carries it about 200 pt.
    public static let throwCoast = Coast(rate: 0.995)
    /// The spring a throw lands on: critically damped, with ω = 2 / P for the projection
    /// P = v·r / (1000·(1 − r)) per unit of speed. Then its acceleration at the release is
    /// ω²·P·v − 2ω·v = 0: the picture leaves at exactly the hand's velocity and slows to the
    /// projected point, without the kick a stiffer spring gives at the start.
    public static let throwSpring = Spring(response: Double.pi * throwCoast.projectedDistance(1), dampingRatio: 1)

    /// Whether `p` is on the picture as drawn (within `slop`).
    func isOnPicture(_ p: Vec2, slop: Double) -> Bool {
        Rect(center: presentation, size: Vec2(pictureSize, pictureSize)).insetBy(dx: -slop, dy: -slop).contains(p)
    }

    /// `carrier` takes hold of the picture at `at`: whatever moves it stops where it is drawn
    /// (the presentation becomes the model, as UIViewPropertyAnimator's pause does).
    func take(by carrier: Hand, at: Vec2) {
        if let running = tweener.running(on: image, property: .position) { tweener.interrupt(running) }
        grab = Grip(hand: carrier, at: at, holding: presentation)
        destination = nil
        intended = nil
        returnIn = nil
    }

    /// The held picture follows the hand exactly: model and presentation are where the hand
    /// holds it, drawn interpolated from the last step.
    func followGrab() {
        guard let g = grab else { return }
        let p = g.target
        guard p.x.isFinite, p.y.isFinite else { return }
        tweener.animatables.store.modify(image) { $0.position.follow(p) }
    }

    /// Escape while the keyboard or a pad holds the picture is the scene's (it lets go), not
    /// the app's quit.
    public func claims(_ key: Key) -> Bool { key == .escape && isHeldByKeysOrPad }

    /// Whether Space or a pad's A holds the picture.
    var isHeldByKeysOrPad: Bool { grab.map { !$0.hand.isPointer } ?? false }

    /// Switched away from (or the run ends) while a key or a pad's A holds the picture: it is
    /// let go where it is, at rest. (A pointer's grab was cancelled already; the key or button
    /// let go in another scene would never reach this one.)
    public func settle() {
        if grab != nil { letGo(velocity: .zero) }
    }

    /// The hand let go moving at `velocity`: the picture flies on at that velocity and springs
    /// (`throwSpring`) to where it would come to rest decelerating like a scroll view
    /// (`throwCoast`), kept inside the window. Let go at rest, it stays.
    func letGo(velocity: Vec2) {
        guard let g = grab else { return }
        grab = nil
        let here = g.target
        guard velocity != .zero, here.x.isFinite, here.y.isFinite else {
            // Snapped, not followed: no step follows it again, and a channel left drawn
            // between two places moves for good (a press and release in one frame, far
            // apart, kept the window drawing 60 frames a second: a tour).
            let rest = reach.clamped(here)
            tweener.animatables.store.modify(image) { $0.position.snap(to: rest) }
            intended = rest
            return
        }
        let rest = reach.clamped(here + Self.throwCoast.projectedDistance(velocity))
        intended = rest
        spring(to: rest, velocity: velocity, on: Self.throwSpring)
    }

    /// Springs the picture to `target` from where it is drawn, at `velocity` (nil: its own —
    /// a running spring's exact velocity, or how fast it moved over the last step), on
    /// `spring` (nil: the Spring mode's, or with reduced motion `Spring.reducedMotion`).
    func spring(to target: Vec2, velocity: Vec2?, on given: Spring? = nil) {
        let spring = given ?? (reducedMotion ? .reducedMotion : Self.spring)
        destination = target
        flightPath = nil
        flightStroke.removeAll()
        pacedTicks.removeAll()
        linearTicks.removeAll()
        if let g = tweener.running(on: ghost, property: .position) { tweener.interrupt(g) }
        do {
            try tweener.add(.spring(target: image, property: .position, to: target, spring: spring,
                                    initialVelocity: velocity, epsilon: 0.01, listener: Self.listener))
        } catch {
            assertionFailure("tap's spring is valid: \(error)")
        }
    }

    /// The held picture's velocity: its hand's (the tracker's for a pointer, the cursor's).
    var heldVelocity: Vec2 { grab.map { $0.hand.isPointer ? $0.velocity : cursorVelocity } ?? .zero }

    public func setReducedMotion(_ reduced: Bool) { reducedMotion = reduced }

    func toggleMode() {
        mode = mode == .paced ? .spring : .paced
    }

    /// How fast the picture moves (points per second): the hand's while held, a spring's own,
    /// else over the last step.
    public var velocity: Vec2 {
        if grab != nil { return heldVelocity }
        if let running = tweener.running(on: image, property: .position),
           let v = tweener.springVelocity(of: running, as: Vec2.self) {
            return v
        }
        return tweener.animatables.store[image]?.position.velocity(dt: tweener.lastDt) ?? .zero
    }
}
