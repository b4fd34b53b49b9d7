@testable import Engine
@testable import Entities
@testable import Geometry
@testable import Motion
@testable import Paths
@testable import Scenes
@testable import Shell
import TestSupport
import Testing

@Suite struct PathSceneTests {
    let size = Vec2(1280, 720)

    func make(_ shape: PathScene.Shape = .figure8) -> (Shell, PathScene) {
        let scene = PathScene(startShape: shape)
        return (Shell(scenes: [scene], size: size, font: testFont()), scene)
    }

    func handle(_ s: PathScene, _ i: Int = 0) -> PathFollower { s.followers.store.dense[i] }

    /// Puts handle `i` on the sample nearest `p` (as a test set-up, not through input).
    func place(_ s: PathScene, _ i: Int, near p: Vec2) {
        let t = s.tables[0]
        let k = t.nearestIndexByScan(to: p)!
        s.followers.store.withDense { d, _ in d[i] = PathFollower(table: 0, index: k, on: t) }
    }

    @Test func draggingStraightThroughTheCrossingAlongOneDiagonalStaysOnThatBranch() {
        let (shell, scene) = make()
        let c = scene.shapeBounds.center
        let r = scene.shapeBounds.height / 6
        // Diagonal 1 runs from the top circle's lower left to the bottom circle's upper right
        // (slope +1 on screen); diagonal 2 crosses it at the centre with slope −1.
        let from = c + Vec2(-0.5, -0.5) * r
        place(scene, 0, near: from)
        let grabAt = handle(scene).point
        var events: [Int: [InputEvent]] = [1: [.pointerDown(pointer: 0, device: .mouse, at: grabAt)]]
        for f in 2...41 {
            let p = grabAt + Vec2(1, 1) * (Double(f - 1) * r / 40)
            events[f] = [.pointerMove(pointer: 0, device: .mouse, at: p)]
        }
        var loop = FixedStepLoop(hz: 120)
        for f in 1...41 {
            for e in events[f] ?? [] { shell.enqueue(e) }
            for _ in 0..<loop.advance(by: 1.0 / 60) { shell.step(dt: loop.dt, step: loop.step) }
            let p = handle(scene).point - c
            // Always on diagonal 1: x − y ≈ 0 (within a sample).
            #expect(abs(p.x - p.y) < 1.5, "frame \(f): \(p)")
        }
        let end = handle(scene).point - c
        #expect(end.x > 0.4 * r && end.y > 0.4 * r)
        #expect(handle(scene).grabbedBy == .pointer(0))
    }

    @Test func releasingEndsTheGrabAndCancellingEndsItWithoutAJump() {
        let (shell, scene) = make(.oval)
        let p0 = handle(scene).point
        runShell(shell, frames: 3, events: [
            1: [.pointerDown(pointer: 3, device: .touch, at: p0 + Vec2(10, 0))],
            2: [.pointerMove(pointer: 3, device: .touch, at: p0 + Vec2(10, 40))],
            3: [.pointerCancel(pointer: 3, device: .touch)],
        ])
        let after = handle(scene)
        #expect(after.grabbedBy == .none)
        // It moved with the drag before the cancel, and the cancel itself moved nothing.
        #expect(after.position.previous == after.position.current)
        #expect(after.point.distance(to: p0) > 20)
    }

    @Test func twoPointersDragTwoHandlesAtOnce() {
        let (shell, scene) = make(.oval)
        let a = handle(scene, 0).point, b = handle(scene, 1).point
        runShell(shell, frames: 6, events: [
            1: [.pointerDown(pointer: 1, device: .touch, at: a), .pointerDown(pointer: 2, device: .touch, at: b)],
            2: [.pointerMove(pointer: 1, device: .touch, at: a + Vec2(0, 60)), .pointerMove(pointer: 2, device: .touch, at: b + Vec2(0, -60))],
        ])
        #expect(handle(scene, 0).grabbedBy == .pointer(1))
        #expect(handle(scene, 1).grabbedBy == .pointer(2))
        #expect(handle(scene, 0).point.y > a.y + 30)
        #expect(handle(scene, 1).point.y < b.y - 30)
    }

    @Test func aPressAwayFromEveryHandleGrabsNothing() {
        let (shell, scene) = make()
        runShell(shell, frames: 2, events: [1: [.pointerDown(pointer: 0, device: .mouse, at: Vec2(100, 600))]])
        #expect(scene.followers.store.dense.allSatisfy { $0.grabbedBy == .none })
    }

    @Test func triggersOrbitForwardAndBackwardAcrossTheSeamCountingLaps() {
        let (shell, scene) = make(.oval)
        let length = scene.tables[0].length
        let frames = Int(length * 1.5 / PathScene.orbitSpeed * 60)
        runShell(shell, frames: frames, events: [1: [.gamepadAdded(pad: 0), .gamepadAxis(pad: 0, axis: .righttrigger, value: 1)]])
        #expect(handle(scene).lap == 1)
        #expect(handle(scene).grabbedBy == .pad(0))
        runShell(shell, frames: frames * 4 / 3, events: [1: [.gamepadAxis(pad: 0, axis: .righttrigger, value: 0),
                                                         .gamepadAxis(pad: 0, axis: .lefttrigger, value: 1)]])
        #expect(handle(scene).lap == -1)
    }

    @Test func theStickMovesTheHandleTheWayItPointsAlongThePath() {
        let (shell, scene) = make(.oval)
        // Handle 0 starts at the oval's right-most point, where the path runs straight down.
        let y0 = handle(scene).point.y
        runShell(shell, frames: 20, events: [1: [.gamepadAdded(pad: 7), .gamepadAxis(pad: 7, axis: .lefty, value: -1)]])
        #expect(handle(scene).point.y < y0 - 50)  // pushed up → moved up
        // Let go, it coasts on up the path and stops.
        runShell(shell, frames: 1, events: [1: [.gamepadAxis(pad: 7, axis: .lefty, value: 0)]])
        #expect(handle(scene).grabbedBy == .momentum)
        let coastFrom = handle(scene).point.y
        runShell(shell, frames: 240)
        #expect(handle(scene).point.y < coastFrom - 50 && handle(scene).grabbedBy == .none)
        // A resting stick inside the dead zone does nothing.
        let y1 = handle(scene).point.y
        runShell(shell, frames: 20, events: [1: [.gamepadAxis(pad: 7, axis: .lefty, value: -0.15)]])
        #expect(handle(scene).point.y == y1)
        #expect(handle(scene).grabbedBy == .none)
    }

    @Test func removingTheGamepadStopsTheOrbit() {
        let (shell, scene) = make(.oval)
        runShell(shell, frames: 5, events: [1: [.gamepadAdded(pad: 2), .gamepadAxis(pad: 2, axis: .righttrigger, value: 1)]])
        runShell(shell, frames: 1, events: [1: [.gamepadRemoved(pad: 2)]])
        let s = handle(scene).distance
        runShell(shell, frames: 10)
        #expect(handle(scene).distance == s)
        #expect(handle(scene).orbitSpeed == 0)
    }

    @Test func arrowKeysOrbitLikeTheStick() {
        let (shell, scene) = make(.oval)
        let y0 = handle(scene).point.y
        runShell(shell, frames: 20, events: [1: [.key(.down, down: true)]])
        #expect(handle(scene).point.y > y0 + 50)
        #expect(handle(scene).grabbedBy == .keyboard)
    }

    /// A press on a ring a pad's trigger is orbiting takes it, and it stops under the hand,
    /// as it does from the keys (found by a hostile tour: the press was taken for one on the
    /// path, and the other ring glided over to it).
    @Test func aHandTakesARingFromAPadOrbitingIt() {
        let (shell, scene) = make()
        runShell(shell, frames: 10, events: [1: [.gamepadAdded(pad: 0)], 2: [.gamepadAxis(pad: 0, axis: .righttrigger, value: 0.3)]])
        #expect(handle(scene).grabbedBy == .pad(0) && handle(scene).orbitSpeed != 0)
        runShell(shell, frames: 1, events: [1: [.pointerDown(pointer: 0, device: .mouse, at: scene.ringPoint(0))]])
        #expect(handle(scene).grabbedBy == .pointer(0))
        #expect(handle(scene).orbitSpeed == 0)
        #expect(handle(scene, 1).glideTarget == nil)
        // Held, it stays under the hand though the trigger is still down.
        let held = handle(scene).point
        runShell(shell, frames: 10)
        #expect(handle(scene).grabbedBy == .pointer(0) && handle(scene).point == held)
    }

    /// F moves the keys' and pads' orbit to the next ring: the ring they moved is let go and
    /// coasts to rest, as when the trigger is let go (a review found it orbiting on, owned by
    /// the pad, for good).
    @Test func focusingTheNextRingLetsThePadsRingGoAndItComesToRest() {
        let (shell, scene) = make()
        runShell(shell, frames: 10, events: [1: [.gamepadAdded(pad: 0)], 2: [.gamepadAxis(pad: 0, axis: .righttrigger, value: 0.3)]])
        #expect(handle(scene).grabbedBy == .pad(0))
        runShell(shell, frames: 2, events: [1: [.key(Key("F"), down: true)], 2: [.key(Key("F"), down: false)]])
        #expect(handle(scene).grabbedBy == .momentum && handle(scene, 1).grabbedBy == .pad(0))
        runShell(shell, frames: 600, events: [1: [.gamepadAxis(pad: 0, axis: .righttrigger, value: 0)]])
        #expect(handle(scene).grabbedBy == .none && handle(scene).orbitSpeed == 0)
    }

    @Test func aResizeRebuildsThePathAndKeepsEachHandlesFraction() {
        let (shell, scene) = make()
        runShell(shell, frames: 30, events: [1: [.key(.down, down: true)], 30: [.key(.down, down: false)]])
        // Let go, the rings coast on; a resize keeps a coast going (PathResizeMidMotionTests),
        // so this one waits for them to rest.
        for _ in 0..<600 where scene.followers.store.dense.contains(where: { $0.grabbedBy != .none }) { runShell(shell, frames: 1) }
        #expect(scene.followers.store.dense.allSatisfy { $0.grabbedBy == .none && $0.orbitSpeed == 0 })
        let t0 = scene.tables[0]
        let f0 = scene.followers.store.dense.map { $0.distance / t0.length }
        runShell(shell, frames: 1, events: [1: [.resize(w: 800, h: 900)]])
        let t1 = scene.tables[0]
        #expect(t1.length != t0.length)
        // The whole width, below the buttons and above the status line.
        #expect(scene.shapeBounds == Rect(x: 0, y: scene.rideButton.rect.maxY + 8, w: 800, h: 900 - 28 - scene.rideButton.rect.maxY - 8))
        for (i, f) in scene.followers.store.dense.enumerated() {
            #expect(abs(f.distance / t1.length - f0[i]) < 2 / t1.length)
            #expect(f.point.distance(to: t1.point(atDistance: f.distance)) < 1.01)
            // Snapped: no interpolation smear from the old layout.
            #expect(f.position.previous == f.position.current)
        }
    }

    @Test func cyclingShapesVisitsEveryShapeAndComesBack() {
        let (shell, scene) = make(.oval)
        var seen: [PathScene.Shape] = []
        for f in 1...5 {
            runShell(shell, frames: 1, events: [1: [.key(Key("S"), down: true), .key(Key("S"), down: false)]])
            seen.append(scene.shape)
            _ = f
        }
        #expect(seen == [.figure8, .roundedRect, .star, .heart, .oval])
    }

    @Test func aStrandedHandleGlidesAlongThePathInsteadOfJumping() {
        let (shell, scene) = make(.star)
        let t = scene.tables[0]
        let start = handle(scene).point
        // Drag far across the star's middle toward the opposite tip: the walk gets stuck at
        // a notch, then the handle glides there along the path, one short move per step.
        let target = t.points[t.count / 2]
        var maxJump = 0.0
        var glided = false
        var last = start
        var events: [Int: [InputEvent]] = [1: [.pointerDown(pointer: 0, device: .mouse, at: start)]]
        events[2] = [.pointerMove(pointer: 0, device: .mouse, at: target)]
        var loop = FixedStepLoop(hz: 120)
        for f in 1...120 {
            for e in events[f] ?? [] { shell.enqueue(e) }
            for _ in 0..<loop.advance(by: 1.0 / 60) {
                let gliding = handle(scene).glideTarget != nil
                shell.step(dt: loop.dt, step: loop.step)
                if gliding { glided = true; maxJump = max(maxJump, handle(scene).point.distance(to: last)) }
                last = handle(scene).point
            }
        }
        #expect(glided)
        #expect(handle(scene).point.distance(to: target) < 2)
        // Each step moves at most the glide speed's worth along the path (as a chord, less).
        #expect(maxJump <= PathFollowerSystem.glideSpeed / 120 + 1)
    }

    /// The scene's draw list as of the last step.
    func drawn(_ scene: PathScene) -> DrawList {
        var list = DrawList()
        scene.draw(into: &list, context: DrawContext(font: testFont(), alpha: 1, bounds: Rect(x: 0, y: 40, w: 1280, h: 680)))
        return list
    }

    /// Whether an opaque vertex of colour `c` lies within `r` of `p`.
    func paints(_ list: DrawList, _ c: Color, near p: Vec2, within r: Double) -> Bool {
        list.vertices.contains { v in
            v.color.r == c.r && v.color.g == c.g && v.color.b == c.b && v.color.a > 100
                && Vec2(Double(v.x), Double(v.y)).distance(to: p) <= r
        }
    }

    @Test func eachRingHasItsOwnColour() {
        let (shell, scene) = make(.oval)
        runShell(shell, frames: 1)
        let list = drawn(scene)
        let (red, blue) = (PathScene.ringColors[0], PathScene.ringColors[1])
        #expect(red != blue)
        #expect(paints(list, red, near: handle(scene, 0).point, within: PathScene.handleRadius + 2))
        #expect(!paints(list, blue, near: handle(scene, 0).point, within: PathScene.handleRadius + 2))
        #expect(paints(list, blue, near: handle(scene, 1).point, within: PathScene.handleRadius + 2))
    }

    @Test func rideModesCycleFromKeysPadAndButtonAndMoveTheRingBesideThePath() throws {
        let (shell, scene) = make(.oval)
        #expect(scene.ride == .onPath)
        runShell(shell, frames: 1, events: [1: [.key(Key("R"), down: true), .key(Key("R"), down: false)]])
        #expect(scene.ride == .tangent)
        runShell(shell, frames: 1, events: [1: [.gamepadAdded(pad: 0), .gamepadButton(pad: 0, button: .a, down: true)]])
        #expect(scene.ride == .smooth)
        // The button sits right of Debug at this width.
        runShell(shell, frames: 2, events: [1: [.pointerDown(pointer: 0, device: .mouse, at: Vec2(400, 40 + 28)),
                                                .pointerUp(pointer: 0, device: .mouse, at: Vec2(400, 40 + 28))]])
        #expect(scene.ride == .beside)
        let d = scene.stateDump()
        #expect(d["ride"]?.stringValue == "rides beside it")
        let h = try #require(d["handles"]?.arrayValue?.first)
        let drawnAt = try #require(h["drawn"]?.arrayValue?.compactMap { $0.doubleValue })
        let onPath = Vec2(h["x"]!.doubleValue!, h["y"]!.doubleValue!)
        #expect(abs(Vec2(drawnAt[0], drawnAt[1]).distance(to: onPath) - PathScene.Ride.beside.offset) < 1e-6)
        #expect(h["angle"]?.doubleValue != nil)
        // A press on the ring where it is drawn grabs it.
        runShell(shell, frames: 1, events: [1: [.pointerDown(pointer: 5, device: .touch, at: Vec2(drawnAt[0], drawnAt[1]))]])
        #expect(handle(scene).grabbedBy == .pointer(5))
    }

    @Test func aTetherAndADestinationMarkerShowWhileTheRingGlidesAwayFromTheFinger() throws {
        let (shell, scene) = make(.star)
        let t = scene.tables[0]
        let start = handle(scene).point
        let finger = t.points[t.count / 2]
        runShell(shell, frames: 2, events: [1: [.pointerDown(pointer: 0, device: .mouse, at: start)],
                                            2: [.pointerMove(pointer: 0, device: .mouse, at: finger)]])
        // Stranded for a quarter second, then gliding.
        runShell(shell, frames: 20)
        let f = handle(scene)
        let target = try #require(f.glideTarget)
        #expect(scene.stateDump()["handles"]?.arrayValue?.first?["glideTo"]?.doubleValue == Double(target))
        let list = drawn(scene)
        let red = PathScene.ringColors[0]
        #expect(f.point.distance(to: finger) > 40)
        #expect(paints(list, red, near: finger, within: 8))  // the tether's end at the finger
        #expect(paints(list, red, near: t.points[target], within: 10))  // the marker
        #expect(f.point.distance(to: t.points[target]) > 40)  // the marker is not the ring itself
    }

    @Test func theStateDumpHasTheDocumentedFields() {
        let (_, scene) = make()
        let d = scene.stateDump()
        #expect(d["shape"]?.stringValue == "figure 8")
        #expect(d["bounds"]?.arrayValue?.count == 4)
        #expect(d["samples"]?.doubleValue == Double(scene.tables[0].count))
        let h = d["handles"]?.arrayValue?.first
        for key in ["x", "y", "s", "index", "lap", "grabbedBy", "lapsShown", "drawn", "angle", "glideTo"] { #expect(h?[key] != nil, "\(key)") }
        #expect(d["ride"]?.stringValue == "on the path")
    }
}
