import Geometry

/// An 8-bit coverage image of triangles whose vertices carry an alpha: the mask a masked
/// image is shown through (`DrawList.beginMask`).
///
/// Why our own rasterizer: SDL's software renderer truncates every vertex to a whole pixel
/// before it rasterizes, so a one-pixel anti-aliasing fringe comes out anywhere from zero to
/// two pixels wide and up to a pixel off the true edge. Here each pixel is sampled at its
/// centre in floating point and the alpha interpolated there, so the fringe's ramp lands
/// where the geometry says on every renderer. Later triangles overwrite earlier ones, as a
/// draw with no blending does (a fringe drawn after its fill replaces the fill's edge).
///
/// - Complexity: O(pixels inside each triangle's bounding box), no allocation once the
///   buffer has grown to the size used.
package struct CoverageRaster: Sendable {
    package private(set) var width = 0
    package private(set) var height = 0
    /// Row by row, `width` per row: 0 uncovered … 255 fully covered.
    package private(set) var alpha: [UInt8] = []

    package init() {}

    /// Clears to uncovered at `width` × `height` pixels.
    package mutating func reset(width w: Int, height h: Int) {
        width = max(0, w)
        height = max(0, h)
        let n = width * height
        if alpha.count < n { alpha = [UInt8](repeating: 0, count: n) } else {
            alpha.withUnsafeMutableBufferPointer { b in
                for i in 0..<n { b[i] = 0 }
            }
        }
    }

    /// The coverage at pixel (x, y) as 0…1.
    package func coverage(x: Int, y: Int) -> Double {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        return Double(alpha[y * width + x]) / 255
    }

    /// Fills triangle `a b c` (pixel coordinates, either winding), its alpha interpolated
    /// from the vertices' (0…1) at each pixel centre it contains.
    package mutating func fill(_ a: Vec2, _ b: Vec2, _ c: Vec2, alpha aa: Double, _ ab: Double, _ ac: Double) {
        let area = (b - a).cross(c - a)
        guard area != 0, area.isFinite else { return }
        let x0 = max(0, Int((min(a.x, b.x, c.x) - 0.5).rounded(.up)))
        let x1 = min(width - 1, Int((max(a.x, b.x, c.x) - 0.5).rounded(.down)))
        let y0 = max(0, Int((min(a.y, b.y, c.y) - 0.5).rounded(.up)))
        let y1 = min(height - 1, Int((max(a.y, b.y, c.y) - 0.5).rounded(.down)))
        guard x0 <= x1, y0 <= y1 else { return }
        let inv = 1 / area
        let w = width
        let opaque = aa == 1 && ab == 1 && ac == 1
        // Edge functions at the first pixel centre and their steps along x and y; each is the
        // barycentric weight of the opposite vertex times the area.
        let p = Vec2(Double(x0) + 0.5, Double(y0) + 0.5)
        let rowA = (c - b).cross(p - b), rowB = (a - c).cross(p - c), rowC = (b - a).cross(p - a)
        let dxA = -(c.y - b.y), dxB = -(a.y - c.y), dxC = -(b.y - a.y)
        let dyA = c.x - b.x, dyB = a.x - c.x, dyC = b.x - a.x
        alpha.withUnsafeMutableBufferPointer { buf in
            for y in y0...y1 {
                // Each edge function at this row's pixel k (from x0) is e + k·dx, worked out
                // directly rather than summed step by step (the same within rounding, and
                // no error piles up along a row). Where all three are non-negative (times
                // the area's sign) is one run of the row: found from the edges, a pixel
                // wider each side, so a long thin triangle costs its pixels, not its
                // bounding box (the arrow's mask at 3840x2160: most of its frame).
                let j = Double(y - y0)
                let ea = rowA + j * dyA, eb = rowB + j * dyB, ec = rowC + j * dyC
                var lo = 0.0, hi = Double(x1 - x0)
                Self.narrow(&lo, &hi, e: ea * inv, dx: dxA * inv)
                Self.narrow(&lo, &hi, e: eb * inv, dx: dxB * inv)
                Self.narrow(&lo, &hi, e: ec * inv, dx: dxC * inv)
                guard lo <= hi else { continue }
                var k0 = max(0, Int(lo) - 1), k1 = min(x1 - x0, Int(hi) + 1)
                // Each weight is monotonic along the row (a multiple of k, plus a constant,
                // rounded, times a constant), so the pixels inside are one unbroken run: its
                // ends found exactly, by the same test, from the loose bounds inward.
                @inline(__always) func inside(_ k: Int) -> Bool {
                    let d = Double(k)
                    return (ea + d * dxA) * inv >= 0 && (eb + d * dxB) * inv >= 0 && (ec + d * dxC) * inv >= 0
                }
                while k0 <= k1 && !inside(k0) { k0 += 1 }
                while k1 >= k0 && !inside(k1) { k1 -= 1 }
                guard k0 <= k1 else { continue }
                if opaque {
                    // Every weight at least 0 and summing to 1 (within rounding): 255 exactly.
                    for k in k0...k1 { buf[y * w + x0 + k] = 255 }
                    continue
                }
                for k in k0...k1 {
                    let d = Double(k)
                    let la = (ea + d * dxA) * inv, lb = (eb + d * dxB) * inv, lc = (ec + d * dxC) * inv
                    let v = (la * aa + lb * ab + lc * ac) * 255
                    buf[y * w + x0 + k] = UInt8(min(255, max(0, roundFast(v))))
                }
            }
        }
    }

    /// Narrows [lo, hi] (pixel offsets along a row) to where `e + k·dx` is at least 0,
    /// loosely: the caller tests each pixel of the result exactly.
    @inline(__always)
    private static func narrow(_ lo: inout Double, _ hi: inout Double, e: Double, dx: Double) {
        if dx > 0 {
            lo = max(lo, (-e / dx).rounded(.down))
        } else if dx < 0 {
            hi = min(hi, (-e / dx).rounded(.up))
        } else if e < 0 {
            hi = -1
        }
    }
}
