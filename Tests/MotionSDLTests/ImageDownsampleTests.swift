@testable import MotionSDL
import Engine
import Testing

@Suite struct ImageDownsampleTests {
    /// `source` (w × h, rows w apart) shrunk to `width` × `height`.
    func shrink(_ source: [UInt32], _ w: Int, _ h: Int, to width: Int, _ height: Int) -> [UInt32] {
        var out = [UInt32](repeating: 0, count: width * height)
        source.withUnsafeBufferPointer { s in
            out.withUnsafeMutableBufferPointer { o in
                ImageDownsample.downsample(s.baseAddress!, sourceWidth: w, sourceHeight: h, sourcePitch: w,
                                           into: o.baseAddress!, width: width, height: height)
            }
        }
        return out
    }

    @Test func halvingAveragesEachTwoByTwoBlock() {
        // Opaque: 0, 100, 200 and 40 in red; the one new pixel is their mean, 85.
        let px: [UInt32] = [0xff00_0000, 0xff64_0000, 0xffc8_0000, 0xff28_0000]
        #expect(shrink(px, 2, 2, to: 1, 1) == [0xff55_0000])
    }

    @Test(arguments: [96, 99, 128, 200])
    func aOnePixelLineKeepsItsShareOfEveryRow(width: Int) {
        // White with a black column at every phase: each row's total darkness is the line's
        // 255 times the shrink, wherever the line falls.
        for line in [0, 37, 128, 201, 255] {
            var px = [UInt32](repeating: 0xffff_ffff, count: 256 * 4)
            for y in 0..<4 { px[y * 256 + line] = 0xff00_0000 }
            let out = shrink(px, 256, 4, to: width, 2)
            let darkness = (0..<width).reduce(0.0) { $0 + 255 - Double((out[$1] >> 16) & 0xff) }
            #expect(abs(darkness - 255 * Double(width) / 256) < 1.5, "line \(line) at \(width): \(darkness)")
        }
    }

    @Test func aTransparentPixelsColourDoesNotBleedIn() {
        // Opaque blue beside transparent red: half covered, and all blue.
        let px: [UInt32] = [0xff00_00ff, 0x00ff_0000]
        #expect(shrink(px, 2, 1, to: 1, 1) == [0x8000_00ff])
    }

    @Test func spansCoverTheOldPixelsOnceEach() {
        for (old, new) in [(256, 96), (7, 3), (5, 5), (1000, 1)] {
            let spans = ImageDownsample.spans(from: old, to: new)
            var cover = [Double](repeating: 0, count: old)
            for s in spans {
                var sum: Float = 0
                for k in 0..<Int(s.count) {
                    let w: Float = k == 0 ? s.firstWeight : (k == Int(s.count) - 1 ? s.lastWeight : Float(new) / Float(old))
                    sum += w
                    cover[Int(s.first) + k] += Double(w) * Double(old) / Double(new)
                }
                #expect(abs(sum - 1) < 1e-4, "\(old) → \(new)")
            }
            #expect(cover.allSatisfy { abs($0 - 1) < 1e-4 }, "\(old) → \(new): \(cover.prefix(8))")
        }
    }
}
