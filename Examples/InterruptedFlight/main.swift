// Paced keyframes, interrupted mid-flight: the second technique, on its own.
//
// Click (or tap) anywhere and the ball flies there along a curve at constant speed: a path
// track whose keyframes are paced by arc length (`PathTrack(mode: .paced)`), as Core
// Animation's `calculationMode = .paced`. Click again mid-flight and the flight is
// interrupted from where the ball is drawn (`Tweener.interrupt` keeps the presentation):
// the new flight starts there, without a jump. Space or a gamepad's A sends it to the
// opposite corner.
//
// Run: `make example NAME=interrupted-flight` or `swift run example-interrupted-flight`
// Headless: `swift run example-interrupted-flight --headless --frames 300 --script S --state out.json`
import Foundation
import MotionLabSDL

final class FlightScene: Scene {
    let name = "interrupted-flight"
    let title = "Interrupted flight"
    let controls = [Control(.mouse, "Click", "fly there; click again mid-flight to turn from where it is")]
    private let world = World()
    private let tweener: Tweener
    private let ball: Entity
    private var bounds = Rect(x: 0, y: 0, w: 1, h: 1)
    private var interrupts = 0
    /// The largest distance the drawn ball moved in one step: a jump would show here.
    private var largestStep = 0.0
    private var previous: Vec2?
    /// The current flight's curve, drawn faintly.
    private var stroke: [Vec2] = []

    init() {
        tweener = Tweener(world: world)
        ball = world.spawn()
        tweener.animatables.store.insert(Animatable(position: Vec2(100, 100)), for: ball)
    }

    var drawn: Vec2 { tweener.animatables.store[ball]!.position.presentation }

    func layout(bounds: Rect) { self.bounds = bounds }

    /// Flies to `target` along a curve bowed to one side, one second, paced.
    func fly(to target: Vec2) {
        if let running = tweener.running(on: ball, property: .position) {
            tweener.interrupt(running)
            interrupts += 1
        }
        let from = tweener.animatables.store[ball]!.position.model
        guard from.distance(to: target) > 1 else { return }
        let middle = (from + target) / 2, across = (target - from).perpendicular * 0.5
        var path = Path()
        path.move(to: from)
        path.quad(to: target, control: middle + across)
        stroke = path.flattened(tolerance: 0.5).first?.points ?? []
        var timing = MediaTiming(duration: 1)
        timing.fillMode = .forwards
        timing.removedOnCompletion = false
        _ = try? tweener.add(Animation(target: ball, property: .position, track: .path(PathTrack(path: path, mode: .paced)),
                                       timing: timing))
    }

    func step(_ context: inout StepContext) {
        for event in context.events {
            switch event {
            case .pointerDown(_, _, let at): fly(to: bounds.clamped(at))
            case .key(.space, true), .gamepadButton(_, .a, true):
                let p = tweener.animatables.store[ball]!.position.model
                fly(to: Vec2(p.x < bounds.midX ? bounds.maxX - 60 : bounds.minX + 60, p.y < bounds.midY ? bounds.maxY - 60 : bounds.minY + 60))
            default: break
            }
        }
        tweener.step(dt: context.dt)
        if let previous { largestStep = max(largestStep, drawn.distance(to: previous)) }
        previous = drawn
    }

    func draw(into list: inout DrawList, context: DrawContext) {
        list.polyline(stroke, width: 1.5, color: Color.dimText.withAlpha(120), closed: false)
        list.fillCircle(center: drawn, radius: 18, color: .accent)
        list.text("click anywhere; click again mid-flight (Space, A: the far corner)",
                  at: Vec2(bounds.minX + 12, bounds.maxY - 24), font: context.font, color: .dimText)
    }

    func stateDump() -> JSONValue {
        .object([
            ("drawn", JSONValue(drawn)), ("model", JSONValue(tweener.animatables.store[ball]!.position.model)),
            ("flying", .bool(tweener.isAnimating(ball))), ("interrupts", JSONValue(interrupts)),
            ("largestStep", JSONValue(largestStep)),
        ])
    }
}

exit(App.main(FlightScene(), title: "Interrupted flight"))
