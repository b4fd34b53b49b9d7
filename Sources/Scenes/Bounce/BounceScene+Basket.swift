import Engine
import Entities
import Geometry

// The basket: a strip along the bottom that scrolls sideways and keeps balls out of play —
// the drag-and-drop system's second user. A ball thrown onto it goes in; a ball in it is
// lifted with an upward drag (or by holding it) and dropped back into play where it is let
// go; a sideways drag scrolls it. Down and Up (the d-pad's too) put the newest ball in and
// take the last one out.
extension BounceScene {
    /// A ball kept in the basket: what it looks like.
    public struct Kept: Sendable, Equatable {
        public var radius: Double
        public var tint: Color
    }

    /// The basket's height, and one ball's slot along it.
    public static let basketHeight = 64.0
    public static let slotWidth = 56.0

    var basketFrame: Rect {
        let h = min(Self.basketHeight, max(0, bounds.height / 3))
        return Rect(x: bounds.minX + 12, y: bounds.maxY - h - 8, w: max(0, bounds.width - 24), h: h)
    }

    /// Where slot `i` is in the basket's content.
    func slotFrame(_ i: Int) -> Rect {
        Rect(x: 4 + Double(i) * Self.slotWidth, y: 0, w: Self.slotWidth, h: basketFrame.height)
    }

    /// The root-space frame ball `i` of the basket is drawn in (its size, centred in its slot).
    public func keptRootFrame(_ i: Int) -> Rect {
        let d = basket[i].radius * 2
        let slot = dragDrop.spaces.convert(slotFrame(i), from: basketContent, to: .root)
        return Rect(center: slot.center, size: Vec2(d, d))
    }

    public var basketPanel: ScrollPanel { dragDrop.spaces[panel: basketSpace] }

    /// Lays out the arena (where balls bounce) above the basket, and the basket's spaces; the
    /// basket keeps its offset and motion.
    func rebuildBasket() {
        let f = basketFrame
        arena = Rect(x: bounds.minX, y: bounds.minY, w: bounds.width, h: max(0, f.minY - 8 - bounds.minY))
        let hadPanel = dragDrop.spaces.isPanel(basketSpace)
        var panel = hadPanel ? basketPanel : ScrollPanel(axis: .horizontal, viewport: 1, contentLength: 1)
        let offset = panel.offset
        panel.viewport = f.width
        panel.contentLength = 8 + Double(basket.count) * Self.slotWidth
        if !panel.isMoving { panel.setOffset(offset) }
        var spaces = SpaceTree(rootSize: Vec2(bounds.maxX, bounds.maxY))
        basketSpace = spaces.addPanel(panel, parent: .root, frame: f)
        basketContent = spaces.add(parent: basketSpace, frame: Rect(x: 0, y: 0, w: panel.contentLength, h: f.height))
        arenaSpace = spaces.add(parent: .root, frame: arena)
        dragDrop.spaces = spaces
        dragDrop.panels = [basketSpace]
        dragDrop.zones = [arenaSpace]
        dragDrop.zoneClip = arenaSpace
    }

    /// The basket ball under `p`, if any.
    func keptBall(at p: Vec2) -> Int? {
        guard basketFrame.contains(p) else { return nil }
        let x = dragDrop.spaces.convert(p, from: .root, to: basketContent).x
        let i = Int(((x - 4) / Self.slotWidth).rounded(.down))
        return basket.indices.contains(i) && !dragDrop.isLifted(i, carriedOnly: false) ? i : nil
    }

    /// A pointer pressed on the basket: the drag and drop decides what it becomes.
    func pressBasket(_ id: Int, device: PointerDevice, at: Vec2) {
        dragDrop.press(id, at: at, on: basketSpace, item: keptBall(at: at), device: device)
    }

    func lift(_ l: DragDrop<Int>.Lift) {
        dragDrop.lift(l.item, carrier: l.carrier, frame: keptRootFrame(l.item), at: l.at, pressedAt: l.pressedAt,
                      removableFrom: basketSpace)
    }

    /// A pointer let go of a basket ball moving at `velocity`: over the arena it is back in
    /// play where it was let go, thrown at the hand's velocity; anywhere else it goes back
    /// to its slot.
    func releaseBasket(_ id: Int, cancelled: Bool, velocity: Vec2) {
        guard let r = dragDrop.release(id, cancelled: cancelled, velocity: velocity) else { return }
        let c = dragDrop.removeCarry(at: r.index)
        guard !cancelled, dragDrop.dropZone(pointer: c.pointer, body: c.frame) != nil else { return }
        let kept = takeOut(r: c.item)
        let p = Vec2(clamp(c.frame.center.x, arena.minX + kept.radius, max(arena.minX + kept.radius, arena.maxX - kept.radius)),
                     clamp(c.frame.center.y, arena.minY + kept.radius, max(arena.minY + kept.radius, arena.maxY - kept.radius)))
        addBall(Body(position: Interpolated(p), velocity: velocity, radius: kept.radius, tint: kept.tint, born: stepNumber))
    }

    /// Removes basket ball `i`; what was lifted from later slots keeps pointing at its ball.
    @discardableResult
    func takeOut(r i: Int) -> Kept {
        let kept = basket.remove(at: i)
        dragDrop.forget { $0 == i }
        dragDrop.updateItems { if $0 > i { $0 -= 1 } }
        rebuildBasket()
        return kept
    }

    /// Puts ball `e` in the basket (it leaves play at the end of this step).
    func putInBasket(_ e: Entity) {
        guard let b = bodies.store[e], !leaving.contains(e) else { return }
        leaving.append(e)
        world.deferDestroy(e)
        basket.append(Kept(radius: b.radius, tint: b.tint))
        rebuildBasket()
    }

    /// Down: the newest ball in play goes in the basket. Up: the last one in the basket comes
    /// out at the top of the arena.
    func basketKey(down: Bool) {
        if down {
            let store = bodies.store
            let newest = store.owners.indices.filter { !leaving.contains(store.owners[$0]) }.max { a, b in
                (store.dense[a].born, store.owners[a].index) < (store.dense[b].born, store.owners[b].index)
            }
            if let i = newest { putInBasket(store.owners[i]) }
        } else if let i = basket.indices.last(where: { !dragDrop.isLifted($0, carriedOnly: true) }) {
            let kept = takeOut(r: i)
            let p = Vec2(arena.midX, arena.minY + kept.radius)
            addBall(Body(position: Interpolated(p), velocity: .zero, radius: kept.radius, tint: kept.tint, born: stepNumber))
        }
    }

    /// Each step: holds lift, a carry at the basket's ends scrolls it, the basket's momentum.
    func stepBasket(_ dt: Double) {
        for l in dragDrop.advanceHolds(dt) { lift(l) }
        dragDrop.step(dt)
    }

    func drawBasket(into list: inout DrawList, font: BitmapFont) {
        let f = basketFrame
        guard f.width > 0, f.height > 0 else { return }
        list.fillRect(f, color: Color.panel.withAlpha(220))
        list.pushClip(f)
        let first = max(0, Int((basketPanel.offset / Self.slotWidth).rounded(.down)) - 1)
        let last = min(basket.count, first + Int(f.width / Self.slotWidth) + 3)
        for i in first..<max(first, last) {
            let lifted = dragDrop.isLifted(i, carriedOnly: true)
            list.image(Textures.ball, in: keptRootFrame(i), tint: lifted ? basket[i].tint.withAlpha(70) : basket[i].tint)
        }
        if basket.isEmpty {
            list.text("basket · throw a ball here, or press ↓", at: Vec2(f.minX + 12, f.midY - font.cellHeight / 2), font: font, color: .dimText)
        }
        list.scrollIndicator(basketPanel, in: f)
        list.popClip()
        dragDrop.drawHoldProgress(into: &list)
    }

    /// The balls carried out of the basket, above everything.
    public func drawOverlay(into list: inout DrawList, context: DrawContext) {
        for c in dragDrop.carries {
            list.image(Textures.ball, in: c.frame, tint: basket[c.item].tint)
            list.strokeCircle(center: c.frame.center, radius: c.frame.width / 2 + 4, width: 2, color: c.target == nil ? .dimText : .white)
        }
    }

    var basketDump: JSONValue {
        .object([
            ("offset", JSONValue(basketPanel.offset)),
            ("balls", .array(basket.map { k in .object([("radius", JSONValue(k.radius))]) })),
            ("carried", .array(dragDrop.carries.map { c in
                .object([("slot", JSONValue(c.item)), ("carriedBy", c.carrier.json), ("frame", JSONValue(c.frame)),
                         ("overArena", .bool(c.target != nil))])
            })),
        ])
    }
}
