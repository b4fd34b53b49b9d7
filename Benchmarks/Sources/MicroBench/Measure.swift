import Foundation
import Engine
import Entities
import Geometry
import Motion
import Paths
import Scenes

/// Times `body` `runs` times (after `warmup` untimed runs) and returns the median in seconds.
/// The median of many short runs is robust to the noise of a shared machine.
func median(runs: Int, warmup: Int = 3, _ body: () -> Void) -> Double {
    for _ in 0..<warmup { body() }
    var times: [Double] = []
    times.reserveCapacity(runs)
    for _ in 0..<runs {
        let t0 = DispatchTime.now().uptimeNanoseconds
        body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9)
    }
    times.sort()
    return times[times.count / 2]
}

/// Keeps a value alive so the optimiser cannot drop the work that made it.
@inline(never) func blackHole<T>(_ x: T) { withExtendedLifetime(x) {} }

func row(_ name: String, _ value: String, _ target: String = "") {
    print("| \(name) | \(value) | \(target) |")
}

func us(_ s: Double) -> String { String(format: "%.1f µs", s * 1e6) }
func ms(_ s: Double) -> String { String(format: "%.2f ms", s * 1e3) }

/// A 10,000-sample table: a 7-pointed star, 1 pt spacing, scaled until it has that many.
func tenThousandSampleStar() -> SampleTable {
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
