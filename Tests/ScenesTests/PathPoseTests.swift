@testable import Engine
@testable import Geometry
@testable import Paths
@testable import Scenes
import TestSupport
import Testing

@Suite struct PathPoseTests {
    let dt = 1.0 / 120
    /// A circle of radius 100 about the origin, starting at (100, 0) and running toward +y.
    let circle = SampleTable(path: .ellipse(in: Rect(x: -100, y: -100, w: 200, h: 200)), spacing: 1)
    /// The square from the issue, starting at the origin toward +x.
    let square = SampleTable(path: try! Path(svg: "M0 0 H100 V100 H0 Z"), spacing: 1)

    func follower(on t: SampleTable, at s: Double) -> PathFollower {
        var f = PathFollower(table: 0, index: t.index(atDistance: s), on: t)
        f.distance = s
        return f
    }

    /// Orbits a follower at `speed` pt/s for `steps` steps, stepping the pose after each, and
    /// returns the angle after every step.
    func ride(_ pose: inout PathPose, _ f: inout PathFollower, on t: SampleTable, speed: Double, steps: Int) -> [Double] {
        var angles: [Double] = []
        var fs = ContiguousArray([f])
        fs[0].orbitSpeed = speed
        fs[0].grabbedBy = .keyboard
        for _ in 0..<steps {
            PathFollowerSystem.step(&fs, tables: [t], dt: dt)
            PathPoseSystem.step(&pose, follower: fs[0], table: t, dt: dt)
            angles.append(pose.angle)
        }
        f = fs[0]
        return angles
    }

    @Test func anOffsetRingRidesBesideThePathOnItsLeft() {
        // The circle runs clockwise on screen, so its left is outside.
        for (offset, radius) in [(20.0, 120.0), (-30.0, 70.0)] {
            var pose = PathPose(at: .zero)
            pose.offset = offset
            for s in stride(from: 0.0, to: circle.length, by: 37.3) {
                PathPoseSystem.step(&pose, follower: follower(on: circle, at: s), table: circle, dt: dt)
                #expect(abs(pose.position.current.length - radius) < 1e-9)
                // Beside the path's own point at s, along the normal.
                let p = circle.point(atDistance: s)
                #expect(abs(pose.position.current.distance(to: p) - abs(offset)) < 1e-9)
            }
        }
    }

    @Test func theHeadingFollowsTheOffsetCurveWhichReversesPastTheCentre() {
        // 150 pt inward on a 100 pt circle: the offset curve is a 50 pt circle run backward.
        let s = 40.0
        let f = follower(on: circle, at: s)
        var plain = PathPose(at: .zero), reversed = PathPose(at: .zero)
        plain.heading = .tangent
        reversed.heading = .tangent
        reversed.offset = -150
        PathPoseSystem.step(&plain, follower: f, table: circle, dt: dt)
        PathPoseSystem.step(&reversed, follower: f, table: circle, dt: dt)
        #expect(abs(abs(PathPoseSystem.wrapAngle(reversed.angle - plain.angle)) - .pi) < 1e-9)
        // And it can be told to follow the path instead.
        reversed.headingFollowsOffsetCurve = false
        reversed.heading = .smoothed(lookAhead: 0, smoothTime: 0)
        PathPoseSystem.step(&reversed, follower: f, table: circle, dt: dt)
        #expect(abs(PathPoseSystem.wrapAngle(reversed.angle - plain.angle)) < 1e-9)
    }

    @Test func theTangentHeadingSnapsAtACornerAndTheSmoothedOneTurnsWithoutOvershoot() {
        var snap = PathPose(at: .zero), smooth = PathPose(at: .zero)
        snap.heading = .tangent
        smooth.heading = .smoothed(lookAhead: 20, smoothTime: 0.1)
        var f1 = follower(on: square, at: 60), f2 = follower(on: square, at: 60)
        // 300 pt/s for 44 steps: through the corner at s = 100 to s = 170, short of the next
        // corner even with the look-ahead.
        let a = ride(&snap, &f1, on: square, speed: 300, steps: 44)
        let b = ride(&smooth, &f2, on: square, speed: 300, steps: 44)
        let snapJump = zip(a, a.dropFirst()).map { abs($1 - $0) }.max()!
        let smoothJump = zip(b, b.dropFirst()).map { abs($1 - $0) }.max()!
        #expect(abs(snapJump - .pi / 2) < 1e-9)  // a quarter turn in one step
        #expect(smoothJump < 0.1)  // spread over many steps
        #expect(b.max()! <= .pi / 2 + 1e-9)  // critically damped: never past the new side's heading
        // Nearly settled 0.3 s after the turn began: (1 + ωt)·e^(−ωt) of a quarter turn, ω = 20/s.
        #expect(abs(b.last! - .pi / 2) < 0.03)
        // The look-ahead starts the turn before the corner.
        let beforeCorner = 12  // s = 92.5
        #expect(b[beforeCorner] > 0.05 && a[beforeCorner] == 0)
    }

    @Test func atAJointARingFacesAndStandsBesideTheLeavingSegment() throws {
        // Issue 28's circle of two arcs, each ending in a line of rounding size, and the
        // square with a line of no length at its first corner: at the joint, both ride
        // modes face the side leaving it, and an offset ring stands beside that side.
        let circle = SampleTable(path: try Path(svg: "M100 0 A100 100 0 1 1 -100 0 A100 100 0 1 1 100 0 Z"))
        let square = SampleTable(path: try Path(svg: "M0 0 H100 L100 0 V100 H0 Z"))
        for (t, s, angle, beside) in [(circle, circle.length / 2, -Double.pi / 2, Vec2(-110, 0)), (square, 100, .pi / 2, Vec2(110, 0))] {
            for heading in [PathPose.Heading.tangent, .smoothed(lookAhead: 0, smoothTime: 0.1)] {
                var pose = PathPose(at: .zero)
                pose.heading = heading
                pose.offset = 10
                PathPoseSystem.step(&pose, follower: follower(on: t, at: s), table: t, dt: dt)
                #expect(abs(pose.angle - angle) < 1e-9, "\(heading) at \(s)")
                #expect(pose.position.current.distance(to: beside) < 1e-9, "\(heading) at \(s)")
            }
        }
    }

    @Test func theHeadingIsContinuousAcrossTheSeam() {
        var pose = PathPose(at: .zero)
        pose.heading = .smoothed(lookAhead: 10, smoothTime: 0.05)
        var f = follower(on: circle, at: circle.length - 60)
        let angles = ride(&pose, &f, on: circle, speed: 400, steps: 60)
        #expect(f.lap == 1)
        // 400 pt/s on a 100 pt circle turns 4 rad/s: about 0.033 rad per step, never a 2π jump.
        let jumps = zip(angles, angles.dropFirst()).map { abs($1 - $0) }
        #expect(jumps.max()! < 0.05)
        #expect(angles.allSatisfy { $0.isFinite })
    }

    @Test func theLapCountIgnoresBackAndForthAtTheSeam() {
        var pose = PathPose(at: .zero)
        var f = follower(on: circle, at: 0)
        _ = ride(&pose, &f, on: circle, speed: -240, steps: 1)  // 2 pt back past the seam
        #expect(f.lap == -1)
        #expect(pose.shownLap == 0)
        _ = ride(&pose, &f, on: circle, speed: 240, steps: 2)  // and forward again
        #expect(pose.shownLap == 0)
        _ = ride(&pose, &f, on: circle, speed: -240, steps: 6)  // 12 pt back: a real lap back
        #expect(pose.shownLap == -1)
        _ = ride(&pose, &f, on: circle, speed: 240, steps: 6)  // 12 pt forward: 2 pt past the seam
        #expect(pose.shownLap == -1)
        _ = ride(&pose, &f, on: circle, speed: 240, steps: 2)  // 6 pt past it
        #expect(pose.shownLap == 0)
    }
}
