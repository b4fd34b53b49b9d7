import Testing
@testable import MotionCore

@Suite struct SampleTableNearestTests {
    @Test(arguments: [Path.figureEight(in: Rect(x: 0, y: 40, w: 1280, h: 680)),
                      Path.star(center: Vec2(300, 300), outer: 250, inner: 90, points: 7),
                      try! Path(svg: "M0 0 h100 M500 500 l300 -200 M0 400 a50 50 0 1 0 1 0")])
    func theGridAgreesWithABruteForceScanOnThousandsOfRandomPoints(path: Path) {
        let t = SampleTable(path: path, spacing: 1)
        var rng = SplitMix64(seed: 99)
        for _ in 0..<4000 {
            // Mostly near the path, some far outside its bounds.
            let p = Vec2(rng.uniform(-1500, 2500), rng.uniform(-1500, 2500))
            let g = t.nearestIndex(to: p)!, s = t.nearestIndexByScan(to: p)!
            #expect(t.points[g].distanceSquared(to: p) == t.points[s].distanceSquared(to: p), "\(p)")
        }
    }
}
