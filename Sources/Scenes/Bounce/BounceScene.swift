import Engine
import Entities
import Geometry

/// Balls bouncing inside the window. Click or tap empty space to add a ball, drag a ball to
/// throw it, Space or gamepad A adds one at random, Backspace or gamepad B removes the
/// oldest. Along the bottom, a basket (BounceScene+Basket) keeps balls out of play. It exercises the whole pipeline: pointers with ids, the
/// gamepad, deferred spawns and destroys, interpolation and sprites. It holds at most
/// `maxBalls`; an add past that is refused and the status line says so.
public final class BounceScene: Scene {
    /// A ball's physical state.
    public struct Body: Sendable {
        public var position: Interpolated
        public var velocity: Vec2
        public var radius: Double
        public var tint: Color
        /// Step it was made in, so "remove the oldest" is well defined.
        public var born: Int
    }

    public let name = "bounce"
    public let title = "Bounce"
    /// What a hand can do here; presses are looked up in it, and the help is written from it.
    enum Action: Sendable, Equatable { case add, throwBall, keep, carryBack, cancelCarry, scroll, remove, intoBasket, outOfBasket }
    static let bindings = Bindings<Action>([
        Binding(.add, "add a ball", mouse: "Click empty space", touch: "Tap empty space", keys: [.space], buttons: [.a],
                brief: "adds a ball"),
        Binding(.throwBall, "throw it", mouse: "Drag a ball", touch: "Drag balls (several fingers at once)", brief: "throws it"),
        Binding(.keep, "keep it there, out of play", mouse: "Let a ball go over the basket", touch: "Let a ball go over the basket"),
        Binding(.carryBack, "carry it back into play", mouse: "Drag a basket ball up (or hold it)",
                touch: "Drag a basket ball up (or hold it)", brief: "carries it back"),
        Binding(.cancelCarry, "while carrying a basket ball, put it back", keys: [.escape], brief: "puts it back"),
        Binding(.scroll, "scroll the basket", mouse: "Drag the basket sideways / wheel", touch: "Drag the basket sideways"),
        Binding(.remove, "remove the oldest ball", keys: [.backspace, Key("Delete")], buttons: [.b], brief: "removes the oldest"),
        Binding(.intoBasket, "the newest ball into the basket", keys: [.down], keyLabel: "↓", buttons: [.dpdown], brief: "one ball into the basket"),
        Binding(.outOfBasket, "the last ball out of the basket", keys: [.up], keyLabel: "↑", buttons: [.dpup], brief: "one out"),
    ])
    public var controls: [Control] { Self.bindings.controls }

    public let world = World()
    public let bodies: Storage<Body>
    public let grabs: Storage<Grip>
    /// The pointers holding a ball, each press with its ball (`Presses`, the one recogniser).
    var ballPresses = Presses<Entity>()
    /// The balls' collisions with one another (buffers reused from step to step).
    var collisions = DiscCollisions()
    private var schedule = SceneSchedule<BounceScene>()
    var bounds = Rect(x: 0, y: 0, w: 1280, h: 720)
    /// Where balls bounce: the bounds above the basket.
    public internal(set) var arena = Rect(x: 0, y: 0, w: 1280, h: 720)
    /// The balls kept in the basket, in slot order.
    public internal(set) var basket: [Kept] = []
    /// The basket's drag and drop: its balls are carried back into play (the arena is the
    /// one drop zone).
    public internal(set) var dragDrop = DragDrop<Int>()
    var basketSpace = SpaceTree.SpaceID.root
    var basketContent = SpaceTree.SpaceID.root
    var arenaSpace = SpaceTree.SpaceID.root
    /// Balls put in the basket this step (destroyed at its end).
    var leaving: [Entity] = []
    var rng: SplitMix64
    var stepNumber = 0
    public static let gravity = 900.0
    /// The most balls the scene holds; an add past it is refused until one is removed. A
    /// thousand balls step and draw in a small part of a frame with the software renderer;
    /// a script that added 300,000 made 60 frames take over a minute.
    public static let maxBalls = 1000
    /// Adds refused so far because the scene held `maxBalls`.
    public private(set) var refusedAdds = 0
    /// Balls added in this step and not yet in `bodies` (their inserts are deferred).
    private var queuedAdds = 0
    public static let palette: [Color] = [Color(hex: 0xf72585), Color(hex: 0x4cc9f0), Color(hex: 0xffd166), Color(hex: 0x06d6a0), Color(hex: 0xb5179e)]

    public init(seed: UInt64 = 1, initialBalls: Int = 12) {
        rng = SplitMix64(seed: seed)
        bodies = world.makeStorage()
        grabs = world.makeStorage()
        rebuildBasket()
        schedule.add("interpolation") { s, _ in s.beginStep() }
        schedule.add("input") { s, ctx in s.routeInput(&ctx) }
        schedule.add("basket") { s, ctx in s.stepBasket(ctx.dt) }
        schedule.add("grab") { s, ctx in s.followGrabs(ctx.dt) }
        schedule.add("motion") { s, ctx in s.integrate(ctx.dt) }
        schedule.add("collisions") { s, _ in s.collide() }
        for _ in 0..<min(max(0, initialBalls), Self.maxBalls) { spawnBall(at: nil) }
        world.applyDeferred()
        queuedAdds = 0
    }

    public var systemNames: [String] { schedule.names }

    /// A new size: each ball keeps its place in proportion to the arena (balls made before
    /// the first layout spread over the whole window, not the default's corner of it), kept
    /// inside.
    public func layout(bounds: Rect) {
        self.bounds = bounds
        let old = arena, oldScale = ballScale
        rebuildBasket()
        let bounds = arena
        let grow = ballScale / oldScale
        func scaled(_ v: Double, _ lo: Double, _ span: Double, _ newLo: Double, _ newSpan: Double) -> Double {
            span > 0 ? newLo + (v - lo) / span * newSpan : v
        }
        bodies.store.withDense { dense, _ in
            for i in dense.indices {
                dense[i].radius *= grow
                let r = dense[i].radius
                let p = dense[i].position.current
                let q = Vec2(scaled(p.x, old.minX, old.width, bounds.minX, bounds.width),
                             scaled(p.y, old.minY, old.height, bounds.minY, bounds.height))
                dense[i].position.teleport(to: Vec2(clamp(q.x, bounds.minX + r, max(bounds.minX + r, bounds.maxX - r)),
                                                    clamp(q.y, bounds.minY + r, max(bounds.minY + r, bounds.maxY - r))))
            }
        }
        // Balls squeezed together by a smaller window part again (a crowd against one wall
        // takes more passes than a step's collisions do).
        collide(iterations: 256)
    }

    public func step(_ context: inout StepContext) {
        stepNumber = context.step
        schedule.run(self, world: world, context: &context)
    }

    func beginStep() {
        queuedAdds = 0  // the last step's adds are in `bodies` now
        leaving.removeAll(keepingCapacity: true)
        bodies.store.withDense { dense, _ in
            for i in dense.indices { dense[i].position.beginStep() }
        }
    }

    /// How much larger than at 720 points balls are in this arena: 1 up to an arena 720
    /// points on its shorter side, then in proportion (at 3840×2160, about 2.8), so a large
    /// window is not a few specks in an empty field.
    var ballScale: Double { max(1, min(arena.width, arena.height) / 720) }

    /// Adds a ball at `p` (or somewhere random in the upper half), unless the scene holds
    /// `maxBalls` already (then nil).
    @discardableResult
    func spawnBall(at p: Vec2?) -> Entity? {
        guard bodies.store.count + queuedAdds + basket.count < Self.maxBalls else {
            refusedAdds += 1
            return nil
        }
        let r = rng.uniform(14, 26) * ballScale
        let pos = p ?? freeSpot(radius: r)
        let v = Vec2(rng.uniform(-300, 300), rng.uniform(-200, 50))
        let tint = Self.palette[Int(rng.next() % UInt64(Self.palette.count))]
        return addBall(Body(position: Interpolated(pos), velocity: v, radius: r, tint: tint, born: stepNumber))
    }

    /// Puts `body` in play (at the end of this step).
    @discardableResult
    func addBall(_ body: Body) -> Entity {
        queuedAdds += 1
        let e = world.spawn()
        bodies.store.deferInsert(body, for: e)
        return e
    }

    /// Removes the ball made first (the lowest slot among those born in the same step).
    func removeOldest() {
        let store = bodies.store
        let oldest = store.owners.indices.min { a, b in
            (store.dense[a].born, store.owners[a].index) < (store.dense[b].born, store.owners[b].index)
        }
        if let i = oldest { world.deferDestroy(store.owners[i]) }
    }

    /// The topmost ball under `p` within the pointer's slop, if any.
    func ball(at p: Vec2, slop: Double) -> Entity? {
        var best: (Entity, Double)?
        bodies.store.withDense { dense, owners in
            for i in dense.indices {
                let d = dense[i].position.current.distance(to: p) - dense[i].radius
                if d <= slop, best == nil || d < best!.1 { best = (owners[i], d) }
            }
        }
        return best?.0
    }

    func routeInput(_ ctx: inout StepContext) {
        for event in ctx.events {
            switch event {
            case .pointerDown(let id, let device, let at) where basketFrame.contains(at):
                pressBasket(id, device: device, at: at)
            case .pointerDown(let id, let device, let at):
                let pressed = ball(at: at, slop: device.hitSlop)
                if let e = pressed, !grabs.store.contains(e) {
                    let c = bodies.store[e]!.position.current
                    // Held at once (not at the step's end): an up in the same step, a quick
                    // tap, finds it and lets it go.
                    grabs.store.insert(Grip(hand: .pointer(id), at: at, holding: c), for: e)
                    ballPresses.begin(id, device: device, at: at, target: e)
                } else if pressed == nil, arena.contains(at) {
                    // Empty space only: a press on a ball another hand holds does nothing.
                    spawnBall(at: at)
                }
            case .pointerMove(let id, _, let at):
                if let m = ballPresses.move(id, to: at, slop: 0) {
                    let v = ctx.input.velocity(of: id)
                    grabs.store.modify(ballPresses[m.index].target) { $0.move(to: at, velocity: v) }
                }
                if let l = dragDrop.move(id, to: at) { lift(l) }
            case .pointerUp(let id, _, let at):
                let v = ctx.input.velocity(of: id)
                release(pointer: id, velocity: v, at: at)
                releaseBasket(id, cancelled: false, velocity: v)
            case .pointerCancel(let id, _):
                release(pointer: id, velocity: nil, at: nil)
                releaseBasket(id, cancelled: true, velocity: .zero)
            case .wheel(let dx, let dy):
                dragDrop.wheel(dx: dx, dy: dy, at: ctx.input.mousePosition)

            default:
                switch Self.bindings.action(for: event) {
                case .intoBasket: basketKey(down: true)
                case .outOfBasket: basketKey(down: false)
                case .add: spawnBall(at: nil)
                case .remove: removeOldest()
                // The balls carried out of the basket go back to it (Escape quits the app
                // only when nothing is carried: `claims`).
                case .cancelCarry: for id in dragDrop.pointersCarrying { releaseBasket(id, cancelled: true, velocity: .zero) }
                case .throwBall, .keep, .carryBack, .scroll, nil: break
                }
            }
        }
    }

    /// Pointer `id` let go of what it held, moving at `velocity` (the hand's, from the
    /// `VelocityTracker`; nil: cancelled, it drops still): thrown at that velocity, or let go
    /// over the basket (at `at`) and kept there.
    private func release(pointer id: Int, velocity: Vec2?, at: Vec2?) {
        // Its ball may have gone meanwhile (removed, or put in the basket).
        guard let e = ballPresses.end(id)?.target, grabs.store[e]?.hand == .pointer(id) else { return }
        grabs.store.remove(e)
        bodies.store.modify(e) { $0.velocity = velocity ?? .zero }
        if velocity != nil, let at, basketFrame.contains(at) { putInBasket(e) }
    }

    public func claims(_ key: Key) -> Bool { key == .escape && !dragDrop.pointersCarrying.isEmpty }

    public func draw(into list: inout DrawList, context: DrawContext) {
        let alpha = context.alpha
        let held = grabs.store
        bodies.store.withDense { dense, owners in
            for i in dense.indices {
                let b = dense[i]
                // A held ball is drawn at the newest step, not interpolated a step behind.
                let c = b.position.at(held.contains(owners[i]) ? 1 : alpha)
                let s = b.radius * 2
                list.image(Textures.ball, in: Rect(center: c, size: Vec2(s, s)), tint: b.tint)
                if held.contains(owners[i]) {
                    list.strokeCircle(center: c, radius: b.radius + 4, width: 2, color: .white)
                }
            }
        }
        drawBasket(into: &list, font: context.font)
        let full = bodies.store.count + basket.count >= Self.maxBalls
        list.text(status, at: Vec2(arena.minX + 12, arena.maxY - 22), font: context.font, color: full ? .text : .dimText)
    }

    /// The status line: how many balls, and at `maxBalls` that no more can be added.
    public var status: String {
        let count = bodies.store.count, kept = basket.isEmpty ? "" : ", \(basket.count) in the basket"
        return count + basket.count >= Self.maxBalls
            ? "balls: \(count)\(kept), the most there can be · Backspace removes the oldest" : "balls: \(count)\(kept)"
    }

    public func stateDump() -> JSONValue {
        var balls: [(Int, JSONValue)] = []
        bodies.store.withDense { dense, owners in
            for i in dense.indices {
                let b = dense[i]
                balls.append((Int(owners[i].index), .object([
                    ("id", .string(owners[i].description)),
                    ("x", JSONValue(b.position.current.x)), ("y", JSONValue(b.position.current.y)),
                    ("vx", JSONValue(b.velocity.x)), ("vy", JSONValue(b.velocity.y)), ("r", JSONValue(b.radius)),
                    ("grabbed", .bool(grabs.store.contains(owners[i]))),
                ])))
            }
        }
        return .object([
            ("count", JSONValue(bodies.store.count)),
            ("balls", .array(balls.sorted { $0.0 < $1.0 }.map(\.1))),
            ("basket", basketDump),
        ])
    }
}
