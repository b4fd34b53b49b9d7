import Entities
import Geometry
import Paths

/// The pointers holding path handles: the first technique's grab, drag and throw.
///
/// A press on a handle takes it (`grab`); the pointer's moves add to where the handle is
/// wanted (`PathFollower.desired`), and its walk follows along the path. Each step records
/// how far along the path each held handle is (`track`), so a handle let go (`move`, up)
/// coasts on at the speed it had along the path (`throwLetGo`), however the hand swept
/// round a curve. A scene keeps one and hands it its followers and table.
public struct PathHands: Sendable {
    /// What a pointer holds: the handle, and its distance along the path at the hand's
    /// samples (`track`).
    public struct Hold: Sendable {
        /// The handle held.
        public var handle: Entity
        /// Its distance along the path (in `x`) at the hand's samples.
        public var track = VelocityTracker()
    }

    /// The pointers holding a handle, each press with what it holds.
    public private(set) var presses = Presses<Hold>()
    /// Handles let go this step, each with its track and the time of the release.
    var letGo: [(handle: Entity, track: VelocityTracker, time: Double)] = []

    /// No hand holds anything.
    public init() {}

    /// Whether a handle was let go this step and has yet to be thrown (`throwLetGo`).
    public var isLettingGo: Bool { !letGo.isEmpty }

    /// Where pointer `id` is, holding a handle (nil when it holds none).
    public func hand(_ id: Int) -> Vec2? {
        presses.index(of: id).map { presses[$0].press.at }
    }

    /// Takes the free handle nearest a press within `radius` plus the device's slop, if any;
    /// `point(f, e)` is where handle `e`, follower `f`, is drawn. A handle the keys or a
    /// pad orbit, or one coasting, is taken as one at rest: it stops under the hand.
    public mutating func grab(pointer id: Int, device: PointerDevice, at: Vec2, radius: Double,
                              in store: inout ComponentStore<PathFollower>, point: (PathFollower, Entity) -> Vec2) -> Bool {
        var best: (Int, Double)?
        for i in store.dense.indices {
            switch store.dense[i].grabbedBy {
            case .none, .momentum, .hand(.keyboard), .hand(.pad): break
            default: continue
            }
            let d = point(store.dense[i], store.owners[i]).distance(to: at)
            if d <= radius + device.hitSlop, best == nil || d < best!.1 { best = (i, d) }
        }
        guard let (i, _) = best else { return false }
        presses.begin(id, device: device, at: at, target: Hold(handle: store.owners[i]))
        store.withDense { dense, _ in
            dense[i].grabbedBy = .pointer(id)
            dense[i].desired = dense[i].point
            dense[i].orbitSpeed = 0
            dense[i].glideTarget = nil
        }
        return true
    }

    /// Pointer `id` moved to `at` (`up`: and was lifted there, at `time`). The handle it holds
    /// is wanted that much further; lifted, it still walks once toward the final point, as
    /// the seed does on UIGestureRecognizerStateEnded, and is thrown after (`throwLetGo`).
    /// A pointer holding nothing changes nothing (a move of each of 30,000 other fingers
    /// finds no press at once).
    public mutating func move(pointer id: Int, to at: Vec2, up: Bool, time: @autoclosure () -> Double,
                              in store: inout ComponentStore<PathFollower>) {
        guard let m = presses.move(id, to: at, slop: 0) else { return }
        let handle = presses[m.index].target.handle
        if let i = store.denseIndex(of: handle), store.dense[i].grabbedBy == .pointer(id) {
            store.withDense { dense, _ in
                dense[i].desired += m.delta
                if up { dense[i].letGoAfterNextWalk() }
            }
            if up { letGo.append((handle, presses[m.index].target.track, time())) }
        }
        if up { presses.end(id) }
    }

    /// Pointer `id` was cancelled: what it held stays where it is drawn, with no throw.
    public mutating func cancel(pointer id: Int, in store: inout ComponentStore<PathFollower>) {
        Self.release(&store) { $0 == .pointer(id) }
        presses.end(id)
    }

    /// Stops every handle `match` says is held or moving: no speed, wanted where it is.
    public static func release(_ store: inout ComponentStore<PathFollower>, where match: (Grabber) -> Bool) {
        store.withDense { dense, _ in
            for i in dense.indices where match(dense[i].grabbedBy) {
                dense[i].grabbedBy = .none
                dense[i].orbitSpeed = 0
                dense[i].desired = dense[i].position.current
                dense[i].glideTarget = nil
            }
        }
    }

    /// Each handle a hand holds: where it is along table `t` once this step's walk took it
    /// after the hand, at the time of that hand's latest sample (a step in which the hand did
    /// not move adds nothing, as the hand's own tracker has no new sample then).
    public mutating func track(_ store: ComponentStore<PathFollower>, on t: SampleTable, input: InputState) {
        guard !t.isEmpty else { return }
        for k in presses.all.indices {
            guard let i = store.denseIndex(of: presses[k].target.handle),
                  let time = input.pointer(presses[k].pointer)?.tracker.lastTime else { continue }
            if let last = presses[k].target.track.lastTime, time <= last { continue }
            presses[k].target.track.add(Vec2(store.dense[i].along(on: t), 0), at: time)
        }
    }

    /// Handles let go this step coast on at the speed they were moving along the path:
    /// measured on the handle's own distance along it (a quadratic fit over its last 100 ms,
    /// as the hand's `VelocityTracker` fits the hand), so a hand sweeping round a curve throws
    /// it at the speed it had, where the hand's straight-line velocity on the tangent read a
    /// curve's sweep as faster. The release's last walk is its last sample.
    public mutating func throwLetGo(_ store: inout ComponentStore<PathFollower>, on t: SampleTable?) {
        guard !letGo.isEmpty, let t, !t.isEmpty else { return letGo.removeAll() }
        for (e, track, time) in letGo {
            guard let i = store.denseIndex(of: e), store.dense[i].grabbedBy == .none else { continue }
            var track = track
            // (An up where the last move was walks nowhere: no sample, or it would read as a stop.)
            let here = store.dense[i].along(on: t)
            if let last = track.lastTime, time > last, track.newestPoint?.x != here { track.add(Vec2(here, 0), at: time) }
            let speed = track.velocity(at: time).x
            guard abs(speed) >= PathFollowerSystem.coastStopSpeed, speed.isFinite else { continue }
            store.withDense { dense, _ in
                dense[i].orbitSpeed = clamp(speed, -VelocityTracker.maxSpeed, VelocityTracker.maxSpeed)
                dense[i].grabbedBy = .momentum
            }
        }
        letGo.removeAll(keepingCapacity: true)
    }

    /// Handle `f`'s velocity along the path (points per second, positive the way the path
    /// goes): its orbit or coast speed; held by a hand, the hand's velocity along the path.
    public func speedAlongPath(_ f: PathFollower) -> Double {
        if f.orbitSpeed != 0 { return f.orbitSpeed }
        guard case .hand(.pointer(let id)) = f.grabbedBy, let p = presses.index(of: id),
              let last = presses[p].target.track.lastTime else { return 0 }
        return presses[p].target.track.velocity(at: last).x
    }

    /// Takes every track (of a handle held, or let go this step) to a new path: `change` is
    /// given each track and its handle.
    public mutating func retrack(_ change: (inout VelocityTracker, Entity) -> Void) {
        presses.retarget { var hold = $0; change(&hold.track, hold.handle); return hold }
        for k in letGo.indices { change(&letGo[k].track, letGo[k].handle) }
    }
}

extension PathFollower {
    /// How far it is along table `t` (non-empty), counting its laps of a closed run: what its
    /// speed along the path is measured on.
    public func along(on t: SampleTable) -> Double {
        let run = t.run(containing: index)
        return distance + (run.isClosed ? Double(lap) * run.length : 0)
    }
}
