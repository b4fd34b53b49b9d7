@testable import Entities
@testable import Geometry
@testable import Motion
import Testing

/// A target starts its step just before its first write (`Tweener.step`): the same values,
/// events and models whatever order the targets are stored in, so the same as starting every
/// target in a pass of its own first (which is what the reversed order amounts to: the first
/// tween's target is stored last).
@Suite struct TweenerStepOrderTests {
    struct Run {
        let t = Tweener(world: World())
        var entities: [Entity] = []
        var events: [[String]] = []
    }

    /// 24 targets, stored in `reversed` order or not, with a mix of tweens: several on one
    /// target, additive ones, extras, springs, tweens that end (their targets settle) and a
    /// target destroyed while animated.
    func run(reversed: Bool) throws -> Run {
        var r = Run()
        let n = 24
        r.entities = (0..<n).map { _ in r.t.world.spawn() }
        for i in (reversed ? Array((0..<n).reversed()) : Array(0..<n)) {
            r.t.animatables.store.insert(Animatable(position: Vec2(Double(i), 0), alpha: 0.5), for: r.entities[i])
            if i % 3 == 0 { r.t.extras.store.insert(AnimatableExtras(custom: (1, 2, 3, Double(i))), for: r.entities[i]) }
        }
        for (i, e) in r.entities.enumerated() {
            let d = 0.2 + Double(i % 5) * 0.15
            try r.t.add(Animation(target: e, property: .position,
                                  track: .point(try KeyframeTrack(values: [Vec2(Double(i), 0), Vec2(Double(i) * 10, 50)])),
                                  timing: MediaTiming(duration: d), listener: i))
            if i % 2 == 0 {
                try r.t.add(Animation(target: e, property: .alpha, track: .scalar(try KeyframeTrack(values: [0.0, 0.3])),
                                      timing: MediaTiming(duration: 0.5), additive: true))
            }
            if i % 3 == 0 {
                try r.t.add(Animation(target: e, property: .custom(1), track: .scalar(try KeyframeTrack(values: [2.0, -7])),
                                      timing: MediaTiming(duration: d * 2), listener: 100 + i))
            }
            if i % 4 == 1 { try r.t.add(.spring(target: e, property: .scale, to: 2.0, spring: .bouncy, listener: 200 + i)) }
        }
        for step in 0..<150 {
            if step == 20 { r.t.animatables.store.remove(r.entities[7]) }
            r.t.step(dt: 1.0 / 120)
            r.events.append(r.t.events.map { "\($0.listener) \($0.kind)" })
        }
        return r
    }

    @Test func targetsStoredInAnyOrderEndTheSame() throws {
        let a = try run(reversed: false), b = try run(reversed: true)
        #expect(a.events == b.events)
        #expect(a.events.joined().count > 30)
        for i in a.entities.indices where i != 7 {
            let x = try #require(a.t.animatables.store[a.entities[i]]), y = try #require(b.t.animatables.store[b.entities[i]])
            #expect(x.position.presentation == y.position.presentation && x.position.previous == y.position.previous)
            #expect(x.position.model == y.position.model)
            #expect(x.alpha.presentation == y.alpha.presentation && x.alpha.previous == y.alpha.previous)
            #expect(x.scale.presentation == y.scale.presentation && x.scale.previous == y.scale.previous)
            if i % 3 == 0 {
                let xe = try #require(a.t.extras.store[a.entities[i]]), ye = try #require(b.t.extras.store[b.entities[i]])
                #expect(xe.custom1.presentation == ye.custom1.presentation && xe.custom1.previous == ye.custom1.previous)
            }
        }
    }
}
