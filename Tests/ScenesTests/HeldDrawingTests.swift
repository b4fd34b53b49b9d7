import Engine
import Geometry
import Scenes
import Shell
import TestSupport
import Testing

/// A thing a hand holds is drawn where the newest step put it — under the hand — not
/// interpolated a step behind; what no hand holds is still interpolated between steps. (At
/// 60 frames a second a frame runs two steps and the hand's move lands in the first, so the
/// lag shows at one step a frame: a 120 Hz display, or a 144 Hz one.)
@Suite struct HeldDrawingTests {
    /// The draw list's vertex positions for the frame drawn `alpha` of the way between steps.
    func positions(_ shell: Shell, alpha: Double) -> [Vec2] {
        var list = DrawList()
        shell.draw(into: &list, alpha: alpha)
        return (0..<list.vertices.count).map { Vec2(Double(list.vertices[$0].x), Double(list.vertices[$0].y)) }
    }

    /// Whether the frame is drawn the same at the start and the end of the step interval.
    func drawnTheSame(_ shell: Shell) -> Bool { positions(shell, alpha: 0) == positions(shell, alpha: 1) }

    @Test func theTapScenesHeldPictureIsDrawnAtTheNewestStepAndAFlyingOneIsInterpolated() {
        let (shell, s) = shell(with: TapScene())
        let start = s.presentation
        runShell(shell, frames: 3, events: [1: [.pointerDown(pointer: 0, device: .mouse, at: start)],
                                            2: [.pointerMove(pointer: 0, device: .mouse, at: start + Vec2(40, 0))],
                                            3: [.pointerMove(pointer: 0, device: .mouse, at: start + Vec2(80, 10))]],
                 frameTime: 1.0 / 120)
        #expect(drawnTheSame(shell))
        // Let go and tapped elsewhere: the flight is drawn between its steps.
        runShell(shell, frames: 2, events: [1: [.pointerUp(pointer: 0, device: .mouse, at: start + Vec2(80, 10))],
                                            2: [.pointerDown(pointer: 1, device: .mouse, at: start - Vec2(300, 100)),
                                                .pointerUp(pointer: 1, device: .mouse, at: start - Vec2(300, 100))]])
        runShell(shell, frames: 5)
        #expect(!drawnTheSame(shell))
    }

    @Test func thePathScenesHeldRingIsDrawnAtTheNewestStep() {
        let (shell, s) = shell(with: PathScene())
        let ring = s.ringPoint(0)
        var events: [Int: [InputEvent]] = [1: [.pointerDown(pointer: 0, device: .mouse, at: ring)]]
        for k in 2...8 { events[k] = [.pointerMove(pointer: 0, device: .mouse, at: ring + Vec2(Double(k) * 12, 0))] }
        runShell(shell, frames: 8, events: events, frameTime: 1.0 / 120)
        #expect(drawnTheSame(shell))
    }
}
