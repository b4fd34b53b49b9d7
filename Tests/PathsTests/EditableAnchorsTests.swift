import Geometry
@testable import Paths
import Testing

/// One anchor per point: an arc's computed end, a close onto a start already reached and a
/// whole ellipse give no anchor on top of another (a hostile tour found drags tearing
/// shapes there), and a drag keeps a closed shape closed.
@Suite struct EditableAnchorsTests {
    func positions(_ e: EditablePath) -> [Vec2] { e.anchors.compactMap { e.position(of: $0) } }

    func noTwoAnchorsMeet(_ e: EditablePath) -> Bool {
        let p = positions(e)
        return p.indices.allSatisfy { i in p.indices.allSatisfy { j in i == j || p[i].distance(to: p[j]) > 1e-6 } }
    }

    @Test func anOvalHasAnAnchorOnEachSideAndNoneTwice() {
        let e = EditablePath(.ellipse(in: Rect(x: 236.8, y: 202.4, w: 806.4, h: 403.2)))
        #expect(e.anchors.count == 2)
        #expect(noTwoAnchorsMeet(e))
        let xs = positions(e).map(\.x).sorted()
        #expect(abs(xs[0] - 236.8) < 1e-9 && abs(xs[1] - 1043.2) < 1e-9)
    }

    @Test func aRoundedRectAndASVGArcHaveOneAnchorPerPoint() throws {
        let rr = EditablePath(.roundedRect(Rect(x: 265.6, y: 202.4, w: 748.8, h: 403.2), radius: 69.12))
        #expect(rr.anchors.count == 8 && noTwoAnchorsMeet(rr))
        let arc = EditablePath(try Path(svg: "M0 0 L 0 -100 L 100 -100 A 50 50 0 0 1 200 -100 L 200 0 Z"))
        #expect(arc.anchors.count == 5 && noTwoAnchorsMeet(arc))
        let circle = EditablePath(try Path(svg: "M90 50A40 40 0 0 1 10 50A40 40 0 0 1 90 50Z"))
        #expect(circle.anchors.count == 2 && noTwoAnchorsMeet(circle))
    }

    @Test func draggingAnAnchorOfAnOvalKeepsItClosed() throws {
        var e = EditablePath(.ellipse(in: Rect(x: 0, y: 0, w: 800, h: 400)))
        let right = try #require(e.anchors.first { (e.position(of: $0)?.x ?? 0) > 700 })
        try e.moveAnchor(right, to: Vec2(860, -40))
        let s = e.subpaths[0]
        #expect(s.isClosed)
        #expect(s.segments.last!.end.distance(to: s.segments[0].start) < 1e-9)
        #expect(s.segments.indices.dropFirst().allSatisfy { s.segments[$0].start.distance(to: s.segments[$0 - 1].end) < 1e-9 })
        #expect(noTwoAnchorsMeet(e))
    }
}

/// Corner ↔ smooth goes both ways, also where the curves run on in line after the corner.
@Suite struct CornerToggleTests {
    @Test func aCornerMadeOnCurvesThatRunInLineCanBeMadeSmoothAgain() throws {
        var e = EditablePath(try Path(svg: "M0 0 C 0 -50 100 -50 100 0 S 200 50 200 0"))
        let a = AnchorIndex(subpath: 0, index: 1)
        #expect(e.isSmooth(a))
        let (first, b, _) = try e.toggleSmooth(a)
        #expect(!first && !e.isSmooth(b))
        #expect(e.handle(.incoming, of: b) == e.position(of: b) || e.handle(.incoming, of: b) == nil)
        let (second, c, _) = try e.toggleSmooth(b)
        #expect(second && e.isSmooth(c))
        let p = try #require(e.position(of: c))
        #expect(try #require(e.handle(.outgoing, of: c)).distance(to: p) > 10)
    }
}
