@testable import Engine
import Foundation
@testable import Geometry
@testable import Motion
@testable import Scenes
@testable import Shell
import TestSupport
import Testing

/// The arrow taken in hand (issue 26): scrubbed along the ring, let go at the hand's speed,
/// reversed mid-play without a jump — UIViewPropertyAnimator's fractionComplete, isReversed
/// and continueAnimation.
@Suite struct ArrowScrubTests {
    func make() -> (Shell, ArrowScene) {
        shell(with: ArrowScene())
    }

    /// The point on the ring's band at `angle` from the arrow's start, clockwise.
    func onRing(_ s: ArrowScene, _ angle: Double) -> Vec2 {
        let r = s.outerRadius - s.thickness / 2
        let a = s.startRadians + angle
        return s.imageRect.center + Vec2(cos(a), sin(a)) * r
    }

    /// Drags round the ring from angle 0 to `to` at `omega` rad/s (a frame a step), letting go
    /// after `rest` frames still. Returns the lift's frame count.
    func turn(_ shell: Shell, _ s: ArrowScene, to: Double, omega: Double, rest: Int = 0) {
        let frames = Int((to / omega * 60).rounded())
        var events: [Int: [InputEvent]] = [1: [.pointerDown(pointer: 0, device: .mouse, at: onRing(s, 0))]]
        for k in 1...frames { events[1 + k] = [.pointerMove(pointer: 0, device: .mouse, at: onRing(s, to * Double(k) / Double(frames)))] }
        events[2 + frames + rest] = [.pointerUp(pointer: 0, device: .mouse, at: onRing(s, to))]
        runShell(shell, frames: 2 + frames + rest, events: events)
    }

    @Test func draggingAlongTheRingScrubsTheArrowAndGoHides() {
        let (shell, s) = make()
        turn(shell, s, to: .pi / 2, omega: 2, rest: 0)
        // The lift came with the hand turning at 2 rad/s: it goes on forward from a quarter.
        #expect(s.scrubber == nil)
        let (shell2, s2) = make()
        var events: [Int: [InputEvent]] = [1: [.pointerDown(pointer: 0, device: .touch, at: onRing(s2, 0))]]
        for k in 1...20 { events[1 + k] = [.pointerMove(pointer: 0, device: .touch, at: onRing(s2, Double(k) * 0.05))] }
        runShell(shell2, frames: 21, events: events)
        #expect(s2.scrubber == .pointer(0) && s2.goButton.isHidden)
        #expect(abs(s2.lengthRadians - 1) < 1e-9)
        #expect(abs(s2.fraction - 1 / (2 * .pi)) < 1e-9)
        _ = shell
    }

    /// A hand holding the arrow still after moving it: drawn at its length, and the scene
    /// rests until the hand moves again (it drew every frame for as long as it was held).
    @Test func heldStillTheArrowStopsAndTheSceneRests() {
        let (shell, s) = make()
        var events: [Int: [InputEvent]] = [1: [.pointerDown(pointer: 0, device: .mouse, at: onRing(s, 0))]]
        for k in 1...10 { events[1 + k] = [.pointerMove(pointer: 0, device: .mouse, at: onRing(s, Double(k) * 0.1))] }
        runShell(shell, frames: 11, events: events)
        let held = s.lengthRadians
        runShell(shell, frames: 4)
        #expect(s.scrubber == .pointer(0) && s.lengthRadians == held)
        #expect(s.due == .never, "\(s.due)")
        let c = s.tweener.extras.store[s.arrow]![custom: ArrowScene.lengthChannel]
        #expect(c.interpolated(0.3) == held)
    }

    @Test func letGoTurningForwardItLeavesAtTheHandsSpeedFinishesAndPlaysBack() {
        let (shell, s) = make()
        // Turned to 2 rad at 3 rad/s, held (no lift yet).
        let frames = 40
        var events: [Int: [InputEvent]] = [1: [.pointerDown(pointer: 0, device: .mouse, at: onRing(s, 0))]]
        for k in 1...frames { events[1 + k] = [.pointerMove(pointer: 0, device: .mouse, at: onRing(s, 2 * Double(k) / Double(frames)))] }
        runShell(shell, frames: 1 + frames, events: events)
        // The lift, a step at a time: the first step's growth is the hand's speed.
        let before = s.lengthRadians
        shell.enqueue(.pointerUp(pointer: 0, device: .mouse, at: onRing(s, 2)))
        shell.step(dt: 1.0 / 120, step: 100_000)
        let growth = (s.lengthRadians - before) * 120
        #expect(abs(growth / 3 - 1) < 0.1, "grew at \(growth) rad/s")
        // It reaches the whole ring, then plays back to nothing, and Go returns.
        var most = 0.0, frames2 = 0
        while !(s.lengthRadians == 0 && !s.goButton.isHidden) && frames2 < 900 {
            runShell(shell, frames: 1)
            most = max(most, s.lengthRadians)
            frames2 += 1
        }
        #expect(most > 2 * .pi - 1e-3 && most <= 2 * .pi + 1e-3)
        #expect(s.lengthRadians == 0 && !s.goButton.isHidden && !s.isAnimating)
    }

    @Test func letGoAtRestBelowHalfItGoesBackToNothing() {
        let (shell, s) = make()
        turn(shell, s, to: 1.5, omega: 3, rest: 6)
        #expect(s.isAnimating)
        runShell(shell, frames: 120)
        #expect(abs(s.lengthRadians) < 1e-3 && !s.goButton.isHidden)
    }

    @Test func reversingMidPlayTurnsRoundWhereItIsWithoutAJump() {
        let (shell, s) = make()
        runShell(shell, frames: 60, events: [1: [.key(.enter, down: true), .key(.enter, down: false)]])
        let mid = s.lengthRadians
        #expect(mid > 2 && mid < 4)
        shell.enqueue(.key(Key("R"), down: true))
        shell.step(dt: 1.0 / 120, step: 100_000)
        // One step on, a step's worth of the play's speed back from where it was.
        #expect(abs(s.lengthRadians - (mid - .pi / 120)) < 1e-6)
        #expect(s.reversed)
        #expect(boardlessDump(shell)["reversed"] == .bool(true))
        runShell(shell, frames: Int(mid / .pi * 60) + 4)
        #expect(s.lengthRadians == 0 && !s.goButton.isHidden && !s.reversed)
    }

    /// Let go past half at the keys' speed, the arrow finishes the ring in about a second,
    /// not creeping to it for seconds with Go hidden (a tour: 0.98 of the ring after 3 s).
    @Test func letGoByTheKeysPastHalfItFinishesTheRingBriskly() {
        let (shell, s) = make()
        runShell(shell, frames: 64, events: [1: [.key(.right, down: true)]])
        #expect(s.fraction > 0.5 && s.fraction < 0.6, "\(s.fraction)")
        runShell(shell, frames: 1, events: [1: [.key(.right, down: false)]])
        var frames = 0, most = 0.0
        while s.lengthRadians < 2 * .pi - 1e-3 && frames < 600 {
            runShell(shell, frames: 1)
            most = max(most, s.lengthRadians)
            frames += 1
        }
        #expect(frames <= 75, "took \(frames) frames")
        #expect(most <= 2 * .pi + 1e-9)
    }

    @Test func theKeysAndTheStickScrubAndLetGoGoesOn() {
        let (shell, s) = make()
        runShell(shell, frames: 30, events: [1: [.key(.right, down: true)]])
        #expect(s.scrubber == .keyboard && abs(s.lengthRadians - .pi / 2) < 0.05)
        runShell(shell, frames: 1, events: [1: [.key(.right, down: false)]])
        #expect(s.scrubber == nil && s.isAnimating)
        var frames = 0
        while s.goButton.isHidden && frames < 900 { runShell(shell, frames: 1); frames += 1 }
        #expect(s.lengthRadians == 0 && !s.goButton.isHidden)
        // The pad: the stick to the left while the play runs takes it in hand.
        runShell(shell, frames: 30, events: [1: [.key(.enter, down: true), .key(.enter, down: false)]])
        let playing = s.lengthRadians
        runShell(shell, frames: 10, events: [1: [.gamepadAdded(pad: 0), .gamepadAxis(pad: 0, axis: .leftx, value: -1)]])
        #expect(s.scrubber == .keyboard && s.lengthRadians < playing)
    }

    @Test(arguments: [Vec2(480, 320), Vec2(1280, 720), Vec2(3840, 2160)])
    func theRingKeepsItsProportionsAndTheArrowheadIsWiderThanTheRing(size: Vec2) {
        let s = ArrowScene()
        let shell = Shell(scenes: [s], size: size, font: testFont())
        let d = boardlessDump(shell)
        let outer = d["outerRadius"]!.doubleValue!, inner = d["innerRadius"]!.doubleValue!
        #expect(abs(inner / outer - 0.75) < 1e-12)
        // The head's base reaches past both edges of the ring, and stays on the picture.
        let shape = s.shape(lengthRadians: 3)
        let radii = shape.outline().map { $0.distance(to: s.imageRect.center) }
        #expect(radii.max()! > outer + 1 && radii.min()! < inner - 1)
        #expect(radii.max()! <= s.imageRect.width / 2 + 1e-9)
    }

    func boardlessDump(_ shell: Shell) -> JSONValue { shell.stateDump(frame: 0, step: 0, droppedTime: 0)["scenes"]!["arrow"]! }
}
