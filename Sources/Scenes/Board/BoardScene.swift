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

    public private(set) var document: SheetDocument
    public private(set) var strip = ScrollPanel(axis: .horizontal, viewport: 1, contentLength: 1)
    public private(set) var sheet = ScrollPanel(axis: .vertical, viewport: 1, contentLength: 1)
    public private(set) var spaces = SpaceTree()
    public private(set) var ghosts: [Ghost] = []
    public private(set) var highlightedLine: Int?
    public private(set) var focusIndex = 0
    /// A message shown over the board for a few seconds (e.g. a sheet that could not be read).
    public private(set) var banner: String?
    private var bannerTime = 0.0
    /// Called after every change to the sheet, with the new sheet (the app saves it).
    public var onChange: ((SheetDocument) -> Void)?

    private var stripSpace = SpaceTree.SpaceID.root
    private var stripContent = SpaceTree.SpaceID.root
    private var sheetSpace = SpaceTree.SpaceID.root
    private var sheetContent = SpaceTree.SpaceID.root
    private var lineSpaces: [SpaceTree.SpaceID] = []
    private var gestures: [Gesture] = []
    private let world = World()
    private let tweener: Tweener
    private var schedule = SceneSchedule<BoardScene>()
    private var bounds = Rect(x: 0, y: 40, w: 1280, h: 680)
    private var padHeld: [Int: Double] = [:]

    /// What one pointer is doing.
    struct Gesture {
        enum State {
            /// Pressed on a strip card (or empty strip), deciding.
            case pendingStrip(item: Int?)
            /// Pressed on the sheet, on a placed chord or not, deciding.
            case pendingSheet(chord: ChordRef?)
            case scrollingStrip
            case scrollingSheet
            case dragging
            /// Nothing more happens until the pointer lifts.
            case ignored
        }
        var pointer: Int
        var start: Vec2
        var last: Vec2
        var state: State
    }

    /// A placed chord: line index and position in that line's list.
    public struct ChordRef: Equatable, Sendable {
        public var line: Int
        public var index: Int
    }

    /// A card being dragged.
    public struct Ghost: Sendable {
        public enum Source: Equatable, Sendable {
            case strip(item: Int)
            case placed(ChordRef, name: String, x: Double)
        }
        public var name: String
        public var pointer: Int
        /// Frame in root (window) space.
        public var frame: Rect
        /// Where in the card it was grabbed.
        public var grab: Vec2
        public var source: Source
        /// Dropping here would delete a placed chord.
        public var willDelete = false
        /// Flying back after a miss (an animated entity), then removed.
        public var returning: Entity?
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

    private func rebuildSpaces() {
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
    private func syncOffsets() {
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
                if ghosts.contains(where: { $0.source == .placed(ChordRef(line: li, index: ci), name: c.name, x: c.x) }) { continue }
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
            case .gamepadRemoved(let pad): release(Self.padPointer(pad), cancelled: true)
            case .gamepadButton(let pad, let b, true): padButton(pad, b)
            default: break
            }
        }
    }

    private func press(_ id: Int, _ at: Vec2) {
        gestures.removeAll { $0.pointer == id }
        var g = Gesture(pointer: id, start: at, last: at, state: .ignored)
        if stripFrame.contains(at) {
            if strip.isMoving {
                // A press on a moving panel catches it: it scrolls, it does not pick up.
                strip.beginDrag()
                g.state = .scrollingStrip
            } else {
                g.state = .pendingStrip(item: stripItem(at: at))
            }
        } else if sheetFrame.contains(at) {
            if sheet.isMoving {
                sheet.beginDrag()
                g.state = .scrollingSheet
            } else {
                g.state = .pendingSheet(chord: placedChord(at: at))
            }
        }
        gestures.append(g)
    }

    private func move(_ id: Int, _ at: Vec2, dt: Double) {
        guard let gi = gestures.firstIndex(where: { $0.pointer == id }) else { return }
        var g = gestures[gi]
        let delta = at - g.last
        let total = at - g.start
        g.last = at
        switch g.state {
        case .pendingStrip(let item):
            switch PressDecision.decide(moved: total, scrollAxis: .horizontal, onItem: item != nil, slop: Self.slop) {
            case .pickUp:
                pickUp(strip: item!, pointer: id, at: at, pressedAt: g.start)
                g.state = .dragging
            case .scroll:
                beginScroll(strip: true, except: id)
                strip.drag(by: total.x, dt: dt)
                g.state = .scrollingStrip
            case .undecided: break
            }
        case .pendingSheet(let chord):
            switch PressDecision.decide(moved: total, scrollAxis: .vertical, onItem: chord != nil, slop: Self.slop) {
            case .pickUp:
                pickUp(placed: chord!, pointer: id, at: at, pressedAt: g.start)
                g.state = .dragging
            case .scroll:
                beginScroll(strip: false, except: id)
                sheet.drag(by: total.y, dt: dt)
                g.state = .scrollingSheet
            case .undecided: break
            }
        case .scrollingStrip: strip.drag(by: delta.x, dt: dt)
        case .scrollingSheet: sheet.drag(by: delta.y, dt: dt)
        case .dragging: moveGhost(pointer: id, to: at)
        case .ignored: break
        }
        gestures[gi] = g
        syncOffsets()
    }

    /// A scroll that has begun cancels the other presses pending on that panel.
    private func beginScroll(strip isStrip: Bool, except id: Int) {
        if isStrip { strip.beginDrag() } else { sheet.beginDrag() }
        for i in gestures.indices where gestures[i].pointer != id {
            switch gestures[i].state {
            case .pendingStrip where isStrip, .pendingSheet where !isStrip: gestures[i].state = .ignored
            default: break
            }
        }
    }

    private func release(_ id: Int, cancelled: Bool) {
        guard let gi = gestures.firstIndex(where: { $0.pointer == id }) else {
            if let k = ghosts.firstIndex(where: { $0.pointer == id && $0.returning == nil }) {
                cancelled ? sendBack(k) : drop(k)
            }
            return
        }
        let g = gestures.remove(at: gi)
        switch g.state {
        case .scrollingStrip: strip.endDrag()
        case .scrollingSheet: sheet.endDrag()
        case .dragging:
            if let k = ghosts.firstIndex(where: { $0.pointer == id && $0.returning == nil }) {
                cancelled ? sendBack(k) : drop(k)
            }
        default: break
        }
    }

    // MARK: Ghosts

    private func pickUp(strip item: Int, pointer: Int, at: Vec2, pressedAt: Vec2) {
        let frame = itemRootFrame(item)
        ghosts.append(Ghost(name: Self.chordNames[item], pointer: pointer,
                            frame: frame.offsetBy(at - pressedAt), grab: pressedAt - frame.origin, source: .strip(item: item)))
    }

    private func pickUp(placed r: ChordRef, pointer: Int, at: Vec2, pressedAt: Vec2) {
        let c = document.lines[r.line].chords[r.index]
        let frame = chordRootFrame(r)
        ghosts.append(Ghost(name: c.name, pointer: pointer, frame: frame.offsetBy(at - pressedAt),
                            grab: pressedAt - frame.origin, source: .placed(r, name: c.name, x: c.x)))
    }

    private func moveGhost(pointer: Int, to at: Vec2) {
        guard let k = ghosts.firstIndex(where: { $0.pointer == pointer && $0.returning == nil }) else { return }
        ghosts[k].frame.origin = at - ghosts[k].grab
    }

    /// Highlights the line each ghost would land on; marks placed chords dragged off the sheet.
    func updateTargets() {
        highlightedLine = nil
        for k in ghosts.indices where ghosts[k].returning == nil {
            let line = dropLine(for: ghosts[k].frame)
            if line != nil { highlightedLine = line }
            if case .placed = ghosts[k].source {
                ghosts[k].willDelete = !sheetFrame.contains(ghosts[k].frame.center) && line == nil
            }
        }
    }

    private func drop(_ k: Int) {
        let ghost = ghosts[k]
        guard let line = dropLine(for: ghost.frame) else {
            if case .placed(let r, _, _) = ghost.source, ghost.willDelete {
                document.lines[r.line].chords.remove(at: r.index)
                ghosts.remove(at: k)
                changed()
            } else {
                sendBack(k)
            }
            return
        }
        // Into the line's space: the chord is centred on the drop point's x, clamped inside
        // the line, and centred vertically (placedFrame does that).
        let space = lineSpaces[line]
        let center = spaces.convert(ghost.frame.center, from: .root, to: space)
        let width = spaces.frame(of: space).width
        let x = clamp(center.x - Self.placedSize.x / 2, 0, max(0, width - Self.placedSize.x))
        if case .placed(let r, _, _) = ghost.source {
            document.lines[r.line].chords.remove(at: r.index)
            shiftRefs(removedAt: r)
        }
        document.lines[line].chords.append(SheetDocument.Placed(name: ghost.name, x: x))
        ghosts.remove(at: k)
        changed()
    }

    /// Other ghosts lifted from the same line keep pointing at the right chord.
    private func shiftRefs(removedAt r: ChordRef) {
        for i in ghosts.indices {
            if case .placed(var g, let name, let x) = ghosts[i].source, g.line == r.line, g.index > r.index {
                g.index -= 1
                ghosts[i].source = .placed(g, name: name, x: x)
            }
        }
    }

    /// A miss: the ghost flies back to where it came from (0.25 s, ease out), then goes.
    private func sendBack(_ k: Int) {
        let g = ghosts[k]
        let home: Rect
        switch g.source {
        case .strip(let item): home = itemRootFrame(item)
        case .placed(let r, _, _): home = chordRootFrame(r)
        }
        let e = world.spawn()
        tweener.animatables.store.insert(Animatable(position: g.frame.origin), for: e)
        var timing = MediaTiming(duration: 0.25)
        timing.fillMode = .forwards
        do {
            try tweener.add(Animation(target: e, property: .position,
                                      track: .point(try KeyframeTrack(values: [g.frame.origin, home.origin])),
                                      timing: timing, timingFunction: .easeOut, listener: 1))
        } catch {
            assertionFailure("\(error)")
        }
        ghosts[k].returning = e
        ghosts[k].willDelete = false
    }

    func finishReturns() {
        for k in ghosts.indices {
            if let e = ghosts[k].returning, let t = tweener.animatables.store[e] { ghosts[k].frame.origin = t.position.presentation }
        }
        for ev in tweener.events where ev.kind == .finished {
            ghosts.removeAll { $0.returning == ev.target }
            world.destroy(ev.target)
        }
    }

    private func changed() {
        let h = sheetContentHeight
        if h != sheet.contentLength { rebuildSpaces() }
        onChange?(document)
    }

    // MARK: Panels

    func autoScroll(_ dt: Double) {
        for g in ghosts where g.returning == nil {
            let c = g.frame.center
            let sf = sheetFrame
            if c.x >= sf.minX && c.x <= sf.maxX {
                if c.y < sf.minY + Self.edgeZone && c.y > sf.minY - Self.edgeZone {
                    sheet.scroll(by: -speed(c.y - sf.minY) * dt)
                } else if c.y > sf.maxY - Self.edgeZone && c.y < sf.maxY + Self.edgeZone {
                    sheet.scroll(by: speed(sf.maxY - c.y) * dt)
                }
            }
            let tf = stripFrame
            if c.y >= tf.minY && c.y <= tf.maxY {
                if c.x < tf.minX + Self.edgeZone && c.x > tf.minX - Self.edgeZone {
                    strip.scroll(by: -speed(c.x - tf.minX) * dt)
                } else if c.x > tf.maxX - Self.edgeZone && c.x < tf.maxX + Self.edgeZone {
                    strip.scroll(by: speed(tf.maxX - c.x) * dt)
                }
            }
        }
        syncOffsets()
    }

    /// Faster nearer the edge: full speed at the edge, zero at the zone's inner border.
    private func speed(_ distanceInside: Double) -> Double {
        Self.autoScrollSpeed * clamp(1 - distanceInside / Self.edgeZone, 0, 1.5)
    }

    func stepPanels(_ dt: Double) {
        strip.step(dt: dt)
        sheet.step(dt: dt)
        syncOffsets()
        if bannerTime > 0 {
            bannerTime -= dt
            if bannerTime <= 0 { banner = nil }
        }
    }

    // MARK: Gamepad

    static func padPointer(_ pad: Int) -> Int { 1000 + pad }

    private func padButton(_ pad: Int, _ b: GamepadButton) {
        let pointer = Self.padPointer(pad)
        let held = ghosts.firstIndex { $0.pointer == pointer && $0.returning == nil }
        switch b {
        case .dpleft: focus(focusIndex - 1)
        case .dpright: focus(focusIndex + 1)
        case .a:
            if let k = held {
                drop(k)
            } else {
                let frame = itemRootFrame(focusIndex)
                ghosts.append(Ghost(name: Self.chordNames[focusIndex], pointer: pointer, frame: frame.offsetBy(Vec2(0, 24)),
                                    grab: frame.size / 2, source: .strip(item: focusIndex)))
            }
        case .b: if let k = held { sendBack(k) }
        default: break
        }
    }

    /// Moves the gamepad's focus in the strip and scrolls to keep it in view.
    public func focus(_ i: Int) {
        focusIndex = clamp(i, 0, Self.chordNames.count - 1)
        let f = itemFrame(focusIndex)
        if f.minX - 12 < strip.offset { strip.setOffset(f.minX - 12) }
        if f.maxX + 12 > strip.offset + strip.viewport { strip.setOffset(f.maxX + 12 - strip.viewport) }
        syncOffsets()
    }

    func gamepad(_ ctx: StepContext) {
        for pad in ctx.input.pads {
            let stick = pad.stick(true)
            let pointer = Self.padPointer(pad.id)
            if let k = ghosts.firstIndex(where: { $0.pointer == pointer && $0.returning == nil }) {
                ghosts[k].frame.origin += stick * (Self.ghostPadSpeed * ctx.dt)
            } else if abs(stick.x) > 0.5 {
                // The stick steps the focus, repeating while held.
                let t = (padHeld[pad.id] ?? 0) - ctx.dt
                if t <= 0 {
                    focus(focusIndex + (stick.x > 0 ? 1 : -1))
                    padHeld[pad.id] = 0.22
                } else {
                    padHeld[pad.id] = t
                }
            } else {
                padHeld[pad.id] = 0
            }
            let right = pad.stick(false)
            strip.scroll(by: right.x * 700 * ctx.dt)
            sheet.scroll(by: right.y * 700 * ctx.dt)
        }
        syncOffsets()
    }

    // MARK: Drawing

    public func draw(into list: inout DrawList, context: DrawContext) {
        let font = context.font
        let sf = stripFrame, tf = sheetFrame
        list.fillRect(sf, color: Color.panel)
        list.pushClip(sf)
        for i in Self.chordNames.indices {
            let r = itemRootFrame(i)
            guard r.maxX > sf.minX, r.minX < sf.maxX else { continue }
            list.image(Textures.chords, in: r, uv: Self.uv(i))
            if i == focusIndex { strokeOutline(&list, Self.focusOutline, at: r.origin - Vec2(3, 3), color: .accent.withAlpha(150), width: 2) }
        }
        drawIndicator(&list, strip, in: sf)
        list.popClip()

        list.fillRect(tf, color: Color(hex: 0xf4f1ea))
        list.pushClip(tf)
        for (i, line) in document.lines.enumerated() {
            let r = lineRootFrame(i)
            guard r.maxY > tf.minY, r.minY < tf.maxY else { continue }
            if highlightedLine == i { list.fillRect(r, color: Color.accent.withAlpha(70)) }
            list.fillRect(Rect(x: r.minX, y: r.maxY - 1, w: r.width, h: 1), color: Color(hex: 0xd8d2c4))
            list.text(line.text, at: Vec2(r.minX + 8, r.maxY - 22), font: font, color: Color(hex: 0x2b2b33))
            for (ci, c) in line.chords.enumerated() {
                let ref = ChordRef(line: i, index: ci)
                let lifted = ghosts.contains { $0.returning == nil && $0.source == .placed(ref, name: c.name, x: c.x) }
                let cr = chordRootFrame(ref)
                list.image(Textures.chords, in: cr, tint: lifted ? Color(255, 255, 255, 70) : .white, uv: Self.uv(Self.chordNames.firstIndex(of: c.name) ?? 0))
            }
        }
        drawIndicator(&list, sheet, in: tf)
        list.popClip()

        for g in ghosts {
            let tint = g.willDelete ? Color(255, 150, 150) : Color(200, 240, 255)
            list.image(Textures.chords, in: g.frame, tint: tint.withAlpha(235), uv: Self.uv(Self.chordNames.firstIndex(of: g.name) ?? 0))
            strokeOutline(&list, Self.cardOutline, at: g.frame.origin, color: g.willDelete ? .red : .accent, width: 3)
            let badge = Vec2(g.frame.maxX - 4, g.frame.minY + 4)
            list.fillCircle(center: badge, radius: 10, color: g.willDelete ? .red : .accent)
            list.text(g.willDelete ? "×" : "+", at: badge - Vec2(font.cellWidth / 2, font.cellHeight / 2), font: font, color: .white)
        }
        if let banner {
            let w = font.width(of: banner) + 24
            let r = Rect(x: bounds.midX - w / 2, y: bounds.maxY - 48, w: w, h: 32)
            list.fillRect(r, color: Color(hex: 0x7a1f2b).withAlpha(235))
            list.text(banner, at: Vec2(r.minX + 12, r.minY + 8), font: font, color: .white)
        }
    }

    static func uv(_ i: Int) -> (u0: Float, v0: Float, u1: Float, v1: Float) {
        atlasCell(i, columns: atlasColumns, count: chordNames.count)
    }

    /// Rounded outlines of the two sizes drawn (a card, and the focus ring around one), made
    /// once at their origin and moved into place when drawn.
    private static let cardOutline = roundedOutline(cardSize)
    private static let focusOutline = roundedOutline(cardSize + Vec2(6, 6))

    private static func roundedOutline(_ size: Vec2) -> [Vec2] {
        Path.roundedRect(Rect(origin: .zero, size: size), radius: 10).flattened(tolerance: 0.5).first?.points ?? []
    }

    private func strokeOutline(_ list: inout DrawList, _ outline: [Vec2], at origin: Vec2, color: Color, width: Double) {
        list.polyline(outline.lazy.map { $0 + origin }, width: width, color: color, closed: true)
    }

    private func drawIndicator(_ list: inout DrawList, _ p: ScrollPanel, in frame: Rect) {
        guard let (start, length) = p.indicator() else { return }
        let fade = clamp(1 - (p.idleTime - 0.6) / 0.3, 0, 1)
        guard fade > 0 else { return }
        let c = Color(0, 0, 0, UInt8(110 * fade))
        if p.axis == .horizontal {
            list.fillRect(Rect(x: frame.minX + start, y: frame.maxY - 6, w: length, h: 3), color: c)
        } else {
            list.fillRect(Rect(x: frame.maxX - 6, y: frame.minY + start, w: 3, h: length), color: c)
        }
    }

    // MARK: State dump

    public func stateDump() -> JSONValue {
        .object([
            ("source", .object([
                ("offset", JSONValue(numbers: [strip.offset, 0])),
                ("items", .array(Self.chordNames.indices.map { i in
                    .object([("name", .string(Self.chordNames[i])), ("frame", JSONValue(itemRootFrame(i)))])
                })),
            ])),
            ("target", .object([
                ("offset", JSONValue(numbers: [0, sheet.offset])),
                ("lines", .array(document.lines.indices.map { i in
                    .object([
                        ("text", .string(document.lines[i].text)),
                        ("frame", JSONValue(lineRootFrame(i))),
                        ("chords", .array(document.lines[i].chords.indices.map { ci in
                            .object([("name", .string(document.lines[i].chords[ci].name)),
                                     ("frame", JSONValue(chordRootFrame(ChordRef(line: i, index: ci))))])
                        })),
                    ])
                })),
            ])),
            ("ghosts", .array(ghosts.map { g in
                .object([("name", .string(g.name)), ("pointer", JSONValue(g.pointer)), ("frame", JSONValue(g.frame))])
            })),
        ])
    }
}
