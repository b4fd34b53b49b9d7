import Foundation
@testable import Geometry
import Testing

@Suite struct Vec2Tests {
    @Test func renormalizingANearlyUnitVectorMatchesNormalizing() {
        var rng = SplitMix64(seed: 3)
        for _ in 0..<10_000 {
            let angle = rng.uniform(-.pi, .pi)
            // Lengths on both sides of the 1e-4 cut-over, like blends of neighbouring tangents.
            let v = Vec2(cos(angle), sin(angle)) * rng.uniform(0.9998, 1.0002)
            let fast = v.renormalized(or: Vec2(1, 0)), exact = v.normalized()
            #expect(abs(fast.length - 1) < 1e-12)
            #expect(fast.distance(to: exact) < 1e-12)
        }
    }

    @Test func renormalizingFallsBackForShortAndZeroVectors() {
        #expect(Vec2(0.3, 0.4).renormalized(or: Vec2(0, 1)).distance(to: Vec2(0.6, 0.8)) < 1e-15)
        #expect(Vec2.zero.renormalized(or: Vec2(0, 1)) == Vec2(0, 1))
        #expect(Vec2(.nan, 1).renormalized(or: Vec2(0, 1)) == Vec2(0, 1))
    }
}
