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

/// Scene "tap": technique 2 — paced keyframed motion with interrupts.
///
/// A tap sends the picture along a half circle from where it is to the tapped point, in
/// 2 s at constant speed. A tap during the flight interrupts it from the presented position
/// (the model takes the presentation) and the new arc starts there: nothing jumps.
///
/// The picture never leaves the window: a tap near an edge sends it as close as it can go
/// whole, and the half circle goes round the other side, or flattens into a half ellipse,
/// when the seed's clockwise one would carry it off screen (`flight(from:to:inside:)`). A
/// resize brings it back into the window, mid-flight too.
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
    /// The keyboard's and gamepad's cursor shows after they are used, not for a pointer.
    public private(set) var cursorRing = FocusVisibility()
    /// Where the current (or last) flight ends.
    public private(set) var destination: Vec2?
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

    /// Where the picture's centre may go: the scene's area above the status line, less half
    /// the picture and a margin.
    public var reach: Rect {
        let inset = Self.imageSize / 2 + 4
        let area = Rect(x: bounds.minX, y: bounds.minY, w: bounds.width, h: max(0, bounds.height - 28))
        let r = area.insetBy(dx: inset, dy: inset)
        return Rect(x: r.width > 0 ? r.minX : area.midX, y: r.height > 0 ? r.minY : area.midY, w: max(0, r.width), h: max(0, r.height))
    }

    public func layout(bounds: Rect) {
        let first = self.bounds.isEmpty || self.bounds == Rect(x: 0, y: 40, w: 1280, h: 680)
        let changed = bounds != self.bounds
        self.bounds = bounds
        let rects = Button.flow([72, 80, 72], in: bounds)
        (pathButton.rect, linearButton.rect, carryButton.rect) = (rects[0], rects[1], rects[2])
        cursor = Vec2(clamp(cursor.x, bounds.minX, bounds.maxX), clamp(cursor.y, bounds.minY, bounds.maxY))
        if first && !tweener.isAnimating(image) {
            for e in [image, ghost] { tweener.animatables.store.modify(e) { $0.position.snap(to: bounds.center) } }
            cursor = bounds.center
        } else if changed {
            refit()
        }
    }

    /// After a resize the picture is brought into the new area where it is drawn (nothing
    /// is drawn outside the window), and a flight goes on from there to its destination,
    /// brought into the area too.
    private func refit() {
        let area = reach
        let flying = tweener.isAnimating(image)
        for e in [image, ghost] {
            if let running = tweener.running(on: e, property: .position) { tweener.interrupt(running) }
        }
        let p = area.clamped(presentation)
        for e in [image, ghost] { tweener.animatables.store.modify(e) { $0.position.snap(to: p) } }
        if flying, let d = destination { fly(to: area.clamped(d), counting: false) }
    }

    public var model: Vec2 { tweener.animatables.store[image]!.position.model }
    public var presentation: Vec2 { tweener.animatables.store[image]!.position.presentation }
    public var isAnimating: Bool { tweener.isAnimating(image) }

    public func step(_ context: inout StepContext) { schedule.run(self, world: world, context: &context) }

    func routeInput(_ ctx: StepContext) {
        for e in ctx.events {
            cursorRing.note(e)
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

    /// The flight from `from` to `to` keeping every point inside `area`: the seed's clockwise
    /// half circle when it fits; else the other side's; else, on the side with more room, a
    /// half ellipse on the same diameter whose bulge is shrunk until it fits (found by
    /// bisection over 64 points of the arc).
    public static func flight(from: Vec2, to: Vec2, inside area: Rect) -> Path {
        let c = (from + to) / 2, r = from.distance(to: to) / 2
        guard r > 0 else { return halfCircle(from: from, to: to) }
        let d = (from - c) / r
        let clockwise = Vec2(-d.y, d.x)
        let eps = 1e-6 * max(1, r)
        func fits(_ bulge: Double, _ n: Vec2) -> Bool {
            (0...64).allSatisfy { k in
                let t = Double(k) / 64 * .pi
                let p = c + d * (r * cos(t)) + n * (bulge * sin(t))
                return p.x >= area.minX - eps && p.x <= area.maxX + eps && p.y >= area.minY - eps && p.y <= area.maxY + eps
            }
        }
        if fits(r, clockwise) { return halfCircle(from: from, to: to) }
        var best = (bulge: 0.0, side: 1.0)
        for side in [1.0, -1.0] {
            var lo = 0.0, hi = r
            if fits(r, clockwise * side) { lo = r }
            for _ in 0..<30 where lo < hi {
                let mid = (lo + hi) / 2
                if fits(mid, clockwise * side) { lo = mid } else { hi = mid }
            }
            if lo > best.bulge { best = (lo, side) }
        }
        var p = Path()
        p.move(to: from)
        p.addEllipticalArc(center: c, rx: r, ry: best.bulge, rotation: d.angle, start: 0, sweep: .pi * best.side)
        return p
    }

    /// Sends the picture to `target` (brought into the window), interrupting a flight in
    /// progress from where it is drawn.
    public func tap(_ target: Vec2) {
        fly(to: reach.clamped(target), counting: true)
    }

    private func fly(to target: Vec2, counting: Bool) {
        if let running = tweener.running(on: image, property: .position) {
            tweener.interrupt(running)
            if counting { interrupts += 1 }
        }
        if let g = tweener.running(on: ghost, property: .position) { tweener.interrupt(g) }
        let from = model
        guard from.distance(to: target) > 0.5 else { return }
        destination = target
        let path = Self.flight(from: from, to: target, inside: reach.union(Rect(center: from, size: .zero)))
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
        if cursorRing.isVisible { list.strokeCircle(center: cursor, radius: 10, width: 2, color: Color.accent.withAlpha(180)) }
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
            ("destination", destination.map { JSONValue($0) } ?? .null),
        ])
    }
}
