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
}
