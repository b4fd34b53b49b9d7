import Foundation
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

    @Test func theOuterArcStaysWithinAQuarterPixelAtEveryScale() {
        // Divided by points, the arc was 0.75 px off at 3 px/pt: flats 50 pixels long.
        for ppp in [1.0, 2.0, 3.0] {
            let (host, s) = shell(with: ArrowScene())
            runShell(host, frames: 60, events: [1: [.key(.enter, down: true)], 2: [.key(.enter, down: false)]])
            var list = DrawList()
            list.pixelsPerPoint = ppp
            s.draw(into: &list, context: DrawContext(font: testFont(), alpha: 1, bounds: host.sceneBounds))
            // The opaque vertices along the outer arc, half a pixel inside it, by angle.
            let c = s.imageRect.center, r = s.outerRadius - 0.5 / ppp
            let angles = list.vertices.filter { $0.color.a == 255 }.map { Vec2(Double($0.x), Double($0.y)) - c }
                .filter { abs($0.length - r) < 0.01 }.map { atan2($0.y, $0.x) }.sorted()
            #expect(angles.count > 20, "at \(ppp) px/pt")
            let widest = zip(angles, angles.dropFirst()).map { $1 - $0 }.max() ?? .infinity
            let sagitta = r * (1 - cos(widest / 2)) * ppp
            #expect(sagitta <= 0.26, "at \(ppp) px/pt: \(sagitta) px")
        }
    }

    @Test func theHintFitsWholeOnTheSmallestWindow() {
        // At 480×320 the hint above the picture must not be cut with an ellipsis.
        let (host, s) = shell(with: ArrowScene(), size: Vec2(480, 320))
        #expect(host.sceneBounds.width <= 480)
        #expect(testFont().fitted(s.hint, width: host.sceneBounds.width - 24) == s.hint)
    }
}
