/// The index behind the exact global nearest-sample query: a k-d tree over short chunks of
/// the curve, each bounded by a capsule.
///
/// Why chunks and capsules: the samples lie on a curve, so 32 consecutive ones lie within a
/// small distance `radius` of the straight segment from the first to the last. No sample of
/// a chunk is nearer to a point p than dist(p, segment) − radius, and that bound is nearly
/// exact however far p is from the path. A box around scattered points (a plain k-d tree's
/// leaf) is loose for far queries: far from the path many boxes come within the best
/// distance and must all be scanned — a plain k-d tree scanned three leaves per query
/// anywhere in the bounds; the capsules leave one or two chunks of 32 to scan.
///
/// Layout: chunks cover the table in order (never across subpaths), so a chunk's samples are
/// a contiguous range of `xs`/`ys` (the table's points as separate x and y arrays, scanned
/// four at a time). The tree is implicit (children of node i at 2i+1 and 2i+2, each node
/// splitting its range of `order` in half at the median of the chunks' centres along its
/// wider extent) and keeps each node's tight box of its chunks' samples.
struct SampleChunkTree: Sendable {
    /// Samples per chunk, and chunks per leaf of the tree: a capsule test and a scan of 32
    /// cost less than the tree levels they replace (micro-bench path tried 16/32/64/128
    /// samples and 1/2/4 chunks per leaf; 32 and 4 were fastest, near the path and far).
    static let chunkSize = 32
    static let leafChunks = 4
    /// Chunk k covers samples start[k]..<start[k + 1].
    var start: ContiguousArray<Int32> = []
    /// Per chunk: its segment (a.x, a.y, b − a) and (1 / |b − a|², radius, 0, 0).
    var segments: ContiguousArray<SIMD4<Double>> = []
    var segmentExtras: ContiguousArray<SIMD4<Double>> = []
    /// Chunks in tree order.
    var order: ContiguousArray<Int32> = []
    /// Per node the box (minX, minY, maxX, maxY) of its chunks' samples.
    var boxes: ContiguousArray<SIMD4<Double>> = []
    /// The table's points, x and y apart.
    var xs: ContiguousArray<Double> = []
    var ys: ContiguousArray<Double> = []
    /// The largest coordinate magnitude, which scales the rounding error of a capsule test.
    var magnitude = 0.0

    init() {}

    init(points: ContiguousArray<Vec2>, runs: [SampleTable.Run]) {
        guard !points.isEmpty else { return }
        xs = ContiguousArray(points.lazy.map(\.x))
        ys = ContiguousArray(points.lazy.map(\.y))
        var chunkBoxes = ContiguousArray<SIMD4<Double>>()
        for run in runs {
            var lo = run.first
            while lo < run.first + run.count {
                let hi = min(lo + Self.chunkSize, run.first + run.count)
                start.append(Int32(lo))
                let a = points[lo], d = points[hi - 1] - a
                let len2 = d.lengthSquared
                let inv = len2 > 0 ? 1 / len2 : 0
                var radius = 0.0
                var box = SIMD4(a.x, a.y, a.x, a.y)
                for i in lo..<hi {
                    let p = points[i]
                    radius = max(radius, Self.segmentDistance(p, a, d, inv))
                    box = SIMD4(min(box.x, p.x), min(box.y, p.y), max(box.z, p.x), max(box.w, p.y))
                }
                segments.append(SIMD4(a.x, a.y, d.x, d.y))
                segmentExtras.append(SIMD4(inv, radius, 0, 0))
                chunkBoxes.append(box)
                lo = hi
            }
        }
        start.append(Int32(points.count))
        magnitude = points.reduce(0) { max($0, abs($1.x), abs($1.y)) }
        let chunks = chunkBoxes.count
        order = ContiguousArray(0..<Int32(chunks))
        var leaves = 1
        while leaves * Self.leafChunks < chunks { leaves *= 2 }
        boxes = ContiguousArray(repeating: .zero, count: 2 * leaves - 1)
        order.withUnsafeMutableBufferPointer { order in
            boxes.withUnsafeMutableBufferPointer { boxes in
                chunkBoxes.withUnsafeBufferPointer { chunkBoxes in
                    var b = Builder(order: order, chunkBoxes: chunkBoxes, boxes: boxes)
                    b.build(node: 0, lo: 0, hi: chunks)
                }
            }
        }
    }

    /// Distance from p to the segment a…a + d (`inv` = 1 / |d|², 0 for a point).
    @inline(__always)
    static func segmentDistance(_ p: Vec2, _ a: Vec2, _ d: Vec2, _ inv: Double) -> Double {
        let ap = p - a
        let t = clamp((ap.x * d.x + ap.y * d.y) * inv, 0, 1)
        return (ap - d * t).length
    }

    private struct Builder {
        let order: UnsafeMutableBufferPointer<Int32>
        let chunkBoxes: UnsafeBufferPointer<SIMD4<Double>>
        let boxes: UnsafeMutableBufferPointer<SIMD4<Double>>

        func centre(_ k: Int, onX: Bool) -> Double {
            let b = chunkBoxes[Int(order[k])]
            return onX ? b.x + b.z : b.y + b.w
        }

        mutating func build(node: Int, lo: Int, hi: Int) {
            var box = chunkBoxes[Int(order[lo])]
            for k in (lo + 1)..<max(lo + 1, hi) {
                let c = chunkBoxes[Int(order[k])]
                box = SIMD4(min(box.x, c.x), min(box.y, c.y), max(box.z, c.z), max(box.w, c.w))
            }
            boxes[node] = box
            guard hi - lo > SampleChunkTree.leafChunks, 2 * node + 2 < boxes.count else { return }
            let mid = (lo + hi) / 2
            select(mid, lo, hi, onX: box.z - box.x >= box.w - box.y)
            build(node: 2 * node + 1, lo: lo, hi: mid)
            build(node: 2 * node + 2, lo: mid, hi: hi)
        }

        /// Quickselect: the k-th smallest centre (along the axis) at k, smaller ones before it.
        func select(_ k: Int, _ lo0: Int, _ hi0: Int, onX: Bool) {
            var lo = lo0, hi = hi0 - 1
            while lo < hi {
                let pivot = centre((lo + hi) / 2, onX: onX)
                var i = lo, j = hi
                while i <= j {
                    while centre(i, onX: onX) < pivot { i += 1 }
                    while centre(j, onX: onX) > pivot { j -= 1 }
                    if i <= j {
                        order.swapAt(i, j)
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
    /// Descends the tree into the nearer box, keeping the farther for later, and skips every
    /// box and every chunk's capsule farther than the best sample so far. Allocates nothing
    /// (the traversal stack is on the call stack).
    /// - Complexity: O(log n) expected, near the path or far from it.
    public func nearestIndex(to p: Vec2) -> Int? {
        guard !points.isEmpty else { return nil }
        guard p.isFinite else { return 0 }
        var best = Int.max
        var bestD2 = Double.infinity
        let tree = nearestTree
        tree.boxes.withUnsafeBufferPointer { boxes in
        tree.order.withUnsafeBufferPointer { order in
        tree.start.withUnsafeBufferPointer { start in
        tree.segments.withUnsafeBufferPointer { segments in
        tree.segmentExtras.withUnsafeBufferPointer { extras in
        tree.xs.withUnsafeBufferPointer { xs in
        tree.ys.withUnsafeBufferPointer { ys in
            let nodes = boxes.count
            @inline(__always) func boxD2(_ k: Int) -> Double {
                let b = boxes[k]
                let dx = max(b.x - p.x, 0, p.x - b.z)
                let dy = max(b.y - p.y, 0, p.y - b.w)
                return dx * dx + dy * dy
            }
            // The best distance itself, for the capsule test (updated only when the best improves).
            var bestD = Double.infinity
            // A capsule's distance is computed from differences of coordinates, so it can be
            // off by a few units in the last place of the largest of them; it is only skipped
            // when it is farther than that too (boxes need no slack: their edges are samples).
            let slack = 1e-14 * (tree.magnitude + abs(p.x) + abs(p.y))
            @inline(__always) func visit(chunk c: Int) {
                // Skip the chunk when its capsule lies farther than the best: no square root.
                let s = segments[c], e = extras[c]
                let ap = Vec2(p.x - s.x, p.y - s.y), d = Vec2(s.z, s.w)
                let t = clamp((ap.x * d.x + ap.y * d.y) * e.x, 0, 1)
                let reach = bestD + e.y + slack
                guard (ap - d * t).lengthSquared <= reach * reach else { return }
                let lo = Int(start[c]), hi = Int(start[c + 1])
                let (chunkBest, lanes) = Self.minimumDistanceSquared(xs, ys, lo, hi, p)
                guard chunkBest <= bestD2 else { return }
                // Which sample that is: the lowest index at that distance. Only the lanes
                // that found it are searched (nearly always one: a quarter of the chunk).
                var i = hi
                for lane in 0..<4 where lanes & (1 << lane) != 0 {
                    var k = lo + lane
                    while k < i {
                        let dx = xs[k] - p.x, dy = ys[k] - p.y
                        if dx * dx + dy * dy == chunkBest { i = k; break }
                        k += 4
                    }
                }
                if chunkBest < bestD2 || i < best {
                    best = i
                    if chunkBest < bestD2 { bestD2 = chunkBest; bestD = chunkBest.squareRoot() }
                }
            }
            // (node, lo, hi, squared distance to its box). Each level of the tree leaves at
            // most one entry behind, and 40 levels is 2^40 chunks. 40 entries of 24 bytes
            // stay under 1 KiB, the most Swift places on the stack (larger temporary
            // allocations go to the heap — measured: one malloc per query).
            withUnsafeTemporaryAllocation(of: Entry.self, capacity: 40) { stack in
                var top = 0
                var node = 0, lo = 0, hi = order.count
                search: while true {
                    if hi - lo <= SampleChunkTree.leafChunks || 2 * node + 2 >= nodes {
                        for k in lo..<hi { visit(chunk: Int(order[k])) }
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
        }
        }
        }
        }
        return best
    }

    /// The smallest squared distance from `p` to the points lo..<hi, four at a time, and the
    /// lanes (bit k: some index lo + k + 4j) where it occurs.
    @inline(__always)
    private static func minimumDistanceSquared(_ xs: UnsafeBufferPointer<Double>, _ ys: UnsafeBufferPointer<Double>,
                                               _ lo: Int, _ hi: Int, _ p: Vec2) -> (Double, Int) {
        let px = SIMD4(repeating: p.x), py = SIMD4(repeating: p.y)
        var m = SIMD4<Double>(repeating: .infinity)
        let x = UnsafeRawPointer(xs.baseAddress!), y = UnsafeRawPointer(ys.baseAddress!)
        var i = lo
        while i + 4 <= hi {
            let dx = x.loadUnaligned(fromByteOffset: i * 8, as: SIMD4<Double>.self) - px
            let dy = y.loadUnaligned(fromByteOffset: i * 8, as: SIMD4<Double>.self) - py
            let d = dx * dx + dy * dy
            // A compare and a select: pointwiseMin's NaN rules make it scalar code.
            m.replace(with: d, where: d .< m)
            i += 4
        }
        // The tail goes into the lanes it would have had.
        while i < hi {
            let dx = xs[i] - p.x, dy = ys[i] - p.y
            let d = dx * dx + dy * dy
            if d < m[(i - lo) & 3] { m[(i - lo) & 3] = d }
            i += 1
        }
        let best = m.min()
        var lanes = 0
        for lane in 0..<4 where m[lane] == best { lanes |= 1 << lane }
        return (best, lanes)
    }

    /// The box around every sample.
    public var sampleBounds: Rect {
        guard let b = nearestTree.boxes.first else { return .zero }
        return Rect(x: b.x, y: b.y, w: b.z - b.x, h: b.w - b.y)
    }

    /// The nearest sample by scanning every one; the reference the tree is tested against.
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
