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
}
