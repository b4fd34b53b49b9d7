@testable import Engine
import Foundation
@testable import Geometry
@testable import Scenes
@testable import Shell
@testable import Songs
import TestSupport
import Testing

/// What a hand lets go of leaves at the hand's speed, whatever the event rate, and a hand
/// that rested first lets go of nothing moving (issue 26's targets, through the whole app:
/// script, frame driver, input state, scene).
@Suite struct ReleaseVelocityTests {
    /// A press at `from`, moves at `velocity` one per frame of `frameTime` for `duration`,
    /// then the lift `rest` seconds after the last move, on a frame with a step in it (even
    /// frames at 240 a second, every frame at lower rates). Returns the events and the frame
    /// of the lift.
    static func steadyDrag(from: Vec2, velocity: Vec2, duration: Double, frameTime: Double,
                           rest: Double = 0) -> ([Int: [InputEvent]], Int) {
        var events: [Int: [InputEvent]] = [1: [.pointerDown(pointer: 7, device: .touch, at: from)]]
        let moves = Int((duration / frameTime).rounded())
        var p = from
        for k in 1...moves {
            p = from + velocity * (Double(k) * frameTime)
            events[1 + k] = [.pointerMove(pointer: 7, device: .touch, at: p)]
        }
        var up = 1 + moves + max(1, Int((rest / frameTime).rounded(.up)))
        if up % 2 == 1 { up += 1 }
        events[up] = [.pointerUp(pointer: 7, device: .touch, at: p)]
        return (events, up)
    }

    static let rates = [30.0, 60, 120, 240]

    static func longSheet() -> SheetDocument {
        var doc = SheetDocument.empty
        doc.lines = (0..<40).map { SheetDocument.Line(text: "line \($0)", chords: []) }
        return doc
    }

    /// Flicks the sheet up at 1,200 pt/s and returns how far it coasted after the lift.
    func sheetCoast(frameTime: Double, rest: Double) -> Double {
        let board = BoardScene(document: Self.longSheet())
        let shell = Shell(scenes: [board], size: Vec2(1280, 720), font: testFont())
        runShell(shell, frames: 1)
        let from = Vec2(board.sheetFrame.midX, board.sheetFrame.maxY - 20)
        let (events, up) = Self.steadyDrag(from: from, velocity: Vec2(0, -1200), duration: 0.25,
                                           frameTime: frameTime, rest: rest)
        runShell(shell, frames: up + Int(4 / frameTime), events: events, frameTime: frameTime)
        // The drag itself moved the content by 1,200 pt/s over its moves (within its range: no
        // rubber band).
        return board.sheet.offset - 1200 * (0.25 / frameTime).rounded() * frameTime
    }

    @Test(arguments: rates)
    func aFlickedSheetLeavesAtTheFingersSpeed(frameTime rate: Double) {
        // Coasting from v decelerating at 0.998 per ms travels −v / (1000 ln 0.998) ≈ 0.4995 v
        // (less the last few points below the stop speed).
        let coast = sheetCoast(frameTime: 1 / rate, rest: 0)
        let expected = -1200 / (1000 * log(ScrollPanel.normalRate))
        #expect(abs(coast / expected - 1) < 0.05, "coasted \(coast) pt at \(rate) events/s, expected \(expected)")
    }

    @Test(arguments: rates)
    func aSheetHeldStillBeforeTheLiftDoesNotCoast(frameTime rate: Double) {
        #expect(sheetCoast(frameTime: 1 / rate, rest: 0.05) == 0)
    }

    @Test(arguments: rates)
    func aThrownBallLeavesAtTheHandsVelocity(frameTime rate: Double) {
        let scene = BounceScene(seed: 3, initialBalls: 0)
        let shell = Shell(scenes: [scene], size: Vec2(1600, 900), font: testFont())
        runShell(shell, frames: 1, events: [1: [.pointerDown(pointer: 0, device: .mouse, at: Vec2(300, 300))]])
        let e = scene.bodies.store.owners[0]
        let hand = Vec2(1800, -300)
        let (events, up) = Self.steadyDrag(from: scene.bodies.store[e]!.position.current, velocity: hand,
                                           duration: 0.2, frameTime: 1 / rate)
        runShell(shell, frames: up, events: events, frameTime: 1 / rate)
        #expect(scene.grabs.store.isEmpty)
        let v = scene.bodies.store[e]!.velocity
        // Gravity has acted for the steps of the lift's frame since (at most 4 at 30 a second).
        #expect(abs(v.x / hand.x - 1) < 0.05, "left at \(v) at \(rate) events/s")
        #expect(abs(v.y - hand.y) < 0.05 * hand.length + BounceScene.gravity * 4 / 120)
    }
}
