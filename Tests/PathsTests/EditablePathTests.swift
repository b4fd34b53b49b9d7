import Foundation
import Geometry
@testable import Paths
import Testing

/// The editor's model: anchors inserted without changing the shape, removed with their
/// neighbours joined, moved with their handles; bad edits refused with a reason.
@Suite struct EditablePathTests {
    static let bounds = Rect(x: 0, y: 0, w: 640, h: 480)

    static func length(_ p: Path) -> Double { p.subpaths.flatMap(\.segments).reduce(0) { $0 + $1.length() } }

    @Test func insertingAnAnchorKeepsTheShapeOnEveryKindOfSegment() throws {
        // The heart has cubics, the figure 8 arcs, the star lines; the mixed path a quadratic.
        var mixed = Path()
        mixed.move(to: Vec2(0, 0))
        mixed.quad(to: Vec2(100, 0), control: Vec2(50, -80))
        mixed.line(to: Vec2(100, 100))
        for path in [Path.heart(in: Self.bounds), .figureEight(in: Self.bounds), .star(center: Vec2(320, 240), outer: 200, inner: 80), mixed] {
            var edit = EditablePath(path)
            let before = edit.path
            let anchors = edit.anchors.count
            let a = try edit.insertAnchor(subpath: 0, segment: 0, at: 0.3)
            #expect(edit.anchors.count == anchors + 1 && a == AnchorIndex(subpath: 0, index: 1))
            #expect(edit.position(of: a) == before.subpaths[0].segments[0].point(at: 0.3))
            #expect(abs(Self.length(edit.path) - Self.length(before)) <= 1e-9 * Self.length(before))
            // It reads back from its SVG data as the same shape.
            #expect(PathSplitAndSVGTests.sameShape(try Path(svg: edit.path.svgData), edit.path))
        }
    }

    @Test func removingAnAnchorJoinsItsNeighbours() throws {
        var edit = EditablePath(.star(center: Vec2(320, 240), outer: 200, inner: 80))
        let count = edit.anchors.count
        let second = try #require(edit.position(of: AnchorIndex(subpath: 0, index: 2)))
        try edit.removeAnchor(AnchorIndex(subpath: 0, index: 1))
        #expect(edit.anchors.count == count - 1)
        // Two lines became one, from anchor 0 to what was anchor 2.
        #expect(edit.subpaths[0].segments[0] == .line(edit.subpaths[0].start, second))
        // Anchor 0 of the closed star: the subpath now starts at the next anchor and still closes.
        let next = try #require(edit.position(of: AnchorIndex(subpath: 0, index: 1)))
        try edit.removeAnchor(AnchorIndex(subpath: 0, index: 0))
        #expect(edit.subpaths[0].start == next && edit.subpaths[0].isClosed && edit.anchors.count == count - 2)
        #expect(edit.subpaths[0].segments.last?.end == next)
    }

    @Test func anOpenPathLosesItsEndSegmentWithItsEndAnchorAndKeepsTwoAnchors() throws {
        var p = Path()
        p.move(to: Vec2(0, 0))
        p.line(to: Vec2(10, 0))
        p.curve(to: Vec2(30, 0), control1: Vec2(15, 10), control2: Vec2(25, 10))
        var edit = EditablePath(p)
        try edit.removeAnchor(AnchorIndex(subpath: 0, index: 0))
        #expect(edit.subpaths[0].start == Vec2(10, 0) && edit.subpaths[0].segments.count == 1)
        #expect(throws: PathEditError.tooFewAnchors) { try edit.removeAnchor(AnchorIndex(subpath: 0, index: 1)) }
        #expect(edit.anchors.count == 2)
        #expect(throws: PathEditError.noSuchAnchor) { try edit.removeAnchor(AnchorIndex(subpath: 0, index: 9)) }
        #expect(PathEditError.tooFewAnchors.description == "a path needs at least two anchors")
    }

    @Test func movingAnAnchorCarriesItsHandles() throws {
        var p = Path()
        p.move(to: Vec2(0, 0))
        p.curve(to: Vec2(100, 0), control1: Vec2(20, 40), control2: Vec2(80, 40))
        p.curve(to: Vec2(200, 0), control1: Vec2(120, -40), control2: Vec2(180, -40))
        var edit = EditablePath(p)
        try edit.moveAnchor(AnchorIndex(subpath: 0, index: 1), to: Vec2(110, 20))
        #expect(edit.subpaths[0].segments[0] == .cubic(Vec2(0, 0), Vec2(20, 40), Vec2(90, 60), Vec2(110, 20)))
        #expect(edit.subpaths[0].segments[1] == .cubic(Vec2(110, 20), Vec2(130, -20), Vec2(180, -40), Vec2(200, 0)))
        // The start of an open subpath moves its start too.
        try edit.moveAnchor(AnchorIndex(subpath: 0, index: 0), to: Vec2(-5, 5))
        #expect(edit.subpaths[0].start == Vec2(-5, 5) && edit.position(of: AnchorIndex(subpath: 0, index: 0)) == Vec2(-5, 5))
    }

    @Test func anArcMeetingAMovedAnchorBecomesCubicsThatFollowIt() throws {
        var edit = EditablePath(.figureEight(in: Self.bounds))
        let arcs = edit.subpaths[0].segments.filter { if case .arc = $0 { true } else { false } }.count
        let target = try #require(edit.position(of: AnchorIndex(subpath: 0, index: 1)))
        try edit.moveAnchor(AnchorIndex(subpath: 0, index: 1), to: target + Vec2(3, 4))
        let now = edit.subpaths[0].segments.filter { if case .arc = $0 { true } else { false } }.count
        #expect(now < arcs)
        // The moved anchor is where it was put, and the path is still continuous and closed.
        #expect(edit.anchors.contains { edit.position(of: $0) == target + Vec2(3, 4) })
        let segs = edit.subpaths[0].segments
        for k in segs.indices { #expect(segs[k].end.distance(to: segs[(k + 1) % segs.count].start) < 1e-9) }
        // Quarter-turn cubics stay within 1e-4 of the circle's size of the arc they replace.
        let arc = PathSegment.arc(center: .zero, rx: 100, ry: 100, rotation: 0, start: 0.2, sweep: 2)
        let cubics = EditablePath.movable(arc)
        #expect(cubics.count == 2)
        for (i, c) in cubics.enumerated() {
            for k in 0...20 {
                let p = c.point(at: Double(k) / 20)
                #expect(abs(p.length - 100) < 1e-4 * 100, "piece \(i) at \(k)")
            }
        }
    }

    @Test func aPointPastTheLimitsOrNotFiniteIsRefused() throws {
        var edit = EditablePath(.heart(in: Self.bounds))
        let before = edit
        for p in [Vec2(1e308, 0), Vec2(.nan, 0), Vec2(0, -.infinity), Vec2(0, 2e9)] {
            #expect(throws: PathEditError.outOfRange) { try edit.moveAnchor(AnchorIndex(subpath: 0, index: 0), to: p) }
        }
        #expect(edit == before)
        // 1e6 is within the limits: it moves there, and the path stays finite.
        try edit.moveAnchor(AnchorIndex(subpath: 0, index: 0), to: Vec2(1e6, 1e6))
        #expect(Self.length(edit.path).isFinite)
        #expect(throws: PathEditError.noSuchSegment) { _ = try edit.insertAnchor(subpath: 0, segment: 99, at: 0.5) }
    }

    @Test func anchorsDroppedOnEachOtherMakeAZeroLengthSegmentThatStillMeasures() throws {
        var p = Path()
        p.move(to: Vec2(0, 0))
        p.line(to: Vec2(10, 0))
        p.line(to: Vec2(20, 0))
        var edit = EditablePath(p)
        try edit.moveAnchor(AnchorIndex(subpath: 0, index: 1), to: Vec2(20, 0))
        #expect(edit.subpaths[0].segments[1].length() == 0)
        #expect(Self.length(edit.path) == 20)
        let table = SampleTable(path: edit.path, spacing: 1)
        #expect(abs(table.length - 20) < 1e-9)
    }

    @Test func aLonePointMovesAndCannotLoseItsAnchor() throws {
        var edit = EditablePath(try Path(svg: "M5 5"))
        try edit.moveAnchor(AnchorIndex(subpath: 0, index: 0), to: Vec2(1, 2))
        #expect(edit.position(of: AnchorIndex(subpath: 0, index: 0)) == Vec2(1, 2))
        #expect(throws: PathEditError.tooFewAnchors) { try edit.removeAnchor(AnchorIndex(subpath: 0, index: 0)) }
        // A sweep of absurdly many turns becomes a bounded number of cubics, not a trap.
        #expect(EditablePath.movable(.arc(center: .zero, rx: 1, ry: 1, rotation: 0, start: 0, sweep: 1e300)).count == 4096)
    }
}
