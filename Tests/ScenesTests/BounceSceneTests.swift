@testable import Engine
@testable import Entities
@testable import Geometry
@testable import Motion
@testable import Paths
@testable import Scenes
@testable import Shell
import TestSupport
import Testing

@Suite struct BounceSceneTests {
    @Test func clickingEmptySpaceAddsABallThere() {
        let scene = BounceScene(seed: 3, initialBalls: 0)
        let shell = Shell(scenes: [scene], size: Vec2(800, 600), font: testFont())
        runShell(shell, frames: 1, events: [1: [.pointerDown(pointer: 0, device: .mouse, at: Vec2(400, 100))]])
        #expect(scene.bodies.store.count == 1)
    }

    @Test func draggingABallMovesItWithThePointerAndReleasingThrowsIt() {
        let scene = BounceScene(seed: 3, initialBalls: 0)
        let shell = Shell(scenes: [scene], size: Vec2(800, 600), font: testFont())
        runShell(shell, frames: 1, events: [1: [.pointerDown(pointer: 0, device: .mouse, at: Vec2(400, 300))]])
        let e = scene.bodies.store.owners[0]
        var events: [Int: [InputEvent]] = [1: [.pointerDown(pointer: 5, device: .touch, at: scene.bodies.store[e]!.position.current)]]
        for f in 2...10 { events[f] = [.pointerMove(pointer: 5, device: .touch, at: Vec2(400 + Double(f) * 10, 300))] }
        events[11] = [.pointerUp(pointer: 5, device: .touch, at: Vec2(500, 300))]
        runShell(shell, frames: 11, events: events)
        let body = scene.bodies.store[e]!
        #expect(scene.grabs.store.isEmpty)
        #expect(body.velocity.x > 100)  // thrown to the right
    }

    @Test func backspaceRemovesTheOldestBall() {
        let scene = BounceScene(seed: 3, initialBalls: 3)
        let first = scene.bodies.store.owners.min { $0.index < $1.index }!
        let shell = Shell(scenes: [scene], size: Vec2(800, 600), font: testFont())
        runShell(shell, frames: 1, events: [1: [.key(.backspace, down: true)]])
        #expect(scene.bodies.store.count == 2)
        #expect(!scene.world.isAlive(first))
    }

    @Test func systemsRunInTheDeclaredOrder() {
        #expect(BounceScene().systemNames == ["interpolation", "input", "grab", "motion"])
    }
}
