@testable import Engine
import Foundation
@testable import Geometry
@testable import Motion
@testable import Paths
@testable import Scenes
@testable import Shell
import TestSupport
import Testing

/// A ring let go moving coasts along the path (issue 26): by its projected distance within
/// 10 %, on its branch through the figure 8's crossing, and a press stops it.
@Suite struct PathCoastTests {
    func make() -> (Shell, PathScene) {
        shell(with: PathScene(startShape: .figure8))
    }

    /// Drags ring 0 along the path for `frames` frames at `speed` pt/s (each frame's hand
    /// position the path's point that far on) and lets go moving. Returns the arc length at
    /// the lift.
    func fling(_ shell: Shell, _ s: PathScene, speed: Double, frames: Int) -> Double {
        let t = s.tables[0]
        let s0 = s.followers.store.dense[0].distance
        var events: [Int: [InputEvent]] = [1: [.pointerDown(pointer: 2, device: .touch, at: t.point(atDistance: s0))]]
        for k in 1...frames { events[1 + k] = [.pointerMove(pointer: 2, device: .touch, at: t.point(atDistance: s0 + speed * Double(k) / 60))] }
        events[2 + frames] = [.pointerUp(pointer: 2, device: .touch, at: t.point(atDistance: s0 + speed * Double(frames) / 60))]
        runShell(shell, frames: 2 + frames, events: events)
        return s0 + speed * Double(frames) / 60
    }

    @Test func aRingLetGoMovingCoastsItsProjectedDistanceOnItsBranch() {
        let (shell, s) = make()
        let t = s.tables[0]
        let speed = 700.0
        let lifted = fling(shell, s, speed: speed, frames: 12)
        let ring = s.followers.store.dense[0]
        #expect(ring.grabbedBy == .momentum)
        #expect(abs(ring.orbitSpeed / speed - 1) < 0.1, "left at \(ring.orbitSpeed) pt/s")
        // It goes on along the path: every frame on the path, the arc length only growing —
        // through the crossing on its own branch, never switching to the other.
        var last = ring.distance
        for _ in 0..<300 {
            runShell(shell, frames: 1)
            let r = s.followers.store.dense[0]
            let along = r.distance + Double(r.lap - ring.lap) * t.length
            #expect(along >= last - 1e-9)
            #expect(r.point.distance(to: t.point(atDistance: r.distance)) < 1e-6)
            last = along
        }
        let coasted = last - lifted
        let projected = PathFollowerSystem.coast.projectedDistance(speed)
        #expect(abs(coasted / projected - 1) < 0.1, "coasted \(coasted) pt, projected \(projected)")
        #expect(s.followers.store.dense[0].grabbedBy == .none)
    }

    @Test func aPressAnywhereStopsACoastAndARingLetGoAtRestStays() {
        let (shell, s) = make()
        _ = fling(shell, s, speed: 900, frames: 10)
        #expect(s.followers.store.dense[0].grabbedBy == .momentum)
        runShell(shell, frames: 1, events: [1: [.pointerDown(pointer: 4, device: .mouse, at: Vec2(5, 700))]])
        let stopped = s.followers.store.dense[0].distance
        #expect(s.followers.store.dense[0].grabbedBy == .none)
        runShell(shell, frames: 30, events: [1: [.pointerUp(pointer: 4, device: .mouse, at: Vec2(5, 700))]])
        #expect(s.followers.store.dense[0].distance == stopped)
        // Dragged, then held still 100 ms before the lift: no coast.
        let t = s.tables[0], s0 = stopped
        var events: [Int: [InputEvent]] = [1: [.pointerDown(pointer: 2, device: .touch, at: t.point(atDistance: s0))]]
        for k in 1...8 { events[1 + k] = [.pointerMove(pointer: 2, device: .touch, at: t.point(atDistance: s0 + 10 * Double(k)))] }
        events[16] = [.pointerUp(pointer: 2, device: .touch, at: t.point(atDistance: s0 + 80))]
        runShell(shell, frames: 16, events: events)
        #expect(s.followers.store.dense[0].grabbedBy == .none)
        let d = boardlessDump(shell)
        #expect(d["handles"]?.arrayValue?.first?["coasting"] == .bool(false))
    }

    func boardlessDump(_ shell: Shell) -> JSONValue { shell.stateDump(frame: 0, step: 0, droppedTime: 0)["scenes"]!["path"]! }
}
