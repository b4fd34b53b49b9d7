@testable import Entities
import Foundation
@testable import Geometry
@testable import Motion
@testable import Paths
import Testing

/// Flights along paths: a part of a path, seeking and scrubbing while paused, and
/// retargeting onto another path mid-flight.
@Suite struct PathFlightTests {
    let dt = 1.0 / 120
    /// Radius 100 about the origin, from (100, 0) toward +y; length 200π.
    let circle = Path.ellipse(in: Rect(x: -100, y: -100, w: 200, h: 200))

    func setUp() -> (Tweener, Entity) {
        let t = Tweener(world: World())
        let e = t.world.spawn()
        t.animatables.store.insert(Animatable(), for: e)
        return (t, e)
    }

    func flight(_ track: PathTrack, seconds: Double = 1, target: Entity) -> Animation {
        var timing = MediaTiming(duration: seconds)
        timing.fillMode = .forwards
        return Animation(target: target, property: .position, track: .path(track), timing: timing)
    }

    func presentation(_ t: Tweener, _ e: Entity) -> Vec2 { t.animatables.store[e]!.position.presentation }

    /// The point at angle θ on the circle.
    func onCircle(_ theta: Double) -> Vec2 { Vec2(100 * cos(theta), 100 * sin(theta)) }

    @Test func aPartOfThePathIsFlownAtConstantSpeedFromItsStartToItsEnd() throws {
        let track = PathTrack(path: circle, from: 0.25, to: 0.75)
        #expect(abs(track.flightLength - 100 * .pi) < 1e-9)
        let (t, e) = setUp()
        try t.add(flight(track, target: e))
        var positions: [Vec2] = []
        for _ in 0..<120 {
            t.step(dt: dt)
            positions.append(presentation(t, e))
        }
        // A quarter of the way round is angle π/2; half-way through the flight, angle π.
        #expect(track.position(at: 0).distance(to: onCircle(.pi / 2)) < 1e-9)
        #expect(positions[59].distance(to: onCircle(.pi)) < 1e-9)
        #expect(positions[119].distance(to: onCircle(1.5 * .pi)) < 1e-9)
        let steps = zip(positions, positions.dropFirst()).map { $0.distance(to: $1) }
        let expected = 100 * .pi / 120 * (2 * sin(Double.pi / 240) / (Double.pi / 120))  // chord of each step's arc
        #expect(steps.allSatisfy { abs($0 - expected) < 1e-9 })
    }

    @Test(arguments: [Path.heart(in: Rect(x: 0, y: 0, w: 300, h: 300)), Path.star(center: Vec2(200, 200), outer: 150, inner: 60)])
    func aPacedFlightIsExactlyWhereItsTrackAndItsTableSayAtEveryStep(path: Path) throws {
        // The step reads a pinned copy of the table through the table's own lookup, so the
        // flight, `PathTrack.position(at:)` and the table agree to the last bit.
        let track = PathTrack(path: path, rotationMode: .auto)
        let (t, e) = setUp()
        let a = try t.add(flight(track, seconds: 0.7, target: e))
        for _ in 0..<80 {
            t.step(dt: dt)
            guard let tween = t.animations.store[a], case .active(let u) = tween.timing.phase(at: tween.time) else { continue }
            #expect(presentation(t, e) == track.position(at: u))
            #expect(presentation(t, e) == track.table.point(atDistance: u * track.table.length))
            #expect(t.animatables.store[e]!.rotation.presentation == track.rotation(at: u))
        }
    }

    @Test func aFlightTurnsToTheLeavingSegmentAtAJoint() throws {
        // Issue 28's circle of two arcs, each ending in a line of rounding size: half-way
        // round, a flight facing its way of travel points straight up (−π/2), not along +x.
        let track = PathTrack(path: try Path(svg: "M100 0 A100 100 0 1 1 -100 0 A100 100 0 1 1 100 0 Z"), rotationMode: .auto)
        let (t, e) = setUp()
        let a = try t.add(flight(track, seconds: 2, target: e))
        t.pause(a)
        t.seek(a, toFraction: 0.5)
        t.step(dt: dt)
        #expect(presentation(t, e).distance(to: Vec2(-100, 0)) < 1e-9)
        #expect(abs(t.animatables.store[e]!.rotation.presentation + .pi / 2) < 1e-9)
        #expect(abs(track.rotation(at: 0.5)! + .pi / 2) < 1e-9)
    }

    @Test func aPartMayCrossTheSeamOfAClosedPathAndRunBackward() throws {
        // 0.9 → 1.1 crosses the seam at angle 0, flying forward.
        let across = PathTrack(path: circle, from: 0.9, to: 1.1)
        for k in 0...10 {
            let u = Double(k) / 10
            #expect(across.position(at: u).distance(to: onCircle(2 * .pi * (0.9 + 0.2 * u))) < 1e-9)
        }
        // 0.5 → 0.25, backward: rotation auto faces the way it flies (toward −y at angle π/2).
        let back = PathTrack(path: circle, rotationMode: .auto, from: 0.5, to: 0.25)
        #expect(back.isReversed)
        let (t, e) = setUp()
        try t.add(flight(back, target: e))
        for _ in 0..<120 { t.step(dt: dt) }
        #expect(presentation(t, e).distance(to: onCircle(.pi / 2)) < 1e-9)
        let rotation = t.animatables.store[e]!.rotation.presentation
        #expect(abs(atan2(sin(rotation), cos(rotation)) - 0) < 1e-9)  // at π/2 flying backward: toward +x
        // On an open path the part is clamped to its ends.
        let open = PathTrack(path: try Path(svg: "M0 0 L100 0"), from: -0.5, to: 2)
        #expect(open.from == 0 && open.to == 1)
        #expect(PathTrack(path: circle, from: .nan, to: .infinity).from == 0)
    }

    @Test func seekingAndScrubbingWhilePausedShowsThatPointAndHoldsIt() throws {
        let track = PathTrack(path: circle, from: 0, to: 1)
        let (t, e) = setUp()
        let a = try t.add(flight(track, seconds: 2, target: e))
        for _ in 0..<30 { t.step(dt: dt) }
        t.pause(a)
        // A person dragging a scrubber: a new fraction every step, the clock standing still.
        for f in [0.6, 0.61, 0.63, 0.2, 0.9] {
            t.seek(a, toFraction: f)
            t.step(dt: dt)
            #expect(presentation(t, e).distance(to: onCircle(2 * .pi * f)) < 1e-9, "at \(f)")
        }
        for _ in 0..<50 { t.step(dt: dt) }
        #expect(presentation(t, e).distance(to: onCircle(2 * .pi * 0.9)) < 1e-9)
        t.resume(a)
        t.step(dt: dt)
        #expect(presentation(t, e).distance(to: onCircle(2 * .pi * (0.9 + dt / 2))) < 1e-9)
    }

    @Test func retargetingOntoAnotherPathKeepsPositionAndVelocityAndEndsOnTheNewPath() throws {
        let (t, e) = setUp()
        let first = try t.add(flight(PathTrack(path: circle), seconds: 2, target: e))
        for _ in 0..<60 { t.step(dt: dt) }
        // A new path starting 40 pt from the object and heading another way, flown in 1 s.
        let here = presentation(t, e)
        let start = here + Vec2(30, 26.46)
        let line = PathTrack(path: try Path(svg: "M\(start.x) \(start.y) l300 0"))
        let before = t.animatables.store[e]!.position
        let v0 = before.velocity(dt: dt)
        let blend = 0.4
        let second = try t.retarget(first, to: flight(line, target: e), blendDuration: blend)
        #expect(t.animations.store[first] == nil && t.animations.store[second] != nil)
        // The blend's largest acceleration: 6|Δp|/T² + 4|Δv|/T. Without it the object would
        // jump 40 pt and change velocity by |Δv| (about 470 pt/s) in one step.
        let dp = here - start, dv = v0 - Vec2(300, 0)
        let bound = (6 * dp.length / (blend * blend) + 4 * dv.length / blend) * dt
        #expect(dv.length > 400)
        var previous = before.presentation, velocity = v0
        var worst = 0.0
        for _ in 0..<120 {
            t.step(dt: dt)
            let p = presentation(t, e)
            let v = (p - previous) * (1 / dt)
            worst = max(worst, v.distance(to: velocity))
            velocity = v
            previous = p
        }
        #expect(worst <= bound * 1.05, "worst \(worst) pt/s per step, bound \(bound)")
        #expect(bound < 100)  // a tenth of the unblended velocity change, and no jump
        // From the blend's end on, exactly on the line.
        #expect(abs(presentation(t, e).y - start.y) < 1e-9)
        #expect(t.animatables.store[e]!.position.model.distance(to: start + Vec2(300, 0)) < 1e-9)
        // Only position animations can be retargeted.
        let spin = Animation(target: e, property: .rotation, track: .scalar(try KeyframeTrack(values: [0.0, 1])), timing: MediaTiming(duration: 1))
        #expect(throws: AnimationError.self) { try t.retarget(second, to: spin) }
    }
}
