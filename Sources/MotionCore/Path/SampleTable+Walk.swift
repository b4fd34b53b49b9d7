extension SampleTable {
    /// The result of a walk: where it stopped and how many times it crossed a closed run's
    /// seam (+1 forward past the last sample to the first, −1 backward).
    public struct WalkResult: Equatable, Sendable {
        public var index: Int
        public var seamCrossings: Int
        /// How many samples the walk moved.
        public var steps: Int
    }

    /// The seed's local walk: from sample `index`, compare the two neighbours by squared
    /// distance to `target`, step toward the nearer one while that keeps shrinking the
    /// distance, and stop at the first local minimum. Indices wrap on a closed run and stop
    /// at the ends of an open one. Because it moves from where it is, a handle keeps to its
    /// branch where the path crosses itself.
    /// - Complexity: O(samples moved).
    public func walk(from index: Int, toward target: Vec2) -> WalkResult {
        guard !points.isEmpty, index >= 0, index < points.count, target.isFinite else {
            return WalkResult(index: clamp(index, 0, max(0, points.count - 1)), seamCrossings: 0, steps: 0)
        }
        let run = run(containing: index)
        guard run.count > 1 else { return WalkResult(index: index, seamCrossings: 0, steps: 0) }
        let n = run.count
        var local = index - run.first
        @inline(__always) func neighbour(_ l: Int, _ dir: Int) -> Int? {
            let m = l + dir
            if run.isClosed { return positiveModulo(m, n) }
            return m >= 0 && m < n ? m : nil
        }
        let here = points[index].distanceSquared(to: target)
        let back = neighbour(local, -1).map { points[run.first + $0].distanceSquared(to: target) } ?? .infinity
        let fwd = neighbour(local, 1).map { points[run.first + $0].distanceSquared(to: target) } ?? .infinity
        guard back < here || fwd < here else { return WalkResult(index: index, seamCrossings: 0, steps: 0) }
        let dir = fwd <= back ? 1 : -1
        var best = dir == 1 ? fwd : back
        var crossings = 0
        var steps = 0
        // Never walk more than once around.
        while steps < n {
            let next = neighbour(local, dir)!
            if run.isClosed && ((dir == 1 && next == 0) || (dir == -1 && local == 0)) { crossings += dir }
            local = next
            steps += 1
            guard let after = neighbour(local, dir) else { break }
            let d = points[run.first + after].distanceSquared(to: target)
            if d >= best { break }
            best = d
        }
        return WalkResult(index: run.first + local, seamCrossings: crossings, steps: steps)
    }

    /// Moves `index` by `delta` samples along its run (wrapping on a closed run, clamped on an
    /// open one), counting seam crossings.
    public func advance(_ index: Int, by delta: Int) -> WalkResult {
        guard !points.isEmpty else { return WalkResult(index: 0, seamCrossings: 0, steps: 0) }
        let run = run(containing: index)
        let local = index - run.first
        if run.isClosed {
            let raw = local + delta
            let crossings = raw >= 0 ? raw / run.count : -((-raw + run.count - 1) / run.count)
            return WalkResult(index: run.first + positiveModulo(raw, run.count), seamCrossings: crossings, steps: abs(delta))
        }
        let l = clamp(local + delta, 0, run.count - 1)
        return WalkResult(index: run.first + l, seamCrossings: 0, steps: abs(l - local))
    }
}
