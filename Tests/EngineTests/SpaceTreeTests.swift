@testable import Engine
@testable import Geometry
import Testing

@Suite struct SpaceTreeTests {
    @Test func aPointMovesByFramesAndScrollOffsetsOnTheWayToTheRoot() {
        var t = SpaceTree(rootSize: Vec2(800, 600))
        let panel = t.add(parent: .root, frame: Rect(x: 100, y: 50, w: 300, h: 200), boundsOrigin: Vec2(40, 0))
        let content = t.add(parent: panel, frame: Rect(x: 0, y: 0, w: 1000, h: 200))
        let item = t.add(parent: content, frame: Rect(x: 500, y: 10, w: 50, h: 60))
        // UIKit: root = local − bounds.origin + frame.origin, up the chain.
        #expect(t.toRoot(Vec2(5, 5), from: item) == Vec2(5 + 500 - 40 + 100, 5 + 10 + 50))
        #expect(t.rootFrame(of: item) == Rect(x: 560, y: 60, w: 50, h: 60))
        t.setBoundsOrigin(Vec2(140, 0), of: panel)
        #expect(t.rootFrame(of: item).minX == 460)
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6])
    func conversionsRoundTripAtRandomOffsetsAndDepths(depth: Int) {
        var rng = SplitMix64(seed: UInt64(depth))
        var t = SpaceTree(rootSize: Vec2(1000, 1000))
        var chainA: [SpaceTree.SpaceID] = [.root], chainB: [SpaceTree.SpaceID] = [.root]
        for _ in 0..<depth {
            chainA.append(t.add(parent: chainA.last!, frame: Rect(x: rng.uniform(-200, 200), y: rng.uniform(-200, 200), w: 100, h: 100),
                                boundsOrigin: Vec2(rng.uniform(-500, 500), rng.uniform(-500, 500))))
            chainB.append(t.add(parent: chainB.last!, frame: Rect(x: rng.uniform(-200, 200), y: rng.uniform(-200, 200), w: 100, h: 100),
                                boundsOrigin: Vec2(rng.uniform(-500, 500), rng.uniform(-500, 500))))
        }
        for _ in 0..<200 {
            let p = Vec2(rng.uniform(-1000, 1000), rng.uniform(-1000, 1000))
            let a = chainA.randomElement(using: &rng)!, b = chainB.randomElement(using: &rng)!
            let q = t.convert(p, from: a, to: b)
            #expect(t.convert(q, from: b, to: a).distance(to: p) < 1e-9)
            // Converting through the root agrees with converting directly.
            #expect(t.fromRoot(t.toRoot(p, from: a), to: b).distance(to: q) < 1e-9)
            let r = Rect(origin: p, size: Vec2(30, 40))
            #expect(t.convert(t.convert(r, from: a, to: b), from: b, to: a).origin.distance(to: p) < 1e-9)
        }
    }

    @Test func visibleRectsAreClippedByEveryAncestor() {
        var t = SpaceTree(rootSize: Vec2(800, 600))
        let panel = t.add(parent: .root, frame: Rect(x: 100, y: 100, w: 200, h: 100), boundsOrigin: Vec2(0, 50))
        let line = t.add(parent: panel, frame: Rect(x: 0, y: 20, w: 200, h: 60))
        #expect(t.rootFrame(of: line) == Rect(x: 100, y: 70, w: 200, h: 60))
        #expect(t.visibleRootRect(of: line) == Rect(x: 100, y: 100, w: 200, h: 30))
    }
}
