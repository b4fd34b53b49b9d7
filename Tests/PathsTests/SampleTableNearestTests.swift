@testable import Geometry
@testable import Paths
import Testing

@Suite struct SampleTableNearestTests {
    @Test(arguments: [Path.figureEight(in: Rect(x: 0, y: 40, w: 1280, h: 680)),
                      Path.star(center: Vec2(300, 300), outer: 250, inner: 90, points: 7),
                      try! Path(svg: "M0 0 h100 M500 500 l300 -200 M0 400 a50 50 0 1 0 1 0"),
                      try! Path(svg: "M5 5 l3 0"),
                      // Far from the origin, where rounding in the bounds is largest.
                      Path.star(center: Vec2(3e6, -2e6), outer: 250, inner: 90, points: 5),
                      Path.star(center: Vec2(-4e9, 1e9), outer: 250, inner: 90, points: 5),
                      try! Path(svg: "M5 5")])
    func theQueryAgreesWithABruteForceScanOnThousandsOfRandomPoints(path: Path) {
        let t = SampleTable(path: path, spacing: 1)
        var rng = SplitMix64(seed: 99)
        for k in 0..<6000 {
            // Near the path, and anywhere from inside its bounds to far outside them.
            let c = t.sampleBounds.center
            let p = k % 2 == 0
                ? t.points[Int(rng.next() % UInt64(t.count))] + Vec2(rng.uniform(-30, 30), rng.uniform(-30, 30))
                : c + Vec2(rng.uniform(-2000, 2000), rng.uniform(-2000, 2000))
            // The same sample, not just the same distance: both take the lowest index on a tie.
            #expect(t.nearestIndex(to: p) == t.nearestIndexByScan(to: p), "\(p)")
            #expect(t.nearestIndexByTree(to: p) == t.nearestIndexByScan(to: p), "\(p)")
        }
    }

    @Test func pointsOnTheGridsCellEdgesAndCornersGetTheExactAnswer() {
        // A point on a cell's edge may be put in either cell by rounding; both must answer it.
        let t = SampleTable(path: .figureEight(in: Rect(x: 0, y: 40, w: 1280, h: 680)), spacing: 1)
        _ = t.nearestIndex(to: .zero)
        let g = t.nearestSamples.grid
        #expect(g.columns > 10 && g.rows > 10)
        for row in 0...g.rows {
            for column in stride(from: 0, through: g.columns, by: 3) {
                let corner = Vec2(g.originX + Double(column) * g.cell, g.originY + Double(row) * g.cell)
                for p in [corner, corner + Vec2(g.cell / 2, 0), corner + Vec2(0, g.cell / 2),
                          corner + Vec2(-1e-9, 1e-9), corner + Vec2(1e-9, -1e-9)] {
                    #expect(t.nearestIndex(to: p) == t.nearestIndexByScan(to: p), "\(p)")
                }
            }
        }
    }

    @Test func queriesFromManyThreadsAtOnceAgreeWithTheScan() async {
        // The grid's cells are filled by whichever query reaches them first.
        let t = Path.star(center: Vec2(300, 300), outer: 250, inner: 90, points: 7)
        let table = SampleTable(path: t, spacing: 0.5)
        let wrong = await withTaskGroup(of: Int.self) { group in
            for seed in 0..<8 {
                group.addTask {
                    var rng = SplitMix64(seed: UInt64(seed))
                    var wrong = 0
                    for _ in 0..<1500 {
                        let p = Vec2(rng.uniform(-100, 700), rng.uniform(-100, 700))
                        if table.nearestIndex(to: p) != table.nearestIndexByScan(to: p) { wrong += 1 }
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        #expect(wrong == 0)
    }

    @Test func onATieTheLowestIndexWins() {
        // Samples 0…100 along a line; a point above the middle of two is exactly as far from both.
        let t = SampleTable(path: try! Path(svg: "M0 0 h100"), spacing: 1)
        for i in [0, 31, 32, 50, 63, 64, 98] {
            #expect(t.nearestIndex(to: Vec2(Double(i) + 0.5, 10)) == i)
        }
    }
}
