
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
