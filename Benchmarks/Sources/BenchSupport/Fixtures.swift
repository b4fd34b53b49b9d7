import Engine
import Geometry
import Paths
import Scenes

/// A 10,000-sample table: a 7-pointed star, 1 pt spacing, scaled until it has that many
/// (the nearest query's benchmark and its callgrind probe use the same one).
public func tenThousandSampleStar() -> SampleTable {
    var star = Path.star(center: Vec2(640, 400), outer: 360, inner: 150, points: 7)
    var scale = 1.0
    var table = SampleTable(path: star, spacing: 1)
    while table.count < 10_000 {
        scale *= 10_000 / Double(table.count)
        star = Path.star(center: Vec2(640, 400), outer: 360 * scale, inner: 150 * scale, points: 7)
        table = SampleTable(path: star, spacing: 1)
    }
    return table
}

/// A stress scene of `followers` path followers and `tweens` tweened sprites (no panel),
/// laid out in 1280×720, and a draw context for it (the draw benchmark and its callgrind
/// probe use the same one).
public func spriteStressScene(followers: Int, tweens: Int) -> (StressScene, DrawContext) {
    var o = StressScene.Options()
    o.followers = followers
    o.tweens = tweens
    o.sprites = 0
    let bounds = Rect(x: 0, y: 0, w: 1280, h: 720)
    let scene = StressScene(options: o)
    scene.layout(bounds: bounds)
    return (scene, DrawContext(font: .placeholder, alpha: 0.5, bounds: bounds))
}
