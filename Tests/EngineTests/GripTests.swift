import Engine
import Geometry
import Testing

/// A grab stops the held thing under the hand at once, then carries it by the offset where
/// the hand took hold.
struct GripTests {
    @Test func takingHoldLeavesTheThingExactlyWhereItWas() {
        // Values whose difference does not round-trip: at + (holding − at) ≠ holding.
        let holding = Vec2(0.1, 1e16 + 2), at = Vec2(0.7, 3)
        #expect(at + (holding - at) != holding)
        let g = Grip(hand: .pointer(4), at: at, holding: holding)
        #expect(g.target == holding)
        #expect(g.velocity == .zero)
    }

    @Test func aMoveCarriesItByTheOffsetAndKeepsTheHandsVelocity() {
        var g = Grip(hand: .pad(1), at: Vec2(10, 10), holding: Vec2(40, 25))
        g.move(to: Vec2(100, -50), velocity: Vec2(300, -20))
        #expect(g.target == Vec2(130, -35))
        #expect(g.velocity == Vec2(300, -20))
        g.move(to: Vec2(0, 0))
        #expect(g.target == Vec2(30, 15))
        #expect(g.velocity == Vec2(300, -20))
        #expect(g.hand == .pad(1))
    }
}
