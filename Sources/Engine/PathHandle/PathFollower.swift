
import Geometry
import Motion
import Paths

/// Who is moving a handle: no one, a hand (`Hand`: a pointer, the keyboard, a pad, or a
/// script moving `desired` as the stress scene's targets do), or its own momentum — let go
/// moving, it coasts along the path at `orbitSpeed`, decelerating like a scroll view
/// (`PathFollowerSystem.coast`).
public enum Grabber: Equatable, Sendable {
    /// No one: it stays where it is.
    case none
    /// A hand: a pointer, the keyboard, a pad or a script.
    case hand(Hand)
    /// Its own momentum: let go moving, it coasts.
    case momentum

    /// A pointer holds it.
    public static func pointer(_ id: Int) -> Grabber { .hand(.pointer(id)) }
    /// A pad holds it.
    public static func pad(_ id: Int) -> Grabber { .hand(.pad(id)) }
    /// The keyboard holds it.
    public static let keyboard = Grabber.hand(.keyboard)
    /// A script moves it.
    public static let script = Grabber.hand(.script)

    /// For the state dump: null (no one, coasting or not), else the hand (`Hand.json`).
    public var json: JSONValue {
        if case .hand(let h) = self { h.json } else { .null }
    }
}

/// A handle that stays on a path: the first technique.
///
/// Dragging accumulates the pointer's translation into `desired`, as the seed does; each
/// fixed step the handle walks its table from where it is toward `desired` (see
/// `SampleTable.walk`), so it follows the finger along the track and keeps to its branch at
/// a self-crossing. Orbiting (stick, triggers, arrow keys) moves `distance` at a speed.
/// If a drag leaves the handle stranded at a local minimum far from the finger while another
/// part of the path lies much nearer, the handle glides there along the path — it never
/// jumps.
public struct PathFollower: Sendable {
    // Stored compactly (32-bit counters, the hot fields first): a step over 100,000
    // handles streams through this array twice, so its size is most of the step's cost.
    /// Where the handle is, at this step and the one before (drawn between the two).
    public var position: Interpolated
    /// Where the hand wants it: the walk heads for the sample nearest this point.
    public var desired: Vec2
    /// Arc length from the path's start (continuous while orbiting).
    public var distance: Double
    /// Speed along the path in points per second, set by the input system while orbiting.
    public var orbitSpeed = 0.0
    private var tableRaw: Int32
    private var indexRaw: Int32
    private var lapRaw: Int32 = 0
    private var glideRaw: Int32 = -1
    var stuckSteps: Int32 = 0
    /// The pointer was released this step: walk once more, then let go.
    var releaseAfterWalk = false
    /// Who moves it now.
    public var grabbedBy: Grabber = .none

    /// Which of the scene's sample tables this handle is on.
    public var table: Int {
        get { Int(tableRaw) }
        set { tableRaw = Int32(newValue) }
    }
    /// The sample of its table it is at.
    public var index: Int {
        get { Int(indexRaw) }
        set { indexRaw = Int32(newValue) }
    }
    /// Signed count of seam crossings (+1 each time past the end going forward).
    public var lap: Int {
        get { Int(lapRaw) }
        set { lapRaw = Int32(truncatingIfNeeded: newValue) }
    }
    /// A sample the handle is gliding to along the path, if any.
    public var glideTarget: Int? {
        get { glideRaw < 0 ? nil : Int(glideRaw) }
        set { glideRaw = newValue.map { Int32($0) } ?? -1 }
    }

    /// A handle at rest on sample `index` of `t`, the scene's table number `table`.
    public init(table: Int, index: Int, on t: SampleTable) {
        tableRaw = Int32(table)
        indexRaw = Int32(index)
        distance = t.isEmpty ? 0 : t.distances[index]
        desired = t.isEmpty ? .zero : t.points[index]
        position = Interpolated(desired)
    }

    /// Whether the handle walks toward `desired` each step (a pointer or a script drives it).
    @inline(__always)
    var walksToDesired: Bool {
        switch grabbedBy {
        case .hand(.pointer), .hand(.script): true
        default: false
        }
    }

    /// The handle's point now (the last completed step).
    public var point: Vec2 { position.current }

    /// Whether the next step may move it with no new input: it moved over the last step
    /// (drawn between two places), orbits or coasts (`orbitSpeed`: keys, a stick or the
    /// triggers held, or let go moving), glides to a sample, has a release's last walk to
    /// make, or, walking after a hand, counts toward a glide (`stuckSteps`). A scene with no
    /// such handle can rest.
    public var movesByItself: Bool {
        if orbitSpeed != 0 || glideTarget != nil || releaseAfterWalk { return true }
        if grabbedBy == .momentum || position.previous != position.current { return true }
        return walksToDesired && stuckSteps != 0
    }

    /// The keys or a pad orbiting it let go (released, or moved to another handle): it coasts
    /// on at its orbit speed, or rests at none. Returns false, changing nothing, when they
    /// were not what moved it.
    @discardableResult
    public mutating func keysOrPadLetGo() -> Bool {
        switch grabbedBy {
        case .hand(.pad), .hand(.keyboard):
            grabbedBy = orbitSpeed != 0 ? .momentum : .none
            return true
        default: return false
        }
    }

    /// The hand let go this step: the next step still walks once toward `desired` (as the
    /// seed does on UIGestureRecognizerStateEnded), then lets go.
    public mutating func letGoAfterNextWalk() { releaseAfterWalk = true }

    /// What moves a handle, apart from where it is: who holds it, an orbit or a coast, a
    /// glide (where to, as a fraction of its path's length), a release's last walk. Kept
    /// when its path is laid out anew (the window resized, the path edited), so that a drag,
    /// a coast or a glide goes on where the handle now is.
    public struct Motion: Sendable, Equatable {
        /// Who held it.
        public var grabbedBy: Grabber
        /// Its speed along the path (points per second), orbiting or coasting.
        public var orbitSpeed: Double
        /// Where it was gliding to, as a fraction of its path's length.
        public var glideFraction: Double?
        var releaseAfterWalk: Bool
    }

    /// Its motion, on table `t` (the one it rides now).
    public func motion(on t: SampleTable) -> Motion {
        let glide = glideTarget.flatMap { g in t.length > 0 && t.distances.indices.contains(g) ? t.distances[g] / t.length : nil }
        return Motion(grabbedBy: grabbedBy, orbitSpeed: orbitSpeed, glideFraction: glide, releaseAfterWalk: releaseAfterWalk)
    }

    /// Takes `m` up again where the handle now is on table `t`: a hand's hold goes on from
    /// here (`desired` is where it is drawn), an orbit or coast at `speedScale` times its
    /// speed (the path's new length over its old), at most a hand's fastest
    /// (`VelocityTracker.maxSpeed`: a coast on a path laid out in a 64-point window would
    /// otherwise leave at 500 times its speed when the window grows back), a glide to the
    /// same fraction of the path.
    public mutating func resume(_ m: Motion, on t: SampleTable, speedScale: Double) {
        grabbedBy = m.grabbedBy
        let speed = m.orbitSpeed * speedScale
        orbitSpeed = speed.isFinite ? clamp(speed, -VelocityTracker.maxSpeed, VelocityTracker.maxSpeed) : 0
        releaseAfterWalk = m.releaseAfterWalk
        glideTarget = m.glideFraction.flatMap { t.isEmpty ? nil : t.index(atDistance: $0 * t.length) }
        stuckSteps = 0
    }
}

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
                    repeat {
                        step(&buf[i], table: t, view: v, dt: dt)
                        i += 1
                    } while i < n && buf[i].table == ti
                }
            }
        }
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
