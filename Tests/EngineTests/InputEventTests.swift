@testable import Engine
@testable import Geometry
import Testing

@Suite struct InputEventTests {
    @Test("A window size within the limits comes back as it was", arguments: [
        (1280.0, 720.0), (64.0, 64.0), (3840.0, 2160.0), (4096.0, 4096.0), (16384.0, 1024.0), (1.0, 16384.0), (800.5, 600.25),
    ])
    func aSizeWithinTheLimitsIsKept(w: Double, h: Double) {
        let size = InputLimits.windowSize(w: w, h: h)
        #expect(size.w == w && size.h == h)
        #expect(InputEvent.resize(w: w, h: h).clamped == .resize(w: w, h: h))
    }

    @Test("A window past InputLimits.maxWindowPixels is scaled down to it in whole points, aspect ratio kept", arguments: [
        (16384.0, 16384.0), (16384.0, 1025.0), (16000.0, 9000.0), (9000.0, 16000.0), (12345.6, 7890.1),
    ])
    func aSizePastThePixelBudgetIsScaledDown(w: Double, h: Double) {
        let size = InputLimits.windowSize(w: w, h: h)
        #expect(size.w * size.h <= InputLimits.maxWindowPixels)
        // Scaled, not cut: nearly the whole budget, the shape within a point of the one asked.
        #expect(size.w * size.h > InputLimits.maxWindowPixels * 0.99)
        #expect(abs(size.w / size.h - w / h) <= (w / h) / min(size.w, size.h) * 2)
        #expect(size.w == size.w.rounded() && size.h == size.h.rounded())
        #expect(InputEvent.resize(w: w, h: h).clamped == .resize(w: size.w, h: size.h))
    }

    @Test("Absurd window sides become 1 up to InputLimits.maxWindowSide before the budget applies")
    func absurdSidesAreClampedFirst() {
        let nan = InputLimits.windowSize(w: .nan, h: 0)
        #expect(nan.w == 1 && nan.h == 1)
        let wide = InputLimits.windowSize(w: .infinity, h: 1)
        #expect(wide.w == InputLimits.maxWindowSide && wide.h == 1)
        let huge = InputLimits.windowSize(w: 1e300, h: 1e300)
        #expect(huge.w == huge.h && huge.w * huge.h <= InputLimits.maxWindowPixels)
    }

    @Test("The pixel budget holds a 4096x4096 window and is well within 1 GiB at 16 bytes a pixel")
    func theBudgetIsAsDocumented() {
        #expect(4096 * 4096 <= InputLimits.maxWindowPixels)
        #expect(InputLimits.maxWindowPixels * 16 <= Double(1 << 30) / 4)
        #expect(InputLimits.maxPointers >= 20 && InputLimits.maxPointers <= 256)
    }
}
