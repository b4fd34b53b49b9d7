@testable import Engine
@testable import Geometry
@testable import Paths
@testable import Scenes
@testable import Shell
import TestSupport
import Testing

/// The path editor as a user drives it: keys, mouse, fingers and a pad, through the shell.
@Suite struct PathEditorTests {
    /// A scene in a shell, driven one input at a time (each followed by a few frames).
    final class Session {
        let shell: Shell
        let scene: PathScene
        init(_ shape: PathScene.Shape = .figure8, size: Vec2 = Vec2(1280, 720)) {
            (shell, scene) = TestSupport.shell(with: PathScene(startShape: shape), size: size)
            _ = runShell(shell, frames: 2)
        }
        init(shell: Shell, scene: PathScene) {
            (self.shell, self.scene) = (shell, scene)
            _ = runShell(shell, frames: 2)
        }

        func run(_ events: [InputEvent], frames: Int = 2) { _ = runShell(shell, frames: frames, events: [1: events]) }

        func key(_ name: String, ctrl: Bool = false, shift: Bool = false) {
            var down: [InputEvent] = []
            if ctrl { down.append(.key(Key("Left Ctrl"), down: true)) }
            if shift { down.append(.key(Key("Left Shift"), down: true)) }
            run(down + [.key(Key(name), down: true)], frames: 1)
            var up: [InputEvent] = [.key(Key(name), down: false)]
            if ctrl { up.append(.key(Key("Left Ctrl"), down: false)) }
            if shift { up.append(.key(Key("Left Shift"), down: false)) }
            run(up, frames: 1)
        }

        /// A press at `from`, moves in `steps` to `to`, a release there.
        func drag(_ from: Vec2, _ to: Vec2, steps: Int = 8, pointer: Int = 0, device: PointerDevice = .mouse) {
            run([.pointerDown(pointer: pointer, device: device, at: from)], frames: 1)
            for k in 1...steps { run([.pointerMove(pointer: pointer, device: device, at: from + (to - from) * (Double(k) / Double(steps)))], frames: 1) }
            run([.pointerUp(pointer: pointer, device: device, at: to)], frames: 1)
        }

        func click(_ p: Vec2, device: PointerDevice = .mouse) {
            run([.pointerDown(pointer: 0, device: device, at: p)], frames: 1)
            run([.pointerUp(pointer: 0, device: device, at: p)], frames: 1)
        }

        var editor: PathEditor { scene.session.editor! }
        var d: String { if case .string(let s)? = scene.session.dump()["d"] { s } else { "" } }
        func anchor(_ i: Int) -> Vec2 { editor.drawnAnchors()[i].1 }
        var ringPoints: [Vec2] { scene.followers.store.dense.map(\.point) }
    }

    /// Whether every ring lies on the scene's path (within a sample of the table).
    static func ringsOnPath(_ s: Session) -> Bool {
        let t = s.scene.tables[0]
        return s.scene.followers.store.dense.allSatisfy { f in
            f.point.isFinite && f.distance.isFinite
                && t.points[t.nearestIndexByScan(to: f.point)!].distance(to: f.point) <= t.spacing + 1e-9
        }
    }

    @Test func aScriptedSessionProducesTheExpectedPath() throws {
        let s = Session()
        // What the session should do, with the model alone.
        var expected = EditablePath(s.scene.makePath(.figure8, in: s.scene.shapeBounds))
        s.key("E")
        #expect(s.scene.editing)
        s.key("Tab")
        #expect(s.editor.focused == AnchorIndex(subpath: 0, index: 0))
        // I: an anchor in the middle of the focused anchor's outgoing arc.
        s.key("I")
        _ = try expected.insertAnchor(subpath: 0, segment: 0, at: 0.5)
        #expect(s.editor.focused == AnchorIndex(subpath: 0, index: 1))
        #expect(s.d == expected.path.svgData)
        // Drag it by the mouse, pressed right on it.
        let p = s.anchor(1)
        s.drag(p, p + Vec2(40, -24), steps: 8)
        var a = try expected.makeMovable(around: AnchorIndex(subpath: 0, index: 1)).0
        for k in 1...8 { try expected.moveAnchor(a, to: p + Vec2(40, -24) * (Double(k) / 8)) }
        #expect(s.d == expected.path.svgData)
        // Shift+arrow: 10 pt right; an arrow: 1 pt up (one undo step for the two).
        s.key("Right", shift: true)
        s.key("Up")
        try expected.moveAnchor(a, to: p + Vec2(50, -24))
        try expected.moveAnchor(a, to: p + Vec2(50, -25))
        #expect(s.d == expected.path.svgData)
        // A double click on anchor 3 turns it corner ↔ smooth.
        let q = s.anchor(3)
        s.click(q)
        s.click(q)
        a = try expected.toggleSmooth(AnchorIndex(subpath: 0, index: 3)).anchor
        #expect(s.d == expected.path.svgData)
        // Delete, then undo it.
        let before = s.d
        s.key("Delete")
        #expect(s.d != before)
        s.key("Z", ctrl: true)
        #expect(s.d == before)
        // The data is in window points as drawn: it measures what the scene's table does.
        let t = try SampleTable(checking: try Path(svg: s.d), spacing: 1)
        #expect(abs(t.length - s.scene.tables[0].length) < 1e-9 * t.length)
        #expect(Self.ringsOnPath(s))
    }

    @Test func ringsStayOnThePathAndInPlaceThroughEveryKindOfEdit() throws {
        let s = Session(.heart)
        s.key("E")
        // Ring 0 is at the start (anchor 0); ring 1 half-way round.
        let ring1 = s.ringPoints[1]
        // A move of an anchor far from ring 1 leaves ring 1 exactly where it was.
        let a1 = s.anchor(1)
        #expect(a1.distance(to: ring1) > 100)
        s.drag(a1, a1 + Vec2(-30, 20))
        #expect(Self.ringsOnPath(s))
        #expect(s.ringPoints[1].distance(to: ring1) < 1e-6)
        // Insert (a tap on the path): the shape and both rings stay exactly.
        let rings = s.ringPoints
        let length = s.scene.tables[0].length
        let t = s.scene.tables[0]
        let onPath = t.point(atDistance: t.length * 0.3)
        s.click(onPath)
        #expect(s.editor.doc.anchors.count == EditablePath(s.scene.makePath(.heart, in: s.scene.shapeBounds)).anchors.count + 1)
        #expect(abs(s.scene.tables[0].length - length) < 1e-6 * length)
        for (r, was) in zip(s.ringPoints, rings) { #expect(r.distance(to: was) < 1e-6) }
        // Corner/smooth, delete, undo, redo: always on the path.
        s.key("C")
        #expect(Self.ringsOnPath(s))
        s.key("Delete")
        #expect(Self.ringsOnPath(s))
        s.key("Z", ctrl: true)
        #expect(Self.ringsOnPath(s))
        s.key("Y", ctrl: true)
        #expect(Self.ringsOnPath(s))
    }

    @Test func everyEditUndoesToThePathBeforeIt() {
        let s = Session(.star)
        s.key("E")
        s.key("Tab")
        let steps: [(String, () -> Void)] = [
            ("move", { s.drag(s.anchor(2), s.anchor(2) + Vec2(25, 5)) }),
            ("insert", { s.key("I") }),
            ("smooth", { s.key("C") }),
            ("nudge", { s.key("Left") }),
            ("delete", { s.key("Delete") }),
            ("tap", { s.click(s.scene.tables[0].point(atDistance: s.scene.tables[0].length * 0.55)) }),
            ("handle", {
                s.key("C")
                let h = s.editor.doc.handle(.outgoing, of: s.editor.focused!).map(s.editor.toWindow)!
                s.drag(h, h + Vec2(15, 30))
            }),
        ]
        for (name, step) in steps {
            let before = s.d
            let undos = s.editor.history.undoCount
            step()
            #expect(s.d != before, "\(name) changed nothing")
            let after = s.d
            for _ in undos..<s.editor.history.undoCount { s.key("Z", ctrl: true) }
            #expect(s.d == before, "\(name) did not undo")
            for _ in undos..<(undos + s.editor.history.redoCount) { s.key("Z", ctrl: true, shift: true) }
            #expect(s.d == after, "\(name) did not redo")
        }
    }

    @Test func badEditsAreRefusedOrHandledWithAMessage() throws {
        let s = Session(.star)
        s.key("E")
        s.key("Tab")
        // Deleting down to two anchors works; past that it is refused, with the reason shown.
        while s.editor.doc.anchors.count > 2 { s.key("Delete") }
        s.key("Delete")
        #expect(s.editor.doc.anchors.count == 2)
        #expect(s.scene.session.editMessage.text == "a path needs at least two anchors")
        // An anchor dropped on the other: a zero-length segment, measured; rings finite.
        s.drag(s.anchor(1), s.anchor(0))
        #expect(s.anchor(1) == s.anchor(0))
        #expect(Self.ringsOnPath(s))
        // Dragged far past the window (as far as input goes): kept inside the scene.
        s.drag(s.anchor(1), Vec2(1e6, -1e6))
        let p = s.anchor(1)
        #expect(p.x <= 1280 && p.y >= 0)
        #expect(s.scene.tables[0].checkInvariants())
    }

    @Test func editsInATinyWindowStayInProportionWhenItGrowsAgain() {
        // The soak found this: points dragged to a tiny window's edges were thousands of
        // points out once the window grew back, and the table took 473,000 samples.
        let s = Session()
        let normal = s.scene.tables[0].length
        s.run([.resize(w: 64, h: 64)])
        s.key("E")
        for k in 0..<4 { s.drag(s.anchor(k), Vec2(1e6, -1e6)) }
        s.run([.resize(w: 1280, h: 720)])
        #expect(s.scene.tables[0].length < 8 * normal, "length \(s.scene.tables[0].length) against \(normal)")
        #expect(Self.ringsOnPath(s))
    }

    @Test func thirtyThousandFingersOnThePathAndItsPoints() {
        let s = Session(.heart)
        s.key("E")
        let n = s.editor.doc.anchors.count
        let t = s.scene.tables[0]
        let downs = (0..<30_000).map { i in
            InputEvent.pointerDown(pointer: 100 + i, device: .touch, at: t.point(atDistance: t.length * Double(i) / 30_000))
        }
        let moves = (0..<30_000).map { i in InputEvent.pointerMove(pointer: 100 + i, device: .touch, at: Vec2(Double(i % 1280), 300)) }
        let ups = (0..<30_000).map { i in InputEvent.pointerUp(pointer: 100 + i, device: .touch, at: Vec2(Double(i % 1280), 300)) }
        s.run(downs, frames: 1)
        #expect(s.editor.doc.anchors.count <= n + PathEditSession.maxInsertsPerStep)
        #expect(s.editor.drags.count <= PathEditSession.maxDrags)
        s.run(moves, frames: 1)
        s.run(ups, frames: 1)
        #expect(s.editor.drags.isEmpty)
        #expect(Self.ringsOnPath(s))
        #expect(s.scene.tables[0].checkInvariants())
    }

    @Test func aLongPressDeletesAndTwoFingersMoveTwoAnchors() {
        let s = Session(.star)
        s.key("E")
        let n = s.editor.doc.anchors.count
        s.run([.pointerDown(pointer: 0, device: .touch, at: s.anchor(3))], frames: 1)
        s.run([], frames: 45)
        s.run([.pointerUp(pointer: 0, device: .touch, at: s.anchor(2))], frames: 1)
        #expect(s.editor.doc.anchors.count == n - 1)
        // Two fingers at once.
        let (a, b) = (s.anchor(1), s.anchor(5))
        s.run([.pointerDown(pointer: 1, device: .touch, at: a), .pointerDown(pointer: 2, device: .touch, at: b)], frames: 1)
        for k in 1...6 {
            s.run([.pointerMove(pointer: 1, device: .touch, at: a + Vec2(5, 0) * Double(k)),
                   .pointerMove(pointer: 2, device: .touch, at: b + Vec2(0, 5) * Double(k))], frames: 1)
        }
        s.run([.pointerUp(pointer: 1, device: .touch, at: a + Vec2(30, 0)), .pointerUp(pointer: 2, device: .touch, at: b + Vec2(0, 30))], frames: 1)
        #expect(s.anchor(1).distance(to: a + Vec2(30, 0)) < 1e-9)
        #expect(s.anchor(5).distance(to: b + Vec2(0, 30)) < 1e-9)
        // The long press, then the two fingers' gesture: one undo step each.
        #expect(s.editor.history.undoCount == 2)
        s.key("Z", ctrl: true)
        #expect(s.anchor(1) == a && s.anchor(5) == b)
    }

    @Test func aDeletionUnderOneFingerLeavesTheOthersOnTheirAnchors() {
        let s = Session(.star)
        s.key("E")
        let (a1, a4) = (s.anchor(1), s.anchor(4))
        // Finger 1 rests on anchor 1 (a long press); finger 2 holds anchor 4 and moves after.
        s.run([.pointerDown(pointer: 1, device: .touch, at: a1), .pointerDown(pointer: 2, device: .touch, at: a4)], frames: 1)
        s.run([.pointerMove(pointer: 2, device: .touch, at: a4 + Vec2(0, 20))], frames: 1)
        s.run([], frames: 45)
        #expect(s.anchor(3) == a4 + Vec2(0, 20))
        s.run([.pointerMove(pointer: 2, device: .touch, at: a4 + Vec2(0, 40))], frames: 1)
        s.run([.pointerUp(pointer: 1, device: .touch, at: a1), .pointerUp(pointer: 2, device: .touch, at: a4 + Vec2(0, 40))], frames: 1)
        // The anchor that was 4 (now 3) moved; no other did.
        #expect(s.anchor(3) == a4 + Vec2(0, 40))
        #expect(s.anchor(1) == EditablePath(s.scene.makePath(.star, in: s.scene.shapeBounds)).position(of: AnchorIndex(subpath: 0, index: 2)))
    }

    @Test func anUndoInTheMiddleOfADragTakesBackTheDragAlone() {
        let s = Session(.star)
        s.key("E")
        let d0 = s.d
        s.key("Tab")
        s.key("I")
        let d1 = s.d
        let p = s.anchor(3)
        s.run([.pointerDown(pointer: 0, device: .mouse, at: p)], frames: 1)
        s.run([.pointerMove(pointer: 0, device: .mouse, at: p + Vec2(30, 30))], frames: 1)
        #expect(s.d != d1)
        s.key("Z", ctrl: true)
        #expect(s.d == d1)
        s.run([.pointerMove(pointer: 0, device: .mouse, at: p + Vec2(60, 30))], frames: 1)
        s.run([.pointerUp(pointer: 0, device: .mouse, at: p + Vec2(60, 30))], frames: 1)
        // The drag ended with the undo: the pointer moves nothing now.
        #expect(s.d == d1)
        s.key("Z", ctrl: true)
        #expect(s.d == d0)
    }

    @Test func changingShapeMidDragLetsGoOfThePoint() {
        let s = Session(.star)
        s.key("E")
        let p = s.anchor(2)
        s.run([.pointerDown(pointer: 0, device: .mouse, at: p)], frames: 1)
        s.run([.pointerMove(pointer: 0, device: .mouse, at: p + Vec2(20, 0))], frames: 1)
        s.key("S")
        s.run([.pointerUp(pointer: 0, device: .mouse, at: p + Vec2(20, 0))], frames: 1)
        for _ in 0..<(s.scene.availableShapes.count - 1) { s.key("S") }
        #expect(s.scene.shape == .star && s.editor.drags.isEmpty)
        // The drag was kept and recorded; the mouse, moving with no button down, moves nothing.
        let moved = s.anchor(2)
        #expect(moved == p + Vec2(20, 0))
        s.run([.pointerMove(pointer: 0, device: .mouse, at: p + Vec2(90, 90))], frames: 50)
        #expect(s.anchor(2) == moved)
        s.key("Z", ctrl: true)
        #expect(s.anchor(2) == p)
    }

    @Test func aPadEditsToo() {
        let s = Session(.heart)
        s.run([.gamepadAdded(pad: 0)], frames: 1)
        s.run([.gamepadButton(pad: 0, button: .start, down: true), .gamepadButton(pad: 0, button: .start, down: false)])
        #expect(s.scene.editing)
        s.run([.gamepadButton(pad: 0, button: .dpright, down: true), .gamepadButton(pad: 0, button: .dpright, down: false)])
        let a = s.editor.focused!
        let p = s.anchor(s.editor.flatIndex(of: a)!)
        // Half a stick right for half a second: 60 pt.
        s.run([.gamepadAxis(pad: 0, axis: .leftx, value: 0.5)], frames: 30)
        s.run([.gamepadAxis(pad: 0, axis: .leftx, value: 0)], frames: 2)
        let moved = s.anchor(s.editor.flatIndex(of: a)!)
        #expect(moved.x > p.x + 20 && abs(moved.y - p.y) < 1e-9)
        #expect(s.editor.history.undoCount == 1)
        s.run([.gamepadButton(pad: 0, button: .x, down: true), .gamepadButton(pad: 0, button: .x, down: false)])
        #expect(s.anchor(s.editor.flatIndex(of: a)!) == p)
        s.run([.gamepadButton(pad: 0, button: .b, down: true), .gamepadButton(pad: 0, button: .b, down: false)])
        #expect(!s.scene.editing)
    }

    @Test func snappingPutsDraggedPointsOnTheGrid() {
        let s = Session(.star)
        s.key("E")
        s.key("G")
        #expect(s.scene.snap)
        s.drag(s.anchor(0), s.anchor(0) + Vec2(33.3, 17.7))
        let p = s.anchor(0) - Vec2(s.scene.shapeBounds.minX, s.scene.shapeBounds.minY)
        #expect(abs(p.x / PathEditSession.gridStep - (p.x / PathEditSession.gridStep).rounded()) < 1e-9)
        #expect(abs(p.y / PathEditSession.gridStep - (p.y / PathEditSession.gridStep).rounded()) < 1e-9)
    }

    /// A point dragged over the buttons or off the window stays in the area the path is
    /// drawn in (a hostile tour left one under the tab bar, the path drawn across the buttons).
    @Test func aPointDraggedOffTheDrawingAreaStaysInIt() {
        let s = Session(.figure8)
        s.key("E")
        let area = s.scene.shapeBounds
        s.drag(s.anchor(0), Vec2(-50, -40))
        #expect(s.anchor(0) == Vec2(area.minX, area.minY), "\(s.anchor(0)) outside \(area)")
        s.drag(s.anchor(1), Vec2(area.midX, area.maxY + 300))
        #expect(s.anchor(1).y == area.maxY)
    }

    @Test func exportedDataReadsBackAsTheSameSegments() throws {
        let s = Session(.figure8)
        s.key("E")
        s.drag(s.anchor(1), s.anchor(1) + Vec2(17, 9))
        s.key("X")
        let d = try #require(s.scene.lastExport)
        // (The parser ends an arc exactly where the data says with a rounding-sized line,
        // 2e-13 pt here: not a segment anyone drew.)
        let back = try Path(svg: d).subpaths.map { sub in
            var sub = sub
            sub.segments.removeAll { $0.length() < 1e-9 }
            return sub
        }
        let now = s.editor.doc.subpaths
        #expect(back.count == now.count)
        for (x, y) in zip(back, now) {
            #expect(x.segments.count == y.segments.count && x.isClosed == y.isClosed)
            for (u, v) in zip(x.segments, y.segments) {
                for t in stride(from: 0.0, through: 1.0, by: 0.25) { #expect(u.point(at: t).distance(to: v.point(at: t)) < 1e-9) }
            }
        }
    }

    @Test func editsOfAShapeAreKeptWhenTheShapeComesBack() {
        let s = Session(.star)
        s.key("E")
        s.drag(s.anchor(0), s.anchor(0) + Vec2(20, 20))
        let edited = s.d
        s.key("S")
        #expect(s.d != edited)
        for _ in 0..<(s.scene.availableShapes.count - 1) { s.key("S") }
        #expect(s.scene.shape == .star && s.d == edited)
    }
}

/// A path with more anchors than the editor takes: pressing E says why nothing happens,
/// on the status line the scene shows outside edit mode too (before, the refusal was only
/// shown in edit mode, which it refused, so E seemed dead).
@Suite struct PathEditRefusedTests {
    @Test func editModeRefusedForTooManyAnchorsSaysSoOnTheStatusLine() throws {
        let n = PathScene.maxEditableAnchors + 1
        let svg = "M0 0" + (1..<n).map { " L\($0) \(($0 * 37) % 100)" }.joined()
        let (shell, scene) = TestSupport.shell(with: PathScene(customPath: try Path(svg: svg), startShape: .custom), size: Vec2(1280, 720))
        _ = runShell(shell, frames: 2)
        _ = runShell(shell, frames: 1, events: [1: [.key(Key("E"), down: true)]])
        _ = runShell(shell, frames: 1, events: [1: [.key(Key("E"), down: false)]])
        #expect(!scene.editing)
        let table = try #require(scene.tables.first)
        let status = try #require(scene.editStatus(table))
        #expect(status.0.contains("\(n) anchors") && status.0.contains("at most \(PathScene.maxEditableAnchors)"), "\(status.0)")
        // The message goes after its 3 s, and the lap line is back.
        _ = runShell(shell, frames: 200)
        #expect(scene.editStatus(table) == nil)
    }

    /// A custom path within the drawing's limit where it starts, made longer than it by a
    /// resize (a flat zigzag in a tall window, made square), is shown smaller, at the limit,
    /// and the status line says so: it came to 11,600 diagonals and 4 million samples (a tour).
    @Test func aResizeThatWouldMakeThePathTooLongToDrawShowsItSmaller() throws {
        // 2,000 lines 100 pt long, back and forth, in a band 1 pt tall: fitted by its width in
        // a tall window, by its height in a square one.
        let svg = "M0 0" + (1...2_000).map { " L\($0 % 2 == 1 ? 100 : 0) \(Double($0) / 2_000)" }.joined()
        let (shell, scene) = TestSupport.shell(with: PathScene(customPath: try Path(svg: svg), startShape: .custom), size: Vec2(64, 8192))
        _ = runShell(shell, frames: 2)
        func diagonals() throws -> Double {
            let b = scene.shapeBounds, t = try #require(scene.tables.first)
            return t.length / (b.width * b.width + b.height * b.height).squareRoot()
        }
        #expect(try diagonals() < DrawnPath.maxLengthInDiagonals)
        let first = try #require(scene.tables.first)
        #expect(scene.editStatus(first) == nil)
        _ = runShell(shell, frames: 2, events: [1: [.resize(w: 4096, h: 4096)]])
        let d = try diagonals()
        #expect(d <= DrawnPath.maxLengthInDiagonals && d > 0.99 * DrawnPath.maxLengthInDiagonals, "\(d)")
        let shrunk = try #require(scene.tables.first)
        let status = try #require(scene.editStatus(shrunk))
        #expect(status.0.contains("DrawnPath.maxLengthInDiagonals") && status.0.hasPrefix("shown at "), "\(status.0)")
        // Edited at its size (the editor's anchors lie on the path drawn), and shown smaller
        // again after.
        _ = runShell(shell, frames: 2, events: [1: [.key(Key("E"), down: true)], 2: [.key(Key("E"), down: false)]])
        let editingSize = try diagonals()
        #expect(scene.editing && editingSize > DrawnPath.maxLengthInDiagonals)
        _ = runShell(shell, frames: 2, events: [1: [.key(Key("E"), down: true)], 2: [.key(Key("E"), down: false)]])
        let shownAgain = try diagonals()
        #expect(!scene.editing && shownAgain <= DrawnPath.maxLengthInDiagonals)
        // Back in a window where it fits, it is shown whole again.
        _ = runShell(shell, frames: 2, events: [1: [.resize(w: 64, h: 8192)]])
        #expect(try diagonals() < DrawnPath.maxLengthInDiagonals)
        let points = try #require(scene.tables.first).points
        #expect(points.allSatisfy { $0.x.isFinite && $0.y.isFinite })
    }

    /// At 480×320 an export's long message shows whole on two lines (a file name was cut).
    @Test func atTheSmallestWindowALongStatusWrapsInsteadOfBeingCut() throws {
        let (shell, scene) = TestSupport.shell(with: PathScene(), size: Vec2(480, 320))
        let said = "exported to /home/someone/.local/share/motionlab/exports/a-rather-long-file-name.svg and standard output"
        scene.onExport = { _ in PathExport(said: said, kept: true) }
        for key in ["E", "X"] {
            _ = runShell(shell, frames: 1, events: [1: [.key(Key(key), down: true)]])
            _ = runShell(shell, frames: 1, events: [1: [.key(Key(key), down: false)]])
        }
        let font = shell.font
        let status = try #require(scene.statusLines(font: font, width: 480))
        #expect(status.lines.count == 2, "\(status.lines)")
        // (The path broken after a "/": the two lines hold every character, none cut.)
        #expect(status.lines[0].hasSuffix("/") && !status.lines[1].hasSuffix("…"), "\(status.lines)")
        #expect(status.lines.joined(separator: " ").replacingOccurrences(of: "/ ", with: "/") == said)
    }

    /// A drag of an anchor taken away (a lost focus) puts the path back, and a ring on a
    /// segment the drag never touched stays where it is drawn (a hostile tour's moved 2.5 pt:
    /// it was placed by its fraction of the dragged path's length).
    @Test func aCancelledDragLeavesARingOnAnUntouchedSegmentWhereItWas() throws {
        let s = PathEditorTests.Session(.star)
        s.key("E")
        let still = s.ringPoints
        s.run([], frames: 6)
        #expect(s.ringPoints == still, "the rings move by themselves")
        let rings = s.ringPoints
        let d = s.d
        let a = s.anchor(1)
        s.run([.pointerDown(pointer: 0, device: .mouse, at: a)], frames: 1)
        for k in 1...4 { s.run([.pointerMove(pointer: 0, device: .mouse, at: a + Vec2(10, 8) * Double(k))], frames: 1) }
        #expect(s.d != d)
        s.run([.focusLost], frames: 2)
        #expect(s.d == d)
        let after = s.ringPoints
        #expect(after.count == rings.count)
        // Each ring is where it was, or on the segments the drag moved (then back on them).
        let moved = zip(rings, after).filter { $0.distance(to: $1) > 1e-6 }
        #expect(moved.isEmpty, "rings moved: \(moved)")
    }

    /// The keys move anchors in edit mode, not rings: the focused ring's halo shows only out
    /// of it (a visual tour saw the halo and the focused anchor's ring both lit).
    @Test func noRingShowsTheFocusInEditMode() {
        let (_, scene) = TestSupport.shell(with: PathScene(startShape: .heart), size: Vec2(1280, 720))
        func drawn(_ focus: Bool) -> Int {
            scene.focusRing = FocusVisibility()
            if focus { scene.focusRing.note(.key(Key("Tab"), down: true)) }
            var list = DrawList()
            scene.draw(into: &list, context: DrawContext(font: testFont(), alpha: 1, bounds: Rect(x: 0, y: 40, w: 1280, h: 680)))
            return list.vertices.count
        }
        #expect(drawn(true) > drawn(false))
        scene.setEditing(true)
        #expect(drawn(true) == drawn(false))
    }
}
