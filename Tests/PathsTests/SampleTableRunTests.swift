@testable import Geometry
@testable import Paths
import Testing

/// The one bracket-and-wrap routine (`SampleTable.Run`): every query by arc length goes
/// through it, so its seam and ends are tested here on runs whose answers are known.
@Suite struct SampleTableRunTests {
    /// A closed 100×100 square (400 pt) at 10 pt: 40 samples, 10 pt apart.
    let square = SampleTable(path: try! Path(svg: "M0 0 H100 V100 H0 Z"), spacing: 10)
    /// An open 100 pt line at 10 pt: 11 samples, both ends included.
    let line = SampleTable(path: try! Path(svg: "M0 0 H100"), spacing: 10)

    @Test func aClosedRunWrapsByThePositiveRemainderSoTheSeamIsTheStart() {
        let run = square.runs[0]
        #expect(run.wrap(0) == 0)
        #expect(run.wrap(400) == 0)
        #expect(run.wrap(410) == 10)
        #expect(run.wrap(-10) == 390)
        #expect(run.wrap(-800) == 0)
        #expect(run.wrap(1234.5) == 34.5)
    }

    @Test func anOpenRunClampsToItsEnds() {
        let run = line.runs[0]
        #expect(run.wrap(-5) == 0)
        #expect(run.wrap(55) == 55)
        #expect(run.wrap(130) == 100)
    }

    @Test(arguments: [0.0, 5, 10, 99.5, 395, 399.999])
    func aBracketIsTheSampleAtOrBeforeAndTheFractionToTheNext(local: Double) {
        let run = square.runs[0]
        let (i, f) = run.bracket(atLocal: local)
        #expect(i == Int(local / 10))
        #expect(abs(f - (local / 10 - Double(i))) < 1e-12)
        #expect(f >= 0 && f < 1)
    }

    @Test func aClosedRunsLastBracketLeadsToItsFirstSample() {
        let run = square.runs[0]
        #expect(run.successor(run.count - 1) == run.first)
        #expect(run.successor(0) == 1)
        let (i, f) = run.bracket(atLocal: 395)
        #expect(i == run.count - 1 && abs(f - 0.5) < 1e-12)
        // Halfway from the last sample (0, 10) back to the start (0, 0).
        #expect(square.point(atDistance: 395).distance(to: Vec2(0, 5)) < 1e-9)
    }

    @Test func anOpenRunsEndIsItsLastSampleExactly() {
        let run = line.runs[0]
        let (i, f) = run.bracket(atLocal: 100)
        #expect(i == run.count - 1 && f == 0)
        #expect(line.point(atDistance: 100) == Vec2(100, 0))
        #expect(line.point(atDistance: 1e9) == Vec2(100, 0))
        #expect(run.index(atLocal: 100) == run.count - 1)
    }

    @Test func theIndexIsTheSampleAtOrBeforeAndNeverPastTheLast() {
        let run = square.runs[0]
        #expect(run.index(atLocal: 0) == 0)
        #expect(run.index(atLocal: 19.999) == 1)
        #expect(run.index(atLocal: 20) == 2)
        #expect(run.index(atLocal: 400.nextDown) == run.count - 1)
        #expect(square.index(atDistance: -10) == run.count - 1)
    }
}

/// A path of many subpaths (an SVG of scattered marks, a plotter's file) is sampled in time
/// that grows with its size: each run's samples used to be reserved run by run, which copied
/// every array whole at each subpath (100,000 subpaths took a minute).
@Suite struct ManySubpathsTests {
    /// `count` short lines, each its own subpath.
    static func marks(_ count: Int) -> Path {
        try! Path(svg: (0..<count).map { "M\($0) 0 l0 1" }.joined(separator: " "))
    }

    /// The quickest of three builds, in seconds.
    static func fastestBuild(_ path: Path) -> Double {
        (0..<3).map { _ in
            let clock = ContinuousClock()
            let elapsed = clock.measure { #expect(SampleTable(path: path).runs.count > 0) }
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        }.min()!
    }

    @Test func eightTimesTheSubpathsTakeNearEightTimesAsLongNotSixtyFour() {
        let small = Self.marks(5_000), large = Self.marks(40_000)
        let table = SampleTable(path: large)
        #expect(table.runs.count == 40_000)
        #expect(table.count == 80_000)
        #expect(table.runs[39_999].first == 79_998)
        // Linear: about 8 times. Reserved run by run it grows with the square (29 times here
        // with only two of the six arrays reserved that way).
        let ratio = Self.fastestBuild(large) / Self.fastestBuild(small)
        #expect(ratio < 24, "40,000 subpaths took \(ratio)× as long as 5,000")
    }
}
