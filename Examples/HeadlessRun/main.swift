// A headless scripted run that prints a state: the engine with no window and no SDL.
//
// `MotionLabKit` alone (no platform): a scene with one spring-driven ball, stepped by the
// frame driver on a virtual clock through `NullPlatform`, with input from a script (the
// same JSON Lines `motionlab play --script` reads), and its state printed as JSON at the
// end. Deterministic to the byte: the same script gives the same output on every machine.
// This is how the demo's tests and pictures are made.
//
// Run: `make example NAME=headless-run` or `swift run example-headless-run [--frames N] [--script FILE]`
// (without a script it clicks at (300, 200) on frame 10).
import Foundation
import MotionLabKit

/// A ball that springs to each click, keeping its velocity when sent somewhere new.
final class SpringScene: Scene {
    let name = "spring"
    let title = "Spring"
    let controls = [Control(.mouse, "Click", "the ball springs there")]
    private let world = World()
    private let tweener: Tweener
    private let ball: Entity
    private var clicks = 0

    init() {
        tweener = Tweener(world: world)
        ball = world.spawn()
        tweener.animatables.store.insert(Animatable(position: Vec2(50, 50)), for: ball)
    }

    func layout(bounds: Rect) {}

    func step(_ context: inout StepContext) {
        for case .pointerDown(_, _, let at) in context.events {
            clicks += 1
            let velocity = tweener.running(on: ball, property: .position).flatMap { tweener.springVelocity(of: $0, as: Vec2.self) }
            if let running = tweener.running(on: ball, property: .position) { tweener.interrupt(running) }
            // A gentle spring: about 0.5 s to settle, a little bounce.
            _ = try? tweener.add(.spring(target: ball, property: .position, to: at, spring: Spring(duration: 0.5, bounce: 0.2),
                                         initialVelocity: velocity ?? .zero))
        }
        tweener.step(dt: context.dt)
    }

    func draw(into list: inout DrawList, context: DrawContext) {
        list.fillCircle(center: tweener.animatables.store[ball]!.position.presentation, radius: 12, color: .accent)
    }

    func stateDump() -> JSONValue {
        let p = tweener.animatables.store[ball]!.position
        return .object([("ball", JSONValue(p.presentation)), ("moving", .bool(tweener.isAnimating(ball))), ("clicks", JSONValue(clicks))])
    }
}

var frames = 120
var script = [ScriptedEvent(frame: 10, event: .pointerDown(pointer: 0, device: .mouse, at: Vec2(300, 200)))]
var arguments = CommandLine.arguments.dropFirst()
while let a = arguments.popFirst() {
    switch a {
    case "--frames": frames = arguments.popFirst().flatMap(Int.init) ?? frames
    case "--script":
        guard let path = arguments.popFirst(), let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            FileHandle.standardError.write(Data("headless-run: --script needs a readable file\n".utf8))
            exit(2)
        }
        do { script = try InputScript.parse(text) } catch {
            FileHandle.standardError.write(Data("headless-run: \(path):\(error.line): \(error.message)\n".utf8))
            exit(2)
        }
    default:
        FileHandle.standardError.write(Data("headless-run: unknown option '\(a)' (options: --frames N, --script FILE)\n".utf8))
        exit(2)
    }
}

let scene = SpringScene()
let size = Vec2(640, 480)
let host = SceneHost(scene: scene, size: size, font: .placeholder)
let driver = FrameDriver(platform: NullPlatform(size: size), content: host, hz: 120, virtualFrameTime: 1.0 / 60, script: script)
driver.frameLimit = frames
try driver.run()
print(scene.stateDump().serialized())
