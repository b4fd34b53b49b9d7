import Benchmark
import Engine
import Entities
import Geometry
import Motion
import Paths
import Scenes

// The core's hot paths on package-benchmark. Each benchmark times one unit of work and
// counts its heap allocations. The thresholds against the committed baseline: no
// allocation in a steady-state step (strict), and wall clock within +60 % at p50 (+80 % at
// p90) — this shared 2-core machine drifts by up to 1.5x between quiet and busy stretches
// (the same binary measured 25–33 % apart minutes apart), so the check catches real
// regressions, not noise; compare ratios within one run for anything finer.

let bounds = Rect(x: 0, y: 40, w: 1280, h: 680)

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 3,
        scalingFactor: .one,
        maxDuration: .seconds(3),
        maxIterations: 1000,
        thresholds: [
            .wallClock: .init(relative: [.p50: 60.0, .p90: 80.0]),
            .mallocCountTotal: .init(absolute: [.p90: 0]),
        ]
    )

    Benchmark("Path: figure 8 table build, 1 pt", configuration: .init(thresholds: [.wallClock: .init(relative: [.p50: 60.0])])) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(SampleTable(path: .figureEight(in: bounds), spacing: 1)) }
    }

    for (name, path) in [("figure 8", Path.figureEight(in: bounds)), ("heart", .heart(in: Rect(x: 100, y: 60, w: 600, h: 600))),
                         ("ellipse", .ellipse(in: Rect(x: 100, y: 100, w: 900, h: 400)))] {
        let table = SampleTable(path: path, spacing: 1)
        var rng = SplitMix64(seed: 3)
        let at = (0..<10_000).map { _ in rng.uniform(0, table.length) }
        Benchmark("Path: 10,000 points and tangents at arc lengths, \(name)") { benchmark in
            for _ in benchmark.scaledIterations {
                var sum = 0.0
                table.withUnsafeView { v in
                    for s in at {
                        let (p, t) = v.pointAndTangent(atDistance: s)
                        sum += p.x + p.y + t.x + t.y
                    }
                }
                blackHole(sum)
            }
        }
    }

    let star = SampleTable(path: .star(center: Vec2(640, 360), outer: 3000, inner: 1200), spacing: 2.8)
    star.prepareNearestQueries()
    var rng = SplitMix64(seed: 1)
    let near = (0..<2000).map { _ in star.points[Int(rng.next() % UInt64(star.count))] + Vec2(rng.uniform(-60, 60), rng.uniform(-60, 60)) }
    for q in near { blackHole(star.nearestIndex(to: q)) }  // fill the grid's cells first
    Benchmark("Path: 2,000 nearest-sample queries within 60 pt, \(star.count) samples") { benchmark in
        for _ in benchmark.scaledIterations { for q in near { blackHole(star.nearestIndex(to: q)) } }
    }

    let fig = SampleTable(path: .figureEight(in: bounds), spacing: 1)
    Benchmark("Followers: 100,000 (half walking, half orbiting), one 120 Hz step") { benchmark in
        var followers = ContiguousArray<PathFollower>()
        followers.reserveCapacity(100_000)
        for i in 0..<100_000 {
            var f = PathFollower(table: 0, index: (i * 37) % fig.count, on: fig)
            if i % 2 == 0 { f.grabbedBy = .pointer(i) } else { f.orbitSpeed = 300 }
            followers.append(f)
        }
        let tables = [fig]
        var step = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            step += 1
            for i in stride(from: 0, to: followers.count, by: 2) { followers[i].desired = fig.points[(i * 37 + step * 3) % fig.count] }
            PathFollowerSystem.step(&followers, tables: tables, dt: 1.0 / 120)
        }
        benchmark.stopMeasurement()
        blackHole(followers.count)
    }

    Benchmark("Stress: 100,000 followers + 100,000 tweened sprites, one step") { benchmark in
        var o = StressScene.Options()
        o.followers = 100_000
        o.tweens = 100_000
        o.sprites = 0
        let scene = StressScene(options: o)
        scene.layout(bounds: Rect(x: 0, y: 0, w: 1280, h: 720))
        var ctx = StepContext(dt: 1.0 / 120, step: 0, events: [], input: InputState())
        for _ in 0..<3 { ctx.step += 1; scene.step(&ctx) }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { ctx.step += 1; scene.step(&ctx) }
        benchmark.stopMeasurement()
    }

    Benchmark("Stress: draw list for 200,000 sprite quads") { benchmark in
        var o = StressScene.Options()
        o.followers = 100_000
        o.tweens = 100_000
        o.sprites = 0
        let scene = StressScene(options: o)
        scene.layout(bounds: Rect(x: 0, y: 0, w: 1280, h: 720))
        let font = try! BitmapFont(metrics: "cell 8 16\ncolumns 16\nchars  ?", texture: .none)
        let context = DrawContext(font: font, alpha: 0.5, bounds: Rect(x: 0, y: 0, w: 1280, h: 720))
        var list = DrawList()
        for _ in 0..<3 { list.reset(); scene.draw(into: &list, context: context) }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { list.reset(); scene.draw(into: &list, context: context) }
        benchmark.stopMeasurement()
    }
}
