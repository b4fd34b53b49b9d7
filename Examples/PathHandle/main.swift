// A handle dragged along a path: the first technique, on its own.
//
// Drag the ring with the mouse or a finger and it slides along the heart, never off it,
// keeping to its branch where it is; the arrow keys or a gamepad's left stick push it
// along. The path is sampled once by arc length (`SampleTable`); a drag walks the samples
// from where the ring is toward the finger (`SampleTable.walk`), as the original does.
//
// Run: `make example NAME=path-handle` or `swift run example-path-handle`
// Headless: `swift run example-path-handle --headless --frames 300 --script S --state out.json`
import Foundation
import MotionLabSDL

final class PathHandleScene: Scene {
    let name = "path-handle"
    let title = "Path handle"
    let controls = [Control(.mouse, "Drag the ring", "it slides along the path")]
    private var table = SampleTable(path: .heart(in: Rect(x: 0, y: 0, w: 400, h: 400)))
    private var strokes: [Vec2] = []
    /// The ring's sample, and where the drag wants it (the pointer's accumulated movement).
    private var index = 0
    private var desired = Vec2.zero
    private var holder: Int?
    private var lastPointer = Vec2.zero
    private var radius = 16.0
    private var bounds = Rect(x: 0, y: 0, w: 1, h: 1)

    func layout(bounds: Rect) {
        self.bounds = bounds
        let side = min(bounds.width, bounds.height) * 0.8
        let fraction = table.isEmpty ? 0 : table.fraction(ofIndex: index)
        table = SampleTable(path: .heart(in: Rect(center: bounds.center, size: Vec2(side, side))), spacing: 1)
        strokes = Array(table.points)
        index = table.index(atDistance: fraction * table.length)
        radius = max(16, side * 0.03)
    }

    var point: Vec2 { table.isEmpty ? bounds.center : table.points[index] }

    func step(_ context: inout StepContext) {
        for event in context.events {
            switch event {
            case .pointerDown(let id, let device, let at) where holder == nil:
                // Fingers are blunter than the mouse: `hitSlop` adds to the ring.
                if at.distance(to: point) <= radius + device.hitSlop {
                    holder = id
                    desired = point
                    lastPointer = at
                }
            case .pointerMove(let id, _, let at) where id == holder:
                desired += at - lastPointer
                lastPointer = at
                index = table.walk(from: index, toward: desired).index
            case .pointerUp(let id, _, _) where id == holder, .pointerCancel(let id, _) where id == holder:
                holder = nil
            default:
                break
            }
        }
        guard holder == nil else { return }
        // Keys and sticks push along the path: their direction against the tangent.
        var push = Vec2.zero
        if context.input.isDown(.left) { push.x -= 1 }
        if context.input.isDown(.right) { push.x += 1 }
        if context.input.isDown(.up) { push.y -= 1 }
        if context.input.isDown(.down) { push.y += 1 }
        for pad in context.input.pads { push += pad.stick(true) }
        let speed = push.dot(table.tangents[index]) * 300  // points per second
        let samples = Int((speed * context.dt / table.spacing).rounded())
        if samples != 0 { index = table.advance(index, by: samples).index }
    }

    func draw(into list: inout DrawList, context: DrawContext) {
        list.polyline(strokes, width: 2, color: Color(hex: 0xdfe6ee), closed: true)
        list.fillCircle(center: point, radius: radius + 2, color: Color.red.withAlpha(holder == nil ? 0 : 70))
        list.strokeCircle(center: point, radius: radius, width: 2, color: .red)
        list.text("drag the ring, or use the arrows or a stick", at: Vec2(bounds.minX + 12, bounds.maxY - 24),
                  font: context.font, color: .dimText)
    }

    func stateDump() -> JSONValue {
        // How far the ring is from the path's nearest sample: 0 while it rides it.
        let nearest = table.nearestIndex(to: point).map { table.points[$0].distance(to: point) } ?? 0
        return .object([
            ("x", JSONValue(point.x)), ("y", JSONValue(point.y)), ("index", JSONValue(index)),
            ("fraction", JSONValue(table.fraction(ofIndex: index))), ("offPath", JSONValue(nearest)),
            ("held", .bool(holder != nil)),
        ])
    }
}

exit(App.main(PathHandleScene(), title: "Path handle"))
