/// A uniform grid over sample points, stored flat (CSR): `cellStart[c]..<cellStart[c+1]`
/// indexes `items`, the sample indices in cell c.
struct UniformGrid: Sendable {
    var origin = Vec2.zero
    var cell = 1.0
    var columns = 0
    var rows = 0
    var cellStart: ContiguousArray<Int32> = []
    var items: ContiguousArray<Int32> = []

    init() {}

    /// Cells are sized so each holds a few samples: about four spacings on a side, larger
    /// when the points are spread so thin that the grid would outnumber them.
    init(points: ContiguousArray<Vec2>, spacing: Double) {
        guard !points.isEmpty else { return }
        var lo = points[0], hi = points[0]
        for p in points {
            lo = Vec2(min(lo.x, p.x), min(lo.y, p.y))
            hi = Vec2(max(hi.x, p.x), max(hi.y, p.y))
        }
        let size = hi - lo
        let area = max(size.x, spacing) * max(size.y, spacing)
        cell = max(4 * spacing, (area / Double(points.count)).squareRoot(), 1e-6)
        origin = lo
        columns = max(1, Int(size.x / cell) + 1)
        rows = max(1, Int(size.y / cell) + 1)
        var counts = ContiguousArray<Int32>(repeating: 0, count: columns * rows + 1)
        for p in points { counts[cellIndex(p) + 1] += 1 }
        for c in 1..<counts.count { counts[c] += counts[c - 1] }
        cellStart = counts
        items = ContiguousArray(repeating: 0, count: points.count)
        var fill = counts
        for (i, p) in points.enumerated() {
            let c = cellIndex(p)
            items[Int(fill[c])] = Int32(i)
            fill[c] += 1
        }
    }

    @inline(__always)
    func cellCoordinates(_ p: Vec2) -> (Int, Int) {
        (Int(((p.x - origin.x) / cell).rounded(.down)), Int(((p.y - origin.y) / cell).rounded(.down)))
    }

    @inline(__always)
    func cellIndex(_ p: Vec2) -> Int {
        let (cx, cy) = cellCoordinates(p)
        return clamp(cy, 0, rows - 1) * columns + clamp(cx, 0, columns - 1)
    }
}

extension SampleTable {
    /// The index of the sample nearest to `p` (the lowest index on a tie), or nil for an
    /// empty table.
    ///
    /// Searches the grid in square rings around `p`'s cell, stopping once the best distance
    /// found is within the nearest unsearched ring's reach — so it looks at a handful of cells
    /// instead of every sample.
    /// - Complexity: O(samples near p), independent of the table's size for points near the
    ///   path; far-away points search more rings.
    public func nearestIndex(to p: Vec2) -> Int? {
        guard !points.isEmpty, p.isFinite else { return points.isEmpty ? nil : 0 }
        let g = grid
        let (qx, qy) = g.cellCoordinates(p)
        // Rings that cannot touch the grid are skipped: start at the first that does.
        let outside = max(0, -qx, qx - (g.columns - 1), -qy, qy - (g.rows - 1))
        let maxRing = max(g.columns, g.rows) + outside
        var best = -1
        var bestD = Double.infinity
        var ring = outside
        while ring <= maxRing {
            let y0 = qy - ring, y1 = qy + ring, x0 = qx - ring, x1 = qx + ring
            // `ring >= outside` guarantees the ring overlaps the grid, so these ranges are valid.
            for cy in max(y0, 0)...min(y1, g.rows - 1) {
                let edgeRow = cy == y0 || cy == y1
                var cx = max(x0, 0)
                let cxEnd = min(x1, g.columns - 1)
                while cx <= cxEnd {
                    let c = cy * g.columns + cx
                    var k = Int(g.cellStart[c])
                    let end = Int(g.cellStart[c + 1])
                    while k < end {
                        let i = Int(g.items[k])
                        let d = points[i].distanceSquared(to: p)
                        if d < bestD || (d == bestD && i < best) { bestD = d; best = i }
                        k += 1
                    }
                    // Inside the ring only its left and right edges are new cells.
                    if edgeRow || cx == x1 { cx += 1 } else { cx = x1 > cxEnd ? cxEnd + 1 : x1 }
                }
            }
            // Every unsearched cell is at least `ring` whole cells away from p's cell.
            let reach = Double(ring) * g.cell
            if best >= 0 && bestD <= reach * reach { break }
            ring += 1
        }
        return best
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
