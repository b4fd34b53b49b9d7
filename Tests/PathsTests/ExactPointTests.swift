import Foundation
@testable import Geometry
@testable import Paths
import TestSupport
import Testing

/// An independent reference for "the point at arc length s": composite Simpson's rule on
/// the speed (not the table's Gauss–Legendre quadrature), split at the given parameters
/// where the speed has a kink (a cusp), and bisection on the parameter.
struct ArcReference {
    let segments: [PathSegment]
    /// Per segment, parameters where the speed is not smooth.
    let breaks: [[Double]]

    init(_ path: Path, breaks: [Int: [Double]] = [:]) {
        segments = path.subpaths.flatMap(\.segments)
        self.breaks = segments.indices.map { breaks[$0] ?? [] }
    }

    func length(_ k: Int, to t: Double) -> Double {
        var pieces = [0.0] + breaks[k].filter { $0 < t } + [t]
        pieces = pieces.filter { $0 <= t }
        var sum = 0.0
        for p in 0..<(pieces.count - 1) { sum += simpson(segments[k], pieces[p], pieces[p + 1]) }
        return sum
    }

    private func simpson(_ seg: PathSegment, _ a: Double, _ b: Double) -> Double {
        let n = 2000
        let h = (b - a) / Double(n)
        guard h > 0 else { return 0 }
        var sum = seg.derivative(at: a).length + seg.derivative(at: b).length
        for i in 1..<n { sum += seg.derivative(at: a + h * Double(i)).length * (i % 2 == 1 ? 4 : 2) }
        return sum * h / 3
    }

    var total: Double { segments.indices.reduce(0) { $0 + length($1, to: 1) } }

    /// The point at arc length `s` from the start of a single subpath.
    func point(at s: Double) -> Vec2 {
        var rest = s
        for k in segments.indices {
            let l = length(k, to: 1)
            if rest <= l || k == segments.count - 1 {
                var lo = 0.0, hi = 1.0
                for _ in 0..<60 {
                    let mid = (lo + hi) / 2
                    if length(k, to: mid) < rest { lo = mid } else { hi = mid }
                }
                return segments[k].point(at: (lo + hi) / 2)
            }
            rest -= l
        }
        return segments.last!.end
    }
}

@Suite struct ExactPointTests {
    /// The largest distance between the table's point and the reference's at `count`
    /// arc lengths spread over the path (a fixed pseudo-random set, and the ends).
    func worstError(_ path: Path, spacing: Double, breaks: [Int: [Double]] = [:], count: Int = 60) -> Double {
        let table = SampleTable(path: path, spacing: spacing)
        let ref = ArcReference(path, breaks: breaks)
        var rng = SplitMix64(seed: 7)
        var worst = 0.0
        for k in 0..<count {
            let s = k == 0 ? 0 : k == 1 ? table.length * (1 - 1e-12) : rng.uniform(0, table.length)
            worst = max(worst, table.point(atDistance: s).distance(to: ref.point(at: s)))
        }
        return worst
    }

    @Test(arguments: [1.0, 7.0, 25.0])
    func pointsOnACircleLieOnItAtTheirArcLength(spacing: Double) {
        // Radius 100: the chord between samples 25 pt apart dips 0.78 pt inside the circle.
        let t = SampleTable(path: .ellipse(in: Rect(x: -100, y: -100, w: 200, h: 200)), spacing: spacing)
        for k in 0..<500 {
            let s = Double(k) * 1.2345
            let p = t.point(atDistance: s)
            #expect(abs(p.length - 100) < 1e-9)
            // The ellipse path starts at angle 0 and runs toward +y.
            #expect(p.distance(to: Vec2(100 * cos(s / 100), 100 * sin(s / 100))) < 1e-9)
            let tangent = t.tangent(atDistance: s)
            #expect(tangent.distance(to: Vec2(-sin(s / 100), cos(s / 100))) < 1e-9)
        }
    }

    @Test(arguments: [1.0, 7.0, 30.0])
    func pointsOnAnEllipseMatchAnIndependentArcLength(spacing: Double) {
        let path = Path.ellipse(in: Rect(x: 0, y: 0, w: 400, h: 160))
        #expect(worstError(path, spacing: spacing) < 1e-6)
    }

    @Test(arguments: [1.0, 7.0, 13.0])
    func aCubicWithACuspIsExactOnBothSidesAndAtTheCusp(spacing: Double) throws {
        // The derivative of this cubic vanishes at t = ½, at (50, 75): a cusp.
        let path = try Path(svg: "M0 0 C100 100 0 100 100 0")
        #expect(path.subpaths[0].segments[0].derivative(at: 0.5).length < 1e-12)
        #expect(worstError(path, spacing: spacing, breaks: [0: [0.5]]) < 1e-6)
        let table = SampleTable(path: path, spacing: spacing)
        let cuspAt = ArcReference(path, breaks: [0: [0.5]]).length(0, to: 0.5)
        #expect(table.point(atDistance: cuspAt).distance(to: Vec2(50, 75)) < 1e-6)
    }

    @Test(arguments: [1.0, 5.0, 20.0])
    func cubicsAndQuadsMatchAnIndependentArcLength(spacing: Double) throws {
        #expect(worstError(.heart(in: Rect(x: 0, y: 0, w: 300, h: 300)), spacing: spacing) < 1e-6)
        #expect(worstError(try Path(svg: "M10 10 Q200 0 150 150 T300 300"), spacing: spacing) < 1e-6)
    }

    @Test func cornersAreCornersAtAnySpacing() throws {
        // The square: at 30 pt spacing a quarter of the way round is the corner.
        let square = try Path(svg: "M0 0 H100 V100 H0 Z")
        let t = SampleTable(path: square, spacing: 30)
        #expect(t.point(atDistance: 100) == Vec2(100, 0))
        #expect(t.tangent(atDistance: 100) == Vec2(0, 1))  // the side leaving the corner
        #expect(t.point(atDistance: 120).distance(to: Vec2(100, 20)) < 1e-12)
        #expect(t.point(atDistance: 50).distance(to: Vec2(50, 0)) < 1e-12)
        #expect(t.tangent(atDistance: 99.5) == Vec2(1, 0))
        #expect(worstError(square, spacing: 30) < 1e-9)
        // Every tip and notch of a star, sampled far coarser than its sides.
        let star = Path.star(center: Vec2(200, 200), outer: 150, inner: 60)
        let coarse = SampleTable(path: star, spacing: 37)
        var s = 0.0
        for seg in star.subpaths[0].segments {
            #expect(coarse.point(atDistance: s).distance(to: seg.start) < 1e-9)
            s += seg.length()
        }
    }

    @Test func anArcsEndIsExactWhereALineTakesOver() throws {
        let path = try Path(svg: "M0 0 A50 50 0 0 1 100 0 L200 0")
        let t = SampleTable(path: path, spacing: 9)
        let arc = 50 * Double.pi
        #expect(t.point(atDistance: arc).distance(to: Vec2(100, 0)) < 1e-9)
        #expect(t.point(atDistance: arc + 30).distance(to: Vec2(130, 0)) < 1e-9)
        #expect(t.point(atDistance: t.length) == Vec2(200, 0))
        #expect(worstError(path, spacing: 9) < 1e-6)
    }

    @Test func samplesKnowTheirSegmentAndParameter() throws {
        let path = try Path(svg: "M0 0 L100 0 C150 0 150 100 100 100 L0 100")
        let t = SampleTable(path: path, spacing: 3)
        for i in 0..<t.count {
            let seg = t.segments[Int(t.sampleSegments[i])]
            #expect(seg.point(at: t.sampleParameters[i]).distance(to: t.points[i]) < 1e-12)
        }
        // The sample at the first corner (arc length 100 is a multiple of the step) is on the
        // curve leaving it.
        let corner = (0..<t.count).first { t.points[$0].distance(to: Vec2(100, 0)) < 1e-9 }
        if let corner { #expect(t.sampleSegments[corner] == 1 && t.sampleParameters[corner] == 0) }
    }

    @Test func mostBracketsAreCheapAtTheDefaultSpacing() {
        // The exact solve is for corners and cusps; smooth curves at 1 pt are Hermite cubics.
        let t = SampleTable(path: .heart(in: Rect(x: 0, y: 0, w: 400, h: 400)), spacing: 1)
        let exact = t.brackets.filter { $0.kind == .exact }.count
        #expect(exact <= 4)
        #expect(t.checkInvariants())
    }
}
