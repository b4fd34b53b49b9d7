@testable import MotionSDL
import Testing

@Suite struct CompositorImageTests {
    /// A row like an atlas page's: many small images side by side, clear between them.
    @Test func theFirstRunUnderAColumnIsFoundByBisection() {
        // Row 0: opaque runs of 3 at x = 0, 5, 10, …, 95 (20 runs); row 1 clear; row 2 one run.
        let width = 100
        var pixels = [UInt32](repeating: 0, count: width * 3)
        for start in stride(from: 0, to: width, by: 5) { for x in start..<start + 3 { pixels[x] = 0xff80_4020 } }
        for x in 40..<60 { pixels[2 * width + x] = 0x8080_4020 }
        let image = pixels.withUnsafeBufferPointer { CompositorImage(width: width, height: 3, pixels: $0.baseAddress!, pitch: width) }
        #expect(image.rowStarts[1] - image.rowStarts[0] == 20)
        // The answer a walk from the row's start gives, for every column.
        for y in 0..<3 {
            for x in Int32(-2)...Int32(width + 2) {
                var walk = Int(image.rowStarts[y])
                while walk < Int(image.rowStarts[y + 1]), image.runs[walk].x + image.runs[walk].count <= x { walk += 1 }
                #expect(image.firstRun(inRow: y, endingAfter: x) == walk, "row \(y), column \(x)")
            }
        }
        #expect(image.firstRun(inRow: 0, endingAfter: 11) == 2)
        #expect(image.firstRun(inRow: 0, endingAfter: 13) == 3)
        #expect(image.firstRun(inRow: 1, endingAfter: 0) == Int(image.rowStarts[1]))
    }
}
