// Copying drag and drop between two scrolling panels: the fourth technique, on its own.
//
// The left panel lists colours, the right collects copies. Drag a colour sideways out of
// the left panel (or press and hold it) to lift a copy, and drop it on the right panel: it
// flies into the next free place there, leaving at your hand's speed. Dropped elsewhere, it
// flies home. Drag along a panel to scroll it, with momentum; carried near a panel's edge,
// the panel scrolls by itself. `DragDrop` decides each press and moves what is carried.
//
// Run: `make example NAME=copy-drag-drop` or `swift run example-copy-drag-drop`
// Headless: `swift run example-copy-drag-drop --headless --frames 200 --script S --state out.json`
import Foundation
import MotionLabSDL

final class CopyScene: Scene {
    let name = "copy-drag-drop"
    let title = "Copy drag and drop"
    let controls = [Control(.mouse, "Drag a colour sideways", "lift a copy; drop it on the right panel")]
    static let colors = (0..<24).map { k in Color(hex: [0xe63946, 0xf4a261, 0x2a9d8f, 0x4cc9f0, 0x9b5de5, 0xffd166][k % 6]) }
    static let row = 64.0
    private var dd = DragDrop<Int>(rules: .init(bodyInset: Vec2(0.2, 0.2)))
    private var source = SpaceTree.SpaceID.root, target = SpaceTree.SpaceID.root
    /// The copies on the right, by colour, in order.
    private var copies: [Int] = []
    private var bounds = Rect(x: 0, y: 0, w: 1, h: 1)

    func layout(bounds: Rect) {
        self.bounds = bounds
        let w = (bounds.width - 60) / 2, h = bounds.height - 80
        dd.reset()
        dd.spaces = SpaceTree(rootSize: bounds.size)
        source = dd.spaces.addPanel(ScrollPanel(axis: .vertical, viewport: h, contentLength: Double(Self.colors.count) * Self.row),
                                    parent: .root, frame: Rect(x: 20, y: 20, w: w, h: h))
        target = dd.spaces.addPanel(ScrollPanel(axis: .vertical, viewport: h, contentLength: Double(copies.count + 1) * Self.row),
                                    parent: .root, frame: Rect(x: 40 + w, y: 20, w: w, h: h))
        dd.panels = [source, target]
        dd.zones = [target]
    }

    /// Row `k` of `panel`, in root (window) points.
    func frame(_ k: Int, in panel: SpaceTree.SpaceID) -> Rect {
        let w = dd.spaces.frame(of: panel).width
        return dd.spaces.convert(Rect(x: 8, y: Double(k) * Self.row + 6, w: w - 16, h: Self.row - 12), from: panel, to: .root)
    }

    func step(_ context: inout StepContext) {
        var lifts: [DragDrop<Int>.Lift] = []
        for event in context.events {
            switch event {
            // A copy flying home is caught where it is.
            case .pointerDown(let id, let device, let at) where dd.catchFlight(id, at: at, device: device): break
            case .pointerDown(let id, let device, let at):
                let panel = dd.panel(at: at)
                let k = panel == source ? Int(dd.spaces.fromRoot(at, to: source).y / Self.row) : -1
                dd.press(id, at: at, on: panel, item: Self.colors.indices.contains(k) ? k : nil, device: device)
            case .pointerMove(let id, _, let at):
                if let lift = dd.move(id, to: at, velocity: context.input.velocity(of: id)) { lifts.append(lift) }
            case .pointerUp(let id, _, _), .pointerCancel(let id, _):
                let cancelled = if case .pointerCancel = event { true } else { false }
                if let r = dd.release(id, cancelled: cancelled, velocity: context.input.velocity(of: id)) { land(r) }
            default: break
            }
        }
        for lift in lifts + dd.advanceHolds(context.dt) {
            dd.lift(lift.item, carrier: lift.carrier, frame: frame(lift.item, in: source), at: lift.at, pressedAt: lift.pressedAt)
        }
        dd.step(context.dt)
    }

    /// A carry let go: over the right panel a copy is made there, and the carry flies into
    /// its place; anywhere else it flies home.
    func land(_ r: DragDrop<Int>.Release) {
        let c = dd[carry: r.index]
        guard !r.cancelled, c.target == 0 else { return dd.fly(r.index, to: frame(c.item, in: source), kind: .returning) }
        copies.append(c.item)
        dd.spaces[panel: target].contentLength = Double(copies.count + 1) * Self.row
        dd.fly(r.index, to: frame(copies.count - 1, in: target), kind: .settling)
    }

    func draw(into list: inout DrawList, context: DrawContext) {
        for (panel, items) in [(source, Array(Self.colors.indices)), (target, copies)] {
            let box = dd.spaces.rootFrame(of: panel)
            list.fillRect(box, color: .panel)
            list.pushClip(box)
            for (k, item) in items.enumerated() {
                // A copy still flying in is drawn by its carry, not yet in its place.
                if panel == target && k == items.count - 1 && dd.isLifted(item, carriedOnly: false) { continue }
                list.fillRect(frame(k, in: panel), color: Self.colors[item])
            }
            list.popClip()
            if panel == target && dd.targets.contains(0) { list.strokeRect(box, width: 3, color: .accent) }
        }
        for c in dd.carries { list.fillRect(c.frame, color: Self.colors[c.item].withAlpha(220)) }
        list.text("drag a colour to the right panel", at: Vec2(bounds.minX + 12, bounds.maxY - 30), font: context.font, color: .dimText)
    }

    func stateDump() -> JSONValue {
        .object([("copies", .array(copies.map { JSONValue($0) })), ("carries", JSONValue(dd.carries.count)),
                 ("targetOffset", JSONValue(dd.spaces[panel: target].offset))])
    }
}

exit(App.main(CopyScene(), title: "Copy drag and drop"))
