// An animated custom shape used as a mask: the third technique, on its own.
//
// A pie wedge whose sweep is a custom animated property (`AnimatableExtras`' custom channel,
// a keyframe track from 0 to a full turn that autoreverses and repeats for ever) is built
// again every frame as triangles, anti-aliased by a one-pixel fringe, and used as a mask
// over a picture (`DrawList.beginMask`): only the wedge shows the picture. Click, Space or
// a gamepad's A reverses it from where it is drawn.
//
// Run: `make example NAME=shape-mask` or `swift run example-shape-mask`
// Headless: `swift run example-shape-mask --headless --frames 120 --screenshot out.bmp --state out.json`
import Foundation
import MotionLabSDL

final class MaskScene: Scene {
    let name = "shape-mask"
    let title = "Shape mask"
    let controls = [Control(.mouse, "Click", "reverse the wedge from where it is")]
    /// The picture the wedge masks (`Resources/photo.png`).
    static let photo = TextureID(raw: 3)
    private let world = World()
    private let tweener: Tweener
    private let wedge: Entity
    private static let sweep = 0  // the custom channel that holds the wedge's sweep
    private var bounds = Rect(x: 0, y: 0, w: 1, h: 1)
    private var reversals = 0
    /// The sweep a step ago: which way it is going.
    private var lastSweep = 0.0

    init() {
        tweener = Tweener(world: world)
        wedge = world.spawn()
        tweener.extras.store.insert(AnimatableExtras(), for: wedge)
        play(from: 0, to: 2 * .pi, forever: true)
    }

    /// The sweep as drawn now.
    var angle: Double { tweener.extras.store[wedge]![custom: Self.sweep].presentation }

    /// Animates the sweep from `a` to `b` (2 s for a whole turn), for ever back and forth or once.
    func play(from a: Double, to b: Double, forever: Bool) {
        if let running = tweener.running(on: wedge, property: .custom(Self.sweep)) { tweener.interrupt(running) }
        var timing = MediaTiming(duration: max(0.05, 2 * abs(b - a) / (2 * .pi)))
        timing.autoreverses = forever
        timing.repeatCount = forever ? .infinity : 0
        timing.fillMode = .forwards
        timing.removedOnCompletion = false
        guard let track = try? KeyframeTrack(values: [a, b]) else { return }
        _ = try? tweener.add(Animation(target: wedge, property: .custom(Self.sweep), track: .scalar(track),
                                       timing: timing, timingFunction: .linear))
    }

    func layout(bounds: Rect) { self.bounds = bounds }

    /// The picture's rect: a square in the middle of the window.
    var pictureRect: Rect {
        let side = min(bounds.width, bounds.height) * 0.8
        return Rect(center: bounds.center, size: Vec2(side, side))
    }

    func step(_ context: inout StepContext) {
        for event in context.events {
            switch event {
            case .pointerDown, .key(.space, true), .gamepadButton(_, .a, true):
                // From where it is drawn, back the way it came.
                let now = angle
                play(from: now, to: now >= lastSweep ? 0 : 2 * .pi, forever: false)
                reversals += 1
            default: break
            }
        }
        lastSweep = angle
        tweener.step(dt: context.dt)
    }

    /// The wedge's outline: the centre, then the arc from 12 o'clock through `sweep`.
    func outline(sweep: Double) -> [Vec2] {
        let r = pictureRect.width * 0.45, c = pictureRect.center
        let n = max(2, Int(abs(sweep) / (2 * .pi) * 96) + 1)
        return [c] + (0...n).map { k in c + Vec2.unit(angle: -.pi / 2 + sweep * Double(k) / Double(n)) * r }
    }

    func draw(into list: inout DrawList, context: DrawContext) {
        let sweep = tweener.extras.store[wedge]![custom: Self.sweep].interpolated(context.alpha)
        list.strokeRect(pictureRect, width: 1, color: .dimText)
        if sweep > 1e-3 {
            let points = outline(sweep: sweep)
            // White is full coverage in a mask; the picture comes in where it is drawn.
            let verts = points.map { DrawVertex($0, .white) }
            let indices = (1..<(points.count - 1)).flatMap { [Int32(0), Int32($0), Int32($0 + 1)] }
            list.beginMask(MaskScene.photo, in: pictureRect)
            list.triangles(verts, indices: indices)
            list.fringe(around: points, color: .white)
            list.endMask()
        }
        list.text("click, Space or A reverses it", at: Vec2(bounds.minX + 12, bounds.maxY - 24), font: context.font, color: .dimText)
    }

    func stateDump() -> JSONValue {
        .object([("sweep", JSONValue(angle)), ("playing", .bool(tweener.isAnimating(wedge))), ("reversals", JSONValue(reversals))])
    }
}

// The picture the mask shows, registered beside the font's atlas the app writes with.
var images = TextureCatalog.withFont
images.register(MaskScene.photo, file: "photo.png")
exit(App.main(MaskScene(), title: "Shape mask", images: images))
