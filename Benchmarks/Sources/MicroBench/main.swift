import BenchSupport
import Foundation
import Engine
import Entities
import Geometry
import Motion
import Paths
import Scenes

// Fixed workloads for `valgrind --tool=callgrind --branch-sim=yes`, whose instruction and
// branch-miss counts do not drift with the machine. The timed suite is package-benchmark's
// (Benchmarks/Benchmarks/MotionLabBenchmarks).
let filter = CommandLine.arguments.dropFirst().first
if !(filter ?? "").hasPrefix("probe-") {
    print("micro-bench: name a probe: probe-build, probe-query [heart|fig] [rounds], probe-tween, probe-nearest [N], probe-draw")
}

if filter == "probe-tween" {
    let track = PathTrack(path: .figureEight(in: Rect(x: 0, y: 40, w: 1280, h: 680)), mode: .paced)
    let tweener = Tweener(world: World())
    for _ in 0..<20000 {
        let e = tweener.world.spawn()
        tweener.animatables.store.insert(Animatable(), for: e)
        var timing = MediaTiming(duration: 2)
        timing.repeatCount = .infinity
        try! tweener.add(Animation(target: e, property: .position, track: .path(track), timing: timing))
    }
    for _ in 0..<10 { tweener.step(dt: 1.0 / 120) }
}

if filter == "probe-build" {
    // For perf/callgrind: building figure 8 tables.
    let rounds = CommandLine.arguments.dropFirst(2).first.flatMap { Int($0) } ?? 2000
    for _ in 0..<rounds { blackHole(SampleTable(path: .figureEight(in: Rect(x: 0, y: 40, w: 1280, h: 680)), spacing: 1)) }
}

if filter == "probe-query" {
    // For perf/callgrind: point-and-tangent queries at random arc lengths on the heart or the figure 8.
    let which = CommandLine.arguments.dropFirst(2).first ?? "heart"
    let path: Path = which == "heart" ? .heart(in: Rect(x: 100, y: 60, w: 600, h: 600)) : .figureEight(in: Rect(x: 0, y: 40, w: 1280, h: 680))
    let table = SampleTable(path: path, spacing: 1)
    var rng = SplitMix64(seed: 3)
    let at = (0..<10_000).map { _ in rng.uniform(0, table.length) }
    var sum = 0.0
    let rounds = CommandLine.arguments.dropFirst(3).first.flatMap { Int($0) } ?? 2000
    for _ in 0..<rounds {
        table.withUnsafeView { v in
            for s in at {
                let (p, t) = v.pointAndTangent(atDistance: s)
                sum += p.x + p.y + t.x + t.y
            }
        }
    }
    blackHole(sum)
}

if filter == "probe-nearest" {
    // For callgrind (deterministic instruction and branch-miss counts): 20,000 nearest
    // queries (or as many as the next argument says) on the 10,000-sample star, alternately
    // near the path and anywhere in its box. They are asked twice, and the first round fills
    // the grid's cells, so the difference between two counts is the cost of the queries
    // alone (without the table, and without filling cells).
    let table = tenThousandSampleStar()
    let queries = CommandLine.arguments.dropFirst(2).first.flatMap { Int($0) } ?? 20_000
    let b = table.sampleBounds
    var sum = 0
    for round in 0..<2 {
        var rng = SplitMix64(seed: 1)
        for k in 0..<(round == 0 ? 40_000 : queries) {
            let q = k % 2 == 0
                ? table.points[Int(rng.next() % UInt64(table.count))] + Vec2(rng.uniform(-60, 60), rng.uniform(-60, 60))
                : Vec2(rng.uniform(b.minX, b.maxX), rng.uniform(b.minY, b.maxY))
            sum &+= table.nearestIndex(to: q)!
        }
    }
    blackHole(sum)
}

if filter == "probe-draw" {
    // For callgrind: ten steps and draws of a 20,000 + 20,000 stress scene.
    let (scene, context) = spriteStressScene(followers: 20_000, tweens: 20_000)
    var ctx = StepContext(dt: 1.0 / 120, step: 0, events: [], input: InputState())
    var list = DrawList()
    for _ in 0..<10 {
        ctx.step += 1
        scene.step(&ctx)
        list.reset()
        scene.draw(into: &list, context: context)
    }
    blackHole(list.vertices.count)
}
