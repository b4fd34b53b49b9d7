import Geometry
import Motion
import Paths

/// The path-follower system: one fixed step for every follower. Allocates nothing.
public enum PathFollowerSystem {
    /// How far (points) the finger must be from a stranded handle before gliding is considered.
    public static let stuckDistance = 80.0
    /// Steps a handle must stay stranded before it glides (a quarter second at 120 Hz).
    public static let stuckSteps = 30
    /// Glide speed along the path, points per second.
    public static let glideSpeed = 1600.0
    /// How a handle let go moving slows down: a scroll view's normal deceleration.
    public static let coast = Coast.normal
    /// Below this speed (points per second) a coast stops.
    public static let coastStopSpeed = 2.0
    /// A path shorter than this (points) is not walked on.
    public static let minWalkLength = 4.0

    /// Steps every follower in one pass. Followers stored grouped by table (as the scenes
    /// store them) share one fetch of their table and one raw view of it per group; a table
    /// holds arrays, so fetching one per follower would be reference counting per follower.
    /// - Complexity: O(followers) plus the walks.
    public static func step(_ followers: inout ContiguousArray<PathFollower>, tables: [SampleTable], dt: Double) {
        followers.withUnsafeMutableBufferPointer { buf in
            let n = buf.count
            var i = 0
            while i < n {
                let ti = buf[i].table
                let t = tables[ti]
                guard !t.isEmpty else {
                    buf[i].position.beginStep()
                    i += 1
                    continue
                }
                t.withUnsafeView { v in
                    // (Two loops, so that the common one tests nothing more per follower.)
                    if v.length >= minWalkLength {
                        repeat {
                            step(&buf[i], table: t, view: v, dt: dt)
                            i += 1
                        } while i < n && buf[i].table == ti
                    } else {
                        repeat {
                            stepOnAShortPath(&buf[i], table: t, view: v, dt: dt)
                            i += 1
                        } while i < n && buf[i].table == ti
                    }
                }
            }
        }
    }

    /// A path of a few points (a window squeezed to nothing) has too few samples to walk
    /// between: a handle walking to a hand keeps its place along it for when the path grows
    /// back (a hostile tour saw a held ring sent to the start of a 1×1 window's path, then
    /// thrown at 5,600 pt/s as it grew back), and one coasting or orbiting keeps its place
    /// and its speed (scaled down with the path, it fell under the stop speed and stopped:
    /// a review). The rest step as on any path.
    static func stepOnAShortPath(_ f: inout PathFollower, table t: SampleTable, view v: SampleTable.UnsafeView, dt: Double) {
        guard f.walksToDesired || f.orbitSpeed != 0, f.glideTarget == nil else { return step(&f, table: t, view: v, dt: dt) }
        f.position.beginStep()
        endStep(&f)
    }

    /// One follower's step on a non-empty table (`view` is its raw view).
    @inline(__always)
    static func step(_ f: inout PathFollower, table t: SampleTable, view v: SampleTable.UnsafeView, dt: Double) {
        f.position.beginStep()
        if let target = f.glideTarget {
            // Gliding replaces the walk until the handle arrives; then the walk resumes.
            glide(&f, toward: target, t, dt)
            f.position.current = v.points[f.index]
        } else if f.walksToDesired {
            let w = f.desired.isFinite ? v.walk(from: f.index, toward: f.desired) : .init(index: f.index, seamCrossings: 0, steps: 0)
            f.index = w.index
            f.lap += w.seamCrossings
            f.distance = v.distances[f.index]
            if w.steps == 0 { detectStranded(&f, t) } else { f.stuckSteps = 0 }
            f.position.current = v.points[f.index]
        } else if f.orbitSpeed != 0 {
            // Orbiting moves by arc length, between samples: smooth at any speed.
            orbit(&f, v, dt)
            f.position.current = v.point(atDistance: f.distance)
        }
        endStep(&f)
    }

    /// A handle let go on this step's walk is free from here.
    @inline(__always)
    private static func endStep(_ f: inout PathFollower) {
        if f.releaseAfterWalk {
            f.grabbedBy = .none
            f.releaseAfterWalk = false
            f.stuckSteps = 0
        }
    }

    private static func detectStranded(_ f: inout PathFollower, _ t: SampleTable) {
        let here = t.points[f.index].distance(to: f.desired)
        guard here > stuckDistance, let n = t.nearestIndex(to: f.desired), t.points[n].distance(to: f.desired) < here * 0.5 else {
            f.stuckSteps = 0
            return
        }
        f.stuckSteps += 1
        if f.stuckSteps >= stuckSteps { f.glideTarget = n }
    }

    private static func glide(_ f: inout PathFollower, toward target: Int, _ t: SampleTable, _ dt: Double) {
        let run = t.run(containing: f.index)
        guard run.range.contains(target), run.step > 0 else { f.glideTarget = nil; return }
        var delta = target - f.index
        if run.isClosed {
            // The shorter way round.
            if delta > run.count / 2 { delta -= run.count } else if delta < -run.count / 2 { delta += run.count }
        }
        let maxSamples = max(1, Int(glideSpeed * dt / run.step))
        let move = clamp(delta, -maxSamples, maxSamples)
        let w = t.advance(f.index, by: move)
        f.index = w.index
        f.lap += w.seamCrossings
        f.distance = t.distances[f.index]
        if f.index == target { f.glideTarget = nil; f.stuckSteps = 0 }
    }

    private static func orbit(_ f: inout PathFollower, _ t: SampleTable.UnsafeView, _ dt: Double) {
        let run = t.run(containing: f.index)
        guard run.length > 0 else { return }
        var move = f.orbitSpeed * dt
        let coasting = f.grabbedBy == .momentum
        if coasting {
            let c = coast.decay(velocity: f.orbitSpeed, by: dt)
            move = c.offset
            f.orbitSpeed = abs(c.v) < coastStopSpeed ? 0 : c.v
        }
        var local = f.distance - run.offset + move
        if run.isClosed {
            while local >= run.length { local -= run.length; f.lap += 1 }
            while local < 0 { local += run.length; f.lap -= 1 }
        } else {
            // An open path's end stops a coast there.
            if coasting, local <= 0 || local >= run.length { f.orbitSpeed = 0 }
            local = clamp(local, 0, run.length)
        }
        if coasting, f.orbitSpeed == 0 { f.grabbedBy = .none }
        f.distance = run.offset + local
        f.index = t.index(atDistance: f.distance)
        f.desired = t.points[f.index]
    }
}
