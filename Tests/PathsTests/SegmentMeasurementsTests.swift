import Foundation
import Geometry
@testable import Paths
import Testing

/// The editor's table rebuild: only segments an edit changed are measured again, and the
/// table is the same as one built from scratch.
@Suite struct SegmentMeasurementsTests {
    static func wavy(_ n: Int) -> Path {
        var p = Path()
        for k in 0...n {
            let a = Double(k) / Double(n) * 2 * Double.pi, r = 300 + 20 * sin(a * 37)
            let q = Vec2(640 + r * cos(a), 380 + r * sin(a))
            if k == 0 { p.move(to: q) } else { p.curve(to: q, control1: q + Vec2(3, -2), control2: q + Vec2(-3, 2)) }
        }
        return p
    }

    /// Tables built two ways agree to the last bit where it matters to a ring.
    static func same(_ a: SampleTable, _ b: SampleTable) -> Bool {
        a.count == b.count && a.length == b.length && a.points == b.points && a.tangents == b.tangents
            && a.distances == b.distances && a.sampleParameters == b.sampleParameters
    }

    @Test func anEditMeasuresOnlyTheSegmentsItChangedAndBuildsTheSameTable() throws {
        for path in [Self.wavy(200), .heart(in: Rect(x: 0, y: 0, w: 600, h: 600)), .figureEight(in: Rect(x: 0, y: 0, w: 800, h: 500))] {
            var edit = EditablePath(path)
            var m = SegmentMeasurements()
            _ = try SampleTable(checking: edit.path, spacing: 1, measurements: &m)
            let total = edit.subpaths.reduce(0) { $0 + $1.segments.count }
            #expect(m.measuredLastTime == total)
            // Moving anchor 2 changes the two segments that meet there (an arc there becomes cubics).
            let a = AnchorIndex(subpath: 0, index: 2)
            try edit.moveAnchor(a, to: try #require(edit.position(of: a)) + Vec2(7, -3))
            let kept = try SampleTable(checking: edit.path, spacing: 1, measurements: &m)
            #expect(m.measuredLastTime <= 4, "measured \(m.measuredLastTime) of \(total)")
            #expect(Self.same(kept, try SampleTable(checking: edit.path, spacing: 1)))
            // An insertion: two segments for one.
            _ = try edit.insertAnchor(subpath: 0, segment: 0, at: 0.4)
            let inserted = try SampleTable(checking: edit.path, spacing: 1, measurements: &m)
            #expect(m.measuredLastTime == 2)
            #expect(Self.same(inserted, try SampleTable(checking: edit.path, spacing: 1)))
            // A removal: one for two.
            try edit.removeAnchor(AnchorIndex(subpath: 0, index: 1))
            let removed = try SampleTable(checking: edit.path, spacing: 1, measurements: &m)
            #expect(m.measuredLastTime == 1)
            #expect(Self.same(removed, try SampleTable(checking: edit.path, spacing: 1)))
        }
    }

    @Test func aTablePastTheLimitsIsRefusedAndTheMeasurementsStayWhole() throws {
        var m = SegmentMeasurements()
        var p = Path()
        p.move(to: Vec2(0, 0))
        p.line(to: Vec2(1e9, 0))
        #expect(throws: SampleTable.LimitError.self) { try SampleTable(checking: p, spacing: 1, measurements: &m) }
        // A refused build keeps nothing: the next, shorter path is measured and built whole
        // (the review found a refused build left the lengths ahead of the coarse tables,
        // and the next build read past them).
        let heart = Path.heart(in: Rect(x: 0, y: 0, w: 300, h: 300))
        let t = try SampleTable(checking: heart, spacing: 1, measurements: &m)
        #expect(Self.same(t, try SampleTable(checking: heart, spacing: 1)))
        var edit = EditablePath(heart)
        try edit.moveAnchor(AnchorIndex(subpath: 0, index: 1), to: Vec2(1e8, 0))
        #expect(throws: SampleTable.LimitError.self) { try SampleTable(checking: edit.path, spacing: 0.05, measurements: &m) }
        let back = try SampleTable(checking: heart, spacing: 1, measurements: &m)
        #expect(m.measuredLastTime == 0)
        #expect(Self.same(back, t))
    }
}
