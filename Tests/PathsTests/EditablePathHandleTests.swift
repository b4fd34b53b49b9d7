import Foundation
import Geometry
@testable import Paths
import Testing

/// Handles: moved alone or kept in line on a smooth point; corner ↔ smooth; and places on
/// the segments (a ring's) following each change to the segments.
@Suite struct EditablePathHandleTests {
    static let heart = Path.heart(in: Rect(x: 0, y: 0, w: 600, h: 600))
    static let star = Path.star(center: Vec2(320, 240), outer: 200, inner: 80)

    /// The first anchor of `edit` with a cubic on both sides that runs smoothly through it.
    static func smoothAnchor(_ edit: EditablePath) -> AnchorIndex? {
        edit.anchors.first { edit.isSmooth($0) && edit.handle(.incoming, of: $0) != nil && edit.handle(.outgoing, of: $0) != nil }
    }

    @Test func draggingAHandleOfASmoothPointTurnsTheOtherToStayInLine() throws {
        var edit = EditablePath(.figureEight(in: Rect(x: 0, y: 0, w: 800, h: 500)))
        // The figure 8's arcs have no handles until made movable: then its first arc is
        // three quarter-turn cubics, and anchor 1 lies between two of them.
        let a0 = AnchorIndex(subpath: 0, index: 1)
        #expect(edit.handle(.incoming, of: a0) == nil)
        let (moved, changes) = try edit.makeMovable(around: a0)
        #expect(changes == [.expanded(subpath: 0, segment: 0, into: 3)] && moved == AnchorIndex(subpath: 0, index: 3))
        let a = a0
        let p = try #require(edit.position(of: a))
        #expect(edit.isSmooth(a))
        let otherLength = try #require(edit.handle(.incoming, of: a)).distance(to: p)
        try edit.moveHandle(.outgoing, of: a, to: p + Vec2(40, 90), keepingSmooth: true)
        #expect(edit.handle(.outgoing, of: a) == p + Vec2(40, 90))
        let other = try #require(edit.handle(.incoming, of: a))
        #expect(abs(other.distance(to: p) - otherLength) < 1e-9)
        #expect(edit.isSmooth(a))
        // Without keeping it smooth (a broken handle) only the one moves: a corner now.
        try edit.moveHandle(.outgoing, of: a, to: p + Vec2(-60, 10), keepingSmooth: false)
        #expect(edit.handle(.incoming, of: a) == other)
        #expect(!edit.isSmooth(a))
    }

    @Test func cornerAndSmoothToggle() throws {
        var edit = EditablePath(Self.star)
        let a = AnchorIndex(subpath: 0, index: 1)
        let p = try #require(edit.position(of: a))
        #expect(!edit.isSmooth(a))
        let (smooth, b, _) = try edit.toggleSmooth(a)
        #expect(smooth && b == a && edit.isSmooth(a))
        #expect(edit.position(of: a) == p)
        // Its handles lie along the line between its neighbours.
        let i = try #require(edit.handle(.incoming, of: a)), o = try #require(edit.handle(.outgoing, of: a))
        #expect(abs((o - p).normalized().dot((p - i).normalized()) - 1) < 1e-12)
        let (again, _, _) = try edit.toggleSmooth(a)
        #expect(!again && !edit.isSmooth(a))
        #expect(edit.handle(.incoming, of: a) == p && edit.handle(.outgoing, of: a) == p)
        // The other anchors did not move.
        #expect(edit.anchors.count == EditablePath(Self.star).anchors.count)
    }

    @Test func aHandleIsRefusedWhereThereIsNone() {
        var edit = EditablePath(Self.star)
        #expect(throws: PathEditError.noSuchSegment) {
            try edit.moveHandle(.outgoing, of: AnchorIndex(subpath: 0, index: 0), to: Vec2(1, 1), keepingSmooth: true)
        }
        #expect(throws: PathEditError.outOfRange) {
            var heart = EditablePath(Self.heart)
            try heart.moveHandle(.outgoing, of: AnchorIndex(subpath: 0, index: 0), to: Vec2(.nan, 1), keepingSmooth: true)
        }
    }

    /// A place on the old path, mapped through `changes`, is the same point of the new path.
    static func follows(_ old: EditablePath, _ new: EditablePath, _ changes: [SegmentChange], tolerance: Double) -> Bool {
        let oldSub = old.subpaths[0]
        for j in oldSub.segments.indices {
            for t in stride(from: 0.0, through: 1.0, by: 0.125) {
                var place = (segment: j, t: t)
                for c in changes { place = c.map(subpath: 0, segment: place.segment, t: place.t) }
                let seg = new.subpaths[0].segments[place.segment]
                let q = seg.point(at: seg.parameter(nearest: oldSub.segments[j].point(at: t), from: place.t))
                if q.distance(to: oldSub.segments[j].point(at: t)) > tolerance { return false }
            }
        }
        return true
    }

    @Test func placesFollowSplitsAndExpansionsExactly() throws {
        for path in [Self.heart, .figureEight(in: Rect(x: 0, y: 0, w: 800, h: 500)), Self.star] {
            var edit = EditablePath(path)
            let before = edit
            _ = try edit.insertAnchor(subpath: 0, segment: 1, at: 0.3)
            #expect(Self.follows(before, edit, [.split(subpath: 0, segment: 1, at: 0.3)], tolerance: 1e-9))
            let split = edit
            let (_, changes) = try edit.makeMovable(around: AnchorIndex(subpath: 0, index: 3))
            // Arcs become cubics within 1e-4 of their size; places follow within as much.
            #expect(Self.follows(split, edit, changes, tolerance: 0.03))
        }
    }

    @Test func placesOnJoinedSegmentsStayOnTheJoinedOne() throws {
        var edit = EditablePath(Self.star)
        let before = edit
        let change = try edit.removeAnchor(AnchorIndex(subpath: 0, index: 0))
        guard case .joined(_, _, true, let n) = change else { Issue.record("expected a wrapping join, got \(change)"); return }
        #expect(n == before.subpaths[0].segments.count)
        // The ring on the first or last segment is now on the joined one, at the same share.
        let last = change.map(subpath: 0, segment: n - 1, t: 1)
        let first = change.map(subpath: 0, segment: 0, t: 0)
        #expect(last.segment == n - 2 && first.segment == n - 2 && last.t == 0.5 && first.t == 0.5)
        #expect(change.map(subpath: 0, segment: 3, t: 0.25) == (2, 0.25))
    }
}
