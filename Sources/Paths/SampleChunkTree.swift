import Geometry

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
                    radius = max(radius, Self.segmentDistanceSquared(p, a, d, inv).squareRoot())
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
    static func segmentDistanceSquared(_ p: Vec2, _ a: Vec2, _ d: Vec2, _ inv: Double) -> Double {
        let ap = p - a
        let t = clamp((ap.x * d.x + ap.y * d.y) * inv, 0, 1)
        return (ap - d * t).lengthSquared
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
struct Entry {
    var node: Int32
    var lo: Int32
    var hi: Int32
    var bound: Double
}

/// A tree's storage as raw buffers (owned by a `NearestSampleIndex`).
struct ChunkTreeView {
    let boxes: UnsafeBufferPointer<SIMD4<Double>>
    let order: UnsafeBufferPointer<Int32>
    let start: UnsafeBufferPointer<Int32>
    let segments: UnsafeBufferPointer<SIMD4<Double>>
    let extras: UnsafeBufferPointer<SIMD4<Double>>
    let xs: UnsafeBufferPointer<Double>
    let ys: UnsafeBufferPointer<Double>
    let magnitude: Double
    /// The largest chunk radius.
    let maxRadius: Double

    /// Squared distance from p to node k's box.
    @inline(__always)
    func boxDistanceSquared(_ k: Int, _ p: Vec2) -> Double {
        let b = boxes[k]
        let dx = max(b.x - p.x, 0, p.x - b.z)
        let dy = max(b.y - p.y, 0, p.y - b.w)
        return dx * dx + dy * dy
    }

    /// Squared distance from p to chunk c's segment.
    @inline(__always)
    func segmentDistanceSquared(_ c: Int, _ p: Vec2) -> Double {
        let s = segments[c]
        return SampleChunkTree.segmentDistanceSquared(p, Vec2(s.x, s.y), Vec2(s.z, s.w), extras[c].x)
    }

    /// Distance from p to chunk c's segment, less the chunk's radius: no sample of the chunk
    /// is nearer to p.
    @inline(__always)
    func capsuleDistance(_ c: Int, _ p: Vec2) -> Double {
        segmentDistanceSquared(c, p).squareRoot() - extras[c].y
    }

    /// Calls `body` with every chunk whose capsule comes within `reach` of `c` and its
    /// capsule distance; stops and returns false as soon as `body` does.
    func forEachChunk(near c: Vec2, within reach: Double, _ body: (Int, Double) -> Bool) -> Bool {
        // A node's box holds its chunks' segments, so a chunk within reach has its box within
        // reach plus the largest radius.
        let boxReach = reach + maxRadius
        let nodes = boxes.count
        return withUnsafeTemporaryAllocation(of: (Int, Int, Int).self, capacity: 40) { stack in
            var top = 0
            stack[0] = (0, 0, order.count)
            top = 1
            while top > 0 {
                top -= 1
                let (node, lo, hi) = stack[top]
                guard boxDistanceSquared(node, c) <= boxReach * boxReach else { continue }
                if hi - lo <= SampleChunkTree.leafChunks || 2 * node + 2 >= nodes {
                    for k in lo..<hi {
                        let chunk = Int(order[k])
                        let d = capsuleDistance(chunk, c)
                        if d <= reach, !body(chunk, d) { return false }
                    }
                } else {
                    let mid = (lo + hi) / 2
                    stack[top] = (2 * node + 1, lo, mid)
                    stack[top + 1] = (2 * node + 2, mid, hi)
                    top += 2
                }
            }
            return true
        }
    }
}
