import Geometry
import Synchronization

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
private struct Entry {
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

/// One nearest-sample query: the point and the best sample so far. Chunks come to it from
/// the tree's descent or from a grid cell's list of candidates; either way a chunk is
/// skipped when its capsule lies farther than the best, and otherwise scanned.
struct NearestSearch {
    let tree: ChunkTreeView
    let p: Vec2
    /// A capsule's distance is computed from differences of coordinates, so it can be off by
    /// a few units in the last place of the largest of them; it is only skipped when it is
    /// farther than that too (boxes need no slack: their edges are samples).
    let slack: Double
    /// The best sample (the lowest index on a tie), its squared distance and its distance
    /// (for the capsule test; updated only when the best improves).
    private(set) var best = Int.max
    private(set) var bestD2 = Double.infinity
    private var bestD = Double.infinity

    init(tree: ChunkTreeView, p: Vec2) {
        self.tree = tree
        self.p = p
        slack = 1e-14 * (tree.magnitude + abs(p.x) + abs(p.y))
    }

    @inline(__always)
    mutating func visit(chunk c: Int) {
        // Skip the chunk when its capsule lies farther than the best: no square root.
        let reach = bestD + tree.extras[c].y + slack
        guard tree.segmentDistanceSquared(c, p) <= reach * reach else { return }
        let lo = Int(tree.start[c]), hi = Int(tree.start[c + 1])
        let (chunkBest, lanes) = SampleTable.minimumDistanceSquared(tree.xs, tree.ys, lo, hi, p)
        guard chunkBest <= bestD2 else { return }
        // Which sample that is: the lowest index at that distance. Only the lanes that found
        // it are searched (nearly always one: a quarter of the chunk).
        var i = hi
        for lane in 0..<4 where lanes & (1 << lane) != 0 {
            var k = lo + lane
            while k < i {
                let dx = tree.xs[k] - p.x, dy = tree.ys[k] - p.y
                if dx * dx + dy * dy == chunkBest { i = k; break }
                k += 4
            }
        }
        if chunkBest < bestD2 || i < best {
            best = i
            if chunkBest < bestD2 { bestD2 = chunkBest; bestD = chunkBest.squareRoot() }
        }
    }

    /// Searches the whole tree: descends into the nearer box, keeping the farther for later,
    /// and skips every box farther than the best sample so far.
    mutating func descend() {
        let nodes = tree.boxes.count
        // (node, lo, hi, squared distance to its box). Each level of the tree leaves at most
        // one entry behind, and 40 levels is 2^40 chunks. 40 entries of 24 bytes stay under
        // 1 KiB, the most Swift places on the stack (larger temporary allocations go to the
        // heap — measured: one malloc per query).
        withUnsafeTemporaryAllocation(of: Entry.self, capacity: 40) { stack in
            var top = 0
            var node = 0, lo = 0, hi = tree.order.count
            search: while true {
                if hi - lo <= SampleChunkTree.leafChunks || 2 * node + 2 >= nodes {
                    for k in lo..<hi { visit(chunk: Int(tree.order[k])) }
                } else {
                    // Go on into the nearer child; keep the farther one for later.
                    let mid = (lo + hi) / 2
                    let a = 2 * node + 1, b = a + 1
                    let da = tree.boxDistanceSquared(a, p), db = tree.boxDistanceSquared(b, p)
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

/// A table's index for the global nearest-sample query: its chunk tree, and the grid in
/// front of it, laid out by the first query and filled cell by cell by the queries. Shared
/// by the table's copies (the table never changes after it is built, so neither does its
/// index).
///
/// It owns the tree's storage as raw buffers, so a query reads seven buffers without
/// retaining and releasing seven arrays (callgrind, when it went through the arrays: ten
/// reference-count calls per query, a quarter of its instructions).
final class NearestSampleIndex: @unchecked Sendable {
    let tree: ChunkTreeView
    let spacing: Double
    private let isGridBuilt = Atomic<Bool>(false)
    private let lock = Mutex<Void>(())
    /// Written once, under the lock, before `isGridBuilt` is set; only read after that.
    private var storedGrid = SampleCellGrid()

    /// The index of a table with no samples (a placeholder until a table is built).
    static let empty = NearestSampleIndex(points: [], runs: [], spacing: 1)

    init(points: ContiguousArray<Vec2>, runs: [SampleTable.Run], spacing: Double) {
        let t = SampleChunkTree(points: points, runs: runs)
        func copy<T>(_ a: ContiguousArray<T>) -> UnsafeBufferPointer<T> {
            let b = UnsafeMutableBufferPointer<T>.allocate(capacity: a.count)
            _ = b.initialize(from: a)
            return UnsafeBufferPointer(b)
        }
        tree = ChunkTreeView(boxes: copy(t.boxes), order: copy(t.order), start: copy(t.start),
                             segments: copy(t.segments), extras: copy(t.segmentExtras),
                             xs: copy(t.xs), ys: copy(t.ys), magnitude: t.magnitude,
                             maxRadius: t.segmentExtras.reduce(0) { max($0, $1.y) })
        self.spacing = spacing
    }

    deinit {
        for b in [UnsafeRawBufferPointer(tree.boxes), UnsafeRawBufferPointer(tree.order),
                  UnsafeRawBufferPointer(tree.start), UnsafeRawBufferPointer(tree.segments),
                  UnsafeRawBufferPointer(tree.extras), UnsafeRawBufferPointer(tree.xs),
                  UnsafeRawBufferPointer(tree.ys)] {
            b.deallocate()
        }
        storedGrid.deallocate()
    }

    /// The grid, laid out (not filled) by the first call.
    var grid: SampleCellGrid {
        @inline(__always) get {
            if !isGridBuilt.load(ordering: .acquiring) { layOutGrid() }
            return storedGrid
        }
    }

    @inline(never)
    private func layOutGrid() {
        lock.withLock { _ in
            guard !isGridBuilt.load(ordering: .relaxed) else { return }
            storedGrid = SampleCellGrid(tree: tree, spacing: spacing)
            isGridBuilt.store(true, ordering: .releasing)
        }
    }

    @inline(never)
    private func fill(cell k: Int, of grid: SampleCellGrid) -> Int32 {
        lock.withLock { _ in
            let state = grid.state(k)
            return state != 0 ? state : grid.fill(k, tree: tree)
        }
    }

    /// The sample nearest to the finite point `p` of a table with samples.
    func nearest(to p: Vec2) -> Int {
        let grid = grid
        var search = NearestSearch(tree: tree, p: p)
        if let k = grid.cell(at: p) {
            var state = grid.state(k)
            if state == 0 { state = fill(cell: k, of: grid) }
            if state > 0 {
                for c in grid.chunks(k, count: state) { search.visit(chunk: Int(c)) }
                return search.best
            }
        }
        search.descend()
        return search.best
    }

    /// The same by the tree alone (what the grid is built from and checked against).
    func nearestByTree(to p: Vec2) -> Int {
        var search = NearestSearch(tree: tree, p: p)
        search.descend()
        return search.best
    }
}

extension SampleTable {
    /// The index of the sample nearest to `p` (the lowest index on a tie), or nil for an
    /// empty table. Exact: it agrees with a scan of every sample.
    ///
    /// Near the path (in the grid round it) the point's cell lists the few chunks that can
    /// hold the answer; elsewhere the tree is searched. The grid is built by the first query
    /// (`SampleTable+NearestGrid.swift`). Allocates nothing after that.
    /// - Complexity: O(1) expected in the grid, O(log n) outside it.
    public func nearestIndex(to p: Vec2) -> Int? {
        guard !points.isEmpty else { return nil }
        guard p.isFinite else { return 0 }
        return nearestSamples.nearest(to: p)
    }

    /// Lays out the nearest query's grid now instead of at the first query: the one
    /// allocation the query makes, for loops that must not allocate.
    public func prepareNearestQueries() {
        _ = nearestSamples.grid
    }

    /// The nearest sample by the tree alone, without the grid.
    func nearestIndexByTree(to p: Vec2) -> Int? {
        guard !points.isEmpty else { return nil }
        guard p.isFinite else { return 0 }
        return nearestSamples.nearestByTree(to: p)
    }

    /// The smallest squared distance from `p` to the points lo..<hi, four at a time, and the
    /// lanes (bit k: some index lo + k + 4j) where it occurs.
    @inline(__always)
    static func minimumDistanceSquared(_ xs: UnsafeBufferPointer<Double>, _ ys: UnsafeBufferPointer<Double>,
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
        guard let b = nearestSamples.tree.boxes.first else { return .zero }
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
