import Engine
import Entities
import Geometry
import Motion
import Paths

/// Scene "tap": technique 2 — paced keyframed motion with interrupts (seed 001).
///
/// A tap sends the picture along a half circle from where it is to the tapped point, in
/// 2 s at constant speed. A tap during the flight interrupts it from the presented position
/// (the model takes the presentation) and the new arc starts there: nothing jumps.
public final class TapScene: Scene {
    public let name = "tap"
    public let title = "Tap"
    public let controls: [Control] = [
        Control(.mouse, "Click", "send the picture there along a half circle"),
        Control(.touch, "Tap (each new finger)", "send the picture there"),
        Control(.keyboard, "Arrows + Enter", "move the cursor, send the picture to it"),
        Control(.keyboard, "P / L / V", "show the path / linear-keyframe ghost / carry velocity"),
        Control(.gamepad, "Left stick + A", "move the cursor, send the picture to it"),
        Control(.gamepad, "X / Y", "show the path / linear-keyframe ghost"),
    ]

    public let world = World()
    public let tweener: Tweener
    public let image: Entity
    public let ghost: Entity
    public private(set) var interrupts = 0
    public private(set) var completed = 0
    public private(set) var showPath = false
    public private(set) var showLinear = false
    public private(set) var carryVelocity = false
    public private(set) var cursor = Vec2(640, 360)
    public private(set) var flightPath: Path?
    public static let duration = 2.0
    public static let imageSize = 96.0
    public static let cursorSpeed = 700.0
    private var bounds = Rect(x: 0, y: 40, w: 1280, h: 680)
    private var schedule = SceneSchedule<TapScene>()
    private var pathButton = Button(rect: .zero, label: "Path")
    private var linearButton = Button(rect: .zero, label: "Linear")
    private var carryButton = Button(rect: .zero, label: "Carry")
    private var flightStroke: [Vec2] = []
    private var pacedTicks: [Vec2] = []
    private var linearTicks: [Vec2] = []
    private static let listener = 1

    public init() {
        tweener = Tweener(world: world)
        image = world.spawn()
        ghost = world.spawn()
        tweener.animatables.store.insert(Animatable(position: Vec2(640, 360)), for: image)
        tweener.animatables.store.insert(Animatable(position: Vec2(640, 360), alpha: 0.45), for: ghost)
        schedule.add("input") { s, ctx in s.routeInput(ctx) }
        schedule.add("cursor") { s, ctx in s.moveCursor(ctx) }
        schedule.add("tweens") { s, ctx in s.tweener.step(dt: ctx.dt) }
        schedule.add("completion") { s, _ in s.countCompletions() }
    }

    public func layout(bounds: Rect) {
        let first = self.bounds.isEmpty || self.bounds == Rect(x: 0, y: 40, w: 1280, h: 680)
        self.bounds = bounds
        pathButton.rect = Rect(x: bounds.minX + 12, y: bounds.minY + 12, w: 72, h: 32)
        linearButton.rect = Rect(x: bounds.minX + 92, y: bounds.minY + 12, w: 80, h: 32)
        carryButton.rect = Rect(x: bounds.minX + 180, y: bounds.minY + 12, w: 72, h: 32)
        cursor = Vec2(clamp(cursor.x, bounds.minX, bounds.maxX), clamp(cursor.y, bounds.minY, bounds.maxY))
        if first && !tweener.isAnimating(image) {
            for e in [image, ghost] { tweener.animatables.store.modify(e) { $0.position.snap(to: bounds.center) } }
            cursor = bounds.center
        }
    }

    public var model: Vec2 { tweener.animatables.store[image]!.position.model }
    public var presentation: Vec2 { tweener.animatables.store[image]!.position.presentation }
    public var isAnimating: Bool { tweener.isAnimating(image) }

    public func step(_ context: inout StepContext) { schedule.run(self, world: world, context: &context) }

    func routeInput(_ ctx: StepContext) {
        for e in ctx.events {
            switch e {
            case .pointerDown(_, let device, let at):
                if pathButton.hit(at, device: device) { showPath.toggle(); continue }
                if linearButton.hit(at, device: device) { showLinear.toggle(); continue }
                if carryButton.hit(at, device: device) { carryVelocity.toggle(); continue }
                if bounds.contains(at) { tap(at) }
            case .gamepadButton(_, .a, true), .key(.enter, true), .key(.space, true): tap(cursor)
            case .gamepadButton(_, .x, true), .key(Key("P"), true): showPath.toggle()
            case .gamepadButton(_, .y, true), .key(Key("L"), true): showLinear.toggle()
            case .key(Key("V"), true): carryVelocity.toggle()
            default: break
            }
        }
    }

    func moveCursor(_ ctx: StepContext) {
        var d = Vec2.zero
        for pad in ctx.input.pads { d += pad.stick(true) }
        if ctx.input.isDown(.left) { d.x -= 1 }
        if ctx.input.isDown(.right) { d.x += 1 }
        if ctx.input.isDown(.up) { d.y -= 1 }
        if ctx.input.isDown(.down) { d.y += 1 }
        if d.length > 1 { d = d.normalized() }
        cursor += d * (Self.cursorSpeed * ctx.dt)
        cursor = Vec2(clamp(cursor.x, bounds.minX, bounds.maxX), clamp(cursor.y, bounds.minY, bounds.maxY))
    }

    /// The seed's flight: a half circle whose diameter is the segment from `from` to `to`,
    /// turned to the segment's angle, travelled clockwise on screen.
    public static func halfCircle(from: Vec2, to: Vec2) -> Path {
        let c = (from + to) / 2
        let r = from.distance(to: to) / 2
        var p = Path()
        p.move(to: from)
        p.addEllipticalArc(center: c, rx: r, ry: r, rotation: 0, start: (from - c).angle, sweep: .pi)
        return p
    }

    /// Sends the picture to `target`, interrupting a flight in progress from where it is drawn.
    public func tap(_ target: Vec2) {
        if let running = tweener.running(on: image, property: .position) {
            tweener.interrupt(running)
            interrupts += 1
        }
        if let g = tweener.running(on: ghost, property: .position) { tweener.interrupt(g) }
        let from = model
        guard from.distance(to: target) > 0.5 else { return }
        let path = Self.halfCircle(from: from, to: target)
        let paced = PathTrack(path: path, mode: .paced), linear = PathTrack(path: path, mode: .linear)
        flightPath = path
        flightStroke = path.flattened(tolerance: 0.25).first?.points ?? []
        // Where each flight is at every tenth of its time, drawn as ticks by the path toggle.
        pacedTicks = (0...10).map { paced.position(at: Double($0) / 10) }
        linearTicks = (0...10).map { linear.position(at: Double($0) / 10) }
        var timing = MediaTiming(duration: Self.duration)
        timing.fillMode = .forwards
        timing.removedOnCompletion = false
        do {
            try tweener.add(Animation(target: image, property: .position, track: .path(paced),
                                      timing: timing, listener: Self.listener), carryVelocity: carryVelocity)
            // The ghost flies the same path with linear (not paced) keyframes, for comparison.
            tweener.animatables.store.modify(ghost) { $0.position.snap(to: from) }
            try tweener.add(Animation(target: ghost, property: .position, track: .path(linear), timing: timing))
        } catch {
            assertionFailure("tap timing is valid: \(error)")
        }
    }

    func countCompletions() {
        for e in tweener.events where e.listener == Self.listener && e.kind == .finished { completed += 1 }
    }

    public func draw(into list: inout DrawList, context: DrawContext) {
        let a = context.alpha
        if showPath, flightStroke.count > 1 {
            list.polyline(flightStroke, width: 2, color: Color.accent.withAlpha(200), closed: false)
            // Ticks every tenth of the flight: evenly spaced when paced.
            for p in pacedTicks { list.fillCircle(center: p, radius: 4, color: Color(hex: 0x06d6a0)) }
            if showLinear {
                for p in linearTicks { list.fillCircle(center: p, radius: 3, color: Color(hex: 0xffd166)) }
            }
        }
        let s = Self.imageSize
        if showLinear, let g = tweener.animatables.store[ghost] {
            list.image(Textures.photo, in: Rect(center: g.position.interpolated(a), size: Vec2(s, s)), tint: Color(255, 220, 120, 110))
        }
        if let t = tweener.animatables.store[image] {
            list.image(Textures.photo, in: Rect(center: t.position.interpolated(a), size: Vec2(s, s)))
        }
        list.strokeCircle(center: cursor, radius: 10, width: 2, color: Color.accent.withAlpha(180))
        pathButton.draw(into: &list, font: context.font, highlighted: showPath)
        linearButton.draw(into: &list, font: context.font, highlighted: showLinear)
        carryButton.draw(into: &list, font: context.font, highlighted: carryVelocity)
        list.text("interrupts \(interrupts) · completed \(completed)", at: Vec2(bounds.minX + 12, bounds.maxY - 24), font: context.font, color: .dimText)
    }

    public func stateDump() -> JSONValue {
        .object([
            ("model", JSONValue(model)),
            ("presentation", JSONValue(presentation)),
            ("animating", .bool(isAnimating)),
            ("interrupts", JSONValue(interrupts)),
            ("completed", JSONValue(completed)),
        ])
    }
}
