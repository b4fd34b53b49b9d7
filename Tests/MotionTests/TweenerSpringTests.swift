@testable import Entities
@testable import Geometry
@testable import Motion
import Testing

@Suite struct TweenerSpringTests {
    func setUp(_ start: Vec2 = .zero) -> (Tweener, Entity) { tweenerWithOneTarget(at: start) }

    func pos(_ t: Tweener, _ e: Entity) -> Channel<Vec2> { t.animatables.store[e]!.position }

    @Test func aSpringSettlesOnceCommitsTheTargetAndGivesBackItsSlot() throws {
        let (t, e) = setUp(Vec2(10, 20))
        try t.add(.spring(target: e, property: .position, to: Vec2(300, -40), spring: .bouncy, listener: 5))
        var finished = 0, steps = 0
        while t.isAnimating(e) && steps < 1200 {
            t.step(dt: 1.0 / 120)
            steps += 1
            finished += t.events.filter { $0.kind == .finished && $0.listener == 5 }.count
            if t.isAnimating(e) { #expect(pos(t, e).model == Vec2(10, 20)) }
        }
        for _ in 0..<10 { t.step(dt: 1.0 / 120) }
        #expect(finished == 1)
        #expect(pos(t, e).model == Vec2(300, -40) && pos(t, e).presentation == Vec2(300, -40))
        #expect(t.animations.store.isEmpty && t.trackCount == 0)
        // It settled when both displacement and velocity were within 0.001: not before the
        // spring's own settling time for this distance's scale, and not long after.
        let settle = Spring.bouncy.settlingDuration(epsilon: 0.001 / Vec2(290, -60).length)
        #expect(Double(steps) / 120 > 0.5 * settle && Double(steps) / 120 < 2 * settle, "\(steps) steps, settle \(settle)")
    }

    @Test func itFollowsTheClosedFormAndLandsOnTheSameCurveAt60And240Hz() throws {
        func run(hz: Int) throws -> [Vec2] {
            let (t, e) = setUp(Vec2(-50, 80))
            let a = try t.add(.spring(target: e, property: .position, to: Vec2(200, 0), spring: .snappy, initialVelocity: Vec2(900, -400)))
            var samples: [Vec2] = []
            for i in 1...(hz * 3 / 4) {
                t.step(dt: 1 / Double(hz))
                if i % (hz / 60) == 0 { samples.append(pos(t, e).presentation) }
                if i == hz / 4 {
                    let (x, v) = Spring.snappy.evolve(Vec2(-250, 80), velocity: Vec2(900, -400), by: 0.25)
                    #expect((pos(t, e).presentation - (Vec2(200, 0) + x)).length < 1e-9)
                    #expect((t.springVelocity(of: a, as: Vec2.self)! - v).length < 1e-9)
                }
            }
            return samples
        }
        let at60 = try run(hz: 60), at240 = try run(hz: 240)
        #expect(at60.count == 45 && at240.count == 45)
        for (a, b) in zip(at60, at240) { #expect((a - b).length < 1e-9, "\(a) vs \(b)") }
    }

    @Test func retargetingARunningSpringKeepsPositionAndVelocityAtTheStepItHappens() throws {
        let (t, e) = setUp()
        let first = try t.add(.spring(target: e, property: .position, to: Vec2(400, 0), spring: .bouncy, listener: 1))
        for _ in 0..<20 { t.step(dt: 1.0 / 120) }
        let p = pos(t, e).presentation
        let v = try #require(t.springVelocity(of: first, as: Vec2.self))
        #expect(v.x > 100)
        // A new target on another spring: the old one is interrupted, the new one starts
        // exactly where it was and as fast.
        let second = try t.add(.spring(target: e, property: .position, to: Vec2(0, 300), spring: .snappy, listener: 2))
        #expect(t.events.contains { $0.kind == .interrupted && $0.listener == 1 })
        #expect(t.springVelocity(of: second, as: Vec2.self) == v)
        #expect(pos(t, e).presentation == p)
        #expect(t.animations.store.count == 1)
        // From then on it is the new spring's closed form from (p, v): continuous in both.
        for n in 1...30 {
            t.step(dt: 1.0 / 120)
            let (x, w) = Spring.snappy.evolve(p - Vec2(0, 300), velocity: v, by: Double(n) / 120)
            #expect((pos(t, e).presentation - (Vec2(0, 300) + x)).length < 1e-9)
            #expect((t.springVelocity(of: second, as: Vec2.self)! - w).length < 1e-8)
        }
        // Its first step moved by v·dt to first order: no jump, no kink (what is left is the
        // new spring's acceleration, a = −(k·x + c·v)/m, over half a step squared).
        let dt = 1.0 / 120, s = Spring.snappy
        let (x1, _) = s.evolve(p - Vec2(0, 300), velocity: v, by: dt)
        let accel = ((p - Vec2(0, 300)) * s.stiffness + v * s.damping).length / s.mass
        #expect((Vec2(0, 300) + x1 - p - v * dt).length < 0.6 * accel * dt * dt)
    }

    @Test func aSpringTakesOverAKeyframeFlightsVelocity() throws {
        let (t, e) = setUp()
        var timing = MediaTiming(duration: 1)
        timing.fillMode = .forwards
        try t.add(Animation(target: e, property: .position, track: .point(try KeyframeTrack(values: [Vec2.zero, Vec2(120, 0)])), timing: timing))
        for _ in 0..<30 { t.step(dt: 1.0 / 120) }
        let spring = try t.add(.spring(target: e, property: .position, to: Vec2(0, 100)))
        // The flight moved at 120 pt/s along x.
        let v = try #require(t.springVelocity(of: spring, as: Vec2.self))
        #expect(abs(v.x - 120) < 1e-6 && v.y == 0)
    }

    @Test func scalarsColoursAndCustomPropertiesSpringPerComponent() throws {
        let (t, e) = setUp()
        try t.add(.spring(target: e, property: .alpha, to: 0.25, spring: .smooth))
        try t.add(.spring(target: e, property: .tint, to: ColorValue(r: 0.2, g: 0.4, b: 0.6, a: 0.8), spring: .bouncy))
        try t.add(.spring(target: e, property: .custom(2), to: 7.0, spring: .snappy, initialVelocity: -30))
        for _ in 0..<600 { t.step(dt: 1.0 / 120) }
        #expect(t.animations.store.isEmpty)
        #expect(t.animatables.store[e]!.alpha.model == 0.25)
        #expect(t.extras.store[e]!.tint.model == ColorValue(r: 0.2, g: 0.4, b: 0.6, a: 0.8))
        #expect(t.extras.store[e]![custom: 2].model == 7)
    }

    @Test func pausedItHoldsAndInterruptedItLeavesTheModelWhereItIs() throws {
        let (t, e) = setUp()
        let a = try t.add(.spring(target: e, property: .position, to: Vec2(100, 0), listener: 3))
        for _ in 0..<10 { t.step(dt: 1.0 / 120) }
        t.pause(a)
        let held = pos(t, e).presentation
        for _ in 0..<10 { t.step(dt: 1.0 / 120) }
        #expect(pos(t, e).presentation == held)
        t.resume(a)
        t.step(dt: 1.0 / 120)
        #expect(pos(t, e).presentation.x > held.x)
        t.interrupt(a)
        #expect(pos(t, e).model == pos(t, e).presentation)
        #expect(t.events.contains { $0.kind == .interrupted && $0.listener == 3 })
        #expect(t.trackCount == 0)
    }

    @Test func unusableSpringsAreRefusedNamingWhat() {
        let (t, e) = setUp()
        func error(_ a: Animation) -> AnimationError? {
            do { try t.add(a); return nil } catch { return error }
        }
        #expect(error(.spring(target: e, property: .alpha, to: Vec2(1, 1))) == .trackDoesNotFit(track: .point, property: .alpha))
        #expect(error(.spring(target: e, property: .position, to: 1.0)) == .trackDoesNotFit(track: .scalar, property: .position))
        #expect(error(.spring(target: e, property: .custom(4), to: 1.0)) == .noSuchCustomSlot(4))
        if case .spring(let s) = error(.spring(target: e, property: .scale, to: 2.0, spring: Spring(stiffness: .nan, damping: 1))) {
            #expect(s.parameter == "stiffness")
        } else { Issue.record("a NaN stiffness was accepted") }
        if case .spring(let s) = error(.spring(target: e, property: .position, to: Vec2(.infinity, 0))) { #expect(s.parameter == "to") }
        else { Issue.record("an infinite target was accepted") }
        if case .spring(let s) = error(.spring(target: e, property: .position, to: Vec2(1, 0), epsilon: 0)) { #expect(s.parameter == "epsilon") }
        else { Issue.record("epsilon 0 was accepted") }
        #expect(t.animations.store.isEmpty && t.trackCount == 0)
    }
}
