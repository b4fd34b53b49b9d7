import Foundation
@testable import Geometry
@testable import Paths
import Testing

/// Arcs at the edges of the number range, and the bounds on path input.
@Suite struct PathLimitsTests {
    func table(_ svg: String, spacing: Double = 1) throws -> SampleTable { SampleTable(path: try Path(svg: svg), spacing: spacing) }

    func hasArc(_ p: Path) -> Bool {
        p.elements.contains { e in
            if case .arc = e { return true }
            return false
        }
    }

    @Test func aHugeRadiusArcIsItsChordAndKeepsItsEndPoint() throws {
        // Radius 1e20 over a 2.41 pt chord bulges 7e-21 pt: it used to measure 18316 pt.
        let t = try table("M0 0 A1e20 1e20 0 0 1 2.41 0 L5 0")
        #expect(abs(t.length - 5) < 1e-12)
        #expect(t.point(atDistance: 2.41) == Vec2(2.41, 0))
        #expect(t.point(atDistance: t.length) == Vec2(5, 0))
    }

    @Test func aTinyChordAddsNoDetour() throws {
        // A chord of 1e-300 on a radius-1 arc used to draw a 2 pt half circle.
        let t = try table("M0 0 A1 1 0 0 1 1e-300 0 L10 0")
        #expect(abs(t.length - 10) < 1e-12)
        #expect(t.points.allSatisfy { abs($0.y) < 1e-12 })
    }

    @Test func tinyRadiiAreScaledUpToAHalfCircleAsSVGSays() throws {
        for r in ["1e-310", "1e-20", "0.001"] {
            let t = try table("M0 0 A\(r) \(r) 0 0 1 10 0")
            #expect(abs(t.length - 5 * .pi) < 1e-9, "r \(r)")
            #expect(t.point(atDistance: t.length) == Vec2(10, 0))
            #expect(t.point(atDistance: t.length / 2).distance(to: Vec2(5, -5)) < 1e-9)
        }
    }

    @Test(arguments: ["A50 1e-160 30 0 1 200 0", "A50 1e-300 30 0 1 200 0", "A1e-160 50 30 0 1 200 0",
                      "A1e-300 50 -60 1 0 200 0", "A50 1e-20 0 0 1 200 0"])
    func aRadiusTooSmallToTellFromZeroIsALineAndTheRestKeepsItsLength(arc: String) throws {
        // An ry of 1e-160 beside an rx of 50, rotated 30°, was scaled up (F.6.6) to an rx of
        // 1.25e163: its length overflowed, and the whole subpath measured 0.
        let svg = "M0 0 L100 0 \(arc) L300 0"
        let path = try Path(svg: svg)
        #expect(!hasArc(path), "\(svg)")
        let t = try table(svg)
        #expect(abs(t.length - 300) < 1e-9, "\(svg)")
        #expect(t.count == 301 && t.checkInvariants())
        for x in stride(from: 0.0, through: 300, by: 12.5) {
            #expect(t.point(atDistance: x).distance(to: Vec2(x, 0)) < 1e-9, "\(svg) at \(x)")
        }
    }

    @Test func aSmallRadiusThatIsNotNegligibleIsStillScaledUpAsSVGSays() throws {
        // A ratio of 1e-10 is far above rounding: the spec's scale-up stands, to radii of
        // about 0.5 and 5e9, and the sample limit then asks for a coarser spacing.
        let p = try Path(svg: "M0 0 a0.0000000001 1 0 00 1 1")
        #expect(hasArc(p))
        do { try SampleTable.check(p, spacing: 1); Issue.record("a 1e10 pt arc fit the sample limit") } catch {
            #expect(abs(error.length - 1e10) < 1e6, "\(error)")
        }
    }

    @Test func aSegmentTooLongToMeasureDropsOutAloneNotWithItsSubpath() {
        // Only through the API: a line from −1e308 to 1e308 measures past a Double. It counts
        // as zero, and the 10 pt after it are sampled as ever.
        var p = Path()
        p.move(to: Vec2(-1e308, 0)); p.line(to: Vec2(1e308, 0)); p.line(to: Vec2(1e308, 10))
        let t = SampleTable(path: p)
        #expect(abs(t.length - 10) < 1e-9)
        #expect(t.count == 11 && t.checkInvariants())
        #expect(t.point(atDistance: 5).distance(to: Vec2(1e308, 5)) < 1e-9)
        // An ellipse too large for the quadrature's squares is measured at unit size.
        let big = PathSegment.arc(center: .zero, rx: 4e200, ry: 2e200, rotation: 0.3, start: 0, sweep: 2 * .pi)
        let unit = PathSegment.arc(center: .zero, rx: 2, ry: 1, rotation: 0.3, start: 0, sweep: 2 * .pi)
        #expect(abs(big.length() / 2e200 - unit.length()) < 1e-9 * unit.length())
        #expect(abs(big.tangent(at: 0.25).length - 1) < 1e-12)
    }

    @Test func aSpacingBelowTheSmallestIsRefusedNamingTheSpacingGiven() throws {
        // It used to become 0.001 without a word, and the limit message then quoted 0.001.
        let square = try Path(svg: "M0 0 H1 V1 H0 Z")
        for spacing in [0.0001, 1e-9, 0.000999] {
            #expect(throws: SampleTable.LimitError.self) { try SampleTable(checking: square, spacing: spacing) }
            do { try SampleTable.check(square, spacing: spacing); Issue.record("took spacing \(spacing)") } catch {
                #expect(error.spacing == spacing && error.isBelowMinimumSpacing)
                #expect(error.description.contains("spacing \(spacing) is below 0.001 pt"), "\(error)")
                #expect(error.description.contains("SampleTable.minSpacing"))
                #expect(!error.description.contains("at spacing 0.001"))
                #expect(error.minimumSpacing >= SampleTable.minSpacing)
            }
        }
        // The smallest itself is taken; the unchecked initialiser samples below it at it.
        #expect(try SampleTable(checking: square, spacing: SampleTable.minSpacing).count == 4_000)
        #expect(SampleTable(path: square, spacing: 1e-9).spacing == SampleTable.minSpacing)
    }

    @Test func ordinaryArcsStillMatchTheSpecsConstruction() throws {
        // Quarter circles both ways, a large arc, a rotated ellipse: end points exact.
        for svg in ["M0 0 A10 10 0 0 1 10 10", "M0 0 A10 10 0 0 0 10 10", "M0 0 A10 10 0 1 1 10 10", "M3 4 A20 10 30 1 0 -7 9"] {
            let p = try Path(svg: svg)
            let t = SampleTable(path: p, spacing: 0.5)
            #expect(p.currentPoint == t.points.last, "\(svg)")
            #expect(t.checkInvariants())
        }
        let quarter = try table("M0 0 A10 10 0 0 1 10 10")
        #expect(abs(quarter.length - 5 * .pi) < 1e-9)
        // Sweep flag 1 turns clockwise on screen: out to the right, then down, round (0, 10).
        #expect(quarter.point(atDistance: quarter.length / 2).distance(to: Vec2(10 * 0.5.squareRoot(), 10 - 10 * 0.5.squareRoot())) < 1e-9)
    }

    @Test func coordinatesAndSegmentsPastTheLimitsAreRefusedAtTheirOffset() {
        for (svg, offset) in [("M0 0 L1e19 0", 6), ("M0 0 l6e8 0 l6e8 0", 13), ("M0 0 H-2e9", 6), ("M1e10 0", 1)] {
            #expect(throws: SVGPathError.self) { try Path(svg: svg) }
            do { _ = try Path(svg: svg) } catch {
                #expect(error.offset == offset, "\(svg): \(error)")
                #expect(error.message.contains("PathLimits.maxCoordinate"))
            }
        }
        let many = "M0 0" + String(repeating: " l1 0", count: PathLimits.maxSegments)
        do { _ = try Path(svg: many); Issue.record("accepted \(PathLimits.maxSegments + 1) segments") } catch {
            #expect(error.message.contains("PathLimits.maxSegments"))
        }
    }

    @Test func aPathTooLongForItsSpacingIsRefusedBeforeSamplingOrSampledCoarser() throws {
        let long = try Path(svg: "M0 0 L1e9 0")
        #expect(throws: SampleTable.LimitError.self) { try SampleTable(checking: long, spacing: 1) }
        do { _ = try SampleTable(checking: long, spacing: 1) } catch {
            #expect(error.samples == 1e9 + 1 && error.spacing == 1 && !error.isBelowMinimumSpacing)
            #expect(error.minimumSpacing >= 1e9 / Double(SampleTable.maxSamples))
            #expect(error.description.contains("use a spacing of at least 251"))
            #expect(try SampleTable(checking: long, spacing: error.minimumSpacing).count <= SampleTable.maxSamples)
        }
        // A spacing under 1 is named in three digits, not as the nearest double to a product
        // (0.14400000000000002).
        let shorter = try Path(svg: "M0 0 L575000 0")
        do { _ = try SampleTable(checking: shorter, spacing: 0.1) } catch {
            #expect(error.description.hasSuffix("use a spacing of at least 0.144"), "\(error.description)")
            #expect(try SampleTable(checking: shorter, spacing: error.minimumSpacing).count <= SampleTable.maxSamples)
        }
        // The unchecked initialiser never allocates past the limit either.
        let coarse = SampleTable(path: long, spacing: 1e-9)
        #expect(coarse.count <= SampleTable.maxSamples && coarse.count > SampleTable.maxSamples / 2)
        #expect(coarse.checkInvariants())
        // Non-finite lengths (only reachable through the API) give a point, not a trap.
        var huge = Path()
        huge.move(to: Vec2(-1e308, 0)); huge.line(to: Vec2(1e308, 0)); huge.line(to: Vec2(-1e308, 0))
        let t = SampleTable(path: huge)
        #expect(t.count == 1 && t.points.allSatisfy(\.isFinite))
    }
}
