@testable import Engine
@testable import Geometry
import Testing

@Suite struct DiscCollisionsTests {
    func energy(_ c: DiscCollisions) -> Double {
        c.velocities.indices.reduce(0) { $0 + 0.5 * c.velocities[$1].lengthSquared / c.inverseMasses[$1] }
    }

    func momentum(_ c: DiscCollisions) -> Vec2 {
        c.velocities.indices.reduce(.zero) { $0 + c.velocities[$1] / c.inverseMasses[$1] }
    }

    @Test func twoDiscsMeetingHeadOnBounceElasticallyAndEndApart() {
        var c = DiscCollisions()
        // A heavy disc (r 20) and a light one (r 10), overlapping by 4 pt, closing.
        c.append(position: Vec2(100, 100), velocity: Vec2(300, 0), radius: 20, inverseMass: 1 / 400)
        c.append(position: Vec2(126, 100), velocity: Vec2(-500, 0), radius: 10, inverseMass: 1 / 100)
        let e0 = energy(c), p0 = momentum(c)
        c.resolve(in: Rect(x: 0, y: 0, w: 1000, h: 1000))
        #expect(abs(energy(c) - e0) < 1e-9 * e0)
        #expect(momentum(c).distance(to: p0) < 1e-9 * p0.length + 1e-9)
        #expect(c.positions[0].distance(to: c.positions[1]) >= 30 - 1e-9)
        // 1-D elastic collision: v1' = ((m1 − m2) v1 + 2 m2 v2) / (m1 + m2).
        let m1 = 400.0, m2 = 100.0
        #expect(abs(c.velocities[0].x - ((m1 - m2) * 300 + 2 * m2 * -500) / (m1 + m2)) < 1e-9)
        #expect(abs(c.velocities[1].x - ((m2 - m1) * -500 + 2 * m1 * 300) / (m1 + m2)) < 1e-9)
    }

    @Test func aHeldDiscIsNotMovedAndBatsTheOtherAway() {
        var c = DiscCollisions()
        c.append(position: Vec2(100, 100), velocity: Vec2(400, 0), radius: 20, inverseMass: 0)
        c.append(position: Vec2(130, 100), velocity: .zero, radius: 20, inverseMass: 1 / 400)
        c.resolve(in: Rect(x: 0, y: 0, w: 1000, h: 1000))
        #expect(c.positions[0] == Vec2(100, 100) && c.velocities[0] == Vec2(400, 0))
        #expect(abs(c.positions[1].x - 140) < 1e-6)
        #expect(c.velocities[1].x == 800)  // a wall moving at 400 returns it at twice that
    }

    @Test func aCrowdGainsNoEnergyKeepsItsMomentumAndEndsWithoutOverlaps() {
        var rng = SplitMix64(seed: 9)
        var c = DiscCollisions()
        for _ in 0..<300 {
            let r = rng.uniform(8, 20)
            c.append(position: Vec2(rng.uniform(100, 1100), rng.uniform(100, 700)),
                     velocity: Vec2(rng.uniform(-300, 300), rng.uniform(-300, 300)), radius: r, inverseMass: 1 / (r * r))
        }
        let e0 = energy(c)
        // The bounds are far away: only the pairs act, so momentum is kept too.
        let p0 = momentum(c)
        let left = c.resolve(in: Rect(x: -1e5, y: -1e5, w: 2e5, h: 2e5), iterations: 400)
        #expect(energy(c) <= e0 * (1 + 1e-12))
        #expect(momentum(c).distance(to: p0) < 1e-9 * e0)
        #expect(left < 1e-9)
        for i in 0..<c.count {
            for j in (i + 1)..<c.count {
                #expect(c.positions[i].distance(to: c.positions[j]) >= c.radii[i] + c.radii[j] - 1e-6)
            }
        }
    }

    @Test func nonsenseStaysFiniteAndEmptyOrLoneDiscsAreLeftAlone() {
        var c = DiscCollisions()
        #expect(c.resolve(in: Rect(x: 0, y: 0, w: 100, h: 100)) == 0)
        c.append(position: Vec2(1e308, -1e308), velocity: .zero, radius: 10, inverseMass: 1)
        c.append(position: Vec2(1e308, -1e308), velocity: .zero, radius: 10, inverseMass: 1)
        c.append(position: Vec2(50, 50), velocity: .zero, radius: 10, inverseMass: 1)
        c.append(position: Vec2(50, 50), velocity: .zero, radius: 10, inverseMass: 1)
        c.resolve(in: Rect(x: 0, y: 0, w: 16384, h: 16384))
        #expect(c.positions.allSatisfy { $0.x.isFinite && $0.y.isFinite })
        #expect(c.positions[2].distance(to: c.positions[3]) >= 20 - 1e-9)  // same spot: parted
    }
}
