import Engine
import Entities
import Geometry
import Paths

// The sample table the rings ride and the strokes drawn, rebuilt for the shape and bounds.
extension PathScene {
    /// The shape's path laid out in `rect` (`Shape.path`).
    public func makePath(_ shape: Shape, in rect: Rect) -> Path { shape.path(in: rect, custom: customPath) }

    func fractions() -> [Double] {
        guard let t = tables.first, t.length > 0 else { return [] }
        return followers.store.dense.map { positiveModulo($0.distance, t.length) / t.length }
    }

    /// Rebuilds the path and table for the current bounds and shape; handles keep their
    /// fraction of the path's length (not their raw index), and snap there.
    func rebuild(keepingFractions: [Double]?) {
        // The shape keeps clear of the buttons above it (in either mode) and the status line below.
        let top = ((normalLayout + session.editLayout).map(\.maxY).max() ?? sceneBounds.minY) + 8, bottom = sceneBounds.maxY - 28
        shapeBounds = Rect(x: sceneBounds.minX, y: top, w: sceneBounds.width, h: max(1, bottom - top))
        session.fitEditor()
        var path = currentPath()
        // A path too long to draw here is shown smaller (the editor keeps its own, at its size).
        let smaller = editing ? nil : DrawnPath.smaller(path, in: shapeBounds)
        shownSmaller = smaller != nil
        if let smaller {
            path = smaller.path
            session.tell(smaller.note)
        }
        let motions = ringMotions()
        // The old table and strokes go before the new one is built, so a path near the
        // limits never has two tables alive at once.
        tables = []
        drawn = DrawnPath()
        setTable(SampleTable(path: path, spacing: spacing), drawing: path)
        shapeButton.label = "Shape: \(shape.rawValue) ▸"
        let t = tables[0]
        place(on: t, at: followers.store.dense.indices.map { i in
            (keepingFractions.map { i < $0.count ? $0[i] : 0 } ?? 0) * t.length
        }, motions: motions)
    }

    /// Each ring's motion on the table it rides now (`PathFollower.Motion`) and how far it is
    /// along it (`along`), and that table's length, taken before a new table replaces it.
    func ringMotions() -> RingMotions? {
        guard let t = tables.first else { return nil }
        return RingMotions(length: t.length, each: followers.store.dense.map { $0.motion(on: t) },
                           along: followers.store.dense.map { t.isEmpty ? 0 : $0.along(on: t) })
    }

    /// The rings' motions on the table they rode (`ringMotions`), by their place in the store.
    struct RingMotions {
        var length: Double
        var each: [PathFollower.Motion]
        var along: [Double]
    }

    /// `t` becomes the table the rings ride and `path` what is drawn (`DrawnPath`); the old
    /// table and strokes are let go first.
    func setTable(_ t: SampleTable, drawing path: Path) {
        tables = []
        drawn = DrawnPath()
        tables = [t]
        drawn = DrawnPath(path)
    }

    /// Puts every ring at its arc length on table `t` (the new table), exactly on the curve,
    /// keeping its lap count, and its motion (`motions`, from the old table by
    /// `ringMotions`): a ring held goes on being dragged, one coasting or gliding goes on.
    func place(on t: SampleTable, at distances: [Double], motions: RingMotions?) {
        var rebased: [(handle: Entity, from: Double, to: Double)] = []
        followers.store.withDense { dense, owners in
            for i in dense.indices {
                let s = i < distances.count && distances[i].isFinite ? distances[i] : 0
                let index = t.isEmpty ? 0 : t.index(atDistance: s)
                var follower = PathFollower(table: 0, index: index, on: t)
                follower.lap = dense[i].lap
                if !t.isEmpty {
                    // Exactly at its place, between samples if need be: on the curve.
                    follower.distance = s
                    follower.position.teleport(to: t.point(atDistance: follower.distance))
                    follower.desired = follower.position.current
                }
                if let motions, i < motions.each.count {
                    follower.resume(motions.each[i], on: t, speedScale: motions.length > 0 ? t.length / motions.length : 1)
                    if !t.isEmpty { rebased.append((owners[i], motions.along[i], follower.along(on: t))) }
                }
                dense[i] = follower
            }
        }
        // The tracks of rings held, or let go this step, were measured along the old path:
        // each is taken to the new one around the ring's own old and new place, at the new
        // path's scale (exact for a resize; near enough for an edit or another shape), so a
        // hand letting go just after still throws at its speed. A ring not placed anew starts
        // its track again.
        let scale = motions.map { $0.length > 0 ? t.length / $0.length : .nan } ?? .nan
        func rebase(_ track: inout VelocityTracker, _ handle: Entity) {
            guard let r = rebased.first(where: { $0.handle == handle }) else { return track.reset() }
            track.rebase(scale: scale, from: Vec2(r.from, 0), to: Vec2(r.to, 0))
        }
        hands.retrack(rebase)
    }
}
