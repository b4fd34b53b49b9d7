/// A k-d tree with tight boxes over the sample points, for the exact global nearest query.
///
/// Built by splitting the points at the median of their wider extent until at most
/// `leafSize` remain. Each node keeps the tight bounding box of its points (not just a split
/// plane), so a query far from the path prunes as well as one near it. The tree is implicit
/// (children of node i at 2i+1 and 2i+2, each node splitting its point range in half), so
/// a node is four numbers in flat arrays; leaves keep their points contiguously (`points`,
/// with `indices` back into the table) for cache-friendly scans.
struct SampleKDTree: Sendable {
    static let leafSize = 64
    /// Per node its box (minX, minY, maxX, maxY), interleaved so one visit reads one cache line.
    var boxes: ContiguousArray<SIMD4<Double>> = []
    /// Points in tree order, and each one's index in the table.
    var points: ContiguousArray<Vec2> = []
    var indices: ContiguousArray<Int32> = []

    init() {}

    init(points source: ContiguousArray<Vec2>) {
        let n = source.count
        guard n > 0 else { return }
        var leaves = 1
        while leaves * Self.leafSize < n { leaves *= 2 }
        let nodes = 2 * leaves - 1
        points = source
        indices = ContiguousArray(0..<Int32(n))
        boxes = ContiguousArray(repeating: .zero, count: nodes)
        points.withUnsafeMutableBufferPointer { pts in
            indices.withUnsafeMutableBufferPointer { idx in
                boxes.withUnsafeMutableBufferPointer { bx in
                    var b = Builder(pts: pts, idx: idx, boxes: bx)
                    b.build(node: 0, lo: 0, hi: n)
                }
            }
        }
    }

    private struct Builder {
        let pts: UnsafeMutableBufferPointer<Vec2>
        let idx: UnsafeMutableBufferPointer<Int32>
        let boxes: UnsafeMutableBufferPointer<SIMD4<Double>>

        mutating func build(node: Int, lo: Int, hi: Int) {
            var a = pts[lo], b = pts[lo]
            for i in (lo + 1)..<max(lo + 1, hi) {
                let p = pts[i]
                if p.x < a.x { a.x = p.x }
                if p.y < a.y { a.y = p.y }
                if p.x > b.x { b.x = p.x }
                if p.y > b.y { b.y = p.y }
            }
            boxes[node] = SIMD4(a.x, a.y, b.x, b.y)
            guard hi - lo > SampleKDTree.leafSize, 2 * node + 2 < boxes.count else { return }
            let mid = (lo + hi) / 2
            select(mid, lo, hi, onX: b.x - a.x >= b.y - a.y)
            build(node: 2 * node + 1, lo: lo, hi: mid)
            build(node: 2 * node + 2, lo: mid, hi: hi)
        }

        /// Quickselect: the k-th smallest (by the axis) at k, smaller ones before it.
        func select(_ k: Int, _ lo0: Int, _ hi0: Int, onX: Bool) {
            var lo = lo0, hi = hi0 - 1
            while lo < hi {
                let pivot = onX ? pts[(lo + hi) / 2].x : pts[(lo + hi) / 2].y
                var i = lo, j = hi
                while i <= j {
                    while (onX ? pts[i].x : pts[i].y) < pivot { i += 1 }
                    while (onX ? pts[j].x : pts[j].y) > pivot { j -= 1 }
                    if i <= j {
                        pts.swapAt(i, j)
                        idx.swapAt(i, j)
                        i += 1; j -= 1
                    }
                }
                if k <= j { hi = j } else if k >= i { lo = i } else { return }
            }
        }
    }
}

/// One pending subtree of a nearest-sample search.
private struct Entry {
    var node: Int32
    var lo: Int32
    var hi: Int32
    var bound: Double
}

extension SampleTable {
    /// The index of the sample nearest to `p` (the lowest index on a tie), or nil for an
    /// empty table. Exact: it agrees with a scan of every sample.
    ///
    /// Descends the k-d tree into the nearer box, keeping the farther for later, and skips
    /// every box farther than the best sample so far. Leaves are large (64 samples): a tight
    /// scan of a few dozen points costs less than the branches of more tree levels (measured
    /// with Benchmarks' micro-bench: 16 → 64 cut the query by about a third). Allocates
    /// nothing (the traversal stack is on the call stack).
    /// - Complexity: O(log n) expected, near the path or far from it.
    public func nearestIndex(to p: Vec2) -> Int? {
        guard !points.isEmpty else { return nil }
        guard p.isFinite else { return 0 }
        var best = -1
        var bestD2 = Double.infinity
        let n = kdTree.points.count
        kdTree.boxes.withUnsafeBufferPointer { boxes in
        kdTree.points.withUnsafeBufferPointer { pts in
        kdTree.indices.withUnsafeBufferPointer { idx in
            let nodes = boxes.count
            @inline(__always) func boxD2(_ k: Int) -> Double {
                let b = boxes[k]
                let dx = max(b.x - p.x, 0, p.x - b.z)
                let dy = max(b.y - p.y, 0, p.y - b.w)
                return dx * dx + dy * dy
            }
            // (node, lo, hi, squared distance to its box). Each level of the tree leaves at
            // most one entry behind, and 40 levels of 64-sample leaves is 2^46 samples. 40
            // entries of 24 bytes stay under 1 KiB, the most Swift places on the stack
            // (larger temporary allocations go to the heap — measured: one malloc per query).
            withUnsafeTemporaryAllocation(of: Entry.self, capacity: 40) { stack in
                var top = 0
                var node = 0, lo = 0, hi = n
                search: while true {
                    if hi - lo <= SampleKDTree.leafSize || 2 * node + 2 >= nodes {
                        // A leaf: its nearest point first (a tight loop), then the tie rule.
                        var leafBest = Double.infinity
                        var leafIndex = lo
                        for i in lo..<hi {
                            let d2 = pts[i].distanceSquared(to: p)
                            if d2 < leafBest { leafBest = d2; leafIndex = i }
                        }
                        if leafBest < bestD2 || (leafBest == bestD2 && Int(idx[leafIndex]) < best) {
                            bestD2 = leafBest
                            best = Int(idx[leafIndex])
                            // Another point of this leaf at the same distance may have a lower index.
                            for i in lo..<hi where pts[i].distanceSquared(to: p) == bestD2 && Int(idx[i]) < best {
                                best = Int(idx[i])
                            }
                        }
                    } else {
                        // Go on into the nearer child; keep the farther one for later.
                        let mid = (lo + hi) / 2
                        let a = 2 * node + 1, b = a + 1
                        let da = boxD2(a), db = boxD2(b)
                        let nearA = da <= db
                        let farBound = nearA ? db : da
                        if farBound <= bestD2 {
                            stack[top] = nearA ? Entry(node: Int32(b), lo: Int32(mid), hi: Int32(hi), bound: db)
                                               : Entry(node: Int32(a), lo: Int32(lo), hi: Int32(mid), bound: da)
                            top += 1
                        }
                        if (nearA ? da : db) <= bestD2 {
                            if nearA { node = a; hi = mid } else { node = b; lo = mid }
                            continue search
                        }
                    }
                    // Back up to the nearest pending subtree that can still hold something nearer.
                    while top > 0 {
                        top -= 1
                        let e = stack[top]
                        if e.bound <= bestD2 {
                            node = Int(e.node); lo = Int(e.lo); hi = Int(e.hi)
                            continue search
                        }
                    }
                    break
                }
            }
        }
        }
        }
        return best
    }

    /// The box around every sample.
    public var sampleBounds: Rect {
        guard let b = kdTree.boxes.first else { return .zero }
        return Rect(x: b.x, y: b.y, w: b.z - b.x, h: b.w - b.y)
    }

    /// The nearest sample by scanning every one; the reference the grid is tested against.
    public func nearestIndexByScan(to p: Vec2) -> Int? {
        guard !points.isEmpty else { return nil }
        var best = 0
        var bestD = Double.infinity
        for i in points.indices {
            let d = points[i].distanceSquared(to: p)
            if d < bestD { bestD = d; best = i }
        }
        return best
    }
}
