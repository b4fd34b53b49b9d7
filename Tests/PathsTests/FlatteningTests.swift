@testable import Geometry
@testable import Paths
import Testing

@Suite struct FlatteningTests {
    /// The largest distance from the true curve (densely sampled) to the polyline.
    func maxDeviation(_ seg: PathSegment, _ poly: [Vec2]) -> Double {
        var worst = 0.0
        for k in 0...2000 {
            let p = seg.point(at: Double(k) / 2000)
            var best = Double.infinity
            for i in 0..<(poly.count - 1) { best = min(best, distanceToSegment(p, poly[i], poly[i + 1])) }
            worst = max(worst, best)
        }
        return worst
    }

    @Test(arguments: [0.05, 0.5])
    func curvesStayWithinTheTolerance(tolerance: Double) {
        let segs: [PathSegment] = [
            .cubic(Vec2(0, 0), Vec2(100, 300), Vec2(300, -200), Vec2(400, 100)),
            .cubic(Vec2(0, 0), Vec2(400, 0), Vec2(0, 400), Vec2(400, 400)),
            .quad(Vec2(0, 0), Vec2(200, 400), Vec2(400, 0)),
            .arc(center: Vec2(0, 0), rx: 200, ry: 80, rotation: 0.3, start: 0.2, sweep: 4),
        ]
        for s in segs {
            var pts = [s.start]
            s.flatten(tolerance: tolerance, into: &pts)
            #expect(maxDeviation(s, pts) <= tolerance * 1.01, "\(s)")
        }
    }

    @Test func flatteningIsAdaptiveNotAFixedCount() {
        var straight = [Vec2(0, 0)], bent = [Vec2(0, 0)]
        PathSegment.cubic(Vec2(0, 0), Vec2(100, 0), Vec2(200, 0), Vec2(300, 0)).flatten(tolerance: 0.05, into: &straight)
        PathSegment.cubic(Vec2(0, 0), Vec2(300, 300), Vec2(-300, 300), Vec2(0, 0.1)).flatten(tolerance: 0.05, into: &bent)
        #expect(straight.count <= 5)
        #expect(bent.count > 40)
        var coarse = [Vec2(0, 0)]
        PathSegment.cubic(Vec2(0, 0), Vec2(300, 300), Vec2(-300, 300), Vec2(0, 0.1)).flatten(tolerance: 2, into: &coarse)
        #expect(coarse.count < bent.count / 3)
    }

    @Test func aCurveWhoseControlPointsHugItsChordIsItsChord() {
        // The curve lies in its control points' hull, so it is within the tolerance of the chord.
        var cubic = [Vec2(0, 0)]
        PathSegment.cubic(Vec2(0, 0), Vec2(30, 0.04), Vec2(60, -0.04), Vec2(90, 0)).flatten(tolerance: 0.05, into: &cubic)
        #expect(cubic == [Vec2(0, 0), Vec2(90, 0)])
        var quad = [Vec2(0, 0)]
        PathSegment.quad(Vec2(0, 0), Vec2(5, 0.04), Vec2(10, 0)).flatten(tolerance: 0.05, into: &quad)
        #expect(quad == [Vec2(0, 0), Vec2(10, 0)])
        // A control point past the chord's end is not near it, however close to its line.
        var overshoot = [Vec2(0, 0)]
        PathSegment.quad(Vec2(0, 0), Vec2(30, 0), Vec2(10, 0)).flatten(tolerance: 0.05, into: &overshoot)
        #expect(overshoot.count > 2)
    }

    @Test func aPathOfManyCurvesIsFlattenedCoarserToKeepToItsPointBudget() throws {
        // 100 half circles of radius 300: 87 points each at 0.05 pt, about 8,700 in all.
        let path = try Path(svg: "M0 300" + String(repeating: " A300 300 0 1 1 600 300 A300 300 0 1 1 0 300", count: 50))
        func count(_ lines: [(points: [Vec2], closed: Bool)]) -> Int { lines.reduce(0) { $0 + $1.points.count } }
        #expect(count(path.flattened(tolerance: 0.05)) > 8_000)
        // With room for 2,000, the tolerance goes up by fours until they fit: at 3.2 pt, 11 a half circle.
        let coarse = path.flattened(tolerance: 0.05, maxPoints: 2_000)
        #expect(count(coarse) <= 2_000 && count(coarse) > 1_000)
        for p in coarse.flatMap({ $0.points }) { #expect(abs(p.distance(to: Vec2(300, 300)) - 300) < 1e-6) }
        // Below one point a segment, every segment still keeps its end.
        let fewest = path.flattened(tolerance: 0.05, maxPoints: 10)
        #expect(count(fewest) >= 101)
        #expect(fewest[0].points.first == Vec2(0, 300))
    }

    @Test func aPolylineTooDenseToDrawIsThinnedToItsBudgetKeepingItsEnds() {
        // A zigzag of 10,000 half-point steps: 10,001 points in one polyline, plus a short one.
        let zigzag = (0...10_000).map { Vec2(Double($0) * 0.5, $0 % 2 == 0 ? 0 : 0.5) }
        let short: [Vec2] = [Vec2(0, 0), Vec2(1, 1)]
        let lines: [(points: [Vec2], closed: Bool)] = [(zigzag, false), (short, true)]
        #expect(Path.thinned(lines, toAtMost: 20_000).map(\.points.count) == [10_001, 2], "within the budget: untouched")
        let thin = Path.thinned(lines, toAtMost: 1_000)
        #expect(thin.reduce(0) { $0 + $1.points.count } <= 1_000)
        #expect(thin[0].points.first == zigzag.first && thin[0].points.last == zigzag.last)
        #expect(thin[1].points == short && thin[1].closed)
        // Every kept point is one of the polyline's, in order.
        var k = 0
        for p in thin[0].points {
            while k < zigzag.count && zigzag[k] != p { k += 1 }
            #expect(k < zigzag.count)
        }
    }
}
