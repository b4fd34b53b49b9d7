import Foundation
@testable import Geometry
@testable import Paths
import TestSupport
import Testing

@Suite struct PathTests {
    @Test(arguments: [
        (0.0, Double.pi / 2, true, Double.pi / 2),
        (0.0, Double.pi / 2, false, -3 * Double.pi / 2),
        (Double.pi / 4, -Double.pi - Double.pi / 4, false, -3 * Double.pi / 2),
        (-Double.pi / 4, Double.pi + Double.pi / 4, true, 3 * Double.pi / 2),
        (0.0, 0.0, true, 0.0),
        (0.0, 7.0, true, 2 * Double.pi),
        (1.0, 1.0 - 2 * Double.pi, false, -2 * Double.pi),
    ])
    func arcSweepsFollowUIBezierPathSemantics(start: Double, end: Double, clockwise: Bool, sweep: Double) {
        #expect(approx(Path.sweep(from: start, to: end, clockwise: clockwise), sweep, 1e-12))
    }

    @Test func anArcAddsAnImplicitLineFromTheCurrentPoint() {
        var p = Path()
        p.move(to: Vec2(0, 0))
        p.addArc(center: Vec2(100, 0), radius: 10, startAngle: .pi, endAngle: 0, clockwise: true)
        #expect(p.elements.count == 3)
        #expect(p.elements[1] == .line(to: Vec2(90, 0 + 10 * sin(Double.pi))))
        let table = SampleTable(path: p, spacing: 0.5)
        #expect(approx(table.length, 90 + 10 * .pi, 1e-9))
    }

    @Test func theFigureEightHasTheSeedsGeometry() {
        let bounds = Rect(x: 0, y: 0, w: 600, h: 600)
        let p = Path.figureEight(in: bounds)
        let r = 100.0
        let subs = p.subpaths
        #expect(subs.count == 1 && subs[0].isClosed)
        // arc, diagonal, arc, closing diagonal
        #expect(subs[0].segments.count == 4)
        guard case .line(let a1, let b1) = subs[0].segments[1], case .line(let a2, let b2) = subs[0].segments[3] else {
            Issue.record("expected two diagonals"); return
        }
        let d1 = (b1 - a1).normalized(), d2 = (b2 - a2).normalized()
        #expect(abs(d1.dot(d2)) < 1e-12)  // at right angles
        // Both pass through the centre.
        #expect(distanceToSegment(bounds.center, a1, b1) < 1e-9)
        #expect(distanceToSegment(bounds.center, a2, b2) < 1e-9)
        // Length: two 270° arcs and two diagonals of 2r each.
        #expect(approx(SampleTable(path: p).length, 2 * 1.5 * .pi * r + 2 * 2 * r, 1e-9))
    }

    @Test func nonFiniteInputIsRejectedAtTheEdge() {
        var p = Path()
        p.move(to: Vec2(.nan, 0))
        p.line(to: Vec2(1, .infinity))
        p.move(to: Vec2(0, 0))
        p.line(to: Vec2(10, 0))
        #expect(p.rejectedElements == 2)
        #expect(p.elements == [.move(to: Vec2(0, 0)), .line(to: Vec2(10, 0))])
    }

    @Test func fittingScalesUniformlyIntoTheRect() {
        let p = Path.star(center: .zero, outer: 10, inner: 4).fitted(in: Rect(x: 100, y: 100, w: 400, h: 200))
        let b = p.controlBounds
        #expect(b.height <= 200 + 1e-9 && b.width <= 400 + 1e-9)
        #expect(approx(b.midY, 200, 1e-9) && approx(b.midX, 300, 1e-9))
    }

    @Test func aMirroringTransformKeepsArcsExact() {
        let circle = Path.ellipse(in: Rect(x: -10, y: -10, w: 20, h: 20))
        let mirrored = circle.applying(.scale(-2, 2))
        let t = SampleTable(path: mirrored, spacing: 0.5)
        #expect(approx(t.length, 2 * .pi * 20, 1e-9))
        for p in t.points { #expect(abs(p.length - 20) < 1e-9) }
    }

    /// An arc under any affine map that keeps area stays an arc, exactly: its end points are
    /// the map's of the original's, its points lie on the mapped ellipse, and its length is
    /// a brute-force sum over 400,000 mapped points of the original (a hostile tour's
    /// `scale(1,0.5)` circle measured 0.2 pt long as cubics; a skew, 0.02). Skews included,
    /// where svgelements itself is off.
    @Test(arguments: [
        Geometry.AffineTransform(a: 2, b: 0, c: 0, d: 1, tx: 0, ty: 0),
        Geometry.AffineTransform(a: 1, b: 0, c: tan(20 * .pi / 180) * 0.5, d: 0.5, tx: 3, ty: -4),
        Geometry.AffineTransform(a: 1, b: tan(20 * .pi / 180), c: 0, d: 1, tx: 0, ty: 0),
        Geometry.AffineTransform(a: -1, b: 0.2, c: 0.3, d: 1.5, tx: 200, ty: 0),
        Geometry.AffineTransform(a: 0.9063, b: -0.4226, c: 0.2113, d: 0.4532, tx: 12.4, ty: 101.7),
    ])
    func anArcUnderAnyAffineMapStaysAnExactArc(t: Geometry.AffineTransform) throws {
        var p = Path()
        p.addEllipticalArc(center: Vec2(50, 30), rx: 30, ry: 12, rotation: 0.4, start: .pi * 0.9, sweep: -1.7 * .pi)
        let mapped = p.applying(t)
        guard case .arc(let c, let rx, let ry, let rot, let start, let sweep)? = mapped.elements.last else {
            Issue.record("not an arc: \(mapped.elements)"); return
        }
        guard case .arc(let c0, let rx0, let ry0, let rot0, let start0, let sweep0)? = p.elements.last else {
            Issue.record("no arc made"); return
        }
        let original = PathSegment.arc(center: c0, rx: rx0, ry: ry0, rotation: rot0, start: start0, sweep: sweep0)
        for u in stride(from: 0.0, through: 1.0, by: 0.125) {
            let want = t.apply(original.point(at: u))
            let got = PathSegment.arc(center: c, rx: rx, ry: ry, rotation: rot, start: start, sweep: sweep).point(at: u)
            #expect(got.distance(to: want) < 1e-9, "at \(u): \(got) where the map puts \(want)")
        }
        var sum = 0.0, last = t.apply(original.point(at: 0))
        let n = 400_000
        for i in 1...n {
            let q = t.apply(original.point(at: Double(i) / Double(n)))
            sum += q.distance(to: last)
            last = q
        }
        let table = SampleTable(path: mapped, spacing: 0.25)
        #expect(abs(table.length - sum) < 1e-6 * sum, "\(table.length) where the sum is \(sum)")
    }
}
