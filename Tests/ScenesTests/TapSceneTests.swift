@testable import Engine
@testable import Entities
@testable import Geometry
@testable import Motion
@testable import Paths
@testable import Scenes
@testable import Shell
import TestSupport
import Testing

@Suite struct TapSceneTests {
    func make() -> (Shell, TapScene) {
        let s = TapScene()
        return (Shell(scenes: [s], size: Vec2(1280, 720), font: testFont()), s)
    }

    @Test func aTapFliesAHalfCircleInTwoSecondsAtConstantSpeed() {
        let (shell, s) = make()
        let start = s.model
        let target = start + Vec2(400, 0)
        var loop = FixedStepLoop(hz: 120)
        var positions: [Vec2] = []
        for f in 1...130 {
            if f == 1 { shell.enqueue(.pointerDown(pointer: 0, device: .mouse, at: target)) }
            for _ in 0..<loop.advance(by: 1.0 / 60) { shell.step(dt: loop.dt, step: loop.step); positions.append(s.presentation) }
        }
        #expect(s.presentation.distance(to: target) < 1e-9)
        #expect(s.model.distance(to: target) < 1e-9)
        #expect(s.completed == 1 && !s.isAnimating)
        // The flight goes round a half circle (up to 200 pt off the line) at constant speed.
        let flight = positions.prefix(240)
        #expect(flight.map { abs($0.y - start.y) }.max()! > 199)
        var steps: [Double] = []
        for i in 1..<flight.count { steps.append(flight[flight.index(flight.startIndex, offsetBy: i)].distance(to: flight[flight.index(flight.startIndex, offsetBy: i - 1)])) }
        let mean = (200 * Double.pi) / 240
        #expect(steps.allSatisfy { abs($0 - mean) / mean < 0.01 })
    }

    @Test func aTapMidFlightInterruptsFromThePresentedPositionWithoutAJump() {
        let (shell, s) = make()
        let start = s.model
        var loop = FixedStepLoop(hz: 120)
        var last = start
        var maxStep = 0.0
        for f in 1...200 {
            if f == 1 { shell.enqueue(.pointerDown(pointer: 0, device: .mouse, at: start + Vec2(400, 0))) }
            if f == 2 { shell.enqueue(.pointerUp(pointer: 0, device: .mouse, at: start + Vec2(400, 0))) }
            if f == 60 { shell.enqueue(.pointerDown(pointer: 1, device: .touch, at: start + Vec2(-300, 200))) }
            for _ in 0..<loop.advance(by: 1.0 / 60) {
                shell.step(dt: loop.dt, step: loop.step)
                maxStep = max(maxStep, s.presentation.distance(to: last))
                last = s.presentation
            }
        }
        #expect(s.interrupts == 1)
        // The fastest flight here covers π·r / 240 per step; no step moves more than that.
        let longest = Double.pi * (start.distance(to: start + Vec2(-300, 200)) + 400) / 2 / 240
        #expect(maxStep <= longest)
        #expect(s.stateDump()["interrupts"]?.doubleValue == 1)
    }

    @Test func theGamepadMovesACursorAndATaps() {
        let (shell, s) = make()
        let c0 = s.cursor
        runShell(shell, frames: 30, events: [1: [.gamepadAdded(pad: 0), .gamepadAxis(pad: 0, axis: .leftx, value: 1)],
                                             30: [.gamepadAxis(pad: 0, axis: .leftx, value: 0)]])
        #expect(s.cursor.x > c0.x + 200)
        runShell(shell, frames: 2, events: [1: [.gamepadButton(pad: 0, button: .a, down: true)]])
        #expect(s.isAnimating)
    }

    @Test func eachNewFingerIsANewTap() {
        let (shell, s) = make()
        runShell(shell, frames: 2, events: [1: [.pointerDown(pointer: 1, device: .touch, at: Vec2(100, 100)),
                                                .pointerDown(pointer: 2, device: .touch, at: Vec2(900, 600))]])
        #expect(s.interrupts == 1)
    }
}
