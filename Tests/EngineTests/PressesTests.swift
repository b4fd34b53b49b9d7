import Engine
import Geometry
import Testing

/// The one press recogniser: slop, hold with progress, end, and targets changed under it.
@Suite struct PressesTests {
    @Test func aPressHasMovedOnlyOncePastItsSlopAndThenStaysMoved() throws {
        var p = Presses<String>()
        p.begin(7, device: .touch, at: Vec2(100, 100), target: "card")
        let first = p.move(7, to: Vec2(105, 100), slop: 10)
        let small = try #require(first)
        #expect(!small.moved && small.delta == Vec2(5, 0) && small.total == Vec2(5, 0))
        let second = p.move(7, to: Vec2(112, 100), slop: 10)
        let far = try #require(second)
        #expect(far.moved && far.delta == Vec2(7, 0) && far.total == Vec2(12, 0))
        // Back inside the slop, it has still moved: it is a drag now, not a tap.
        let back = p.move(7, to: Vec2(100, 100), slop: 10)
        #expect(back?.moved == true)
        let unknown = p.move(8, to: .zero, slop: 10)
        #expect(unknown == nil)
    }

    @Test func holdingStillKeepsThePositionUntilTheSlopIsPassed() throws {
        var p = Presses<Int>()
        p.begin(1, at: Vec2(0, 0), target: 0)
        let j = p.move(1, to: Vec2(3, 0), slop: 6, holdStill: true)
        let jitter = try #require(j)
        #expect(!jitter.moved && jitter.total == .zero && p[0].press.at == .zero)
        let q = p.move(1, to: Vec2(9, 0), slop: 6, holdStill: true)
        let past = try #require(q)
        #expect(past.moved && past.total == Vec2(9, 0) && p[0].press.at == Vec2(9, 0))
    }

    @Test func aHoldReachesItsDurationOnceAndOnlyForPressesItCounts() {
        var p = Presses<String>()
        p.begin(1, at: .zero, target: "anchor")
        p.begin(2, at: Vec2(50, 0), target: "path")
        var fired: [Int] = []
        for _ in 0..<70 {
            fired += p.advanceHolds(0.01, toward: 0.6) { $0.target == "anchor" && !$0.press.moved }
            // The owner acts on a hold once: it changes what the press holds.
            for pointer in fired { if let i = p.index(of: pointer) { p[i].target = "deleted" } }
        }
        #expect(fired == [1])
        #expect(p[1].press.held == 0)
        // Progress shows after the delay, and not for a press that moved.
        var q = Presses<Int>()
        q.begin(3, at: .zero, target: 0)
        _ = q.advanceHolds(0.3, toward: 0.6) { _ in true }
        #expect(q.holdProgress(toward: 0.6, after: 0.15) { _ in true }.map(\.progress) == [0.5])
        _ = q.move(3, to: Vec2(40, 0), slop: 10)
        #expect(q.holdProgress(toward: 0.6, after: 0.15) { _ in true }.isEmpty)
    }

    @Test func endingAndRetargetingRemoveExactlyThePressesMeant() {
        var p = Presses<Int>()
        for id in 0..<4 { p.begin(id, at: Vec2(Double(id), 0), target: id) }
        // A pointer pressed again (its up lost) replaces its earlier press.
        p.begin(2, at: Vec2(9, 9), target: 20)
        #expect(p.all.map(\.pointer) == [0, 1, 3, 2])
        let ended = p.end(1), again = p.end(1)
        #expect(ended?.target == 1)
        #expect(again == nil)
        p.retarget { $0 == 3 ? nil : $0 * 10 }
        #expect(p.all.map(\.target) == [0, 200])
        #expect(p.contains(2) && !p.contains(3))
    }
}
