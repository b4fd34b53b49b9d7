import Geometry
import Synchronization

/// A grid over a table's neighbourhood in which each cell lists the only chunks of the curve
/// that can hold the nearest sample of any point in the cell, nearest first.
///
/// Why: the tree's descent is exact and O(log n), but it decides a dozen boxes per query and
/// mispredicts about 28 of its branches (callgrind); a cell's list is one lookup and a few
/// capsule tests, of which one or two lead to a scan.
///
/// Why a list is complete: let c be a cell's centre, h its half diagonal and d the distance
/// from c to its nearest sample s. A point q of the cell has s within d + h, so its nearest
/// sample is no farther; a chunk whose capsule lies farther than d + h from q cannot hold
/// it, and as q is within h of c, neither can one whose capsule lies farther than d + 2h
/// from c. The cell lists every chunk within that reach of its centre.
///
/// Cells are filled on demand, each by the first query that lands in it (about a
/// microsecond: a tree search from the centre and a range query), so no query and no table
/// build pays for the whole grid — filling all of a 10,000-sample table's cells costs tens
/// of milliseconds. Where lists would be long (deep inside a ring, where many chunks are
/// about as far) a cell lists none and its points search the tree, as do points outside
/// the grid.
struct SampleCellGrid {
    /// A cell that would list more chunks than this lists none and leaves its points to the tree.
    static let maxCandidates = 8
    /// At most this many cells along a side, whatever the path's size.
    static let maxSide = 192

    private(set) var originX = 0.0, originY = 0.0
    private(set) var cell = 0.0, inverseCell = 0.0
    private(set) var columns = 0, rows = 0
    /// Rounding allowance for the capsule distances and for putting a point in its cell.
    private var slack = 0.0
    /// Per cell: 0 not filled yet, −1 left to the tree, otherwise how many chunks it lists.
    private var states: UnsafeMutablePointer<Atomic<Int32>>?
    /// Per cell, `maxCandidates` slots for its chunks.
    private var slots: UnsafeMutablePointer<Int32>?

    init() {}

    /// Lays cells half a chunk long over the samples' box and a margin round it, none filled.
    init(tree: ChunkTreeView, spacing: Double) {
        let root = tree.boxes[0]
        let width = root.z - root.x, height = root.w - root.y
        let extent = max(width, height)
        cell = Double(SampleChunkTree.chunkSize / 2) * spacing
        let margin = 2 * cell + extent / 8
        cell = max(cell, (extent + 2 * margin) / Double(Self.maxSide))
        columns = min(Self.maxSide, Int(((width + 2 * margin) / cell).rounded(.up)))
        rows = min(Self.maxSide, Int(((height + 2 * margin) / cell).rounded(.up)))
        originX = root.x - margin
        originY = root.y - margin
        inverseCell = 1 / cell
        slack = 1e-12 * (tree.magnitude + abs(originX) + abs(originY) + Double(columns + rows) * cell) + 1e-9 * cell
        let cells = columns * rows
        let states = UnsafeMutablePointer<Atomic<Int32>>.allocate(capacity: cells)
        for k in 0..<cells { (states + k).initialize(to: Atomic(0)) }
        self.states = states
        slots = .allocate(capacity: cells * Self.maxCandidates)
    }

    func deallocate() {
        states?.deinitialize(count: columns * rows)
        states?.deallocate()
        slots?.deallocate()
    }

    /// The cell holding `p` (row by row), or nil outside the grid.
    @inline(__always)
    func cell(at p: Vec2) -> Int? {
        let fx = (p.x - originX) * inverseCell, fy = (p.y - originY) * inverseCell
        guard fx >= 0, fy >= 0, fx < Double(columns), fy < Double(rows) else { return nil }
        return Int(fy) * columns + Int(fx)
    }

    /// Cell k's state: 0 not filled yet (the caller fills it with `fill`, under a lock), −1
    /// left to the tree, otherwise the number of chunks it lists.
    @inline(__always)
    func state(_ k: Int) -> Int32 { states![k].load(ordering: .acquiring) }

    /// The chunks cell k lists, given its state.
    @inline(__always)
    func chunks(_ k: Int, count: Int32) -> UnsafeBufferPointer<Int32> {
        UnsafeBufferPointer(start: slots! + k * Self.maxCandidates, count: Int(max(count, 0)))
    }

    /// Fills cell k's list (the caller holds the lock and has seen it unfilled) and returns
    /// its state. Allocates nothing.
    func fill(_ k: Int, tree: ChunkTreeView) -> Int32 {
        let c = Vec2(originX + (Double(k % columns) + 0.5) * cell, originY + (Double(k / columns) + 0.5) * cell)
        var search = NearestSearch(tree: tree, p: c)
        search.descend()
        let reach = search.bestD2.squareRoot() + cell * 2.squareRoot() + slack
        let list = slots! + k * Self.maxCandidates
        // The chunks within reach, nearest first (an insertion sort of at most nine).
        let state = withUnsafeTemporaryAllocation(of: (distance: Double, chunk: Int32).self,
                                                  capacity: Self.maxCandidates + 1) { found -> Int32 in
            var n = 0
            let fits = tree.forEachChunk(near: c, within: reach) { chunk, distance in
                var i = n
                while i > 0 && found[i - 1].distance > distance {
                    found[i] = found[i - 1]
                    i -= 1
                }
                found[i] = (distance, Int32(chunk))
                n += 1
                return n <= Self.maxCandidates
            }
            guard fits, n > 0 else { return -1 }
            for i in 0..<n { list[i] = found[i].chunk }
            return Int32(n)
        }
        states![k].store(state, ordering: .releasing)
        return state
    }
}
