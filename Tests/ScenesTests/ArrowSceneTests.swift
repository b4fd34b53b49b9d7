@testable import Engine
@testable import Geometry
@testable import Motion
@testable import Scenes
@testable import Shell
import TestSupport
import Testing

@Suite struct ArrowSceneTests {
    @Test func goPlaysZeroToTwoPiAndBackHidingTheButtonUntilTheCompletionEvent() {
        let s = ArrowScene()
        let shell = Shell(scenes: [s], size: Vec2(1280, 720), font: testFont())
        runShell(shell, frames: 1, events: [1: [.pointerDown(pointer: 0, device: .mouse, at: s.goButton.rect.center)]])
        #expect(s.goButton.isHidden)
        #expect(s.stateDump()["goVisible"]?.boolValue == false)
        runShell(shell, frames: 119)  // 2 s in
        #expect(abs(s.lengthRadians - 2 * .pi) < 1e-9)
        #expect(s.goButton.isHidden)
        runShell(shell, frames: 119)
        #expect(s.goButton.isHidden)
        runShell(shell, frames: 1)  // 4 s: done, back at zero
        #expect(!s.goButton.isHidden)
        #expect(s.lengthRadians == 0)
        #expect(!s.isAnimating)
    }

    @Test func goIsIgnoredWhileItPlays() {
        let s = ArrowScene()
        let shell = Shell(scenes: [s], size: Vec2(1280, 720), font: testFont())
        runShell(shell, frames: 60, events: [1: [.key(.enter, down: true)], 30: [.key(.enter, down: false)], 31: [.key(.enter, down: true)]])
        #expect(abs(s.lengthRadians - .pi) < 1e-9)
    }

    @Test func theHintFitsWholeOnTheSmallestWindow() {
        // At 480×320 the hint above the picture must not be cut with an ellipsis.
        let (host, s) = shell(with: ArrowScene(), size: Vec2(480, 320))
        #expect(host.sceneBounds.width <= 480)
        #expect(testFont().fitted(s.hint, width: host.sceneBounds.width - 24) == s.hint)
    }
}
