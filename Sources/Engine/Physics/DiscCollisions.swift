import Geometry

/// Discs bouncing off one another: each step, pairs that overlap are pushed apart along the
/// line between their centres (in inverse proportion to their masses) and, if they are
/// closing, exchange the impulse of a collision with `restitution` (1: elastic, kinetic
/// energy and momentum kept). A disc of inverse mass 0 is held (by a hand): it moves others
/// and is not moved.
///
/// Candidate pairs come from a uniform grid of cells as wide as the largest disc (a counting
/// sort into reused buffers), so a step costs time linear in the discs for a spread-out
/// crowd and allocates nothing once the buffers have grown. Up to `iterations` passes run
/// while overlaps remain; a crowd packed tighter than the bounds can hold may keep some.
public struct DiscCollisions: Sendable {
    /// Each disc's centre (points); `resolve` moves them apart.
    public var positions: ContiguousArray<Vec2> = []
    /// Each disc's velocity (points per second); `resolve` changes it where discs collide.
    public var velocities: ContiguousArray<Vec2> = []
    /// Each disc's radius (points).
    public var radii: ContiguousArray<Double> = []
    /// Each disc's 1 / mass; 0 holds a disc still (a hand has it).
    public var inverseMasses: ContiguousArray<Double> = []
    /// 1: elastic; 0: the closing speed is lost.
    public var restitution = 1.0
    /// Start of each cell's run in `sorted`, and the discs sorted by cell.
    private var cellStart: ContiguousArray<Int32> = []
    private var sorted: ContiguousArray<Int32> = []
    private var cellOf: ContiguousArray<Int32> = []
    private var fill: ContiguousArray<Int32> = []

    /// No discs; elastic collisions.
    public init() {}

    /// How many discs there are.
    public var count: Int { positions.count }

    /// Empties the discs, keeping the buffers.
    public mutating func removeAll() {
        positions.removeAll(keepingCapacity: true)
        velocities.removeAll(keepingCapacity: true)
        radii.removeAll(keepingCapacity: true)
        inverseMasses.removeAll(keepingCapacity: true)
    }

    /// Adds a disc at `position`, moving at `velocity`.
    public mutating func append(position: Vec2, velocity: Vec2, radius: Double, inverseMass: Double) {
        positions.append(position)
        velocities.append(velocity)
        radii.append(radius)
        inverseMasses.append(inverseMass)
    }

    /// Separates every overlapping pair and bounces those closing, keeping the discs inside
    /// `bounds`. Returns the deepest overlap the last pass found and pushed apart (points; 0
    /// when none was left).
    @discardableResult
    public mutating func resolve(in bounds: Rect, iterations: Int = 8) -> Double {
        let n = count
        guard n > 1, let largest = radii.max(), largest > 0, bounds.width > 0, bounds.height > 0 else { return 0 }
        let cell = 2 * largest
        // The grid, at most about 4 cells a disc (a huge window of few discs stays small).
        var cols = max(1, Int((bounds.width / cell).rounded(.up)))
        var rows = max(1, Int((bounds.height / cell).rounded(.up)))
        let limit = max(16, 4 * n)
        while cols * rows > limit {
            cols = max(1, (cols + 1) / 2)
            rows = max(1, (rows + 1) / 2)
        }
        let cw = bounds.width / Double(cols), ch = bounds.height / Double(rows)
        keepInside(bounds)
        var deepest = 0.0
        for pass in 0..<max(1, iterations) {
            bin(bounds, cols: cols, rows: rows, cw: cw, ch: ch)
            deepest = 0
            for i in 0..<n {
                let c = Int(cellOf[i]), cx = c % cols, cy = c / cols
                for ny in max(0, cy - 1)...min(rows - 1, cy + 1) {
                    for nx in max(0, cx - 1)...min(cols - 1, cx + 1) {
                        let k = ny * cols + nx
                        for s in Int(cellStart[k])..<Int(cellStart[k + 1]) {
                            let j = Int(sorted[s])
                            if j > i { deepest = max(deepest, separate(i, j, bounces: pass == 0, in: bounds)) }
                        }
                    }
                }
            }
            if deepest == 0 { break }
        }
        return deepest
    }

    /// Sorts the discs into cells (counting sort).
    private mutating func bin(_ b: Rect, cols: Int, rows: Int, cw: Double, ch: Double) {
        let n = count, cells = cols * rows
        cellStart.removeAll(keepingCapacity: true)
        cellStart.append(contentsOf: repeatElement(0, count: cells + 1))
        cellOf.removeAll(keepingCapacity: true)
        for i in 0..<n {
            let p = positions[i]
            // Clamped as doubles first: a disc far outside (or non-finite) goes to an edge cell.
            let fx = ((p.x - b.minX) / cw).rounded(.down), fy = ((p.y - b.minY) / ch).rounded(.down)
            let x = fx.isNaN ? 0 : Int(clamp(fx, 0, Double(cols - 1)))
            let y = fy.isNaN ? 0 : Int(clamp(fy, 0, Double(rows - 1)))
            let c = y * cols + x
            cellOf.append(Int32(c))
            cellStart[c + 1] += 1
        }
        for c in 0..<cells { cellStart[c + 1] += cellStart[c] }
        sorted.removeAll(keepingCapacity: true)
        sorted.append(contentsOf: repeatElement(0, count: n))
        fill.removeAll(keepingCapacity: true)
        fill.append(contentsOf: cellStart)
        for i in 0..<n {
            let c = Int(cellOf[i])
            sorted[Int(fill[c])] = Int32(i)
            fill[c] += 1
        }
    }

    /// Pushes discs `i` and `j` apart if they overlap, and bounces them if they close (on the
    /// first pass). A disc stopped by the bounds leaves the rest of the way to the other, as
    /// a wall would. Returns how deep they overlapped.
    private mutating func separate(_ i: Int, _ j: Int, bounces: Bool, in b: Rect) -> Double {
        let d = positions[j] - positions[i]
        let reach = radii[i] + radii[j]
        let dist2 = d.x * d.x + d.y * d.y
        guard dist2 < reach * reach else { return 0 }
        let wi = inverseMasses[i], wj = inverseMasses[j], w = wi + wj
        guard w > 0 else { return 0 }
        let dist = dist2.squareRoot()
        // Discs on the same spot part sideways.
        let normal = dist > 1e-9 ? d / dist : Vec2(1, 0)
        // A hair past touching, so a pair just parted is not found touching again by rounding.
        let overlap = reach - dist + 1e-9 * reach
        var pi = positions[i], pj = positions[j]
        if wi > 0 { pi = inside(pi - normal * (overlap * wi / w), radii[i], b) }
        if wj > 0 { pj = inside(pj + normal * (overlap * wj / w), radii[j], b) }
        let rest = reach * (1 + 1e-9) - (pj - pi).dot(normal)
        if rest > 0 {
            if wj > 0, pj == positions[j] + normal * (overlap * wj / w) {
                pj = inside(pj + normal * rest, radii[j], b)
            } else if wi > 0 {
                pi = inside(pi - normal * rest, radii[i], b)
            }
        }
        positions[i] = pi
        positions[j] = pj
        let closing = (velocities[j] - velocities[i]).dot(normal)
        if bounces, closing < 0 {
            let impulse = -(1 + restitution) * closing / w
            velocities[i] = velocities[i] - normal * (impulse * wi)
            velocities[j] = velocities[j] + normal * (impulse * wj)
        }
        return overlap
    }

    /// `p` moved so a disc of radius `r` there is inside `b` (centred when it cannot fit).
    private func inside(_ p: Vec2, _ r: Double, _ b: Rect) -> Vec2 {
        Vec2(clamp(p.x, b.minX + r, max(b.minX + r, b.maxX - r)), clamp(p.y, b.minY + r, max(b.minY + r, b.maxY - r)))
    }

    private mutating func keepInside(_ b: Rect) {
        for i in 0..<count where inverseMasses[i] > 0 { positions[i] = inside(positions[i], radii[i], b) }
    }
}
