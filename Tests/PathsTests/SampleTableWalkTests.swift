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

    /// The walk as its documentation says it, a sample at a time, for comparison.
    static func referenceWalk(_ t: SampleTable, from index: Int, toward target: Vec2) -> SampleTable.WalkResult {
        let run = t.run(containing: index)
        let n = run.count, last = n - 1
        guard n > 1 else { return .init(index: index, seamCrossings: 0, steps: 0) }
        func d2(_ l: Int) -> Double { t.points[run.first + l].distanceSquared(to: target) }
        func neighbour(_ l: Int, _ dir: Int) -> Int? {
            let m = l + dir
            if m >= 0 && m <= last { return m }
            return run.isClosed ? (m < 0 ? last : 0) : nil
        }
        var local = index - run.first, crossings = 0, steps = 0
        let here = d2(local)
        let back = neighbour(local, -1).map(d2) ?? .infinity, fwd = neighbour(local, 1).map(d2) ?? .infinity
        guard back < here || fwd < here else { return .init(index: index, seamCrossings: 0, steps: 0) }
        let dir = fwd <= back ? 1 : -1
        var best = here
        while steps < n, let next = neighbour(local, dir), d2(next) < best {
            if dir == 1 && next == 0 { crossings += 1 }
            if dir == -1 && next == last { crossings -= 1 }
            best = d2(next)
            local = next
            steps += 1
        }
        return .init(index: run.first + local, seamCrossings: crossings, steps: steps)
    }

    @Test func aShortWalkEndsWhereOneSampleAtATimeWould() {
        // The walk measures a few samples either side at once away from a run's ends; here
        // against the step-at-a-time walk, for short and long moves, on curves, corners and
        // straight runs (where ties between neighbours are exact), near the ends and seams.
        var rng = SplitMix64(seed: 46)
        let line = Path(elements: [.move(to: Vec2(0, 0)), .line(to: Vec2(300, 0)), .line(to: Vec2(300, 200))])
        let tables = [Path.figureEight(in: bounds), .star(center: bounds.center, outer: 250, inner: 100),
                      .heart(in: bounds), line, .ellipse(in: Rect(x: 0, y: 0, w: 20, h: 20))]
            .map { SampleTable(path: $0, spacing: 1) }
        var compared = 0
        for t in tables {
            for _ in 0..<4000 {
                let start = Int(rng.next() % UInt64(t.count))
                let ahead = Int(rng.next() % 13) - 6
                let k = clamp(start + ahead, 0, t.count - 1)
                // Often exactly on a sample or on the perpendicular between two: ties.
                let jitter = rng.next() % 3 == 0 ? Vec2.zero : Vec2(rng.uniform(-3, 3), rng.uniform(-3, 3))
                let target = t.points[k] + jitter
                #expect(t.walk(from: start, toward: target) == Self.referenceWalk(t, from: start, toward: target))
                compared += 1
            }
            // The targets the stress scene's script makes: half-way between samples, off the path.
            // On the straight run two samples are exactly as near: the walk stops at the first.
            for i in stride(from: 0, to: t.count - 1, by: 7) {
                let mid = (t.points[i] + t.points[i + 1]) * 0.5
                for off in [Vec2.zero, t.tangents[i].perpendicular * 6] {
                    for start in max(0, i - 5)...min(t.count - 1, i + 6) {
                        #expect(t.walk(from: start, toward: mid + off) == Self.referenceWalk(t, from: start, toward: mid + off))
                    }
                }
            }
        }
        #expect(compared == 20000)
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
