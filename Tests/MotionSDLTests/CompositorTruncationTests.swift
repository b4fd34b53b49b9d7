@testable import MotionSDL
import Testing

/// The compositor reads SDL's source rectangle from texture coordinates by truncating floats
/// to Int32, as SDL does, without the call to `truncf`: the same answer as
/// `Int32(exactly: v.rounded(.towardZero))` for every float, at the range's ends too.
@Suite struct CompositorTruncationTests {
    static let edges: [Float] = [
        0, -0.0, 0.5, -0.5, 0.999_999_9, -0.999_999_9, 1, -1, 31.99, 32, Float(bitPattern: 1), -Float(bitPattern: 1),
        2_147_483_648, -2_147_483_648, 2_147_483_520, -2_147_483_520, 2_147_483_904, -2_147_483_904,
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .infinity, -.infinity, .nan,
    ]

    @Test func edgesTruncateAsRoundingDoes() {
        for v in Self.edges {
            #expect(Compositor.truncated(v) == Int32(exactly: v.rounded(.towardZero)), "\(v)")
        }
    }

    /// Every float whose bit pattern is a multiple of a prime stride: all exponents, both signs.
    @Test func floatsOfEveryMagnitudeTruncateAsRoundingDoes() {
        var bits: UInt32 = 0
        var checked = 0
        while true {
            let v = Float(bitPattern: bits)
            #expect(Compositor.truncated(v) == Int32(exactly: v.rounded(.towardZero)), "\(v)")
            checked += 1
            let (next, over) = bits.addingReportingOverflow(65_521)
            if over { break }
            bits = next
        }
        #expect(checked > 60_000)
    }
}
