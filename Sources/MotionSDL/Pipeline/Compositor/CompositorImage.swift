import CCompositor

/// An image as the compositor keeps it: its pixels in ARGB8888 with straight alpha (as SDL's
/// blitters read them), and for each row its runs of pixels that are not clear, each run all
/// opaque or all translucent. Made once, at load; read only after, by any thread.
///
/// Why runs: a copy need not look at alpha at all where every pixel is opaque, skips clear
/// pixels without reading them, and blends only where it must. testsprite2's icon is all
/// opaque runs; our soft sprite has an opaque middle and a translucent rim a pixel or two
/// wide (92 runs in 32 rows). Why raw storage: the compositor's inner loop touches these for
/// every row of every sprite, and plain pointers cost no reference counting or bounds checks
/// there.
final class CompositorImage: @unchecked Sendable {
    /// A run: `x`, `count`, and `opaque` (1) or translucent (0); shared with the C kernel.
    typealias Run = motionlab_run

    let width: Int
    let height: Int
    /// Row by row, `width` apart.
    let pixels: UnsafeMutablePointer<UInt32>
    /// The same with each translucent pixel's colour channels multiplied by its alpha as
    /// SDL's blend does it, ⌊c·a/256⌋ (opaque and clear pixels as they are), for the C kernel:
    /// a blend is then this plus ⌊d·(255 − a)/256⌋, SDL's own sum with one product made once
    /// at load instead of every frame.
    let premultiplied: UnsafeMutablePointer<UInt32>
    /// Row y's runs are `runs[rowStarts[y]..<rowStarts[y + 1]]`, left to right.
    let rowStarts: UnsafeMutablePointer<Int32>
    let runs: UnsafeMutablePointer<Run>
    /// How an unclipped blend draws each row (`motionlab_plan_rows`).
    let rowPlans: UnsafeMutablePointer<motionlab_row_plan>
    /// Whether every pixel is opaque or clear (no blending anywhere).
    let isOpaqueOrClear: Bool

    /// The first of row `y`'s runs that ends after column `x` (`rowStarts[y + 1]` if none), by
    /// bisection: an atlas of glyphs has hundreds of runs a row, and a glyph drawn from it
    /// needs the few under its own columns.
    @inline(__always)
    func firstRun(inRow y: Int, endingAfter x: Int32) -> Int {
        var lo = Int(rowStarts[y]), hi = Int(rowStarts[y + 1])
        while lo < hi {
            let mid = (lo + hi) >> 1
            if runs[mid].x + runs[mid].count <= x { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// `pixels` (ARGB8888, rows `pitch` pixels apart) of an image `width` × `height`.
    init(width: Int, height: Int, pixels source: UnsafePointer<UInt32>, pitch: Int) {
        self.width = width
        self.height = height
        pixels = .allocate(capacity: width * height)
        premultiplied = .allocate(capacity: width * height)
        rowStarts = .allocate(capacity: height + 1)
        var found: [Run] = []
        rowStarts[0] = 0
        for y in 0..<height {
            let row = source + y * pitch
            (pixels + y * width).initialize(from: row, count: width)
            for x in 0..<width { premultiplied[y * width + x] = Self.premultiplied(row[x]) }
            var x = 0
            while x < width {
                let a = row[x] >> 24
                guard a != 0 else { x += 1; continue }
                let opaque = a == 0xff
                let start = x
                while x < width, row[x] >> 24 != 0, (row[x] >> 24 == 0xff) == opaque { x += 1 }
                found.append(Run(x: Int32(start), count: Int32(x - start), opaque: opaque ? 1 : 0))
            }
            rowStarts[y + 1] = Int32(found.count)
        }
        runs = .allocate(capacity: max(1, found.count))
        runs.initialize(from: found, count: found.count)
        isOpaqueOrClear = found.allSatisfy { $0.opaque != 0 }
        rowPlans = .allocate(capacity: max(1, height))
        motionlab_plan_rows(rowStarts, runs, Int32(height), rowPlans)
    }

    /// `p` (ARGB8888) with its channels ⌊c·a/256⌋ when it is translucent.
    static func premultiplied(_ p: UInt32) -> UInt32 {
        let a = p >> 24
        guard a != 0xff && a != 0 else { return p }
        // (Swift's shifts bind tighter than its products.)
        let r = ((p >> 16) & 0xff) * a, g = ((p >> 8) & 0xff) * a, b = (p & 0xff) * a
        return a << 24 | (r >> 8) << 16 | (g >> 8) << 8 | b >> 8
    }

    deinit {
        pixels.deallocate()
        premultiplied.deallocate()
        rowStarts.deallocate()
        runs.deallocate()
        rowPlans.deallocate()
    }
}
