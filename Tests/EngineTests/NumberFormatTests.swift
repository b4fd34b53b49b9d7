import Engine
import Testing

@Suite struct NumberFormatTests {
    @Test func writesTheValueScaledAndRoundedWithoutALocale() {
        // (value, decimals, text): the value times 10^decimals rounded half away from zero,
        // so an exact tie rounds up (printf would round 2.5 to "2" and -42.125 to "-42.12"),
        // and a value that rounds to zero has no sign.
        let cases: [(Double, Int, String)] = [
            (0, 0, "0"), (0, 2, "0.00"), (0.004, 2, "0.00"), (0.005, 2, "0.01"), (0.995, 2, "1.00"),
            (1, 1, "1.0"), (2.5, 0, "3"), (9.999, 2, "10.00"), (12.345, 1, "12.3"), (100, 3, "100.000"),
            (123_456.789, 2, "123456.79"), (98_765_432.1, 0, "98765432"), (0.05, 1, "0.1"), (1.0001, 3, "1.000"),
            (-0.004, 2, "0.00"), (-1.5, 0, "-2"), (-42.125, 2, "-42.13"), (-0.25, 1, "-0.3"), (7.07, 2, "7.07"),
        ]
        for (value, digits, text) in cases {
            #expect(format(value, digits) == text, "\(value) to \(digits)")
        }
    }

    @Test func aNumberComesAsPiecesMadeOnce() {
        var pieces: [String] = []
        forEachPiece(of: -1203.5, digits: 2) { pieces.append($0) }
        #expect(pieces == ["-", "1", "2", "0", "3", ".", "5", "0"])
        #expect(pieces.allSatisfy { numberPieces.contains($0) })
    }

    @Test func extremesNeitherTrapNorLie() {
        #expect(format(.nan, 2) == "-")
        #expect(format(.infinity, 1) == "-")
        #expect(format(1e308, 2) == "1e+308")
        #expect(format(-Double.greatestFiniteMagnitude, 0) == "-1.7976931348623157e+308")
        #expect(format(Double(Int.max), 0) == "9.223372036854776e+18")
        #expect(format(999_999_999_999_999, 0) == "999999999999999")
        #expect(format(1e15, 0) == "1000000000000000.0")
        #expect(format(99_999_999_999_999, 0) == "99999999999999")
        // Decimals beyond 15 are 15.
        #expect(format(0.5, 40) == "0.500000000000000")
        #expect(format(2, -3) == "2")
    }
}
