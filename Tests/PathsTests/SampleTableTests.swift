import Foundation
@testable import Geometry
@testable import Paths
import TestSupport
import Testing

/// The perimeter of an ellipse by the trapezoid rule on its periodic integrand, which
/// converges exponentially: 20,000 points are exact to rounding. Independent of the
/// Gauss–Legendre quadrature the table uses.
func ellipsePerimeter(_ a: Double, _ b: Double) -> Double {
    let n = 20_000
    var sum = 0.0
    for k in 0..<n {
        let t = 2 * Double.pi * Double(k) / Double(n)
        sum += (a * a * sin(t) * sin(t) + b * b * cos(t) * cos(t)).squareRoot()
    }
    return sum * 2 * .pi / Double(n)
}

@Suite struct SampleTableTests {
    @Test(arguments: [5.0, 100.0, 333.3])
    func aCirclesLengthIsTwoPiR(r: Double) {
        let t = SampleTable(path: .ellipse(in: Rect(x: 0, y: 0, w: 2 * r, h: 2 * r)))
        #expect(abs(t.length - 2 * .pi * r) / (2 * .pi * r) < 1e-9)
    }

    @Test(arguments: [(200.0, 100.0), (300.0, 30.0), (50.0, 49.0)])
    func anEllipsesLengthMatchesTheAnalyticPerimeter(a: Double, b: Double) {
        let t = SampleTable(path: .ellipse(in: Rect(x: 0, y: 0, w: 2 * a, h: 2 * b)))
        let exact = ellipsePerimeter(a, b)
        #expect(abs(t.length - exact) / exact < 1e-4)
    }

    @Test func aCubicCirclesLengthIsCloseToTheCircleItApproximates() {
        // The standard 4-cubic circle is itself 0.027% off radially and 0.014% long: the
        // table measures that curve, not the circle, so allow 2e-4 here.
        let svg = try! Path(svg: "M100 0 C100 55.228 55.228 100 0 100 C-55.228 100 -100 55.228 -100 0 C-100 -55.228 -55.228 -100 0 -100 C55.228 -100 100 -55.228 100 0 Z")
        let t = SampleTable(path: svg)
        #expect(abs(t.length - 200 * .pi) / (200 * .pi) < 2e-4)
        #expect(t.checkInvariants())
    }

    @Test(arguments: [Path.figureEight(in: Rect(x: 0, y: 40, w: 1280, h: 680)),
                      Path.heart(in: Rect(x: 0, y: 0, w: 300, h: 300)),
                      Path.star(center: Vec2(200, 200), outer: 150, inner: 60),
                      Path.roundedRect(Rect(x: 0, y: 0, w: 300, h: 200), radius: 40)])
    func samplesAreEquallySpacedAcrossTheSeamWithNoDuplicate(path: Path) {
        let t = SampleTable(path: path, spacing: 1)
        #expect(t.checkInvariants())
        let run = t.runs[0]
        #expect(run.isClosed)
        // Arc-length spacing is exact; the chord between neighbours is within 1% of it,
        // including the wrap pair (last → first).
        var chords: [Double] = []
        for i in 0..<t.count { chords.append(t.points[i].distance(to: t.points[(i + 1) % t.count])) }
        let straight = chords.filter { abs($0 - run.step) < run.step * 0.01 }.count
        #expect(Double(straight) / Double(chords.count) > 0.97)
        #expect(abs(chords[t.count - 1] - run.step) < run.step * 0.01)
        #expect(t.points[0].distance(to: t.points[t.count - 1]) > 0.5)
        #expect(abs(run.step - 1) < 0.01)
    }

    @Test func tangentsComeFromTheCurve() {
        let t = SampleTable(path: .ellipse(in: Rect(x: -50, y: -50, w: 100, h: 100)), spacing: 2)
        for i in 0..<t.count {
            // On a circle the tangent is perpendicular to the radius, to rounding.
            #expect(abs(t.tangents[i].dot(t.points[i].normalized())) < 1e-12)
        }
    }

    @Test func positionIsConsistentAtZeroAndFullLengthOfAClosedPath() {
        let t = SampleTable(path: .heart(in: Rect(x: 0, y: 0, w: 200, h: 200)), spacing: 1)
        #expect(t.point(atDistance: 0).distance(to: t.point(atDistance: t.length)) < 1e-9)
        #expect(t.tangent(atDistance: 0).distance(to: t.tangent(atDistance: t.length)) < 1e-9)
        #expect(t.point(atDistance: -1).distance(to: t.point(atDistance: t.length - 1)) < 1e-9)
        // Between samples the point is interpolated, on the curve to within the sagitta.
        let mid = t.point(atDistance: 10.5)
        #expect(mid.distance(to: t.points[10]) < 1 && mid.distance(to: t.points[11]) < 1)
    }

    @Test func anOpenPathClampsAndKeepsBothEnds() {
        let p = try! Path(svg: "M0 0 L100 0")
        let t = SampleTable(path: p, spacing: 1)
        #expect(t.count == 101)
        #expect(t.points.first == Vec2(0, 0) && t.points.last == Vec2(100, 0))
        #expect(t.point(atDistance: 150) == Vec2(100, 0))
        #expect(t.point(atDistance: -5) == Vec2(0, 0))
    }

    @Test func degenerateInputGivesNoNaNAndNoCrash() {
        let cases: [Path] = [
            Path(),
            try! Path(svg: "M5 5"),
            try! Path(svg: "M5 5 L5 5 L5 5 Z"),
            try! Path(svg: "M0 0 L0 0 L10 0 L10 0 L20 0"),
            Path(elements: [.move(to: Vec2(.nan, 1)), .line(to: Vec2(3, 3))]),
            try! Path(svg: "M0 0 C0 0 0 0 10 0"),
        ]
        for p in cases {
            let t = SampleTable(path: p)
            #expect(t.checkInvariants())
            #expect(t.point(atDistance: 3).isFinite)
            #expect(t.tangent(atDistance: 3).isFinite)
            #expect(t.walk(from: 0, toward: Vec2(100, 100)).index >= 0)
            if !t.isEmpty { #expect(t.nearestIndex(to: Vec2(1, 1)) != nil) }
        }
        #expect(SampleTable(path: try! Path(svg: "M5 5")).count == 1)
        #expect(SampleTable(path: Path()).isEmpty)
        // A zero-length segment in the middle does not break the spacing.
        let t = SampleTable(path: try! Path(svg: "M0 0 L0 0 L10 0 L10 0 L20 0"), spacing: 1)
        #expect(t.count == 21 && approx(t.length, 20))
    }

    @Test func aClosedSquareSpacedPastTwoThirdsOfItsLengthStillAnswersOnTheCurve() throws {
        // docs/command-line.md's square at --spacing 267 got one sample, and every fraction
        // answered its start. Two samples, at opposite corners, bracket the whole loop.
        let square = try Path(svg: "M0 0 H100 V100 H0 Z")
        for spacing in [267.0, 300, 400, 1000, 1e9] {
            let t = SampleTable(path: square, spacing: spacing)
            #expect(t.count == 2, "spacing \(spacing)")
            #expect(SampleTable.samplesNeeded(square, spacing: spacing) == 2)
            #expect(t.checkInvariants())
            #expect(abs(t.length - 400) < 1e-12)
            for (f, p) in [(0.0, Vec2(0, 0)), (0.125, Vec2(50, 0)), (0.25, Vec2(100, 0)), (0.5, Vec2(100, 100)),
                           (0.625, Vec2(50, 100)), (0.75, Vec2(0, 100)), (0.875, Vec2(0, 50)), (1.0, Vec2(0, 0))] {
                #expect(t.point(atDistance: f * t.length).distance(to: p) < 1e-9, "spacing \(spacing), f \(f)")
            }
            // At the far corner, the side leaving it.
            #expect(t.tangent(atDistance: 200).distance(to: Vec2(-1, 0)) < 1e-12)
        }
    }

    @Test func aClosedCircleSpacedPastItsLengthStaysOnTheCircle() throws {
        let circle = try Path(svg: "M0 50 A50 50 0 0 1 100 50 A50 50 0 0 1 0 50 Z")
        let t = SampleTable(path: circle, spacing: 1000)
        #expect(t.count == 2 && t.checkInvariants())
        for k in 0...16 {
            let p = t.point(atDistance: Double(k) / 16 * t.length)
            #expect(abs(p.distance(to: Vec2(50, 50)) - 50) < 1e-9, "k \(k)")
        }
        // Sweeping toward +y from the left: the top a quarter of the way round.
        #expect(t.point(atDistance: t.length / 4).distance(to: Vec2(50, 0)) < 1e-9)
        #expect(t.point(atDistance: t.length / 2).distance(to: Vec2(100, 50)) < 1e-9)
    }

    @Test func severalSubpathsAreSampledSeparately() {
        let p = try! Path(svg: "M0 0 h100 v100 h-100 z M300 0 h50")
        let t = SampleTable(path: p)
        #expect(t.runs.count == 2)
        #expect(t.runs[0].isClosed && !t.runs[1].isClosed)
        #expect(approx(t.length, 450))
        // The walk stays in its run: from the open run's end it cannot wrap.
        let last = t.runs[1].first + t.runs[1].count - 1
        #expect(t.walk(from: last, toward: Vec2(400, 0)).index == last)
    }
}
