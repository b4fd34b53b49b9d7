import Geometry
import Paths

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
