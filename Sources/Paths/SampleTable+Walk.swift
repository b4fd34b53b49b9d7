import Geometry

extension SampleTable {
    /// The result of a walk: where it stopped and how many times it crossed a closed run's
    /// seam (+1 forward past the last sample to the first, −1 backward).
    public struct WalkResult: Equatable, Sendable {
        /// The sample the walk stopped at.
        public var index: Int
        /// How many times it crossed a closed run's seam (+1 forward, −1 back).
        public var seamCrossings: Int
        /// How many samples the walk moved.
        public var steps: Int

        @inlinable package init(index: Int, seamCrossings: Int, steps: Int) {
            self.index = index; self.seamCrossings = seamCrossings; self.steps = steps
        }
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
        return withUnsafeView { $0.walk(from: index, toward: target) }
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

extension SampleTable.UnsafeView {
    /// How many samples either side of a handle `walk` measures at once before it falls
    /// back to stepping one at a time: a step of a handle moved by a hand or a script
    /// rarely moves it further.
    @inlinable static var walkWindow: Int { 4 }

    /// See `SampleTable.walk(from:toward:)`; `index` must be a valid sample and `target` finite.
    /// Hot (every handle, every step): raw pointers, and wrapping by comparison — an integer
    /// modulo per neighbour cost more than the distances.
    @inlinable @inline(__always)
    public func walk(from index: Int, toward target: Vec2) -> SampleTable.WalkResult {
        let run = run(containing: index)
        guard run.count > 1 else { return .init(index: index, seamCrossings: 0, steps: 0) }
        let pts = points.baseAddress! + run.first
        let n = run.count, last = n - 1, closed = run.isClosed
        @inline(__always) func d2(_ l: Int) -> Double { pts[l].distanceSquared(to: target) }
        var local = index - run.first
        if local >= Self.walkWindow && local <= last - Self.walkWindow {
            // Away from the run's ends (no wrap, no end to stop at), the short walk a handle
            // makes in a step is worked out without a branch on the distances: the
            // neighbours within `walkWindow` samples are all measured, and the walk's length
            // is the number of them, in its direction, that keep getting nearer. Which way
            // and how far are as good as random from one handle to the next (100,000
            // script-driven handles in the stress scene), so the compare-and-branch loop
            // below mispredicted at nearly every step.
            let here = d2(local), back = d2(local - 1), fwd = d2(local + 1)
            guard back < here || fwd < here else { return .init(index: index, seamCrossings: 0, steps: 0) }
            let dir = fwd <= back ? 1 : -1
            var previous = dir == 1 ? fwd : back
            var going = 1, steps = 1
            for j in 2...Self.walkWindow {
                let d = d2(local + dir * j)
                going &= d < previous ? 1 : 0
                steps += going
                previous = d
            }
            if steps < Self.walkWindow { return .init(index: index + dir * steps, seamCrossings: 0, steps: steps) }
            // Still getting nearer at the window's edge: the loop below takes it from the start.
        }
        let here = d2(local)
        let back = local > 0 ? d2(local - 1) : closed ? d2(last) : .infinity
        let fwd = local < last ? d2(local + 1) : closed ? d2(0) : .infinity
        guard back < here || fwd < here else { return .init(index: index, seamCrossings: 0, steps: 0) }
        let dir = fwd <= back ? 1 : -1
        var best = dir == 1 ? fwd : back
        var crossings = 0
        var steps = 0
        // Never walk more than once around.
        while steps < n {
            // Step to the neighbour already known to be nearer.
            if dir == 1 {
                if local == last { local = 0; crossings += 1 } else { local += 1 }
            } else {
                if local == 0 { local = last; crossings -= 1 } else { local -= 1 }
            }
            steps += 1
            let after: Int
            if dir == 1 {
                guard local < last || closed else { break }
                after = local == last ? 0 : local + 1
            } else {
                guard local > 0 || closed else { break }
                after = local == 0 ? last : local - 1
            }
            let d = d2(after)
            if d >= best { break }
            best = d
        }
        return .init(index: run.first + local, seamCrossings: crossings, steps: steps)
    }
}
