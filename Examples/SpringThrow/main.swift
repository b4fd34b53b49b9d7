// A spring throw: grab, fling, and let the hand's velocity carry into a spring.
//
// Press the ball (even while it is moving: it stops under your hand at once), drag it and
// let go moving. It leaves at your hand's velocity (`InputState.velocity(of:)`, a
// least-squares fit over the last 100 ms) and a spring takes it to the nearest corner of
// the window nearest where it would come to rest (`Coast.normal.projectedDistance`: where a
// scroll view flung so would stop), so motion is continuous in position and velocity. A gamepad's A or Space
// throws it to the next corner.
//
// Run: `make example NAME=spring-throw` or `swift run example-spring-throw`
// Headless: `swift run example-spring-throw --headless --frames 200 --script S --state out.json`
import Foundation
import MotionLabSDL

final class ThrowScene: Scene {
    let name = "spring-throw"
    let title = "Spring throw"
    let controls = [Control(.mouse, "Drag the ball and let go moving", "it is thrown to a corner on a spring")]
    private let world = World()
    private let tweener: Tweener
    private let ball: Entity
    private var holder: (pointer: Int, grab: Vec2)?
    private var bounds = Rect(x: 0, y: 0, w: 1, h: 1)
    private var throwCount = 0
    private var corner = 0

    init() {
        tweener = Tweener(world: world)
        ball = world.spawn()
        tweener.animatables.store.insert(Animatable(position: Vec2(100, 100)), for: ball)
    }

    var drawn: Vec2 { tweener.animatables.store[ball]!.position.presentation }
    var corners: [Vec2] { [Vec2(bounds.minX + 60, bounds.minY + 60), Vec2(bounds.maxX - 60, bounds.minY + 60),
                           Vec2(bounds.maxX - 60, bounds.maxY - 60), Vec2(bounds.minX + 60, bounds.maxY - 60)] }

    func layout(bounds: Rect) { self.bounds = bounds }

    /// Springs to `target`, starting at `velocity`.
    func spring(to target: Vec2, velocity: Vec2) {
        if let running = tweener.running(on: ball, property: .position) { tweener.interrupt(running) }
        _ = try? tweener.add(.spring(target: ball, property: .position, to: target, spring: Spring(duration: 0.6, bounce: 0.15),
                                     initialVelocity: velocity))
    }

    func step(_ context: inout StepContext) {
        for event in context.events {
            switch event {
            case .pointerDown(let id, let device, let at) where holder == nil && at.distance(to: drawn) <= 30 + device.hitSlop:
                // Caught: the flight ends where the ball is drawn, and it follows the hand.
                if let running = tweener.running(on: ball, property: .position) { tweener.interrupt(running) }
                holder = (id, drawn - at)
            case .pointerMove(let id, _, let at) where id == holder?.pointer:
                tweener.animatables.store.modify(ball) { $0.position.follow(at + holder!.grab) }
            case .pointerUp(let id, _, _) where id == holder?.pointer:
                holder = nil
                let v = context.input.velocity(of: id)
                // Where the throw would come to rest, then the corner nearest that.
                let rest = drawn + Coast.normal.projectedDistance(v)
                corner = corners.indices.min { corners[$0].distance(to: rest) < corners[$1].distance(to: rest) } ?? 0
                spring(to: corners[corner], velocity: v)
                throwCount += 1
            case .key(.space, true), .gamepadButton(_, .a, true):
                corner = (corner + 1) % 4
                spring(to: corners[corner], velocity: .zero)
            default: break
            }
        }
        tweener.step(dt: context.dt)
    }

    func draw(into list: inout DrawList, context: DrawContext) {
        for c in corners { list.strokeCircle(center: c, radius: 34, width: 1, color: .dimText) }
        list.fillCircle(center: drawn, radius: 30, color: holder == nil ? .accent : .white)
        list.text("drag the ball and let go moving", at: Vec2(bounds.minX + 12, bounds.maxY - 24), font: context.font, color: .dimText)
    }

    func stateDump() -> JSONValue {
        .object([("drawn", JSONValue(drawn)), ("corner", JSONValue(corner)), ("throws", JSONValue(throwCount)),
                 ("moving", .bool(tweener.isAnimating(ball))), ("held", .bool(holder != nil))])
    }
}

exit(App.main(ThrowScene(), title: "Spring throw"))
