import Geometry

/// The bounds on path input: every coordinate (absolute, after relative moves add up) within
/// ±`maxCoordinate` points, so that squares and sums of squares stay far from overflow, and
/// at most `maxSegments` commands (movetos and implicit repeats counted), so that a path and its sample table fit in memory.
public enum PathLimits {
    /// The largest coordinate a path may have, either sign (points).
    public static let maxCoordinate = 1e9
    /// What a segment costs, from the layouts (64-bit), where the path scene shows a path:
    /// the `PathElement` (64 bytes: an arc's centre and five numbers, and the case), the
    /// table's `PathSegment` and its length (72 + 8), one polyline point (16) and its vertices
    /// and indices in the frame's draw list (4 × 20 + 18 × 4 = 152): 312 bytes kept. While a
    /// table is built, 152 more for a while: the laid-out copy of the path (64), the plan's
    /// segments and lengths (80) and the run's arc-length starts (8). A sample costs 119
    /// (`SampleTable.maxSamples`), so a path at both limits, 1,000,000 segments and
    /// 4,000,000 samples, holds about 312 + 476 = 788 MB, and about 970 MB (0.9 GiB) while
    /// a new table is built (the 152 a segment, and 8 a sample) — if the old table is let
    /// go first. At 2,000,000 segments the same path holds 1.1 GB before any build (the
    /// issue measured 1.26 GB resident and 24 s for 60 frames there).
    ///
    /// Time sets the limit lower still: the path scene lays out (measures, samples, draws
    /// once) a path of 1,000,000 elliptical arcs in 34 s and of 500,000 in 17 s (release
    /// build, this 2-core machine; 1,000,000 cubics 13 s, lines 2 s), and any path inside the
    /// limits must lay out, and run its first second, within 20 s.
    public static let maxSegments = 400_000

    /// Whether `a` and `b` differ by rounding alone: by at most a billionth of their size
    /// (of a point, below 1). What an arc's computed end is from its SVG endpoint, or a
    /// transform and its inverse from the number a file says.
    public static func differByRounding(_ a: Double, _ b: Double) -> Bool {
        a == b || abs(a - b) <= 1e-9 * max(1, abs(a), abs(b))
    }

    /// The same for two points, coordinate by coordinate.
    public static func differByRounding(_ a: Vec2, _ b: Vec2) -> Bool {
        differByRounding(a.x, b.x) && differByRounding(a.y, b.y)
    }
}
