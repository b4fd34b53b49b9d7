@testable import Geometry
@testable import Paths
import Testing

/// The joint rule (`SampleTable+Joints.swift`): at a joint the leaving segment's tangent,
/// skipping segments of no length; at an open path's end the arriving one's; a closed
/// path's seam a joint like the others.
@Suite struct SampleTableJointsTests {
    /// The four kinds of segment, each as a piece of SVG path data arriving at (100, 0) from
    /// (0, 0) and as one leaving (100, 0), bent so that no arriving tangent is a leaving one.
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case line, quad, cubic, arc
        var testDescription: String { rawValue }

        /// From (0, 0) to (100, 0).
        var arriving: String {
            switch self {
            case .line: "L100 0"
            case .quad: "Q50 -50 100 0"
            case .cubic: "C30 -60 70 -60 100 0"
            case .arc: "A50 50 0 0 1 100 0"  // over the top, ending straight down
            }
        }

        /// From (100, 0) on.
        var leaving: String {
            switch self {
            case .line: "L150 -80"
            case .quad: "Q120 -60 200 -40"
            case .cubic: "C130 -70 170 -70 200 0"
            case .arc: "A60 60 0 0 1 220 0"  // starting straight up
            }
        }

        /// A segment of no length at `p`.
        func zeroLength(at p: Vec2) -> PathElement {
            switch self {
            case .line: .line(to: p)
            case .quad: .quad(to: p, control: p)
            case .cubic: .curve(to: p, control1: p, control2: p)
            // On a circle of radius 30 below the point, swept through no angle.
            case .arc: .arc(center: p + Vec2(0, 30), rx: 30, ry: 30, rotation: 0, start: -.pi / 2, sweep: 0)
            }
        }
    }

    static let pairs = Kind.allCases.flatMap { a in Kind.allCases.map { (a, $0) } }

    /// The arc lengths that name the joint ending segment `k`: the table's sum of the lengths
    /// before it, one unit in the last place either side, and that sum as a fraction of the
    /// length and back (as `motionlab path --at` computes it).
    func distances(ofJointAfter k: Int, in t: SampleTable) -> [Double] {
        let s = t.segmentLengths[...k].reduce(0, +)
        return [s, s.nextDown, s.nextUp, (s / t.length) * t.length]
    }

    @Test(arguments: pairs, [1.0, 7, 1000])
    func atAJointTheLeavingSegmentsTangentCounts(_ pair: (Kind, Kind), spacing: Double) throws {
        let (a, b) = pair
        let path = try Path(svg: "M0 0 \(a.arriving) \(b.leaving)")
        let t = SampleTable(path: path, spacing: spacing)
        #expect(t.checkInvariants())
        // An SVG arc may end in a line of rounding size: the segments either side of the
        // joint are the two of some length.
        let leaving = try #require(t.segments.indices.first { t.segments[$0].start.distance(to: Vec2(100, 0)) < 1e-9 && t.segmentLengths[$0] > 1 })
        let arriving = try #require(t.segments.indices.last { $0 < leaving && t.segmentLengths[$0] > 1 })
        let want = t.segments[leaving].tangent(at: 0)
        #expect(t.segments[arriving].tangent(at: 1).distance(to: want) > 0.1)
        for s in distances(ofJointAfter: leaving - 1, in: t) {
            let (p, tangent) = t.pointAndTangent(atDistance: s)
            #expect(p.distance(to: Vec2(100, 0)) < 1e-9, "\(s)")
            #expect(tangent.distance(to: want) < 1e-9, "\(s)")
            #expect(abs(t.curvature(atDistance: s) - t.segments[leaving].curvature(at: 0)) < 1e-9, "\(s)")
            let (q, offsetTangent) = t.offsetPointAndTangent(atDistance: s, offset: 10)
            #expect(q.distance(to: Vec2(100, 0) + Vec2(want.y, -want.x) * 10) < 1e-9, "\(s)")
            #expect(offsetTangent.distance(to: want) < 1e-9, "\(s)")
        }
    }

    @Test(arguments: Kind.allCases)
    func aSegmentOfNoLengthAtAJointIsSkipped(_ zero: Kind) throws {
        for repeats in [1, 3] {
            var path = try Path(svg: "M0 0 L100 0")
            for _ in 0..<repeats { path.append(zero.zeroLength(at: Vec2(100, 0))) }
            path.line(to: Vec2(100, 100))
            let t = SampleTable(path: path, spacing: 1)
            #expect(t.checkInvariants())
            #expect(t.segments.count == 2 + repeats)
            for s in [100, 100.0.nextDown, 100.0.nextUp] {
                #expect(t.tangent(atDistance: s) == Vec2(0, 1), "\(zero) ×\(repeats) at \(s)")
                #expect(t.curvature(atDistance: s) == 0, "\(zero) ×\(repeats) at \(s)")
            }
            // First, the segment after it leaves the start; last, the one before arrives at the end.
            var first = Path()
            first.move(to: Vec2(100, 0))
            first.append(zero.zeroLength(at: Vec2(100, 0)))
            first.line(to: Vec2(100, 100))
            first.append(zero.zeroLength(at: Vec2(100, 100)))
            let open = SampleTable(path: first, spacing: 3)
            #expect(open.checkInvariants())
            for s in [0, open.length, open.length.nextDown] {
                #expect(open.tangent(atDistance: s) == Vec2(0, 1), "\(zero) at \(s)")
            }
        }
    }

    @Test func theIssuesCircleOfTwoArcsTurnsStraightUpHalfWayRound() throws {
        // Each SVG arc ends in a line of rounding size (1.2e-14 and 2.4e-14 pt) back to the
        // end point the data gave; half-way round, the tangent was that line's fallback (1, 0).
        let t = SampleTable(path: try Path(svg: "M100 0 A100 100 0 1 1 -100 0 A100 100 0 1 1 100 0 Z"))
        #expect(t.segments.count == 4)
        let (p, tangent) = t.pointAndTangent(atDistance: 0.5 * t.length)
        #expect(p.distance(to: Vec2(-100, 0)) < 1e-9)
        #expect(tangent.distance(to: Vec2(0, -1)) < 1e-9)
        #expect(t.offsetPointAndTangent(atDistance: 0.5 * t.length, offset: 10).0.distance(to: Vec2(-110, 0)) < 1e-9)
    }

    @Test(arguments: Kind.allCases)
    func theEndOfAnOpenPathGivesTheArrivingTangent(_ kind: Kind) throws {
        let plain = try Path(svg: "M0 0 \(kind.arriving)")
        var trailing = plain
        trailing.append(Kind.line.zeroLength(at: Vec2(100, 0)))
        for path in [plain, trailing] {
            let t = SampleTable(path: path, spacing: 1)
            let want = t.segments[0].tangent(at: 1)
            for s in [t.length, t.length.nextDown, t.length + 5] {
                #expect(t.tangent(atDistance: s).distance(to: want) < 1e-9, "\(kind) at \(s)")
                #expect(abs(t.curvature(atDistance: s) - t.segments[0].curvature(at: 1)) < 1e-9, "\(kind) at \(s)")
            }
        }
    }

    @Test func aClosedPathsStartAndLengthGiveItsFirstSegmentsTangent() throws {
        // A square starting with a line of no length and closing with one of rounding size, a heart (its seam a corner between
        // cubics), the issue's circle, and a square after an open line in the same path.
        let paths = [
            try Path(svg: "M0 0 L0 0 H100 V100 H0 V1e-13 Z"),
            Path.heart(in: Rect(x: 0, y: 0, w: 300, h: 300)),
            try Path(svg: "M100 0 A100 100 0 1 1 -100 0 A100 100 0 1 1 100 0 Z"),
            try Path(svg: "M0 -10 L10.1 -10 M0 0 H100.3 V100.7 H0 Z"),
        ]
        for path in paths {
            let t = SampleTable(path: path, spacing: 1)
            #expect(t.checkInvariants())
            let run = t.runs[t.runs.count - 1]
            let first = try #require((run.firstSegment..<(run.firstSegment + run.segmentCount)).first { t.segmentLengths[$0] > 1e-9 })
            let want = t.segments[first].tangent(at: 0)
            for s in [run.offset, run.offset + run.length, t.length, t.length.nextDown, t.length.nextUp] {
                #expect(t.tangent(atDistance: s).distance(to: want) < 1e-9, "\(s) on \(path.elements.count) elements")
            }
        }
    }

    @Test func aSampleOnAJointStillGivesTheLeavingTangentARoundingEitherSide() throws {
        // At 1 pt spacing every corner of the square is a sample; the heart's bottom point is
        // half-way round, and so a sample too.
        let square = SampleTable(path: try Path(svg: "M0 0 H100 V100 H0 Z"), spacing: 1)
        for (corner, want) in [(100.0, Vec2(0, 1)), (200, Vec2(-1, 0)), (300, Vec2(0, -1))] {
            for s in [corner, corner.nextDown, corner.nextUp] {
                #expect(square.tangent(atDistance: s) == want, "\(s)")
            }
        }
        let heart = SampleTable(path: .heart(in: Rect(x: 0, y: 0, w: 400, h: 400)), spacing: 1)
        let half = heart.segmentLengths[0] + heart.segmentLengths[1]
        let want = heart.segments[2].tangent(at: 0)
        #expect(heart.segments[1].tangent(at: 1).distance(to: want) > 0.1)
        for s in [half, half.nextDown, half.nextUp, 0.5 * heart.length] {
            #expect(heart.tangent(atDistance: s).distance(to: want) < 1e-9, "\(s)")
        }
    }

    @Test func theSeamsSegmentFitsInTheBracketsPadding() {
        // `SampleTable.maxSamples` counts 48 bytes a bracket.
        #expect(MemoryLayout<SampleBracket>.stride == 48)
    }

    @Test func theJointToleranceIsATrillionthOfTheLength() {
        #expect(SampleTable.jointTolerance(forLength: 0.5) == 1e-12)
        #expect(SampleTable.jointTolerance(forLength: 1000) == 1e-9)
        #expect(SampleTable.jointTolerance(forLength: .infinity) == 1e-12)
    }
}
