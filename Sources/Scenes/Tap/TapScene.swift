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
/// (the model takes the presentation) and the new arc starts there: nothing jumps. In the
/// Spring mode a tap sends it on a spring instead, and a second tap retargets the spring
/// keeping its velocity.
///
/// In every mode a press on the picture grabs it: it stops under the hand at once and follows
/// it; let go moving, it is thrown — it leaves at the hand's velocity and springs to where a
/// scroll view's deceleration would bring it to rest, kept inside the window
/// (TapScene+Grab).
///
/// The picture never leaves the window: a tap near an edge sends it as close as it can go
/// whole, and the half circle goes round the other side, or flattens into a half ellipse,
/// when the seed's clockwise one would carry it off screen (`flight(from:to:inside:)`). A
/// resize brings it back into the window, mid-flight too.
public final class TapScene: Scene {
    public let name = "tap"
    public let title = "Tap"
    /// What a hand can do here; presses are looked up in it, and the help is written from it.
    enum Action: Sendable, Equatable { case send, grab, path, linear, spring, velocity }
    static let bindings = Bindings<Action>([
        Binding(.send, "send the picture there along a half circle", mouse: "Click", touch: "Tap (each new finger)",
                keys: [.enter], keyLabel: "Arrows + Enter", padLabel: "Left stick + A", brief: "sends it"),
        Binding(.grab, "on the picture, grab it (it stops at once), let go moving to throw it; off it, send it there",
                mouse: "Drag the picture",
                touch: "Drag the picture", keys: [.space], keyLabel: "Hold Space on the picture + arrows",
                buttons: [.a], padLabel: "Hold A on the picture + stick", brief: "grabs, let go throws"),
        Binding(.path, "show the path", mouse: "Path button", touch: "Path button", keys: [Key("P")], buttons: [.x]),
        Binding(.linear, "show the linear-keyframe ghost", mouse: "Linear button", touch: "Linear button", keys: [Key("L")],
                buttons: [.y]),
        Binding(.spring, "Spring mode on or off", mouse: "Spring button", touch: "Spring button", keys: [Key("S")], buttons: [.b],
                brief: "Spring mode"),
        Binding(.velocity, "carry the hand's velocity into the flight, or not", mouse: "Carry button", touch: "Carry button",
                keys: [Key("V")]),
    ])
    public var controls: [Control] { Self.bindings.controls }

    public let world = World()
    public let tweener: Tweener
    public let image: Entity
    public let ghost: Entity
    public private(set) var interrupts = 0
    public private(set) var completed = 0
    /// The status line's wrapped lines, kept while what they say stays.
    var statusMemo = TextMemo<(String, Int, Int, Double, Double), [String]>()
    public private(set) var showPath = false
    public private(set) var showLinear = false
    public private(set) var carryVelocity = false
    /// How a tap sends the picture: the seed's paced half circle, or a spring.
    public internal(set) var mode = Mode.paced
    /// The Spring mode's taps move on `Spring.reducedMotion` (the paced flight is the scene's
    /// subject, and the hand's throw the hand's: both stay).
    public internal(set) var reducedMotion = false
    /// The hand holding the picture: a pointer, or the keyboard or a pad through the cursor
    /// (Space or A held on the picture; that same key or button lets go).
    public internal(set) var grab: Grip?
    /// The cursor's velocity over the last step (points per second), for a keyboard or pad throw.
    var cursorVelocity = Vec2.zero
    public internal(set) var cursor = Vec2(640, 360)
    public internal(set) var flightPath: Path?
    /// The keyboard's and gamepad's cursor shows after they are used, not for a pointer.
    public private(set) var cursorRing = FocusVisibility()
    /// Where the current (or last) flight ends.
    public internal(set) var destination: Vec2?
    /// Where a hand last sent or put the picture: a resize brings it there, within the window
    /// as it is then, so a window squeezed and restored gives the picture its place back.
    var intended: Vec2?
    /// Seconds until a picture a resize squeezed aside flies back to `intended`: a window
    /// dragged to a new size sends dozens of resizes, and a flight started at each would
    /// wander from one to the next (the review saw one heading away from its target).
    var returnIn: Double?
    /// How long the window's size must hold still before the picture flies back.
    static let returnDelay = 0.3
    public static let duration = 2.0
    public static let imageSize = 96.0
    /// The picture's side here: `imageSize`, or 12 % of the scene's smaller side where that is
    /// more (254 pt at 3840×2160, not a 96-pt speck).
    public var pictureSize: Double { max(Self.imageSize, 0.12 * min(bounds.width, bounds.height)) }
    public static let cursorSpeed = 700.0
    var bounds = Rect(x: 0, y: 40, w: 1280, h: 680)
    private var schedule = SceneSchedule<TapScene>()
    var pathButton = Button(rect: .zero, label: "Path")
    var linearButton = Button(rect: .zero, label: "Linear")
    var carryButton = Button(rect: .zero, label: "Carry")
    var springButton = Button(rect: .zero, label: "Spring")
    var flightStroke: [Vec2] = []
    var pacedTicks: [Vec2] = []
    var linearTicks: [Vec2] = []
    static let listener = 1

    public enum Mode: String, Sendable { case paced, spring }

    public init() {
        tweener = Tweener(world: world)
        image = world.spawn()
        ghost = world.spawn()
        tweener.animatables.store.insert(Animatable(position: Vec2(640, 360)), for: image)
        tweener.animatables.store.insert(Animatable(position: Vec2(640, 360), alpha: 0.45), for: ghost)
        schedule.add("input") { s, ctx in s.routeInput(ctx) }
        schedule.add("cursor") { s, ctx in s.moveCursor(ctx) }
        schedule.add("grab") { s, _ in s.followGrab() }
        schedule.add("return") { s, ctx in s.stepReturn(ctx.dt) }
        schedule.add("tweens") { s, ctx in s.tweener.step(dt: ctx.dt) }
        schedule.add("completion") { s, _ in s.countCompletions() }
    }

    /// Where the picture's centre may go: the scene's area above the status line, less half
    /// the picture and a margin.
    public var reach: Rect {
        let inset = pictureSize / 2 + 4
        let area = Rect(x: bounds.minX, y: bounds.minY, w: bounds.width, h: max(0, bounds.height - 28))
        let r = area.insetBy(dx: inset, dy: inset)
        return Rect(x: r.width > 0 ? r.minX : area.midX, y: r.height > 0 ? r.minY : area.midY, w: max(0, r.width), h: max(0, r.height))
    }

    public var model: Vec2 { tweener.animatables.store[image]!.position.model }
    public var presentation: Vec2 { tweener.animatables.store[image]!.position.presentation }
    public var isAnimating: Bool { tweener.isAnimating(image) }

    public func step(_ context: inout StepContext) { schedule.run(self, world: world, context: &context) }

    func routeInput(_ ctx: StepContext) {
        for e in ctx.events {
            cursorRing.note(e)
            switch e {
            case .pointerDown(let id, let device, let at):
                if pathButton.hit(at, device: device) { showPath.toggle(); continue }
                if linearButton.hit(at, device: device) { showLinear.toggle(); continue }
                if carryButton.hit(at, device: device) { carryVelocity.toggle(); continue }
                if springButton.hit(at, device: device) { toggleMode(); continue }
                if grab == nil, isOnPicture(at, slop: device.hitSlop) {
                    take(by: .pointer(id), at: at)
                } else if bounds.contains(at) {
                    tap(at)
                }
            case .pointerMove(let id, _, let at):
                if grab?.hand == .pointer(id) { grab?.move(to: at, velocity: ctx.input.velocity(of: id)) }
            case .pointerUp(let id, _, let at):
                if grab?.hand == .pointer(id) {
                    grab?.move(to: at)
                    letGo(velocity: ctx.input.velocity(of: id))
                }
            case .pointerCancel(let id, _):
                // Taken away mid-gesture (Escape, focus lost): it leaves at the hand's speed.
                if grab?.hand == .pointer(id) { letGo(velocity: ctx.input.velocity(of: id)) }
            case .key(.escape, true) where isHeldByKeysOrPad:
                // Escape while Space or A holds it: let go, as the key's release would.
                letGo(velocity: cursorVelocity)
            case .gamepadButton(let pad, .a, false):
                if grab?.hand == .pad(pad) { letGo(velocity: cursorVelocity) }
            case .gamepadRemoved(let pad):
                // A pad pulled out while its A holds the picture: it lets go where it is.
                if grab?.hand == .pad(pad) { letGo(velocity: .zero) }
            case .key(.space, false):
                if grab?.hand == .keyboard { letGo(velocity: cursorVelocity) }
            default:
                switch Self.bindings.action(for: e) {
                case .send: tap(cursor)
                case .grab:
                    if case .gamepadButton(let pad, _, _) = e { pressCursor(by: .pad(pad)) } else { pressCursor(by: .keyboard) }
                case .path: showPath.toggle()
                case .linear: showLinear.toggle()
                case .spring: toggleMode()
                case .velocity: carryVelocity.toggle()
                case nil: break
                }
            }
        }
    }

    /// Space or A pressed at the cursor: on the picture it takes hold (for that key or pad),
    /// elsewhere it sends the picture there.
    private func pressCursor(by hand: Hand) {
        if grab == nil, isOnPicture(cursor, slop: 8) { take(by: hand, at: cursor) } else { tap(cursor) }
    }

    func moveCursor(_ ctx: StepContext) {
        var d = Vec2.zero
        for pad in ctx.input.pads { d += pad.stick(true) }
        if ctx.input.isDown(.left) { d.x -= 1 }
        if ctx.input.isDown(.right) { d.x += 1 }
        if ctx.input.isDown(.up) { d.y -= 1 }
        if ctx.input.isDown(.down) { d.y += 1 }
        if d.length > 1 { d = d.normalized() }
        let before = cursor
        cursor += d * (Self.cursorSpeed * ctx.dt)
        cursor = Vec2(clamp(cursor.x, bounds.minX, bounds.maxX), clamp(cursor.y, bounds.minY, bounds.maxY))
        cursorVelocity = ctx.dt > 0 ? (cursor - before) / ctx.dt : .zero
        if let c = grab?.hand, !c.isPointer { grab?.move(to: cursor) }
    }

    /// Sends the picture to `target` (brought into the window), interrupting a flight in
    /// progress from where it is drawn: along the paced half circle, or in the Spring mode
    /// on a spring that keeps the flight's velocity.
    public func tap(_ target: Vec2) {
        guard grab == nil else { return }
        let goal = reach.clamped(target)
        intended = goal
        returnIn = nil
        if mode == .spring {
            if tweener.running(on: image, property: .position) != nil { interrupts += 1 }
            spring(to: goal, velocity: nil)
            return
        }
        fly(to: goal, counting: true)
    }

    func fly(to target: Vec2, counting: Bool) {
        if mode == .spring || grab != nil {
            // A resize mid-flight: the spring goes on to the destination, brought inside.
            if grab == nil { spring(to: target, velocity: nil) }
            return
        }
        if let running = tweener.running(on: image, property: .position) {
            tweener.interrupt(running)
            if counting { interrupts += 1 }
        }
        if let g = tweener.running(on: ghost, property: .position) { tweener.interrupt(g) }
        let from = model
        // Where it is going, even when it is already there (a flight a resize brought to its
        // destination, clamped into a smaller window: the dump said the old one, outside).
        destination = target
        guard from.distance(to: target) > 0.5 else { return }
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

    public func stateDump() -> JSONValue {
        .object([
            ("model", JSONValue(model)),
            ("presentation", JSONValue(presentation)),
            ("animating", .bool(isAnimating)),
            ("interrupts", JSONValue(interrupts)),
            ("completed", JSONValue(completed)),
            ("destination", destination.map { JSONValue($0) } ?? .null),
            ("velocity", JSONValue(velocity)),
            ("mode", .string(mode.rawValue)),
            ("grabbed", .bool(grab != nil)),
        ])
    }
}
