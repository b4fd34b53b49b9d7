import Foundation
import Engine
import Entities
import Geometry
import Motion
import Paths
import Scenes

let filter = CommandLine.arguments.dropFirst().first
func wanted(_ name: String) -> Bool { filter.map { name.contains($0) } ?? true }

print("| benchmark | result | target |")
print("| --- | --- | --- |")

if wanted("path") {
    let bounds = Rect(x: 0, y: 40, w: 1280, h: 680)
    let build = median(runs: 300) { blackHole(SampleTable(path: .figureEight(in: bounds), spacing: 1)) }
    row("figure 8 table build, 1280×720, 1 pt", us(build), "< 100 µs")

    // Building tables (sampling), and asking one for the point and tangent at an arc length
    // between samples (the paced tweens' and orbiting handles' query), per path kind.
    let shapes: [(String, Path)] = [("figure 8 (arcs and lines)", .figureEight(in: bounds)),
                                    ("heart (cubics)", .heart(in: Rect(x: 100, y: 60, w: 600, h: 600))),
                                    ("ellipse", .ellipse(in: Rect(x: 100, y: 100, w: 900, h: 400)))]
    for (name, path) in shapes {
        let build = median(runs: 100) { blackHole(SampleTable(path: path, spacing: 1)) }
        let table = SampleTable(path: path, spacing: 1)
        var rng = SplitMix64(seed: 3)
        let at = (0..<10_000).map { _ in rng.uniform(0, table.length) }
        let query = median(runs: 30) {
            var sum = 0.0
            table.withUnsafeView { v in
                for s in at {
                    let (p, t) = v.pointAndTangent(atDistance: s)
                    sum += p.x + p.y + t.x + t.y
                }
            }
            blackHole(sum)
        } / Double(at.count)
        row("\(name), \(table.count) samples: build / point and tangent at an arc length",
            String(format: "%.0f µs / %.1f ns", build * 1e6, query * 1e9))
    }

    let big = tenThousandSampleStar()  // a constant, so the timed closures borrow it instead of copying
    var rng = SplitMix64(seed: 1)
    let b = big.sampleBounds
    // Where the query is used: presses near the path (within 60 pt), and anywhere in its box.
    let near = (0..<2000).map { _ in big.points[Int(rng.next() % UInt64(big.count))] + Vec2(rng.uniform(-60, 60), rng.uniform(-60, 60)) }
    let anywhere = (0..<2000).map { _ in Vec2(rng.uniform(b.minX, b.maxX), rng.uniform(b.minY, b.maxY)) }
    for (name, queries) in [("within 60 pt of the path", near), ("anywhere in its bounds", anywhere)] {
        let tree = median(runs: 30) { for q in queries { blackHole(big.nearestIndex(to: q)) } } / Double(queries.count)
        let scan = median(runs: 5) { for q in queries { blackHole(big.nearestIndexByScan(to: q)) } } / Double(queries.count)
        row("nearest sample \(name), \(big.count) samples: tree / scan", String(format: "%.3f µs / %.2f µs = %.0f×", tree * 1e6, scan * 1e6, scan / tree), "≥ 50×")
    }

    // The grid in front of the tree is laid out by a table's first query, and each of its
    // cells is filled by the first query that lands in it: what those first queries cost.
    let newTables: [(String, () -> SampleTable)] = [("figure 8", { SampleTable(path: .figureEight(in: bounds), spacing: 1) }),
                                                    ("10,000-sample star", tenThousandSampleStar)]
    for (name, make) in newTables {
        var times: [Double] = []
        for _ in 0..<21 {
            let fresh = make()
            let p = fresh.points[fresh.count / 3] + Vec2(7, -5)
            let t0 = DispatchTime.now().uptimeNanoseconds
            blackHole(fresh.nearestIndex(to: p))
            times.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9)
        }
        row("first nearest query on a new \(name) table (lays out its grid, fills a cell)", us(times.sorted()[10]))
    }

    // Local walk per step: a handle following a finger moving 4 pt per step round the figure 8.
    let fig = SampleTable(path: .figureEight(in: bounds), spacing: 1)
    var index = 0
    var k = 0
    let walk = median(runs: 50) {
        for _ in 0..<1000 {
            k += 4
            let target = fig.points[k % fig.count] + Vec2(3, -2)
            index = fig.walk(from: index, toward: target).index
        }
    } / 1000
    blackHole(index)
    row("local walk per step (4 pt of finger travel)", String(format: "%.0f ns", walk * 1e9))

    // Followers stepped: 100,000 handles on the figure 8, half walking toward moving
    // targets, half orbiting.
    let n = 100_000
    var followers = ContiguousArray<PathFollower>()
    followers.reserveCapacity(n)
    for i in 0..<n {
        var f = PathFollower(table: 0, index: (i * 37) % fig.count, on: fig)
        if i % 2 == 0 { f.grabbedBy = .pointer(i) } else { f.orbitSpeed = 300 }
        followers.append(f)
    }
    let tables = [fig]
    var step = 0
    let followerStep = median(runs: 30) {
        step += 1
        for i in stride(from: 0, to: n, by: 2) {
            followers[i].desired = fig.points[(i * 37 + step * 3) % fig.count]
        }
        PathFollowerSystem.step(&followers, tables: tables, dt: 1.0 / 120)
    }
    row("100,000 followers, one 120 Hz step", ms(followerStep), "< 4 ms")
}


if wanted("tween") {
    // Paced tweens on paths and plain scalar tweens, evaluated per 120 Hz step.
    let bounds = Rect(x: 0, y: 40, w: 1280, h: 680)
    let shapes = [Path.figureEight(in: bounds), .heart(in: Rect(x: 100, y: 100, w: 500, h: 500)),
                  .star(center: Vec2(640, 360), outer: 300, inner: 120)]
    let plainPaths = shapes.map { PathTrack(path: $0, mode: .paced) }
    let turningPaths = shapes.map { PathTrack(path: $0, mode: .paced, rotationMode: .auto) }
    for (label, n, onPath, turning) in [("10,000 paced-on-path tweens", 10_000, true, false),
                                        ("100,000 paced-on-path tweens", 100_000, true, false),
                                        ("100,000 paced-on-path tweens, rotation auto", 100_000, true, true),
                                        ("10,000 plain scalar tweens", 10_000, false, false),
                                        ("100,000 plain scalar tweens", 100_000, false, false)] {
        let paths = turning ? turningPaths : plainPaths
        let tweener = Tweener(world: World())
        tweener.animatables.store.reserveCapacity(n)
        tweener.animations.store.reserveCapacity(n)
        let scalar = try! KeyframeTrack(values: [0.0, 6.283], timingFunctions: [.easeInEaseOut])
        for i in 0..<n {
            let e = tweener.world.spawn()
            if onPath { tweener.animatables.store.insert(Animatable(), for: e) } else { tweener.extras.store.insert(AnimatableExtras(), for: e) }
            var timing = MediaTiming(duration: 2 + Double(i % 7) * 0.3)
            timing.repeatCount = .infinity
            timing.autoreverses = !onPath
            let track: Track = onPath ? .path(paths[i % paths.count]) : .scalar(scalar)
            try! tweener.add(Animation(target: e, property: onPath ? .position : .custom(0), track: track, timing: timing))
        }
        let t = median(runs: 20) { tweener.step(dt: 1.0 / 120) }
        row("\(label), one 120 Hz step", ms(t), onPath && n == 100_000 && !turning ? "< 4 ms" : "")
    }
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
    var o = StressScene.Options()
    o.followers = 20_000
    o.tweens = 20_000
    o.sprites = 0
    let scene = StressScene(options: o)
    scene.layout(bounds: Rect(x: 0, y: 0, w: 1280, h: 720))
    let font = try! BitmapFont(metrics: "cell 8 16\ncolumns 16\nchars  ?", texture: .none)
    let context = DrawContext(font: font, alpha: 0.5, bounds: Rect(x: 0, y: 0, w: 1280, h: 720))
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

if wanted("stress") {
    // The stress scene's simulation step at 100,000 followers and 100,000 tweened sprites,
    // and each half alone.
    for (label, f, t) in [("stress step: 100,000 followers + 100,000 tweened sprites", 100_000, 100_000),
                          ("stress step: 100,000 followers only", 100_000, 0),
                          ("stress step: 100,000 tweened sprites only", 0, 100_000)] {
        var o = StressScene.Options()
        o.followers = f
        o.tweens = t
        o.sprites = 0
        let scene = StressScene(options: o)
        scene.layout(bounds: Rect(x: 0, y: 0, w: 1280, h: 720))
        var ctx = StepContext(dt: 1.0 / 120, step: 0, events: [], input: InputState())
        let time = median(runs: 30) { ctx.step += 1; scene.step(&ctx) }
        row(label, ms(time), f > 0 && t > 0 ? "< 8.3 ms" : "")
        if f > 0 && t > 0 {
            // The frame's draw list for the same scene: one 32×32 sprite quad per entity.
            let font = try! BitmapFont(metrics: "cell 8 16\ncolumns 16\nchars  ?", texture: .none)
            let context = DrawContext(font: font, alpha: 0.5, bounds: Rect(x: 0, y: 0, w: 1280, h: 720))
            var list = DrawList()
            let draw = median(runs: 30) { list.reset(); scene.draw(into: &list, context: context) }
            row("draw list for it: \(list.vertices.count / 4) sprite quads", ms(draw))
        }
    }
}

