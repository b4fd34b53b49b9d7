import Engine
import Entities
import Geometry
import Motion
import Paths

/// Scene "board": technique 4 — copying drag & drop between two scrolling panels (seed 004).
///
/// A horizontal strip of chord cards scrolls sideways; a sheet of lyric lines scrolls up and
/// down. A press on a card waits for 10 pt of movement and then decides: mostly vertical
/// picks up a copy, mostly horizontal scrolls the strip (and the decision holds). The copy
/// (a ghost) follows its pointer in root space; dropped on the sheet, it goes to the line it
/// overlaps most, converted into that line's space, at the drop x and centred vertically.
/// Placed chords can be dragged again, to move them or, out of the sheet, to delete them.
/// Holding a ghost near a panel's edge scrolls that panel.
public final class BoardScene: Scene {
    public let name = "board"
    public let title = "Board"
    public let controls: [Control] = [
        Control(.mouse, "Drag a card up or down", "pick up a copy; drop it on a lyric line"),
        Control(.mouse, "Drag sideways / wheel", "scroll the strip or the sheet"),
        Control(.mouse, "Drag a placed chord", "move it, or drop it off the sheet to delete"),
        Control(.touch, "Same as the mouse", "one ghost per finger, two at once"),
        Control(.gamepad, "D-pad ← → / A", "choose a card / pick it up, drop it"),
        Control(.gamepad, "Left stick / B", "move the ghost / cancel"),
        Control(.gamepad, "Right stick", "scroll the strip (x) and the sheet (y)"),
    ]

    /// Chord names in the order of `Resources/chords.bmp` (see `scripts/make-resources`).
    public static let chordNames = ["C", "Dm", "Em", "F", "G", "Am", "Bdim", "C7", "D", "E", "A", "Bm", "G7", "Fmaj7", "Dsus4", "Cadd9"]
    static let atlasColumns = 8
    public static let cardSize = Vec2(72, 90)
    public static let placedSize = Vec2(40, 50)
    public static let lineHeight = 96.0
    public static let slop = 10.0
    public static let edgeZone = 56.0
    public static let autoScrollSpeed = 900.0
    public static let ghostPadSpeed = 650.0

    public internal(set) var document: SheetDocument
    public internal(set) var strip = ScrollPanel(axis: .horizontal, viewport: 1, contentLength: 1)
    public internal(set) var sheet = ScrollPanel(axis: .vertical, viewport: 1, contentLength: 1)
    public internal(set) var spaces = SpaceTree()
    public internal(set) var ghosts = GhostStore()
    public internal(set) var highlightedLine: Int?
    public internal(set) var focusIndex = 0
    /// A message shown over the board for a few seconds (e.g. a sheet that could not be read).
    public internal(set) var banner: String?
    var bannerTime = 0.0
    /// Called after every change to the sheet, with the new sheet (the app saves it).
    public var onChange: ((SheetDocument) -> Void)?

    private var stripSpace = SpaceTree.SpaceID.root
    private var stripContent = SpaceTree.SpaceID.root
    private var sheetSpace = SpaceTree.SpaceID.root
    private var sheetContent = SpaceTree.SpaceID.root
    var lineSpaces: [SpaceTree.SpaceID] = []
    private var gestures: [Gesture] = []
    let world = World()
    let tweener: Tweener
    private var schedule = SceneSchedule<BoardScene>()
    var bounds = Rect(x: 0, y: 40, w: 1280, h: 680)
    var padHeld: [Int: Double] = [:]

    /// What one pointer is doing. A press on a panel waits to see which way it moves (the
    /// same rule on the strip and the sheet, by the panel's axis), then scrolls that panel or
    /// lifts what was pressed.
    struct Gesture {
        enum State {
            /// Pressed on a panel, on something that can be lifted or not, deciding.
            case pending(Panel, Liftable?)
            case scrolling(Panel)
            case dragging
            /// Nothing more happens until the pointer lifts.
            case ignored
        }
        var pointer: Int
        var start: Vec2
        var last: Vec2
        var state: State
    }

    /// What a press can lift: a card in the strip or a chord placed on the sheet.
    enum Liftable {
        case card(Int)
        case chord(ChordRef)
    }

    public init(document: SheetDocument = .empty) {
        self.document = document
        tweener = Tweener(world: world)
        schedule.add("gestures") { s, ctx in s.routeInput(ctx) }
        schedule.add("gamepad") { s, ctx in s.gamepad(ctx) }
        schedule.add("autoscroll") { s, ctx in s.autoScroll(ctx.dt) }
        schedule.add("scroll") { s, ctx in s.stepPanels(ctx.dt) }
        schedule.add("drag") { s, _ in s.updateTargets() }
        schedule.add("tweens") { s, ctx in s.tweener.step(dt: ctx.dt) }
        schedule.add("returns") { s, _ in s.finishReturns() }
        rebuildSpaces()
    }

    /// Replaces the sheet (a loaded file) without reporting a change.
    public func load(_ doc: SheetDocument) {
        document = doc
        ghosts.removeAll()
        gestures.removeAll()
        rebuildSpaces()
    }

    public func showBanner(_ text: String) {
        banner = text
        bannerTime = 8
    }

    // MARK: Layout

    public func layout(bounds: Rect) {
        self.bounds = bounds
        rebuildSpaces()
    }

    public var stripFrame: Rect { Rect(x: bounds.minX + 16, y: bounds.minY + 12, w: max(100, bounds.width - 32), h: 114) }
    public var sheetFrame: Rect {
        let top = stripFrame.maxY + 14
        return Rect(x: bounds.minX + 16, y: top, w: max(100, bounds.width - 32), h: max(100, bounds.maxY - top - 12))
    }

    func itemFrame(_ i: Int) -> Rect { Rect(x: 12 + Double(i) * 88, y: 12, w: Self.cardSize.x, h: Self.cardSize.y) }
    var stripContentWidth: Double { 12 + Double(Self.chordNames.count) * 88 }
    var sheetContentHeight: Double { Double(document.lines.count) * Self.lineHeight + 16 }

    func rebuildSpaces() {
        let sf = stripFrame, tf = sheetFrame
        let stripOffset = strip.offset, sheetOffset = sheet.offset
        strip.viewport = sf.width
        strip.contentLength = stripContentWidth
        sheet.viewport = tf.height
        sheet.contentLength = sheetContentHeight
        if !strip.isMoving { strip.setOffset(stripOffset) }
        if !sheet.isMoving { sheet.setOffset(sheetOffset) }
        spaces = SpaceTree(rootSize: Vec2(bounds.maxX, bounds.maxY))
        stripSpace = spaces.add(parent: .root, frame: sf)
        stripContent = spaces.add(parent: stripSpace, frame: Rect(x: 0, y: 0, w: stripContentWidth, h: sf.height))
        sheetSpace = spaces.add(parent: .root, frame: tf)
        sheetContent = spaces.add(parent: sheetSpace, frame: Rect(x: 0, y: 0, w: tf.width, h: sheetContentHeight))
        lineSpaces = document.lines.indices.map { i in
            spaces.add(parent: sheetContent, frame: Rect(x: 8, y: 8 + Double(i) * Self.lineHeight, w: tf.width - 16, h: Self.lineHeight))
        }
        syncOffsets()
    }

    /// Copies the panels' offsets into the space tree (the panels' bounds origins).
    func syncOffsets() {
        spaces.setBoundsOrigin(Vec2(strip.offset, 0), of: stripSpace)
        spaces.setBoundsOrigin(Vec2(0, sheet.offset), of: sheetSpace)
    }

    // MARK: Geometry in root space

    public func itemRootFrame(_ i: Int) -> Rect { spaces.convert(itemFrame(i), from: stripContent, to: .root) }
    public func lineRootFrame(_ i: Int) -> Rect { spaces.rootFrame(of: lineSpaces[i]) }
    public func placedFrame(_ c: SheetDocument.Placed) -> Rect {
        Rect(x: c.x, y: (Self.lineHeight - Self.placedSize.y) / 2, w: Self.placedSize.x, h: Self.placedSize.y)
    }
    public func chordRootFrame(_ r: ChordRef) -> Rect {
        spaces.convert(placedFrame(document.lines[r.line].chords[r.index]), from: lineSpaces[r.line], to: .root)
    }
    public func lineSpace(_ i: Int) -> SpaceTree.SpaceID { lineSpaces[i] }

    func stripItem(at p: Vec2) -> Int? {
        guard stripFrame.contains(p) else { return nil }
        let local = spaces.convert(p, from: .root, to: stripContent)
        return Self.chordNames.indices.first { itemFrame($0).contains(local) }
    }

    func placedChord(at p: Vec2) -> ChordRef? {
        guard sheetFrame.contains(p) else { return nil }
        for (li, line) in document.lines.enumerated() {
            let local = spaces.convert(p, from: .root, to: lineSpaces[li])
            guard local.y >= 0, local.y < Self.lineHeight else { continue }
            for (ci, c) in line.chords.enumerated().reversed() where placedFrame(c).insetBy(dx: -4, dy: -4).contains(local) {
                if ghosts.lifted(from: .placed(ChordRef(line: li, index: ci), name: c.name, x: c.x), carriedOnly: false) { continue }
                return ChordRef(line: li, index: ci)
            }
        }
        return nil
    }

    /// The line a ghost would drop into: the largest overlap of its rect with a line's
    /// visible rect, in root space.
    public func dropLine(for rootRect: Rect) -> Int? {
        let visible = sheetFrame
        var best: (Int, Double)?
        for i in lineSpaces.indices {
            let overlap = rootRect.intersection(lineRootFrame(i).intersection(visible)).area
            if overlap > 0, best == nil || overlap > best!.1 { best = (i, overlap) }
        }
        return best?.0
    }

    // MARK: Input

    public func step(_ context: inout StepContext) {
        schedule.run(self, world: world, context: &context)
    }

    func routeInput(_ ctx: StepContext) {
        for e in ctx.events {
            switch e {
            case .pointerDown(let id, _, let at): press(id, at)
            case .pointerMove(let id, _, let at): move(id, at, dt: ctx.dt)
            case .pointerUp(let id, _, let at):
                move(id, at, dt: ctx.dt)
                release(id, cancelled: false)
            case .pointerCancel(let id, _): release(id, cancelled: true)
            case .wheel(let dx, let dy):
                let p = ctx.input.mousePosition
                if stripFrame.contains(p) {
                    strip.scroll(by: -(dx != 0 ? dx : dy))
                } else if sheetFrame.contains(p) {
                    sheet.scroll(by: -dy)
                }
                syncOffsets()
            case .gamepadRemoved(let pad):
                // A pad pulled out mid-carry: its ghost flies back.
                if let k = ghosts.index(carriedBy: .pad(pad)) { sendBack(k) }
            case .gamepadButton(let pad, let b, true): padButton(pad, b)
            default: break
            }
        }
    }

    private func press(_ id: Int, _ at: Vec2) {
        gestures.removeAll { $0.pointer == id }
        var g = Gesture(pointer: id, start: at, last: at, state: .ignored)
        if let panel = Panel.allCases.first(where: { frame(of: $0).contains(at) }) {
            if self[panel: panel].isMoving {
                // A press on a moving panel catches it: it scrolls, it does not pick up.
                self[panel: panel].beginDrag()
                g.state = .scrolling(panel)
            } else {
                g.state = .pending(panel, liftable(at: at, in: panel))
            }
        }
        gestures.append(g)
    }

    private func liftable(at p: Vec2, in panel: Panel) -> Liftable? {
        switch panel {
        case .strip: stripItem(at: p).map { .card($0) }
        case .sheet: placedChord(at: p).map { .chord($0) }
        }
    }

    private func move(_ id: Int, _ at: Vec2, dt: Double) {
        guard let gi = gestures.firstIndex(where: { $0.pointer == id }) else { return }
        var g = gestures[gi]
        let delta = at - g.last
        let total = at - g.start
        g.last = at
        switch g.state {
        case .pending(let panel, let target):
            let axis = self[panel: panel].axis
            switch PressDecision.decide(moved: total, scrollAxis: axis, onItem: target != nil, slop: Self.slop) {
            case .pickUp:
                lift(target!, carrier: .pointer(id), at: at, pressedAt: g.start)
                g.state = .dragging
            case .scroll:
                beginScroll(panel, except: id)
                self[panel: panel].drag(by: axis.along(total), dt: dt)
                g.state = .scrolling(panel)
            case .undecided: break
            }
        case .scrolling(let panel): self[panel: panel].drag(by: self[panel: panel].axis.along(delta), dt: dt)
        case .dragging: moveGhost(carriedBy: .pointer(id), to: at)
        case .ignored: break
        }
        gestures[gi] = g
        syncOffsets()
    }

    /// A scroll that has begun cancels the other presses pending on that panel.
    private func beginScroll(_ panel: Panel, except id: Int) {
        self[panel: panel].beginDrag()
        for i in gestures.indices where gestures[i].pointer != id {
            if case .pending(panel, _) = gestures[i].state { gestures[i].state = .ignored }
        }
    }

    private func release(_ id: Int, cancelled: Bool) {
        let state = gestures.firstIndex { $0.pointer == id }.map { gestures.remove(at: $0).state }
        switch state {
        case .scrolling(let panel)?: self[panel: panel].endDrag()
        case .dragging?, nil:
            // Dragging, or a pointer whose gesture is gone that may still carry a ghost.
            if let k = ghosts.index(carriedBy: .pointer(id)) { cancelled ? sendBack(k) : drop(k) }
        case .pending?, .ignored?: break
        }
    }
}
