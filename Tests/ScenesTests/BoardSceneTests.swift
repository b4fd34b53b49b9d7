@testable import Engine
@testable import Entities
@testable import Geometry
@testable import Motion
@testable import Paths
@testable import Scenes
@testable import Shell
@testable import Songs
import TestSupport
import Testing

@Suite struct BoardSceneTests {
    /// Runs a drag of `pointer` along `points`, one point per frame, then releases.
    /// Presses at the first point, moves through the others a frame each, and (with
    /// `release`) lets go at the last after holding still there for `rest` frames — 4 (67 ms)
    /// unless said: a drop placed by hand, not a flick.
    func drag(_ shell: Shell, _ points: [Vec2], pointer: Int = 0, device: PointerDevice = .mouse, release: Bool = true,
              rest: Int = 4, extraFrames: Int = 0) {
        var events: [Int: [InputEvent]] = [1: [.pointerDown(pointer: pointer, device: device, at: points[0])]]
        for (i, p) in points.dropFirst().enumerated() { events[i + 2] = [.pointerMove(pointer: pointer, device: device, at: p)] }
        let up = points.count + (release ? rest : 0)
        if release { events[up + 1] = [.pointerUp(pointer: pointer, device: device, at: points.last!)] }
        runShell(shell, frames: up + 1 + extraFrames, events: events)
    }

    func itemCenter(_ s: BoardScene, _ i: Int) -> Vec2 { s.itemRootFrame(i).center }

    @Test func underTheSlopNothingIsDecided() {
        let (shell, s) = makeBoard()
        let c = itemCenter(s, 2)
        drag(shell, [c, c + Vec2(0, 6), c + Vec2(0, 9)], release: false)
        #expect(s.ghosts.isEmpty)
        #expect(s.strip.offset == 0)
    }

    @Test func mostlyVerticalPicksUpACopyAndTheOriginalStays() {
        let (shell, s) = makeBoard()
        let c = itemCenter(s, 2)
        let before = s.itemRootFrame(2)
        drag(shell, [c, c + Vec2(3, 11), c + Vec2(3, 40)], release: false)
        #expect(s.ghosts.count == 1)
        #expect(s.ghosts[0].name == BoardScene.chordNames[2])
        // Under the pointer at the offset where it was grabbed.
        #expect(s.ghosts[0].frame.origin == before.origin + Vec2(3, 40))
        #expect(s.itemRootFrame(2) == before)
        #expect(s.stateDump()["source"]?["items"]?.arrayValue?.count == BoardScene.chordNames.count)
    }

    @Test(arguments: [(11.0, 0.0), (8.0, 8.0), (20.0, 19.0)])
    func mostlyHorizontalOrExactlyDiagonalScrollsTheStripAndTheDecisionHolds(dx: Double, dy: Double) {
        let (shell, s) = makeBoard()
        let c = itemCenter(s, 4)
        // Scroll left (content moves left: offset grows), then go straight down: still scrolling.
        drag(shell, [c, c - Vec2(dx, -dy), c - Vec2(dx + 30, -dy), c - Vec2(dx + 30, -dy - 80)], release: false)
        #expect(s.ghosts.isEmpty)
        #expect(s.strip.offset > 20)
    }

    @Test func aDropLandsInTheLineWithTheLargestOverlapCentredVerticallyAtTheDropX() {
        let (shell, s) = makeBoard()
        let c = itemCenter(s, 0)
        let line1 = s.lineRootFrame(1)
        // Aim so the 90-pt ghost straddles lines 0 and 1 with more of it in line 1.
        let target = Vec2(line1.minX + 300, line1.minY + 20)
        drag(shell, [c, c + Vec2(0, 20), target])
        #expect(s.ghosts.allSatisfy { $0.flight?.kind == .settling })
        #expect(s.document.lines[1].chords.count == 1)
        #expect(s.document.lines[0].chords.isEmpty)
        let placed = s.chordRootFrame(.init(line: 1, index: 0))
        #expect(abs(placed.midY - line1.midY) < 1e-9)
        #expect(abs(placed.midX - target.x) < 1e-9)
    }

    @Test func aCardFlickedDownTheSheetLandsOnTheProjectedLineAndSettlesFromTheHandsSpeed() {
        let (shell, s) = makeBoard()
        let c = itemCenter(s, 2)
        let start = Vec2(s.lineRootFrame(0).minX + 200, s.lineRootFrame(0).midY)
        // Over line 0, then flicked down at 1,500 pt/s (25 pt a frame, for more than the
        // tracker's 100 ms) and let go mid-motion.
        var points = [c, c + Vec2(0, 20), start]
        for k in 1...8 { points.append(start + Vec2(0, 25 * Double(k))) }
        drag(shell, points, rest: 0)
        let released = points.last!
        let aim = released + Coast.fast.projectedDistance(Vec2(0, 1500))
        let expected = s.document.lines.indices.first { s.lineRootFrame($0).contains(aim) }!
        let under = s.document.lines.indices.first { s.lineRootFrame($0).contains(released) }!
        #expect(expected > under)  // the projection is another line than the one under the hand
        #expect(s.document.lines[expected].chords.map(\.name) == [BoardScene.chordNames[2]],
                "landed on \(s.document.lines.indices.filter { !s.document.lines[$0].chords.isEmpty }), aimed \(expected), under \(under), offset \(s.sheet.offset)")
        // The ghost settles into the chord on a spring that left at the hand's speed.
        #expect(s.ghosts.count == 1 && s.ghosts[0].flight?.kind == .settling)
        runShell(shell, frames: 120)
        #expect(s.ghosts.isEmpty)
    }

    @Test func aCardLetGoAtRestOverALineLandsThereEvenAfterAFastApproach() {
        let (shell, s) = makeBoard()
        let c = itemCenter(s, 2)
        let target = s.lineRootFrame(1).center
        drag(shell, [c, c + Vec2(0, 20), target], rest: 4)
        #expect(s.document.lines[1].chords.map(\.name) == [BoardScene.chordNames[2]])
    }

    @Test func xIsClampedInsideTheLine() {
        let (shell, s) = makeBoard()
        let c = itemCenter(s, 0)
        let line = s.lineRootFrame(2)
        drag(shell, [c, c + Vec2(0, 20), Vec2(line.maxX - 2, line.midY)])
        let placed = s.chordRootFrame(.init(line: 2, index: 0))
        // On the character (a space's step past the text) nearest the line's end.
        #expect(placed.maxX <= line.maxX && line.maxX - placed.maxX <= 4)
        #expect(s.chordXs(line: 2)[0] <= s.spaces.frame(of: s.lineSpace(2)).width - BoardScene.placedSize.x)
    }

    @Test func aMissFliesBackAndIsRemoved() {
        let (shell, s) = makeBoard()
        let c = itemCenter(s, 3)
        // Drop it up over the tab bar, where no line is.
        drag(shell, [c, c + Vec2(0, 20), Vec2(640, 10)])
        #expect(s.ghosts.count == 1)
        #expect(s.ghosts.first?.flight?.kind == .returning)
        runShell(shell, frames: 90)
        #expect(s.ghosts.isEmpty)
        #expect(s.document == .empty)
    }

    @Test func holdingAGhostAtTheSheetsBottomEdgeScrollsItAndTheDropLandsAfterScrolling() {
        let (shell, s) = makeBoard()
        let c = itemCenter(s, 5)
        let bottom = Vec2(400, s.sheetFrame.maxY - 10)
        drag(shell, [c, c + Vec2(0, 20), bottom], release: false, extraFrames: 60)
        let scrolled = s.sheet.offset
        #expect(scrolled > 300)
        runShell(shell, frames: 1, events: [1: [.pointerUp(pointer: 0, device: .mouse, at: bottom)]])
        let i = s.document.lines.firstIndex { !$0.chords.isEmpty }
        #expect(i != nil)
        // The line that received it is the one under the ghost now, far down the sheet.
        #expect(i! >= 5)
        #expect(s.lineRootFrame(i!).maxY > s.sheetFrame.maxY - 100)
        // It stopped when dropped.
        runShell(shell, frames: 10)
        #expect(s.sheet.offset == scrolled)
    }

    @Test func placedChordsMoveToAnotherLineOrGetDeletedOffTheSheet() {
        var doc = SheetDocument.empty
        doc.lines[0].chords = [.init(name: "G", at: 12)]
        let (shell, s) = makeBoard(doc)
        var changes = 0
        s.onChange = { _ in changes += 1 }
        let from = s.chordRootFrame(.init(line: 0, index: 0)).center
        let to = s.lineRootFrame(2).center
        drag(shell, [from, from + Vec2(15, 2), to])
        #expect(s.document.lines[0].chords.isEmpty)
        #expect(s.document.lines[2].chords.map(\.name) == ["G"])
        #expect(changes == 1)
        // It settles onto the character nearest where it was let go.
        runShell(shell, frames: 60)
        let again = s.chordRootFrame(.init(line: 2, index: 0)).center
        // Out of the sheet to the left margin area above it: the ghost shows it will delete.
        drag(shell, [again, again + Vec2(15, 0), Vec2(640, 8 + shell.chrome.barHeight)], release: false)
        #expect(s.ghosts.first?.willRemove == true)
        runShell(shell, frames: 1, events: [1: [.pointerUp(pointer: 0, device: .mouse, at: Vec2(640, 8 + shell.chrome.barHeight))]])
        #expect(s.document.lines.allSatisfy { $0.chords.isEmpty })
        #expect(changes == 2)
    }

    @Test func twoFingersDragTwoGhostsAtOnce() {
        let (shell, s) = makeBoard()
        let a = itemCenter(s, 1), b = itemCenter(s, 6)
        runShell(shell, frames: 4, events: [
            1: [.pointerDown(pointer: 1, device: .touch, at: a), .pointerDown(pointer: 2, device: .touch, at: b)],
            2: [.pointerMove(pointer: 1, device: .touch, at: a + Vec2(0, 30)), .pointerMove(pointer: 2, device: .touch, at: b + Vec2(0, 30))],
            3: [.pointerMove(pointer: 1, device: .touch, at: s.lineRootFrame(0).center), .pointerMove(pointer: 2, device: .touch, at: s.lineRootFrame(3).center)],
        ])
        #expect(Set(s.ghosts.map(\.carrier)) == [.pointer(1), .pointer(2)])
        // Held still over their lines (50 ms and more), then let go.
        runShell(shell, frames: 5, events: [4: [.pointerUp(pointer: 1, device: .touch, at: s.lineRootFrame(0).center),
                                                .pointerUp(pointer: 2, device: .touch, at: s.lineRootFrame(3).center)]])
        #expect(s.document.lines[0].chords.map(\.name) == [BoardScene.chordNames[1]])
        #expect(s.document.lines[3].chords.map(\.name) == [BoardScene.chordNames[6]])
    }

    @Test func aPressOnAScrollingStripCatchesItInsteadOfPickingUp() {
        let (shell, s) = makeBoard()
        let c = itemCenter(s, 8)
        // Fling the strip.
        drag(shell, [c, c - Vec2(12, 0), c - Vec2(60, 0), c - Vec2(110, 0)], rest: 0)
        #expect(s.strip.isMoving)
        let c2 = itemCenter(s, 5)
        drag(shell, [c2, c2 + Vec2(0, 30), c2 + Vec2(0, 60)], release: false)
        #expect(s.ghosts.isEmpty)
    }

    @Test func aScrollThatBeginsCancelsAnotherPendingPress() {
        let (shell, s) = makeBoard()
        let a = itemCenter(s, 3), b = itemCenter(s, 6)
        runShell(shell, frames: 4, events: [
            1: [.pointerDown(pointer: 1, device: .touch, at: a), .pointerDown(pointer: 2, device: .touch, at: b)],
            2: [.pointerMove(pointer: 1, device: .touch, at: a - Vec2(30, 0))],
            3: [.pointerMove(pointer: 2, device: .touch, at: b + Vec2(0, 40))],
        ])
        #expect(s.ghosts.isEmpty)
    }

    @Test func theGamepadPicksAChordMovesItDropsItAndCancels() {
        let (shell, s) = makeBoard()
        runShell(shell, frames: 3, events: [1: [.gamepadAdded(pad: 0), .gamepadButton(pad: 0, button: .dpright, down: true)],
                                            2: [.gamepadButton(pad: 0, button: .dpright, down: false), .gamepadButton(pad: 0, button: .a, down: true)]])
        #expect(s.focusIndex == 1)
        #expect(s.ghosts.count == 1 && s.ghosts[0].name == BoardScene.chordNames[1])
        // Push the stick down until the ghost is over the sheet, then drop.
        runShell(shell, frames: 20, events: [1: [.gamepadButton(pad: 0, button: .a, down: false), .gamepadAxis(pad: 0, axis: .lefty, value: 1)],
                                             20: [.gamepadAxis(pad: 0, axis: .lefty, value: 0)]])
        runShell(shell, frames: 1, events: [1: [.gamepadButton(pad: 0, button: .a, down: true)]])
        #expect(s.ghosts.allSatisfy { $0.flight?.kind == .settling })
        #expect(s.document.lines.contains { !$0.chords.isEmpty })
        // Pick up again and cancel with B: it flies back.
        runShell(shell, frames: 2, events: [1: [.gamepadButton(pad: 0, button: .a, down: false)], 2: [.gamepadButton(pad: 0, button: .a, down: true)]])
        runShell(shell, frames: 1, events: [1: [.gamepadButton(pad: 0, button: .b, down: true)]])
        #expect(s.ghosts.last?.flight?.kind == .returning)
    }

    @Test func aPadAndAPointerNumbered1000CarryTheirOwnGhosts() {
        let (shell, s) = makeBoard()
        let c = itemCenter(s, 4)
        // Pointer 1000 lifts a card (the id the gamepad used to be faked as), then pad 0 lifts the focused one.
        drag(shell, [c, c + Vec2(0, 30), c + Vec2(0, 60)], pointer: 1000, device: .touch, release: false)
        runShell(shell, frames: 1, events: [1: [.gamepadAdded(pad: 0), .gamepadButton(pad: 0, button: .a, down: true)]])
        #expect(Set(s.ghosts.map(\.carrier)) == [.pointer(1000), .pad(0)])
        // The stick moves only the pad's ghost; lifting the finger drops only its own.
        let fingerGhost = s.ghosts.first { $0.carrier == .pointer(1000) }!.frame
        runShell(shell, frames: 5, events: [1: [.gamepadAxis(pad: 0, axis: .lefty, value: 1)], 5: [.gamepadAxis(pad: 0, axis: .lefty, value: 0)]])
        #expect(s.ghosts.first { $0.carrier == .pointer(1000) }!.frame == fingerGhost)
        runShell(shell, frames: 1, events: [1: [.pointerUp(pointer: 1000, device: .touch, at: c + Vec2(0, 60))]])
        #expect(s.ghosts.map(\.carrier).contains(.pad(0)))
        #expect(s.ghosts.filter { $0.carrier == .pointer(1000) }.allSatisfy { !$0.isCarried })
        let dumped = s.stateDump()["ghosts"]?.arrayValue?.compactMap { $0["carriedBy"]?.stringValue }
        #expect(dumped?.contains("pad:0") == true)
    }

    @Test func aPadPulledOutMidCarrySendsItsGhostBack() {
        let (shell, s) = makeBoard()
        runShell(shell, frames: 2, events: [1: [.gamepadAdded(pad: 3), .gamepadButton(pad: 3, button: .a, down: true)]])
        #expect(s.ghosts.count == 1 && s.ghosts[0].isCarried)
        runShell(shell, frames: 1, events: [1: [.gamepadRemoved(pad: 3)]])
        #expect(s.ghosts.count == 1 && !s.ghosts[0].isCarried)
        runShell(shell, frames: 40)
        #expect(s.ghosts.isEmpty)
        #expect(s.document.lines.allSatisfy { $0.chords.isEmpty })
    }

    @Test func theWheelScrollsThePanelUnderTheMouse() {
        let (shell, s) = makeBoard()
        runShell(shell, frames: 1, events: [1: [.pointerMove(pointer: 0, device: .mouse, at: s.sheetFrame.center), .wheel(dx: 0, dy: -120)]])
        #expect(s.sheet.offset == 120)
        #expect(s.strip.offset == 0)
    }

    @Test func theStateDumpIsInRootSpaceAsDrawn() {
        let (shell, s) = makeBoard()
        runShell(shell, frames: 1, events: [1: [.pointerMove(pointer: 0, device: .mouse, at: s.sheetFrame.center), .wheel(dx: 0, dy: -50)]])
        let d = s.stateDump()
        #expect(d["target"]?["offset"] == JSONValue(numbers: [0, 50]))
        let first = d["target"]?["lines"]?.arrayValue?.first?["frame"]?.arrayValue?.map { $0.doubleValue! }
        #expect(first == [s.sheetFrame.minX + 8, s.sheetFrame.minY + 8 - 50, s.sheetFrame.width - 16, BoardScene.lineHeight])
    }

    /// `from` to `to` in steps of about `step` points, one per frame.
    func line(_ from: Vec2, _ to: Vec2, step: Double) -> [Vec2] {
        let n = max(1, Int((from.distance(to: to) / step).rounded(.up)))
        return (0...n).map { Vec2.lerp(from, to, Double($0) / Double(n)) }
    }

    @Test func anOrdinaryDragFromTheStripIntoAScrolledSheetLandsOnTheAimedLineAndDoesNotScroll() {
        let (shell, s) = makeBoard()
        runShell(shell, frames: 1, events: [1: [.pointerMove(pointer: 0, device: .mouse, at: s.sheetFrame.center), .wheel(dx: 0, dy: -764)]])
        #expect(s.sheet.offset == 764)
        // Aim at the middle of the third visible line, moving 6 pt a frame (through the top zone).
        let first = s.lineRootFrame(8)
        #expect(first.minY >= s.sheetFrame.minY)
        let aim = s.lineRootFrame(10).center
        let c = itemCenter(s, 3)
        drag(shell, line(c, Vec2(c.x, aim.y), step: 6))
        let d = boardDump(shell)
        #expect(d["target"]?["offset"] == JSONValue(numbers: [0, 764]))
        #expect(s.document.lines[10].chords.map(\.name) == [BoardScene.chordNames[3]])
        #expect(s.document.lines.enumerated().allSatisfy { $0.offset == 10 || $0.element.chords.isEmpty })
    }

    @Test func restingACarriedCardInTheSheetsTopZoneScrollsItUpAfterAMoment() {
        let (shell, s) = makeBoard()
        runShell(shell, frames: 1, events: [1: [.pointerMove(pointer: 0, device: .mouse, at: s.sheetFrame.center), .wheel(dx: 0, dy: -764)]])
        let c = itemCenter(s, 3)
        let rest = Vec2(c.x, s.sheetFrame.minY + 10)
        drag(shell, line(c, rest, step: 6), release: false, extraFrames: 18)
        // 0.3 s of rest: not yet.
        #expect(s.sheet.offset == 764)
        runShell(shell, frames: 30)
        #expect(s.sheet.offset < 764)
    }

    @Test func theStripScrollsWhenACardIsCarriedAlongItTowardItsEdge() {
        let (shell, s) = makeBoard(SheetDocument.empty)
        runShell(shell, frames: 1, events: [1: [.resize(w: 800, h: 600)]])
        let c = itemCenter(s, 1)
        // Hold to lift, then carry it right inside the strip to its right edge.
        let path = [c] + Array(repeating: c, count: 24) + line(c, Vec2(s.stripFrame.maxX - 8, c.y), step: 20)
        drag(shell, path, release: false, extraFrames: 30)
        #expect(s.ghosts.count == 1)
        #expect(s.strip.offset > 100)
    }

    @Test func holdingAPlacedChordLiftsItAndAStraightDragDownMovesItTwoLines() {
        var doc = SheetDocument.empty
        doc.lines[1].chords = [.init(name: "G", at: 12)]
        let (shell, s) = makeBoard(doc)
        let from = s.chordRootFrame(.init(line: 1, index: 0)).center
        // A quick vertical drag scrolls the sheet (the direction rule)...
        drag(shell, line(from, from + Vec2(0, -60), step: 12))
        #expect(s.ghosts.isEmpty)
        runShell(shell, frames: 60)
        runShell(shell, frames: 1, events: [1: [.pointerMove(pointer: 0, device: .mouse, at: s.sheetFrame.center), .wheel(dx: 0, dy: 10000)]])
        #expect(s.sheet.offset == 0)
        // ...but pressed and held still for 0.4 s, the chord lifts; then straight down two lines.
        let to = from + Vec2(0, 2 * BoardScene.lineHeight)
        var frames: [Int: [InputEvent]] = [1: [.pointerDown(pointer: 0, device: .mouse, at: from)]]
        runShell(shell, frames: 24, events: frames)
        #expect(boardDump(shell)["ghosts"]?.arrayValue?.count == 1)
        #expect(s.announcement.hasPrefix("Lifted G · drag it anywhere"))
        frames = [:]
        let path = line(from, to, step: 8)
        for (i, p) in path.enumerated() { frames[i + 1] = [.pointerMove(pointer: 0, device: .mouse, at: p)] }
        frames[path.count + 1] = [.pointerUp(pointer: 0, device: .mouse, at: to)]
        runShell(shell, frames: path.count + 1, events: frames)
        let d = boardDump(shell)
        #expect(d["target"]?["offset"] == JSONValue(numbers: [0, 0]))
        #expect(s.document.lines[1].chords.isEmpty)
        #expect(s.document.lines[3].chords.map(\.name) == ["G"])
        #expect(s.document.lines[3].chords[0].at == 12 && s.chordXs(line: 3)[0] == 104)
    }

    @Test func aDropThatGrazesALineOnlyWithTheCardsTransparentMarginDoesNotLand() {
        for (depth, lands) in [(1.5, false), (4.0, true)] {
            let (shell, s) = makeBoard()
            let card = s.itemRootFrame(2)
            let grab = Vec2(card.midX, card.minY + 1)
            // The pointer stays above the sheet; the card's bottom edge reaches `depth` into line 1.
            let line0 = s.lineRootFrame(0)
            let release = Vec2(grab.x, line0.minY + depth - (BoardScene.cardSize.y - 1))
            #expect(!s.sheetFrame.contains(release))
            drag(shell, [grab, grab + Vec2(0, 12), release])
            #expect(s.document.lines[0].chords.isEmpty == !lands, "depth \(depth)")
        }
    }

    @Test func twoFingersCarryingTwoGhostsHighlightBothTargetLines() {
        let (shell, s) = makeBoard()
        let a = itemCenter(s, 1), b = itemCenter(s, 6)
        let la = s.lineRootFrame(0).center, lb = s.lineRootFrame(3).center
        runShell(shell, frames: 3, events: [
            1: [.pointerDown(pointer: 1, device: .touch, at: a), .pointerDown(pointer: 2, device: .touch, at: b)],
            2: [.pointerMove(pointer: 1, device: .touch, at: a + Vec2(0, 30)), .pointerMove(pointer: 2, device: .touch, at: b + Vec2(0, 30))],
            3: [.pointerMove(pointer: 1, device: .touch, at: la), .pointerMove(pointer: 2, device: .touch, at: lb)],
        ])
        let d = boardDump(shell)
        #expect(d["highlightedLines"] == .array([JSONValue(0), JSONValue(3)]))
        #expect(d["ghosts"]?.arrayValue?.map { $0["targetLine"] } == [JSONValue(0), JSONValue(3)])
        runShell(shell, frames: 1, events: [1: [.pointerUp(pointer: 2, device: .touch, at: lb)]])
        #expect(boardDump(shell)["highlightedLines"] == .array([JSONValue(0)]))
    }

    @Test func atTheSmallestWindowTwoWholeLyricLinesShowAndChordsSitAboveTheirLyric() {
        var doc = SheetDocument.empty
        doc.lines[1].chords = [.init(name: "G", at: 4)]
        let s = BoardScene(document: doc)
        _ = Shell(scenes: [s], size: Vec2(480, 320), font: testFont())
        let sheet = s.sheetFrame
        let whole = s.document.lines.indices.filter { sheet.contains(s.lineRootFrame($0).origin) && s.lineRootFrame($0).maxY <= sheet.maxY }
        #expect(whole.count >= 2, "lines wholly shown: \(whole)")
        let chord = s.chordRootFrame(.init(line: 1, index: 0)), line = s.lineRootFrame(1)
        #expect(chord.minY >= line.minY && chord.maxY <= line.maxY - 22 + 1e-9)  // above the lyric's text
    }

    /// A banner as long as "kept as the song …" with its reason shows whole at 480×320, on
    /// more than one line (a tour read it cut after "not saved th…"), and never over the
    /// chords' strip, with the frame-time graph taking room or not.
    @Test(arguments: [false, true]) func atTheSmallestWindowALongBannerWrapsInsteadOfBeingCut(graph: Bool) {
        let s = BoardScene()
        let shell = Shell(scenes: [s], size: Vec2(480, 320), font: testFont())
        // (The frame-time graph leaves the board less room: a review.)
        if graph { runShell(shell, frames: 1, events: [1: [.key(Key("G"), down: true), .key(Key("G"), down: false)]]) }
        #expect(s.bannerLines(font: testFont()) == nil)
        let name = "a-rather-long-sheet-name-for-a-song"
        for text in ["kept as the song “ro (unsaved)”: the edits to “ro”, not saved there (/tmp/s1/ro.json: is read-only (mode 444); not saved over)",
                     "kept as the song “\(name) (unsaved)”: the edits to “\(name)”, not saved there (/tmp/bn/\(name).json: is read-only (mode 444); not saved over)"] {
            s.showBanner(text)
            let lines = s.bannerLines(font: testFont()) ?? []
            #expect(lines.count >= 2 && lines.count <= 6)
            // (With the graph, 3 lines are all the sheet has room for: the long one is cut there.)
            if !graph || text.count < 140 { #expect(lines.joined(separator: " ") == text, "\(lines)") }
            // It stays over the sheet: the chords' strip still shows.
            if let r = s.bar.bannerFrame(font: testFont(), over: s.bounds) { #expect(r.minY >= s.sheetFrame.minY, "\(r) over \(s.sheetFrame)") }
        }
    }

    /// A banner that would cover the line typed in shows at the sheet's top instead, and is
    /// put away by a click where it shows (at 480×320 a long one hid the typing: a tour).
    /// (At 480×320 the longest banners, of 6 lines, have nowhere clear of it to go.)
    @Test(arguments: [(480.0, 320.0, "ro"), (640, 400, "a-rather-long-sheet-name-for-a-song")])
    func aBannerKeepsClearOfTheLineTypedIn(w: Double, h: Double, name: String) {
        let (shell, s) = makeBoard(size: Vec2(w, h))
        let sheet = s.sheetFrame
        let lines = s.document.lines.indices.filter { sheet.contains(s.lineRootFrame($0).center) }
        let text = "kept as the song “\(name) (unsaved)”: the edits to “\(name)”, not saved there (/tmp/bn/\(name).json: is read-only (mode 444); not saved over)"
        for line in [lines.last!, lines.first!] {
            let p = s.lineRootFrame(line).center
            runShell(shell, frames: 3, events: [1: [.pointerDown(pointer: 0, device: .mouse, at: p)], 2: [.pointerUp(pointer: 0, device: .mouse, at: p)]])
            #expect(s.lyric?.line == line)
            s.showBanner(text)
            guard let r = s.bar.bannerFrame(font: testFont(), over: s.bounds, avoiding: s.bannerClearance) else { Issue.record("no banner"); return }
            let typed = try! #require(s.bannerClearance)
            #expect(r.maxY <= typed.minY + 1 || r.minY >= typed.maxY - 1, "line \(line) at \(typed), banner at \(r)")
            #expect(r.minY >= sheet.minY && r.maxY <= s.bar.frame.minY)
            runShell(shell, frames: 3, events: [1: [.pointerDown(pointer: 0, device: .mouse, at: r.center)], 2: [.pointerUp(pointer: 0, device: .mouse, at: r.center)]])
            #expect(s.banner == nil && s.lyric?.line == line)
            runShell(shell, frames: 40)
        }
    }

    /// The banner lies over the sheet's lower lines: a click or a tap on it puts it away and
    /// is its own (a tour's click on it put the caret in the line under it), and a press
    /// beside it is the sheet's as before.
    @Test func aPressOnTheBannerPutsItAwayAndTypesInNoLineUnderIt() {
        let doc = SheetDocument(lines: (0..<8).map { SheetDocument.Line(text: "Line \($0) of the song") })
        for device in [PointerDevice.mouse, .touch] {
            let (shell, s) = makeBoard(doc)
            s.showBanner("kept as the song “ro (unsaved)”: the edits to “ro”, not saved there")
            guard let banner = s.bar.bannerFrame(font: testFont(), over: s.bounds) else { Issue.record("no banner"); return }
            let under = s.document.lines.indices.first { s.lineRootFrame($0).contains(banner.center) }
            #expect(under != nil, "the banner covers a line")
            runShell(shell, frames: 2, events: [1: [.pointerDown(pointer: 1, device: device, at: banner.center)],
                                                2: [.pointerUp(pointer: 1, device: device, at: banner.center)]])
            #expect(s.banner == nil && s.lyric == nil, "\(device): \(String(describing: s.lyric))")
            // The next press there is the line's.
            runShell(shell, frames: 2, events: [1: [.pointerDown(pointer: 1, device: device, at: banner.center)],
                                                2: [.pointerUp(pointer: 1, device: device, at: banner.center)]])
            #expect(s.lyric?.line == under, "\(device)")
        }
    }

    @Test func atTheSmallestWindowTheAnnouncementWrapsInsteadOfBeingCut() {
        let s = BoardScene()
        let shell = Shell(scenes: [s], size: Vec2(480, 320), font: testFont())
        runShell(shell, frames: 1, events: [1: [.key(.right, down: true), .key(.right, down: false)]])
        let lines = s.barLines(font: testFont())
        #expect(lines.count == 2)
        #expect(lines.joined(separator: " ") == s.announcement, "\(lines) vs \(s.announcement)")
        let (big, b) = makeBoard()
        runShell(big, frames: 1, events: [1: [.key(.right, down: true), .key(.right, down: false)]])
        #expect(b.barLines(font: testFont()) == [b.announcement])
        // The hint, where it would be cut mid-word, is its first half alone.
        let hint = BoardScene()
        _ = Shell(scenes: [hint], size: Vec2(480, 320), font: testFont())
        #expect(hint.announcement.isEmpty)
        #expect(hint.barLines(font: testFont()).allSatisfy { !$0.hasSuffix("…") }, "\(hint.barLines(font: testFont()))")
        // Beside the Songs button (a window's board has a songs' folder) the bar is narrower.
        let shelved = BoardScene()
        shelved.songShelf = MemoryShelf([:])
        _ = Shell(scenes: [shelved], size: Vec2(480, 320), font: testFont())
        let shown = shelved.barLines(font: testFont())
        #expect(!shown.isEmpty && shown.allSatisfy { !$0.hasSuffix("…") }, "\(shown)")
    }

    @Test func wrappingBreaksAtSpacesThenInLongWordsAndEndsWithAnEllipsis() {
        let font = testFont()  // 8 points a character
        #expect(font.wrapped("one two three", width: 80, maxLines: 2) == ["one two", "three"])
        #expect(font.wrapped("abcdefghijklmnop qr", width: 64, maxLines: 3) == ["abcdefgh", "ijklmnop", "qr"])
        #expect(font.wrapped("to /a/bcdef/ghij x", width: 64, maxLines: 3) == ["to /a/", "bcdef/", "ghij x"])
        #expect(font.wrapped("abcdefghijklmnopqrstuvwxyz", width: 64, maxLines: 2) == ["abcdefgh", "ijklmno…"])
        // A width narrower than one letter: a letter a line, nothing lost, no empty line.
        #expect(font.wrapped("WW W", width: 1, maxLines: 4) == ["W", "W", "W"])
        #expect(font.wrapped("aa bb cc dd ee ff gg", width: 40, maxLines: 2) == ["aa bb", "cc d…"])
        #expect(font.wrapped("short", width: 80, maxLines: 2) == ["short"])
    }

    @Test func undoAndRedoLookDisabledAndDoNothingWhenThereIsNothingToUndoOrRedo() {
        let (shell, s) = makeBoard()
        #expect(!s.undoButton.isEnabled && !s.redoButton.isEnabled)
        drag(shell, [s.undoButton.rect.center])
        drag(shell, [s.redoButton.rect.center])
        #expect(s.announcement.isEmpty && s.document == .empty)
        // Dimmed: the label is drawn in a fainter colour than an enabled button's.
        func labelColours(_ b: Button) -> Set<Color> {
            var list = DrawList()
            b.draw(into: &list, font: testFont())
            return Set(list.vertices.map(\.color))
        }
        var on = s.undoButton
        on.isEnabled = true
        #expect(labelColours(s.undoButton) != labelColours(on))
        let c = itemCenter(s, 0)
        drag(shell, [c, c + Vec2(0, 20), s.lineRootFrame(1).center])
        #expect(s.undoButton.isEnabled && !s.redoButton.isEnabled)
        drag(shell, [s.undoButton.rect.center])
        #expect(!s.undoButton.isEnabled && s.redoButton.isEnabled)
    }

    @Test func undoBringsBackADeletedChordRedoAndTheButtonsDoTheSameAndTheSavedSheetFollows() {
        var doc = SheetDocument.empty
        doc.lines[0].chords = [.init(name: "G", at: 12)]
        let (shell, s) = makeBoard(doc)
        var saved: SheetDocument?
        s.onChange = { saved = $0 }
        // Delete by dragging it off the sheet (sideways first, so it lifts).
        let from = s.chordRootFrame(.init(line: 0, index: 0)).center
        drag(shell, [from, from + Vec2(15, 0), Vec2(640, 8 + shell.chrome.barHeight)])
        #expect(s.document.lines[0].chords.isEmpty)
        #expect(saved == s.document)
        let undo = s.undoButton.rect.center, redo = s.redoButton.rect.center
        drag(shell, [undo])
        #expect(s.document == doc)
        #expect(saved == doc)
        drag(shell, [redo])
        #expect(s.document.lines[0].chords.isEmpty)
        #expect(saved == s.document)
        // Sixty changes are all undoable.
        let c = itemCenter(s, 0)
        for k in 0..<60 {
            drag(shell, [c, c + Vec2(0, 20), s.lineRootFrame(k % 4).center])
        }
        #expect(s.document.lines.prefix(4).map(\.chords.count).reduce(0, +) == 60)
        for _ in 0..<60 { drag(shell, [undo]) }
        #expect(s.document.lines.allSatisfy { $0.chords.isEmpty })
        #expect(s.history.undoCount >= 1)
    }

    @Test func sheetsRoundTripAndBadOnesAreRefusedWithWhere() throws {
        var doc = SheetDocument.empty
        doc.lines[3].chords = [.init(name: "Am", at: 1), .init(name: "F", at: 36)]
        let back = try SheetDocument.parse(doc.serialized())
        #expect(back == doc)
        // Any name the chord grammar reads is a chord (H7 is B7 as German and Russian
        // musicians write it); one it cannot read is refused with where and why.
        let h = try SheetDocument.parse(#"{"version":1,"lines":[{"text":"a"},{"text":"b","chords":[{"name":"H7","x":1}]}]}"#)
        #expect(h.lines[1].chords.map(\.name) == ["H7"])
        #expect(throws: SheetError(description: "lines[1].chords[0]: \"X7\" is not a chord name: at 0: 'X': a chord name starts with its root, A to G (or H)")) {
            try SheetDocument.parse(#"{"version":1,"lines":[{"text":"a"},{"text":"b","chords":[{"name":"X7","x":1}]}]}"#)
        }
        #expect { try SheetDocument.parse("{\"version\":1,\n\"lines\":[") } throws: {
            ($0 as? SheetError)?.description.contains("line 2") == true
        }
    }

    @Test("Thirty thousand fingers held on the strip: InputLimits.maxPointers gestures, each lifting one copy, all ended by their lifts")
    func thirtyThousandFingersHeldOnTheStripAreCapped() {
        let (shell, s) = makeBoard()
        let n = 30_000, limit = InputLimits.maxPointers
        func at(_ id: Int) -> Vec2 { itemCenter(s, id % 8) + Vec2(Double(id % 5), Double(id % 7)) }
        // Pressed in one frame and held still past the hold time: each tracked press lifts.
        runShell(shell, frames: 40, events: [1: (1...n).map { InputEvent.pointerDown(pointer: $0, device: .touch, at: at($0)) }])
        #expect(shell.input.pointers.count == limit)
        #expect(s.dragDrop.pressCount == limit)
        #expect(s.ghosts.count == limit)
        #expect(s.ghosts.allSatisfy { $0.isCarried && $0.frame.minX.isFinite && $0.frame.minY.isFinite })
        var list = DrawList()
        shell.draw(into: &list, alpha: 1)
        #expect(list.isWithinDrawingBounds)
        runShell(shell, frames: 40, events: [1: (1...n).map { InputEvent.pointerUp(pointer: $0, device: .touch, at: at($0)) }])
        #expect(shell.input.pointers.isEmpty)
        #expect(s.dragDrop.pressCount == 0)
        #expect(s.ghosts.allSatisfy { !$0.isCarried })
    }
}
