@testable import Geometry
@testable import Paths
import Testing

@Suite struct SampleTableWalkTests {
    let bounds = Rect(x: 0, y: 0, w: 600, h: 600)
    var r: Double { bounds.height / 6 }

    @Test func theWalkFollowsTowardTheTargetAndStopsAtItsNearestSample() {
        let t = SampleTable(path: .ellipse(in: Rect(x: 0, y: 0, w: 200, h: 200)), spacing: 1)
        // From angle 0 toward a point just outside angle π/2 (a quarter of the way round).
        let w = t.walk(from: 0, toward: Vec2(100, 205))
        #expect(w.index == t.nearestIndexByScan(to: Vec2(100, 205)))
        #expect(w.seamCrossings == 0)
    }

    @Test func theWalkStopsAtALocalMinimumRatherThanJumping() {
        let t = SampleTable(path: .figureEight(in: bounds), spacing: 1)
        let c = bounds.center
        let top = Vec2(c.x, c.y - r * 2.squareRoot())
        let bottom = Vec2(c.x, c.y + r * 2.squareRoot())
        // Start on the right of the top circle; aim at the right of the bottom circle.
        let start = t.nearestIndexByScan(to: top + Vec2(r, 0))!
        let target = bottom + Vec2(r, 0)
        let w = t.walk(from: start, toward: target)
        // It slides down the diagonal and stops near the crossing (a local minimum) — it
        // does not jump to the bottom circle, where the target actually is.
        #expect(t.points[w.index].distance(to: c) < r * 0.5)
        #expect(t.points[w.index].distance(to: target) > r)
        #expect(w.seamCrossings == -1)
    }

    @Test func advancingWrapsBothWaysAndCountsCrossings() {
        let t = SampleTable(path: .ellipse(in: Rect(x: 0, y: 0, w: 100, h: 100)), spacing: 1)
        let n = t.count
        #expect(t.advance(n - 2, by: 5) == .init(index: 3, seamCrossings: 1, steps: 5))
        #expect(t.advance(2, by: -5) == .init(index: n - 3, seamCrossings: -1, steps: 5))
        #expect(t.advance(0, by: 2 * n + 1).seamCrossings == 2)
        #expect(t.advance(0, by: -1).seamCrossings == -1)
        #expect(t.advance(0, by: -n).seamCrossings == -1)
    }
}
