import Engine
import Entities
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Geometry
import Motion
import Paths

/// Scene "stress": the load the benchmark measures — path followers walking toward targets
/// that a script moves along several paths, tweens (one animation each: half paced on paths,
/// half custom scalars bobbing sprites), and sprites in a panel that scrolls back and forth;
/// all drawn as
/// 32×32 sprites, testsprite2's size, so the comparison with SDL's own benchmark is fair.
/// Sprites are drawn as testsprite2's are — unscaled, unrotated, untinted, at whole pixels —
/// which SDL's software renderer turns into direct blits; scaled, rotated or tinted quads go
/// through its triangle rasteriser, which is many times slower and allocates per triangle.
public final class StressScene: Scene {
    public struct Options: Sendable {
        public var followers = 2000
        public var tweens = 2000
        public var sprites = 2000
        public var seed: UInt64 = 1
        public var spriteSize = 32.0
        /// Where the scene starts laid out: the window it is made for. The tweens' paths are
        /// made once, in it (a later layout moves the followers and the panel, not them).
        public var bounds = Rect(x: 0, y: 0, w: 1280, h: 720)
        public init() {}
    }

    public let name = "stress"
    public let title = "Stress"
    public let controls: [Control] = []
    public let options: Options
    public let world = World()
    public let followers: Storage<PathFollower>
    public let tweener: Tweener
    public private(set) var tables: [SampleTable] = []
    public private(set) var panel = ScrollPanel(axis: .vertical, viewport: 1, contentLength: 1)
    private var panelFrame = Rect.zero
    private var gridColumns = 1
    /// Per follower: its target's phase (arc length) and speed along the path.
    private var targets: ContiguousArray<(phase: Double, speed: Double, wobble: Double)> = []
    /// This step's lateral offsets, one per weave phase.
    private var weave = ContiguousArray<Double>(repeating: 0, count: 16)
    private var tweenEntities: [Entity] = []
    private var time = 0.0
    private var bounds: Rect
    private var schedule = SceneSchedule<StressScene>()

    public init(options: Options = Options()) {
        self.options = options
        // A box with no room (or a non-finite one) would give empty paths and random places
        // from empty ranges: the default box instead.
        let b = options.bounds
        bounds = [b.minX, b.minY, b.width, b.height].allSatisfy(\.isFinite) && b.width >= 64 && b.height >= 64 ? b : Options().bounds
        followers = world.makeStorage()
        tweener = Tweener(world: world)
        followers.store.reserveCapacity(options.followers)
        tweener.animatables.store.reserveCapacity(options.tweens)
        tweener.extras.store.reserveCapacity(options.tweens)
        tweener.animations.store.reserveCapacity(options.tweens)
        schedule.add("targets") { s, ctx in s.moveTargets(ctx.dt) }
        schedule.add("followers") { s, ctx in
            let tables = s.tables
            s.followers.store.withDense { dense, _ in PathFollowerSystem.step(&dense, tables: tables, dt: ctx.dt) }
        }
        schedule.add("tweens") { s, ctx in s.tweener.step(dt: ctx.dt) }
        schedule.add("panel") { s, ctx in s.scrollPanel(ctx.dt) }
        layout(bounds: bounds)
        populate()
    }

    private func makePaths(in b: Rect) -> [Path] {
        let third = b.width / 3
        return [
            .figureEight(in: Rect(x: b.minX, y: b.minY, w: third, h: b.height)),
            .heart(in: Rect(center: Vec2(b.minX + third * 1.5, b.midY), size: Vec2(min(third, b.height) * 0.8, min(third, b.height) * 0.8))),
            .star(center: Vec2(b.minX + third * 2.5, b.midY), outer: min(third, b.height) * 0.42, inner: min(third, b.height) * 0.18),
        ]
    }

    public func layout(bounds: Rect) {
        let old = tables
        self.bounds = bounds
        tables = makePaths(in: bounds).map { SampleTable(path: $0, spacing: 1) }
        // Stuck followers ask for the nearest sample: allocate its grid now, not mid-run.
        for t in tables { t.prepareNearestQueries() }
        panelFrame = Rect(x: bounds.maxX - 220, y: bounds.minY + 10, w: 200, h: bounds.height - 20)
        gridColumns = max(1, Int(panelFrame.width / options.spriteSize))
        let rows = (options.sprites + gridColumns - 1) / gridColumns
        panel.viewport = panelFrame.height
        panel.contentLength = Double(rows) * options.spriteSize
        guard !old.isEmpty else { return }
        // Followers keep their fraction along their path.
        followers.store.withDense { dense, _ in
            for i in dense.indices {
                let t = tables[dense[i].table], o = old[dense[i].table]
                let f = o.length > 0 ? dense[i].distance / o.length : 0
                let index = t.index(atDistance: f * t.length)
                var n = PathFollower(table: dense[i].table, index: index, on: t)
                n.grabbedBy = .script
                dense[i] = n
            }
        }
    }

    private func populate() {
        var rng = SplitMix64(seed: options.seed)
        for i in 0..<options.followers {
            // Grouped by path, so the systems fetch each path's table once per step.
            let ti = min(tables.count - 1, i * tables.count / max(1, options.followers))
            let t = tables[ti]
            let e = world.spawn()
            var f = PathFollower(table: ti, index: Int(rng.next() % UInt64(max(1, t.count))), on: t)
            f.grabbedBy = .script
            followers.store.insert(f, for: e)
            targets.append((phase: t.distances[f.index], speed: rng.uniform(60, 240) * (rng.next() % 2 == 0 ? 1 : -1), wobble: Double(rng.next() % 16)))
        }
        let paced = makePaths(in: bounds).map { PathTrack(path: $0, mode: .paced) }
        let spin = try! KeyframeTrack(values: [0.0, 2 * .pi])
        // One tween is one animation: half fly a path at constant speed, half turn a custom
        // scalar that bobs a sprite standing in the left part of the window. Created in
        // batches of a kind (and path), as a game spawns them, so the tween loop's branches on
        // the kind of track predict well.
        let flying = (options.tweens + 1) / 2
        for i in 0..<options.tweens {
            let e = world.spawn()
            if i < flying {
                tweener.animatables.store.insert(Animatable(), for: e)
                var timing = MediaTiming(duration: rng.uniform(2, 6))
                timing.repeatCount = .infinity
                timing.timeOffset = rng.uniform(0, 6)
                try! tweener.add(Animation(target: e, property: .position, track: .path(paced[i * paced.count / flying]), timing: timing))
            } else {
                let spot = Vec2(rng.uniform(bounds.minX + 16, bounds.minX + bounds.width * 0.3), rng.uniform(bounds.minY + 16, bounds.maxY - 16))
                tweener.animatables.store.insert(Animatable(position: spot), for: e)
                tweener.extras.store.insert(AnimatableExtras(), for: e)
                var timing = MediaTiming(duration: rng.uniform(0.5, 2))
                timing.repeatCount = .infinity
                try! tweener.add(Animation(target: e, property: .custom(0), track: .scalar(spin), timing: timing))
            }
            tweenEntities.append(e)
        }
    }

    /// The scripted targets: each runs along its path, weaving a little across it. The weave
    /// has 16 phases, computed once per step (a sine per follower would cost as much as
    /// the walk it drives).
    func moveTargets(_ dt: Double) {
        time += dt
        let tables = self.tables
        for k in 0..<16 { weave[k] = 6 * sin(time * 3 + Double(k) * .pi / 8) }
        // Raw buffers: an array's subscript checks its bounds, and at every write that it is
        // not shared, a call each.
        weave.withUnsafeBufferPointer { weave in
            targets.withUnsafeMutableBufferPointer { tg in
                followers.store.withDense { followers, _ in
                    followers.withUnsafeMutableBufferPointer { dense in
                        // Followers are stored grouped by table: one raw view of a table per group.
                        let n = dense.count
                        var i = 0
                        while i < n {
                            let ti = dense[i].table
                            tables[ti].withUnsafeView { v in
                                let length = v.length
                                repeat {
                                    // Kept within one lap, so the lookup never has to wrap it.
                                    var phase = tg[i].phase + tg[i].speed * dt
                                    if phase >= length { phase -= length } else if phase < 0 { phase += length }
                                    tg[i].phase = phase
                                    let (p, tangent) = v.pointAndTangent(atDistance: phase)
                                    dense[i].desired = p + tangent.perpendicular * weave[Int(tg[i].wobble)]
                                    i += 1
                                } while i < n && dense[i].table == ti
                            }
                        }
                    }
                }
            }
        }
    }

    /// The panel glides up and down its content, as a person scrolling would.
    func scrollPanel(_ dt: Double) {
        let range = panel.maxOffset
        guard range > 0 else { return }
        let target = (0.5 - 0.5 * cos(time * 0.6)) * range
        panel.scroll(by: target - panel.offset)
        panel.step(dt: dt)
    }

    public func step(_ context: inout StepContext) {
        schedule.run(self, world: world, context: &context)
    }

    /// Always moving (`now`): the script moves the followers' targets along their paths, the
    /// tweens repeat, and the panel scrolls back and forth, every step, with no input.
    public var due: Due { .now }

    public func draw(into list: inout DrawList, context: DrawContext) {
        let s = options.spriteSize
        let half = Vec2(s / 2, s / 2)
        let alpha = context.alpha
        followers.store.withDense { dense, _ in
            for i in dense.indices {
                let p = dense[i].position.at(alpha)
                list.image(Textures.sprite, in: Rect(origin: (p - half).rounded, size: Vec2(s, s)))
            }
        }
        tweener.animatables.store.withDense { ts, owners in
            // Through a lookup, reading one field: the store's subscript would copy the whole
            // 200-byte extras component per sprite.
            tweener.extras.store.withDenseAndLookup { xs, extrasIndex in
                for i in ts.indices {
                    // A custom scalar bobs its sprite (a turn of 2π per cycle).
                    let bob = extrasIndex(owners[i]).map { 4 * sin(xs[$0].custom0.interpolated(alpha)) } ?? 0
                    let c = ts[i].position.interpolated(alpha) + Vec2(0, bob)
                    list.image(Textures.sprite, in: Rect(origin: (c - half).rounded, size: Vec2(s, s)))
                }
            }
        }
        list.pushClip(panelFrame)
        let top = panelFrame.minY - panel.offset
        let firstRow = max(0, Int(panel.offset / s))
        let lastRow = Int((panel.offset + panelFrame.height) / s) + 1
        for row in firstRow...lastRow {
            for col in 0..<gridColumns {
                let i = row * gridColumns + col
                guard i < options.sprites else { break }
                list.image(Textures.sprite, in: Rect(x: panelFrame.minX + Double(col) * s, y: (top + Double(row) * s).rounded(), w: s, h: s))
            }
        }
        list.popClip()
    }

    public func stateDump() -> JSONValue {
        .object([
            ("followers", JSONValue(followers.store.count)),
            ("tweens", JSONValue(tweener.animations.store.count)),
            ("sprites", JSONValue(options.sprites)),
            ("panelOffset", JSONValue(panel.offset)),
        ])
    }
}
