@testable import Engine
@testable import Geometry
@testable import Scenes
@testable import Shell
import TestSupport
import Testing

/// A flight cut short by a window made smaller ends inside it, and says where it went.
@Suite struct TapResizeTests {
    @Test func aFlightIntoACornerAWindowNoLongerHasEndsInsideItAndSaysSo() {
        let (shell, s) = shell(with: TapScene())
        runShell(shell, frames: 2, events: [1: [.pointerDown(pointer: 0, device: .mouse, at: Vec2(1200, 650))],
                                            2: [.pointerUp(pointer: 0, device: .mouse, at: Vec2(1200, 650))]])
        #expect(s.isAnimating)
        runShell(shell, frames: 60, events: [10: [.resize(w: 480, h: 320)]])
        let window = Rect(x: 0, y: 0, w: 480, h: 320)
        let d = s.destination
        #expect(d.map { window.contains($0) } == true, "destination \(String(describing: d)) outside the 480×320 window")
        #expect(window.contains(s.presentation) && !s.isAnimating)
        #expect(d.map { $0.distance(to: s.presentation) < 1 } == true)
    }
}
