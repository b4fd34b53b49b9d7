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
}
