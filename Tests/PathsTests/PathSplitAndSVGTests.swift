import Foundation
import Geometry
@testable import Paths
import Testing

/// The path editor's exact tools: a segment cut in two without changing the curve, and a
/// path written out as SVG path data that reads back to the same segments.
@Suite struct PathSplitAndSVGTests {
    static let segments: [PathSegment] = [
        .line(Vec2(3, 4), Vec2(-120.5, 77.25)),
        .quad(Vec2(0, 0), Vec2(50, -80), Vec2(100, 0)),
        .cubic(Vec2(100, 0), Vec2(135, -60.3), Vec2(-20, 90.7), Vec2(300.1, 1e-3)),
        .arc(center: Vec2(100, 0), rx: 100, ry: 100, rotation: 0, start: 0, sweep: Double.pi * 1.5),
        .arc(center: Vec2(-40, 20), rx: 90, ry: 35, rotation: 0.4, start: 2, sweep: -4.1),
    ]

    static func close(_ a: Vec2, _ b: Vec2, _ tolerance: Double = 1e-9) -> Bool {
        a.distance(to: b) <= tolerance * max(1, a.length, b.length)
    }

    @Test(arguments: segments)
    func aSplitKeepsEveryPointAndTheLength(_ s: PathSegment) {
        for t in [0, 0.1, 0.37, 0.5, 0.9, 1] {
            let (a, b) = s.split(at: t)
            // The cut is one point, exactly.
            #expect(a.end == s.point(at: t) && b.start == s.point(at: t), "\(s) at \(t)")
            #expect(a.start == s.start && Self.close(b.end, s.end, 1e-12))
            // Same curve: every point of each part is on the original at the matching parameter.
            for k in 0...40 {
                let u = Double(k) / 40
                #expect(Self.close(a.point(at: u), s.point(at: t * u)), "\(s) at \(t), first part u \(u)")
                #expect(Self.close(b.point(at: u), s.point(at: t + (1 - t) * u)), "\(s) at \(t), second part u \(u)")
            }
            let whole = s.length()
            #expect(abs(a.length() + b.length() - whole) <= 1e-9 * max(1, whole), "\(s) at \(t)")
        }
    }

    @Test func aSplitClampsItsParameter() {
        let s = Self.segments[2]
        #expect(s.split(at: -3).0.end == s.start && s.split(at: 7).1.start == s.end && s.split(at: .nan).0.end == s.start)
    }

    /// Each segment of `a` and `b`, subpath by subpath, the same to within `tolerance`
    /// (measured on points along them, so an arc found again from its end points counts).
    /// Lines shorter than that are left out: the parser adds one where an arc found again
    /// from its end points ends a rounding error away from the end point it was given.
    static func sameShape(_ a: Path, _ b: Path, tolerance: Double = 1e-9) -> Bool {
        let sa = a.subpaths, sb = b.subpaths
        guard sa.count == sb.count else { return false }
        func kept(_ s: Subpath) -> [PathSegment] {
            s.segments.filter { if case .line(let p, let q) = $0 { !close(p, q, tolerance) } else { true } }
        }
        for (x, y) in zip(sa, sb) {
            let (xs, ys) = (kept(x), kept(y))
            guard x.isClosed == y.isClosed, close(x.start, y.start, tolerance), xs.count == ys.count else { return false }
            for (p, q) in zip(xs, ys) {
                for k in 0...16 where !close(p.point(at: Double(k) / 16), q.point(at: Double(k) / 16), tolerance) { return false }
            }
        }
        return true
    }

    @Test func svgDataReadsBackToTheSameSegments() throws {
        let r = Rect(x: 0, y: 0, w: 640, h: 480)
        var mixed = Path()
        mixed.move(to: Vec2(0.1, -0.25))
        mixed.line(to: Vec2(1e-7, 12345.678))
        mixed.quad(to: Vec2(-3.5, -0.5), control: Vec2(0.5, 0.5))
        mixed.curve(to: Vec2(1 / 3, 2 / 3), control1: Vec2(-1e6, 7), control2: Vec2(0, -0))
        mixed.append(.arc(center: Vec2(10, 10), rx: 20, ry: 8, rotation: 0.3, start: 1, sweep: -2.5))
        mixed.close()
        mixed.move(to: Vec2(500, 500))
        mixed.line(to: Vec2(501, 499))
        for path in [Path.figureEight(in: r), .heart(in: r), .star(center: Vec2(320, 240), outer: 200, inner: 80),
                     .roundedRect(r, radius: 30), mixed] {
            let d = path.svgData
            let back = try Path(svg: d)
            #expect(Self.sameShape(path, back), "\(d)")
            // Written again, it is the same text.
            // And written again from what was read, the same shape.
            let again = try Path(svg: back.svgData)
            #expect(Self.sameShape(again, path), "\(back.svgData)")
        }
    }

    @Test func svgDataIsShort() throws {
        var p = Path()
        p.move(to: Vec2(100, 0))
        p.curve(to: Vec2(200, 0), control1: Vec2(50, -80), control2: Vec2(150, 80))
        p.line(to: Vec2(0.5, -0.25))
        p.line(to: Vec2(0.5, 0.75))
        p.close()
        #expect(p.svgData == "M100 0C50-80 150 80 200 0L.5-.25L.5.75Z")
        let back = try Path(svg: p.svgData)
        #expect(Self.sameShape(back, p))
    }

    @Test func aWholeTurnIsWrittenInPiecesOneArcCannotSay() throws {
        // The issue-28 circle: two arcs of a whole turn each, the second from the first's end.
        let p = try Path(svg: "M100 0 A100 100 0 1 1 -100 0 A100 100 0 1 1 100 0 Z")
        var full = Path()
        full.move(to: Vec2(100, 0))
        full.append(.arc(center: .zero, rx: 100, ry: 100, rotation: 0, start: 0, sweep: 2 * Double.pi))
        let d = full.svgData
        let back = try Path(svg: d)
        let arcs = back.subpaths[0].segments.filter { if case .arc = $0 { true } else { false } }
        #expect(arcs.count == 2, "\(d)")
        for k in 0...32 {
            let angle = 2 * Double.pi * Double(k) / 32
            let target = Vec2(100 * cos(angle), 100 * sin(angle))
            let piece = arcs[min(1, k / 16)], u = Double(k % 16) / 16 + (k == 32 ? 1 : 0)
            #expect(Self.close(piece.point(at: k == 32 ? 1 : u), target, 1e-9), "\(d) at \(k)")
        }
        #expect(!p.svgData.isEmpty)
    }

    @Test func subpathsMakeTheSamePathAgain() {
        let r = Rect(x: 0, y: 0, w: 640, h: 480)
        for path in [Path.figureEight(in: r), .heart(in: r), .roundedRect(r, radius: 30), .ellipse(in: r)] {
            #expect(Path(subpaths: path.subpaths).subpaths == path.subpaths)
        }
    }
}
