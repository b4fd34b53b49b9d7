import Foundation
@testable import Geometry
@testable import Paths
import Testing

/// Arcs at the edges of the number range, and the bounds on path input.
@Suite struct PathLimitsTests {
    func table(_ svg: String, spacing: Double = 1) throws -> SampleTable { SampleTable(path: try Path(svg: svg), spacing: spacing) }

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
            #expect(error.samples == 1e9 + 1)
            #expect(error.minimumSpacing >= 1e9 / Double(SampleTable.maxSamples))
            #expect(error.description.contains("use a spacing of at least 251"))
            #expect(try SampleTable(checking: long, spacing: error.minimumSpacing).count <= SampleTable.maxSamples)
        }
        // The unchecked initialiser never allocates past the limit either.
        let coarse = SampleTable(path: long, spacing: 1e-9)
        #expect(coarse.count <= SampleTable.maxSamples && coarse.count > SampleTable.maxSamples / 2)
        #expect(coarse.checkInvariants())
        // Non-finite lengths (only reachable through the API) give a point, not a trap.
        var huge = Path()
        huge.move(to: Vec2(-1e308, 0)); huge.line(to: Vec2(1e308, 0)); huge.line(to: Vec2(1e308, 1e308))
        let t = SampleTable(path: huge)
        #expect(t.count >= 1 && t.points.allSatisfy(\.isFinite))
    }
}
