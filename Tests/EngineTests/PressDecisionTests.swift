@testable import Engine
@testable import Geometry
import Testing

@Suite struct PressDecisionTests {
    @Test func nothingIsDecidedInsideTheSlop() {
        #expect(PressDecision.decide(moved: Vec2(0, 9.9), scrollAxis: .horizontal, onItem: true, slop: 10) == .undecided)
    }

    @Test func movementAcrossTheScrollAxisPicksUpAndAlongOrDiagonalScrolls() {
        #expect(PressDecision.decide(moved: Vec2(3, 10), scrollAxis: .horizontal, onItem: true, slop: 10) == .pickUp)
        #expect(PressDecision.decide(moved: Vec2(10, 3), scrollAxis: .horizontal, onItem: true, slop: 10) == .scroll)
        #expect(PressDecision.decide(moved: Vec2(8, 8), scrollAxis: .horizontal, onItem: true, slop: 10) == .scroll)
        #expect(PressDecision.decide(moved: Vec2(10, 3), scrollAxis: .vertical, onItem: true, slop: 10) == .pickUp)
        #expect(PressDecision.decide(moved: Vec2(3, 10), scrollAxis: .vertical, onItem: true, slop: 10) == .scroll)
        // Off any item there is nothing to pick up: it scrolls.
        #expect(PressDecision.decide(moved: Vec2(0, 20), scrollAxis: .horizontal, onItem: false, slop: 10) == .scroll)
    }
}
