
import Entities
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Geometry
import Paths

/// How a handle riding a path is shown: beside the path by a lateral offset, turned with
/// it, and with a lap count that does not flicker at the seam. A component of its own, kept
/// beside the `PathFollower` of the same entity, so followers that need none of it (the
/// stress scene's hundred thousand) stay small and fast.
public struct PathPose: Sendable {
    /// Which way the handle faces.
    public enum Heading: Sendable, Equatable {
        /// It does not turn (the seeds' handle).
        case none
        /// The tangent where it is: snaps round corners and cusps.
        case tangent
        /// Turns toward the tangent `lookAhead` points further along the path, with a
        /// critically damped spring of `smoothTime` seconds (Godot 3's PathFollow2D look-ahead,
        /// DOTween's SetLookAt), so corners and cusps turn smoothly.
        case smoothed(lookAhead: Double, smoothTime: Double)
    }

    /// Points along the left normal of the direction of travel (y down), as Godot's `v_offset`.
    public var offset = 0.0
    /// Which way it faces (`Heading`); none by default, as the seeds' handle.
    public var heading = Heading.none
    /// The heading follows the offset curve (which runs backward where the offset reaches
    /// past the centre of curvature) rather than the path itself.
    public var headingFollowsOffsetCurve = true
    /// Where the handle is drawn (the follower's point plus the offset).
    public var position: Interpolated
    /// Radians, unwrapped so that interpolating between steps never turns the long way.
    public var angle = 0.0
    /// `angle` at the step before, for drawing between the two.
    public var previousAngle = 0.0
    /// The spring's angular velocity, radians per second.
    public var angularVelocity = 0.0
    /// The lap count shown: it moves only once the handle is `seamHysteresis` points past the
    /// seam, so a small back-and-forth there does not show "laps -1".
    public var shownLap = 0
    /// The steps after a teleport: the next step sets the angle without turning to it.
    var settled = false

    /// Whether the pose still changes by itself: it moved over the last step, it has not
    /// been placed yet, or its smoothed heading still turns (to a nanoradian a step and a
    /// microradian a second: what the spring has left then is far below a pixel).
    public var changesByItself: Bool {
        if position.previous != position.current { return true }
        guard heading != .none else { return false }
        if !settled { return true }
        return abs(angle - previousAngle) > 1e-9 || abs(angularVelocity) > 1e-6
    }

    /// How far past the seam (points) a handle must go before its lap count changes, so a
    /// handle held at the seam does not flicker between two counts.
    public static let seamHysteresis = 6.0

    /// A pose drawn at `p`, not turned, with no offset.
    public init(at p: Vec2) { position = Interpolated(p) }

    /// The angle between steps.
    public func angle(at alpha: Double) -> Double { previousAngle + (angle - previousAngle) * alpha }
}

/// Steps every pose from its follower, after the followers have moved.
public enum PathPoseSystem {
    /// One fixed step of every pose in `poses` whose entity has a follower in `followers`,
    /// on that follower's table among `tables`.
    public static func step(_ poses: inout ComponentStore<PathPose>, followers: inout ComponentStore<PathFollower>,
                            tables: [SampleTable], dt: Double) {
        forEach(&poses, &followers) { _, pose, f in
            guard f.table >= 0, f.table < tables.count, !tables[f.table].isEmpty else { return }
            step(&pose, follower: f, table: tables[f.table], dt: dt)
        }
    }

    static func step(_ pose: inout PathPose, follower f: PathFollower, table t: SampleTable, dt: Double) {
        pose.position.beginStep()
        pose.previousAngle = pose.angle
        let (p, tangent) = t.offsetPointAndTangent(atDistance: f.distance, offset: pose.offset)
        pose.position.current = p
        updateLap(&pose, f, t)

        let target: Vec2
        switch pose.heading {
        case .none:
            pose.angularVelocity = 0
            return
        case .tangent:
            target = tangent
        case .smoothed(let lookAhead, _):
            let ahead = f.distance + (lookAhead.isFinite ? lookAhead : 0)
            target = pose.headingFollowsOffsetCurve ? t.offsetPointAndTangent(atDistance: ahead, offset: pose.offset).1
                                                    : t.tangent(atDistance: ahead)
        }
        let want = pose.angle + wrapAngle(atan2(target.y, target.x) - pose.angle)
        guard case .smoothed(_, let smoothTime) = pose.heading, pose.settled, smoothTime > 0, smoothTime.isFinite, dt > 0 else {
            pose.angle = want
            pose.previousAngle = pose.settled ? pose.previousAngle : want
            pose.angularVelocity = 0
            pose.settled = true
            return
        }
        // The exact step of a critically damped spring x'' = −2ωx' − ω²x toward `want`.
        let omega = 2 / smoothTime
        let x = pose.angle - want
        let v = pose.angularVelocity
        let decay = exp(-omega * dt)
        let k = (v + omega * x) * dt
        pose.angle = want + (x + k) * decay
        pose.angularVelocity = (v - omega * k) * decay
    }

    /// The lap counter with hysteresis at the seam: the unwrapped distance travelled must be
    /// `seamHysteresis` past a whole lap before the shown count changes.
    static func updateLap(_ pose: inout PathPose, _ f: PathFollower, _ t: SampleTable) {
        let run = t.run(containing: f.index)
        guard run.isClosed, run.length > 0 else { pose.shownLap = f.lap; return }
        let travelled = Double(f.lap) * run.length + (f.distance - run.offset)
        let h = min(PathPose.seamHysteresis, run.length / 4)
        while travelled >= Double(pose.shownLap + 1) * run.length + h { pose.shownLap += 1 }
        while travelled < Double(pose.shownLap) * run.length - h { pose.shownLap -= 1 }
    }

    /// `a` wrapped into (−π, π].
    static func wrapAngle(_ a: Double) -> Double {
        guard a.isFinite else { return 0 }
        var r = fmod(a, 2 * .pi)
        if r > .pi { r -= 2 * .pi } else if r <= -.pi { r += 2 * .pi }
        return r
    }
}
