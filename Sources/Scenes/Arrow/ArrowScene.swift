import Engine
import Entities
import Geometry
import Motion

/// Scene "arrow": technique 3 — a custom property animated every frame.
///
/// The ring arrow is rebuilt as triangles every frame from its `lengthRadians`, which a
/// tween plays from 0 to 2π and back (linear, autoreverses, 2 s each way). The arrow masks
/// the picture: the picture is drawn through the arrow's triangles with matching texture
/// coordinates. The Go button hides while it plays and comes back from the completion event.
///
/// The play can be taken in hand (ArrowScene+Scrub): dragged along the ring (or with ← →, or
/// the stick) the arrow's length follows; let go, it finishes or goes back at the hand's
/// speed; R (pad X) reverses it mid-play without a jump.
public final class ArrowScene: Scene {
    public let name = "arrow"
    public let title = "Arrow"
    /// What a hand can do here; presses are looked up in it, and the help is written from it.
    enum Action: Sendable, Equatable { case go, scrub, reverse, outline }
    static let bindings = Bindings<Action>([
        Binding(.go, "play the arrow", mouse: "Click Go", touch: "Tap Go", keys: [.enter], keyLabel: "Enter",
                buttons: [.a], brief: "plays"),
        Binding(.scrub, "scrub the arrow; let go to finish or go back at that speed", mouse: "Drag along the ring",
                touch: "Drag along the ring", keyLabel: "← → (hold)", padLabel: "Left stick sideways", brief: "scrubs"),
        Binding(.reverse, "reverse it mid-play", keys: [Key("R")], buttons: [.x], brief: "reverses"),
        Binding(.outline, "outline stroke on or off", keys: [Key("O")]),
    ])
    public var controls: [Control] { Self.bindings.controls }

    public let world = World()
    public let tweener: Tweener
    public let arrow: Entity
    public internal(set) var goButton = Button(rect: .zero, label: "Go")
    /// The ring's width as a share of its outer radius: the inner radius is 3/4 of the outer at
    /// every window size (the seed's 60 pt on a 256-pt ring at 1280×720, near enough).
    public static let thicknessRatio = 0.25
    /// How far the arrowhead's base reaches beyond the ring on each side, as a share of the ring's width.
    public static let barbRatio = 0.4
    public private(set) var thickness = 60.0
    public var startRadians = -Double.pi / 2
    public var headLengthRadians = Double.pi / 16
    public var fillColor = Color.white
    public var strokeColor = Color(hex: 0xf72585)
    public var lineWidth = 0.0
    public var lineJoin = LineJoin.round
    public private(set) var imageRect = Rect(x: 460, y: 200, w: 360, h: 360)
    /// The scene's area, as last laid out.
    private var bounds = Rect(x: 0, y: 40, w: 1280, h: 680)
    private var schedule = SceneSchedule<ArrowScene>()
    static let listener = 2
    /// Who is scrubbing the arrow, if anyone: a pointer, or `.keyboard` for ← → and the
    /// sticks sideways (they scrub together).
    public internal(set) var scrubber: Hand?
    /// Whether the play was turned round (R) and has not ended since.
    public internal(set) var reversed = false
    /// The scrubbing hand's last angle round the ring, and the keys' turning speed.
    var scrubAngle = 0.0
    /// Where the hand scrubbing is (root space), for its turning speed when it is taken away.
    var scrubPoint = Vec2.zero
    var keyOmega = 0.0
    /// Whether a hand or the keys moved the arrow this step (`holdScrub`).
    var lengthSetThisStep = false
    /// After growing to the whole ring, shrink back (the play's second half).
    var thenShrink = false
    /// Where the current leg or release spring goes (NaN: the seed's own play).
    var legTarget = Double.nan
    /// The custom channel that holds `lengthRadians`.
    public static let lengthChannel = 0

    public init() {
        tweener = Tweener(world: world)
        arrow = world.spawn()
        tweener.extras.store.insert(AnimatableExtras(), for: arrow)
        schedule.add("input") { s, ctx in s.routeInput(ctx) }
        schedule.add("scrub") { s, ctx in s.scrubWithKeys(ctx) }
        schedule.add("hold") { s, _ in s.holdScrub() }
        schedule.add("tweens") { s, ctx in s.tweener.step(dt: ctx.dt) }
        schedule.add("completion") { s, _ in s.handleCompletions() }
    }

    public func layout(bounds: Rect) {
        self.bounds = bounds
        let side = max(40, min(bounds.width, bounds.height - 80) * 0.8)
        imageRect = Rect(center: Vec2(bounds.midX, bounds.midY - 20), size: Vec2(side, side))
        thickness = outerRadius * Self.thicknessRatio
        goButton.rect = Rect(center: Vec2(bounds.midX, min(bounds.maxY - 30, imageRect.maxY + 30)), size: Vec2(120, Button.height(in: bounds)))
    }

    /// The ring's outer radius: the picture's half-width less the arrowhead's barb, so the
    /// whole arrow stays on the picture it masks.
    public var outerRadius: Double { imageRect.width / 2 / (1 + Self.thicknessRatio * Self.barbRatio) }
    public var innerRadius: Double { outerRadius - thickness }

    public var lengthRadians: Double { tweener.extras.store[arrow]![custom: Self.lengthChannel].presentation }
    public var isAnimating: Bool { tweener.isAnimating(arrow) }

    public func step(_ context: inout StepContext) { schedule.run(self, world: world, context: &context) }

    func routeInput(_ ctx: StepContext) {
        for e in ctx.events {
            switch e {
            case .pointerDown(_, let device, let at) where goButton.hit(at, device: device): go()
            case .pointerDown(let id, let device, let at) where scrubber == nil && isOnRing(at, slop: device.hitSlop):
                beginScrub(.pointer(id), at: at)
            case .pointerMove(let id, _, let at) where scrubber == .pointer(id): scrub(to: at)
            case .pointerUp(let id, _, let at) where scrubber == .pointer(id):
                scrub(to: at)
                endScrub(omega: angularVelocity(ctx.input.velocity(of: id), at: at))
            case .pointerCancel(let id, _) where scrubber == .pointer(id):
                // Taken away mid-scrub (Escape, focus lost): it goes on at the hand's speed.
                endScrub(omega: angularVelocity(ctx.input.velocity(of: id), at: scrubPoint))
            default:
                switch Self.bindings.action(for: e) {
                case .go: go()
                case .reverse: reverse()
                case .outline: lineWidth = lineWidth > 0 ? 0 : 3
                case .scrub, nil: break
                }
            }
        }
    }

    /// Plays lengthRadians 0 → 2π and back; hides the Go button until the completion event.
    public func go() {
        guard !goButton.isHidden, scrubber == nil else { return }
        legTarget = .nan
        reversed = false
        var timing = MediaTiming(duration: 2)
        timing.autoreverses = true
        do {
            let track = try KeyframeTrack(values: [0.0, 2 * .pi])
            try tweener.add(Animation(target: arrow, property: .custom(Self.lengthChannel), track: .scalar(track),
                                      timing: timing, timingFunction: .linear, listener: Self.listener))
            goButton.isHidden = true
        } catch {
            assertionFailure("arrow animation is valid: \(error)")
        }
    }

    func handleCompletions() {
        for e in tweener.events where e.listener == Self.listener && e.kind == .finished { legEnded() }
    }

    public func shape(lengthRadians: Double) -> ArrowShape {
        ArrowShape(center: imageRect.center, outerRadius: outerRadius, thickness: thickness,
                   startRadians: startRadians, lengthRadians: lengthRadians, headLengthRadians: headLengthRadians,
                   barb: thickness * Self.barbRatio)
    }

    public func draw(into list: inout DrawList, context: DrawContext) {
        let length = tweener.extras.store[arrow]![custom: Self.lengthChannel].interpolated(context.alpha)
        let s = shape(lengthRadians: length)
        // A faint frame shows where the picture is; the arrow reveals it.
        list.polyline([imageRect.origin, Vec2(imageRect.maxX, imageRect.minY), Vec2(imageRect.maxX, imageRect.maxY), Vec2(imageRect.minX, imageRect.maxY)],
                      width: 1, color: Color.dimText.withAlpha(60), closed: true)
        // A quarter pixel from the true arcs at the display's scale (a quarter point was
        // 0.75 px at 3 px/pt: 50-pixel flats along the outer arc at 3840x2160).
        let ppp = list.pixelsPerPoint
        let tolerance = ppp.isFinite && ppp > 0 ? 0.25 / ppp : 0.25
        s.fill(into: &list, color: fillColor, texture: Textures.photo, imageRect: imageRect, tolerance: tolerance)
        if lineWidth > 0, length != 0 {
            list.polyline(s.outline(tolerance: tolerance), width: lineWidth, color: strokeColor, closed: true, join: lineJoin)
        }
        goButton.draw(into: &list, font: context.font, highlighted: true)
        // At rest the scene is an empty frame: say what to do, above the picture.
        list.text(context.font.fitted(hint, width: bounds.width - 24), at: Vec2(bounds.minX + 12, bounds.minY + 8),
                  font: context.font, color: .dimText)
    }

    /// The one-line hint: what plays, scrubs and reverses the arrow.
    public let hint = "Go/Enter: play · drag the ring: scrub · R: reverse"

    public func stateDump() -> JSONValue {
        .object([
            ("lengthRadians", JSONValue(lengthRadians)),
            ("animating", .bool(isAnimating)),
            ("goVisible", .bool(!goButton.isHidden)),
            ("fraction", JSONValue(fraction)),
            ("outerRadius", JSONValue(outerRadius)),
            ("innerRadius", JSONValue(innerRadius)),
            ("reversed", .bool(reversed)),
            ("scrubbing", .bool(scrubber != nil)),
        ])
    }
}
