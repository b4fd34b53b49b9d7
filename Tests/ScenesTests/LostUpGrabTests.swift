@testable import Engine
import Entities
@testable import Geometry
@testable import Scenes
@testable import Shell
import TestSupport
import Testing

/// A hand's grab through the one recogniser (`Presses`): held at the press, let go at the up
/// even in the same step, and a pointer whose up was lost (`InputState` cancels its first
/// press) holds only what it pressed last.
@Suite struct LostUpGrabTests {
    /// A bounce scene with one ball in play, at rest in the air for the test's first step.
    func bounceWithABall() -> (Shell, BounceScene, Entity) {
        let scene = BounceScene(seed: 3, initialBalls: 0)
        let shell = Shell(scenes: [scene], size: Vec2(800, 600), font: testFont())
        runShell(shell, frames: 1, events: [1: [.pointerDown(pointer: 0, device: .mouse, at: Vec2(400, 300))]])
        return (shell, scene, scene.bodies.store.owners[0])
    }

    @Test func aBallTakenStopsUnderTheHandInThatVeryStep() {
        let (shell, scene, e) = bounceWithABall()
        let at = scene.bodies.store[e]!.position.current
        // One step (frames of 1/120 s).
        runShell(shell, frames: 1, events: [1: [.pointerDown(pointer: 4, device: .touch, at: at)]], frameTime: 1.0 / 120)
        // Gravity and its own velocity would have moved it over the frame's steps.
        #expect(scene.bodies.store[e]!.position.current == at)
        #expect(scene.grabs.store[e]?.hand == .pointer(4))
    }

    @Test func aQuickTapOnABallDownAndUpInOneStepLeavesItFree() {
        let (shell, scene, e) = bounceWithABall()
        let at = scene.bodies.store[e]!.position.current
        runShell(shell, frames: 1, events: [1: [.pointerDown(pointer: 4, device: .touch, at: at),
                                                .pointerUp(pointer: 4, device: .touch, at: at)]])
        #expect(scene.grabs.store.isEmpty)
        // Free, it falls: the mouse moving afterwards does not carry it.
        runShell(shell, frames: 20, events: [1: [.pointerMove(pointer: 4, device: .touch, at: Vec2(100, 100))]])
        #expect(scene.bodies.store[e]!.position.current.y > at.y)
    }

    @Test func aPointerDownAgainWithoutItsUpLetsGoOfTheBallItHeld() {
        let (shell, scene, first) = bounceWithABall()
        runShell(shell, frames: 1, events: [1: [.pointerDown(pointer: 0, device: .mouse, at: Vec2(200, 300))]])
        let second = scene.bodies.store.owners.first { $0 != first }!
        runShell(shell, frames: 1, events: [1: [.pointerDown(pointer: 7, device: .touch, at: scene.bodies.store[first]!.position.current)]])
        #expect(scene.grabs.store[first]?.hand == .pointer(7))
        // Pointer 7's up was lost; it comes down on the other ball.
        runShell(shell, frames: 1, events: [1: [.pointerDown(pointer: 7, device: .touch, at: scene.bodies.store[second]!.position.current)]])
        #expect(scene.grabs.store[first] == nil)
        #expect(scene.grabs.store[second]?.hand == .pointer(7))
        runShell(shell, frames: 1, events: [1: [.pointerUp(pointer: 7, device: .touch, at: Vec2(300, 300))]])
        #expect(scene.grabs.store.isEmpty)
    }

    @Test func aRingsPointerDownAgainWithoutItsUpLetsGoOfTheRingItHeld() {
        let (shell, s) = shell(with: PathScene())
        let ring0 = s.ringPoint(0), ring1 = s.ringPoint(1)
        runShell(shell, frames: 1, events: [1: [.pointerDown(pointer: 3, device: .touch, at: ring0)]])
        #expect(s.followers.store.dense[0].grabbedBy == .pointer(3))
        runShell(shell, frames: 1, events: [1: [.pointerDown(pointer: 3, device: .touch, at: ring1)]])
        #expect(s.followers.store.dense[0].grabbedBy == .none)
        #expect(s.followers.store.dense[1].grabbedBy == .pointer(3))
        // The hand's moves now carry ring 1 only.
        let before = s.followers.store.dense[0].point
        runShell(shell, frames: 6, events: Dictionary(uniqueKeysWithValues: (1...6).map {
            ($0, [InputEvent.pointerMove(pointer: 3, device: .touch, at: ring1 + Vec2(Double($0) * 8, 0))])
        }))
        #expect(s.followers.store.dense[0].point == before)
        #expect(s.followers.store.dense[1].point.distance(to: ring1) > 10)
    }
}
