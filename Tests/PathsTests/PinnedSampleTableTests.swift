@testable import Geometry
@testable import Paths
import Testing

@Suite struct PinnedSampleTableTests {
    @Test(arguments: [Path.figureEight(in: Rect(x: 0, y: 40, w: 1280, h: 680)),
                      Path.heart(in: Rect(x: 0, y: 0, w: 300, h: 300)),
                      Path.star(center: Vec2(200, 200), outer: 150, inner: 60)])
    func thePinnedViewAnswersExactlyAsTheTableDoes(path: Path) {
        let table = SampleTable(path: path, spacing: 3)
        let pinned = PinnedSampleTable(table)
        var rng = SplitMix64(seed: 7)
        for _ in 0..<500 {
            let s = rng.uniform(-table.length, 2 * table.length)
            let (p, t) = pinned.view.pointee.pointAndTangent(atDistance: s)
            let (q, u) = table.pointAndTangent(atDistance: s)
            #expect(p == q && t == u, "s \(s)")
            if table.runs.count == 1 {
                let (r, w) = pinned.view.pointee.pointAndTangent(atDistance: s, onRun: 0)
                #expect(r == q && w == u, "on the run, s \(s)")
            }
            #expect(pinned.view.pointee.index(atDistance: s) == table.index(atDistance: s))
        }
        #expect(pinned.view.pointee.length == table.length)
        #expect(Array(pinned.view.pointee.distances) == Array(table.distances))
    }

    @Test func thePinnedCopyOutlivesTheTableItCameFrom() {
        var table: SampleTable? = SampleTable(path: .heart(in: Rect(x: 0, y: 0, w: 300, h: 300)), spacing: 2)
        let expected = table!.pointAndTangent(atDistance: 123.4)
        let pinned = PinnedSampleTable(table!)
        table = nil
        let (p, t) = pinned.view.pointee.pointAndTangent(atDistance: 123.4)
        #expect(p == expected.0 && t == expected.1)
    }
}
