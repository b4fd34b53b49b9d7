@testable import Engine
@testable import Entities
@testable import Geometry
@testable import Motion
@testable import Paths
@testable import Scenes
@testable import Shell
import TestSupport
import Testing

@Suite struct StressSceneTests {
    @Test func followersChaseTheirMovingTargetsAndTweensRun() {
        var o = StressScene.Options()
        o.followers = 60
        o.tweens = 30
        o.sprites = 500
        let s = StressScene(options: o)
        s.layout(bounds: Rect(x: 0, y: 0, w: 1280, h: 720))
        let start = s.followers.store.dense.map(\.point)
        var ctx = StepContext(dt: 1.0 / 120, step: 0, events: [], input: InputState())
        for k in 1...240 { ctx.step = k; s.step(&ctx) }
        let moved = zip(start, s.followers.store.dense.map(\.point)).filter { $0.distance(to: $1) > 20 }.count
        #expect(moved > 50)
        // Each stays on its own path and close to its target.
        for f in s.followers.store.dense {
            let t = s.tables[f.table]
            #expect(t.points[t.nearestIndexByScan(to: f.point)!].distance(to: f.point) < 1.01)
        }
        #expect(s.tweener.animations.store.count == 30)
        #expect(s.panel.offset > 0)
        var list = DrawList()
        s.draw(into: &list, context: DrawContext(font: testFont(), alpha: 0.5, bounds: Rect(x: 0, y: 0, w: 1280, h: 720)))
        #expect(list.vertices.count / 4 >= 90)
        #expect(list.commands.count <= 4)
    }

    /// Made for a 640×480 window, every sprite stays in it, as testsprite2's and pygame-ce's
    /// do in the comparison: the tweens' paths were once made in a 1280×720 box whatever the
    /// window, and a fifth of them flew outside it (where they cost nothing to draw).
    @Test func aSceneMadeForItsWindowKeepsEverySpriteInIt() {
        var o = StressScene.Options()
        o.followers = 200
        o.tweens = 200
        o.sprites = 0
        let window = Rect(x: 0, y: 0, w: 640, h: 480)
        o.bounds = window
        let s = StressScene(options: o)
        s.layout(bounds: window)
        var ctx = StepContext(dt: 1.0 / 120, step: 0, events: [], input: InputState())
        for k in 1...480 {
            ctx.step = k
            s.step(&ctx)
            guard k % 60 == 0 else { continue }
            var list = DrawList()
            s.draw(into: &list, context: DrawContext(font: testFont(), alpha: 1, bounds: window))
            let outside = stride(from: 0, to: list.vertices.count, by: 4).filter { i in
                let a = list.vertices[i], c = list.vertices[i + 2]
                return window.intersection(Rect(x: Double(min(a.x, c.x)), y: Double(min(a.y, c.y)), w: Double(abs(c.x - a.x)), h: Double(abs(c.y - a.y)))).isEmpty
            }.count
            #expect(list.vertices.count / 4 == 400 && outside == 0, "step \(k): \(outside) of \(list.vertices.count / 4) sprites outside the window")
        }
        // A box with no room falls back to the default one rather than empty paths.
        o.bounds = Rect(x: 0, y: 0, w: .nan, h: 10)
        #expect(StressScene(options: o).tables.allSatisfy { $0.length > 100 })
    }
}
