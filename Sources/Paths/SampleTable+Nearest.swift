import Geometry
import Synchronization

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
        var t = SampleChunkTree(points: points, runs: runs)
        // Each array is let go as soon as it is copied, so only one is held twice at a time
        // (x and y are 8 bytes a sample each: 32 MB apiece at SampleTable.maxSamples).
        func take<T>(_ a: inout ContiguousArray<T>) -> UnsafeBufferPointer<T> {
            let b = UnsafeMutableBufferPointer<T>.allocate(capacity: a.count)
            _ = b.initialize(from: a)
            a = []
            return UnsafeBufferPointer(b)
        }
        let maxRadius = t.segmentExtras.reduce(0) { max($0, $1.y) }
        let xs = take(&t.xs)
        let ys = take(&t.ys)
        let boxes = take(&t.boxes)
        let order = take(&t.order)
        let start = take(&t.start)
        let segments = take(&t.segments)
        let extras = take(&t.segmentExtras)
        tree = ChunkTreeView(boxes: boxes, order: order, start: start, segments: segments, extras: extras,
                             xs: xs, ys: ys, magnitude: t.magnitude, maxRadius: maxRadius)
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
