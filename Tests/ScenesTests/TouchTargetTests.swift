import Engine
import Geometry
@testable import Scenes
import Shell
@testable import Songs
import TestSupport
import Testing

/// Every pressable thing takes a finger: a press anywhere in the 44×44 pt square centred on
/// it (`Rect.touchArea`) reaches it, at the smallest window, however small it is drawn.
@Suite struct TouchTargetTests {
    /// The four corners of `r`'s touch area, half a point inside.
    func corners(_ r: Rect) -> [Vec2] {
        let a = r.touchArea.insetBy(dx: 0.5, dy: 0.5)
        return [Vec2(a.minX, a.minY), Vec2(a.maxX, a.minY), Vec2(a.minX, a.maxY), Vec2(a.maxX, a.maxY)]
    }

    func tap(_ shell: Shell, _ p: Vec2) {
        runShell(shell, frames: 2, events: [1: [.pointerDown(pointer: 1, device: .touch, at: p)],
                                            2: [.pointerUp(pointer: 1, device: .touch, at: p)]])
    }

    @Test(arguments: [Vec2(480, 320), Vec2(1280, 720)])
    func everyTabAndTheHelpButtonTakeAFinger(size: Vec2) {
        let shell = Shell(scenes: SceneRegistry.makeAll(SceneOptions()), size: size, font: testFont())
        #expect(shell.chrome.barHeight >= Button.touchTarget)
        for i in shell.scenes.indices.reversed() {
            for k in 0..<4 {
                // From another tab, so every press is seen to switch; the corner is read in the
                // layout the press lands in (the active tab may be wider).
                tap(shell, shell.tabRect(i == 0 ? 1 : 0).center)
                let tab = shell.tabRect(i)
                #expect(tab.touchArea.width >= 44 && tab.touchArea.height >= 44)
                let p = corners(tab)[k]
                tap(shell, p)
                #expect(shell.activeIndex == i, "tab \(i) at \(p), window \(size)")
            }
        }
        for p in corners(shell.helpButtonRect) {
            tap(shell, p)
            #expect(shell.helpVisible, "help at \(p)")
            tap(shell, shell.helpButtonRect.center)
            #expect(!shell.helpVisible)
        }
    }

    @Test func aPlacedChordDrawnSmallIsLiftedByAFingerAnywhereInItsTarget() throws {
        var doc = SheetDocument.empty
        doc.lines[0].chords = [.init(name: "G", at: 14)]
        let (shell, s) = shell(with: BoardScene(document: doc), size: Vec2(480, 320))
        let frame = s.chordRootFrame(.init(line: 0, index: 0))
        // Drawn under a finger's size at this window.
        #expect(frame.width < 44 || frame.height < 44)
        for p in corners(frame) where s.sheetFrame.contains(p) {
            // Held still past the hold time: it lifts.
            runShell(shell, frames: 40, events: [1: [.pointerDown(pointer: 1, device: .touch, at: p)]])
            #expect(s.ghosts.count == 1, "held at \(p)")
            runShell(shell, frames: 60, events: [1: [.pointerCancel(pointer: 1, device: .touch)]])
            #expect(s.ghosts.isEmpty)
        }
    }

    @Test func aStripCardTakesAFingerAtTheSmallestWindow() {
        let (shell, s) = shell(with: BoardScene(), size: Vec2(480, 320))
        let card = s.itemRootFrame(1)
        for p in corners(card) where s.stripFrame.contains(p) {
            runShell(shell, frames: 40, events: [1: [.pointerDown(pointer: 1, device: .touch, at: p)]])
            #expect(s.ghosts.count == 1, "held at \(p)")
            runShell(shell, frames: 60, events: [1: [.pointerCancel(pointer: 1, device: .touch)]])
        }
    }

    @Test func aButtonDrawnSmallIsHitAnywhereInItsTouchArea() {
        let b = Button(rect: Rect(x: 100, y: 100, w: 30, h: 20), label: "Go")
        for p in corners(b.rect) { #expect(b.hit(p, device: .mouse)) }
        #expect(!b.hit(Vec2(100 + 15 - 22 - 4 - 1, 110), device: .mouse))
    }
}
