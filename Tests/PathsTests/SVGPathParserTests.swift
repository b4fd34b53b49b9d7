@testable import Geometry
@testable import Paths
import TestSupport
import Testing

@Suite struct SVGPathParserTests {
    func length(_ d: String) throws -> Double { SampleTable(path: try Path(svg: d), spacing: 0.5).length }

    @Test func absoluteAndRelativeLinesHV() throws {
        #expect(approx(try length("M0 0 L10 0 l0 10 H0 v-10"), 40, 1e-9))
        #expect(approx(try length("m5 5 h10 V15 L5,15 z"), 40, 1e-9))
    }

    @Test func numbersAfterAMovetoAreLinetos() throws {
        let p = try Path(svg: "M0 0 10 0 10 10")
        #expect(p.elements == [.move(to: Vec2(0, 0)), .line(to: Vec2(10, 0)), .line(to: Vec2(10, 10))])
        let q = try Path(svg: "m1 1 2 0 0 2")
        #expect(q.elements == [.move(to: Vec2(1, 1)), .line(to: Vec2(3, 1)), .line(to: Vec2(3, 3))])
    }

    @Test func numbersRunTogetherAndExponents() throws {
        let p = try Path(svg: "M.5.5L-1-2l1e1,2E-1")
        #expect(p.elements == [.move(to: Vec2(0.5, 0.5)), .line(to: Vec2(-1, -2)), .line(to: Vec2(9, -1.8))])
    }

    @Test func repeatedCommandsAndSmoothCurvesReflectControls() throws {
        let p = try Path(svg: "M0 0 C0 10 10 10 10 0 S20 -10 20 0 Q25 5 30 0 T40 0")
        #expect(p.elements[2] == .curve(to: Vec2(20, 0), control1: Vec2(10, -10), control2: Vec2(20, -10)))
        #expect(p.elements[4] == .quad(to: Vec2(40, 0), control: Vec2(35, -5)))
        // S with no preceding C uses the current point as its first control.
        let s = try Path(svg: "M0 0 S10 10 20 0")
        #expect(s.elements[1] == .curve(to: Vec2(20, 0), control1: Vec2(0, 0), control2: Vec2(10, 10)))
        // Implicit repeats of a cubic.
        let c = try Path(svg: "M0 0 c1 1 2 2 3 3 1 1 2 2 3 3")
        #expect(c.elements.count == 3)
        #expect(c.currentPoint == Vec2(6, 6))
    }

    @Test func arcFlagsWithoutSeparatorsAndAFullCircleFromTwoArcs() throws {
        let p = try Path(svg: "M0 0a1 1 0 00 1 1")
        #expect(p.currentPoint.map { $0.distance(to: Vec2(1, 1)) < 1e-9 } == true)
        // Two half circles of radius 50: the length is exactly 100π.
        #expect(approx(try length("M0 50 A50 50 0 0 1 100 50 A50 50 0 0 1 0 50 Z"), 100 * .pi, 1e-6))
    }

    @Test func outOfRangeArcRadiiAreScaledUpToASemicircle() throws {
        // Radius 1 cannot span 100 units: scaled to 50, a half circle of length 50π.
        #expect(approx(try length("M0 0 A1 1 0 0 1 100 0"), 50 * .pi, 1e-6))
    }

    @Test func anEllipticalArcStaysAnalyticWithRotation() throws {
        let p = try Path(svg: "M0 0 A40 20 30 1 0 10 10")
        #expect(p.elements.contains { if case .arc(_, let rx, let ry, _, _, _) = $0 { rx == 40 && ry == 20 } else { false } })
    }

    @Test func zeroRadiusArcIsALine() throws {
        #expect(approx(try length("M0 0 A0 5 0 0 1 30 40"), 50, 1e-9))
    }

    @Test func afterCloseDrawingContinuesFromTheSubpathStart() throws {
        let p = try Path(svg: "M10 10 h10 v10 z l5 0")
        #expect(p.subpaths.count == 2)
        #expect(p.subpaths[1].start == Vec2(10, 10))
        #expect(p.currentPoint == Vec2(15, 10))
    }

    @Test func emptyDataIsAnEmptyPath() throws {
        #expect(try Path(svg: "  ").isEmpty)
    }

    @Test(arguments: [
        ("L0 0", 0, "must start with a moveto"),
        ("M0 0 X", 5, "expected a command letter, found 'X'"),
        // A control character by its code point (a NUL showed as a blank), a letter beyond
        // ASCII whole (its first byte showed as a Latin-1 letter).
        ("M0 0 \u{0}", 5, "expected a command letter, found U+0000"),
        ("M0 0 é", 5, "expected a command letter, found 'é' (U+00E9)"),
        ("M0", 2, "expected a number (moveto y)"),
        ("M0 0 L 10 x", 10, "expected a number (lineto y)"),
        ("M0 0 C1 1 2 2", 13, "expected a number (curveto end x)"),
        ("M0 0 A1 1 0 2 0 5 5", 12, "expected a flag 0 or 1 (arc large-arc-flag)"),
        ("M0 0 A1 1 0 0", 13, "expected a flag 0 or 1 (arc sweep-flag)"),
        ("M1e 0", 3, "expected exponent digits"),
        ("M0 0 L1e999 0", 6, "number out of range"),
        ("M0 0 Z 5", 7, "expected a command letter, found a number"),
        ("M0 0 1", 6, "expected a number (moveto y)"),
        ("M0 0 H", 6, "expected a number (horizontal lineto x)"),
        ("M0 0 V.", 6, "expected a number (vertical lineto y)"),
        ("M0 0 Q1 1", 9, "expected a number (quadratic end x)"),
        ("M0 0 T", 6, "expected a number (smooth quadratic end x)"),
        ("M0 0 S1 1", 9, "expected a number (smooth curveto end x)"),
        // A reflected control is checked like a written one: each number here is within the
        // limit, the control S and T make from them is not (and written back it would be).
        ("M9e8 0 C0 0 -5e8 0 9e8 0 S1 1 2 2", 26, "smooth curveto control 1 (reflected)"),
        ("M9e8 0 Q-5e8 0 9e8 0 T1 1", 22, "smooth quadratic control (reflected)"),
    ])
    func errorsNameTheOffsetAndWhatWasExpected(data: String, offset: Int, message: String) {
        #expect {
            try Path(svg: data)
        } throws: { error in
            guard let e = error as? SVGPathError else { return false }
            return e.offset == offset && e.message.contains(message)
        }
    }
}
