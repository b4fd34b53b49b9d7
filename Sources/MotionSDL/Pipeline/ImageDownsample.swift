/// An image made smaller by averaging the area each of its new pixels covers (a box filter).
///
/// Why: a renderer's linear filtering reads the 2×2 pixels nearest each sample, so an image
/// drawn at less than its size skips some of its pixels — which ones depends on where the
/// image lands. A one-pixel line in the 256-pixel tap picture drawn 96 pixels wide showed in
/// some frames and vanished in others as the picture moved. Drawn from a copy made at the
/// size it is drawn, each sample reads about one pixel, and every pixel of the original has
/// added its share of the area to the copy: the line shows the same in every frame, fainter
/// and wider, as the eye expects of something shrunk.
///
/// Colours are averaged weighted by alpha (in premultiplied form), so a transparent pixel's
/// colour does not bleed into the copy's edge.
package enum ImageDownsample {
    /// One new pixel's share of the old row or column: `count` old pixels from `first`, the
    /// first and last only in part.
    struct Span {
        var first: Int32
        var count: Int32
        var firstWeight: Float
        var lastWeight: Float
    }

    /// The spans of `n` new pixels over `old` old ones (`n` ≤ `old`), each weight a fraction
    /// of the new pixel (so a span's weights add up to 1).
    static func spans(from old: Int, to n: Int) -> [Span] {
        let step = Double(old) / Double(n)
        return (0..<n).map { i in
            let a = Double(i) * step, b = Double(i + 1) * step
            let first = Int(a), last = min(old - 1, Int((b - 1e-9).rounded(.down)))
            let wFirst = first == last ? b - a : Double(first + 1) - a
            let wLast = first == last ? wFirst : b - Double(last)
            return Span(first: Int32(first), count: Int32(last - first + 1),
                        firstWeight: Float(wFirst / step), lastWeight: Float(wLast / step))
        }
    }

    /// Writes into `out` (`width` × `height`, rows `width` apart) the box-filtered copy of
    /// `source` (`sourceWidth` × `sourceHeight`, rows `sourcePitch` pixels apart). Pixels are
    /// 32-bit with alpha in the top byte (ARGB8888), straight (not premultiplied). The new
    /// size must be at least 1 and at most the old in each direction.
    ///
    /// - Complexity: O(old pixels + new pixels); one temporary row of floats per new column.
    package static func downsample(_ source: UnsafePointer<UInt32>, sourceWidth: Int, sourceHeight: Int, sourcePitch: Int,
                                  into out: UnsafeMutablePointer<UInt32>, width: Int, height: Int) {
        precondition(width >= 1 && height >= 1 && width <= sourceWidth && height <= sourceHeight)
        let columns = spans(from: sourceWidth, to: width), rows = spans(from: sourceHeight, to: height)
        // Premultiplied (a·r, a·g, a·b, a) of each source row, already averaged across.
        var across = [SIMD4<Float>](repeating: .zero, count: width * sourceHeight)
        @inline(__always) func premultiplied(_ p: UInt32) -> SIMD4<Float> {
            let a = Float(p >> 24)
            return SIMD4(Float((p >> 16) & 0xff) * a, Float((p >> 8) & 0xff) * a, Float(p & 0xff) * a, a)
        }
        // A whole old pixel's share of a new one.
        let innerX = Float(width) / Float(sourceWidth), innerY = Float(height) / Float(sourceHeight)
        @inline(__always) func weight(_ s: Span, _ k: Int, inner: Float) -> Float {
            k == 0 ? s.firstWeight : (k == Int(s.count) - 1 ? s.lastWeight : inner)
        }
        for y in 0..<sourceHeight {
            let row = source + y * sourcePitch
            for (x, s) in columns.enumerated() {
                var sum = SIMD4<Float>.zero
                for k in 0..<Int(s.count) { sum += premultiplied(row[Int(s.first) + k]) * weight(s, k, inner: innerX) }
                across[y * width + x] = sum
            }
        }
        for (y, s) in rows.enumerated() {
            for x in 0..<width {
                var sum = SIMD4<Float>.zero
                for k in 0..<Int(s.count) { sum += across[(Int(s.first) + k) * width + x] * weight(s, k, inner: innerY) }
                out[y * width + x] = straight(sum)
            }
        }
    }

    /// An averaged premultiplied pixel (colours times alpha, alpha 0…255) as a straight ARGB8888 one.
    @inline(__always)
    static func straight(_ p: SIMD4<Float>) -> UInt32 {
        let a = p.w
        guard a >= 0.5 else { return 0 }
        @inline(__always) func byte(_ v: Float) -> UInt32 { UInt32(min(255, max(0, v.rounded()))) }
        return byte(a) << 24 | byte(p.x / a) << 16 | byte(p.y / a) << 8 | byte(p.z / a)
    }
}
