import Foundation
import Geometry
import Paths
import Testing

@Suite struct SVGPathSourceTests {
    /// `d` with the element at `index` replaced, written as the editor writes it.
    private func edited(_ d: String, _ change: (inout [PathElement]) -> Void) throws -> String {
        var elements = try Path(svg: d).elements
        change(&elements)
        return Path(elements: elements).svgData
    }

    @Test func untouchedCommandsKeepTheirTextAndOnlyTheEditedOneIsRewritten() throws {
        let d = "M 0.10,0 l10 0.50 L 20 20 C 1.50 2 3 4 5 6"
        let e = try edited(d) { $0[3] = .curve(to: Vec2(5, 7), control1: Vec2(1.5, 2), control2: Vec2(3, 4)) }
        let merged = SVGPathSource.merge(e, keepingSourceOf: d)
        #expect(merged == "M 0.10,0 l10 0.50 L 20 20C1.5 2 3 4 5 7")
        #expect(try Path(svg: merged).elements == Path(svg: e).elements)
    }

    @Test func anEditInTheMiddleKeepsBothEndsAndARepeatedCommandGetsItsLetterBack() throws {
        let d = "M 0 0 L 1 1 2 2 3 3"
        let e = try edited(d) { $0[1] = .line(to: Vec2(1, 5)) }
        let merged = SVGPathSource.merge(e, keepingSourceOf: d)
        #expect(merged == "M 0 0L1 5L2 2 3 3")
        #expect(try Path(svg: merged).elements == Path(svg: e).elements)
    }

    @Test func aRelativeCommandAfterAMovedPointIsNotKeptWhereItWouldLandElsewhere() throws {
        let d = "M0 0 l10 0 l10 0"
        // The second line's end moves; the third line's end stays at (20, 0) in absolute
        // terms, which "l10 0" from the new point would not reach.
        let e = try edited(d) { $0[1] = .line(to: Vec2(10, 5)) }
        let merged = SVGPathSource.merge(e, keepingSourceOf: d)
        #expect(merged == "M0 0L10 5L20 0")
        #expect(try Path(svg: merged).elements == Path(svg: e).elements)
    }

    @Test func anInsertedAnchorKeepsEverythingBeforeAndAfterIt() throws {
        let d = "m 10,10 h 5.0 v 5.0 h -5.0 z"
        let e = try edited(d) { $0.insert(.line(to: Vec2(15, 12.5)), at: 2) }
        let merged = SVGPathSource.merge(e, keepingSourceOf: d)
        #expect(merged.hasPrefix("m 10,10 h 5.0"))
        #expect(merged.hasSuffix("h -5.0 z"))
        #expect(try Path(svg: merged).elements == Path(svg: e).elements)
    }

    @Test func noChangeGivesTheOriginalAndUnreadableDataGivesTheEditedAsItIs() throws {
        let d = "M 0.10 .5e1 L 1.0 2\n"
        #expect(SVGPathSource.merge(try Path(svg: d).svgData, keepingSourceOf: d) == "M 0.10 .5e1 L 1.0 2")
        #expect(SVGPathSource.merge("M0 0L1 1", keepingSourceOf: "not path data") == "M0 0L1 1")
        #expect(SVGPathSource.merge("M0 0L1 1", keepingSourceOf: "") == "M0 0L1 1")
        // Everything changed: the edited data.
        #expect(SVGPathSource.merge("M5 5L6 6", keepingSourceOf: "M0 0L1 1") == "M5 5L6 6")
    }

    @Test func aMergeAlwaysReadsBackToTheEditedElements() throws {
        // Random edits of a path with every command kind, relative and absolute, repeated and not.
        let d = "M10 10 l 5 5 5 5 H 40 v 10 q 5 5 10 0 t 10 0 c 1 1 2 2 3 3 s 4 4 5 5 a 5 5 0 0 1 10 0 Z m 50 50 L 60 60"
        var rng = SplitMix64(seed: 7)
        for _ in 0..<200 {
            let e = try edited(d) { els in
                let k = Int(rng.next() % UInt64(els.count))
                if case .line(let p) = els[k] { els[k] = .line(to: p + Vec2(Double(rng.next() % 7), 1)) }
                else if case .curve(let p, let c1, let c2) = els[k] { els[k] = .curve(to: p + Vec2(1, 0), control1: c1, control2: c2) }
            }
            let merged = SVGPathSource.merge(e, keepingSourceOf: d)
            let same = try Path(svg: merged).elements == Path(svg: e).elements
            #expect(same, "\(merged)")
        }
    }

    /// An arc taken to a skewed drawing and back (a circle comes back with any rotation, an
    /// ellipse may come back with its radii the other way round a quarter turn on) is still
    /// the arc its text says, and keeps that text when another command is edited (a hostile
    /// tour's file had every arc rewritten).
    @Test(arguments: [
        ("M 10 50 A 40 40 0 0 1 70 70 L 50 80 L 10 80", Geometry.AffineTransform(a: 1, b: 0, c: tan(20 * Double.pi / 180), d: 1, tx: 0, ty: 0)),
        ("M 10 50 A 40 20 0 0 1 70 60 L 50 80 L 10 80", Geometry.AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 3, ty: 4)),
        ("M 10 50 A 60 30 20 0 1 70 60 L 50 80 L 10 80", Geometry.AffineTransform(a: -1, b: 0.2, c: 0.3, d: 1.5, tx: 200, ty: 0)),
    ])
    func anArcTakenThroughAMapAndBackKeepsItsText(d: String, t: Geometry.AffineTransform) throws {
        let inverse = try #require(t.inverted)
        var elements = try Path(svg: d).applying(t).applying(inverse).elements
        let corner = try #require(elements.lastIndex { if case .line(let p) = $0 { p.distance(to: Vec2(50, 80)) < 1e-6 } else { false } })
        elements[corner] = .line(to: Vec2(51, 80))
        let merged = SVGPathSource.merge(Path(elements: elements).svgData, keepingSourceOf: d)
        let arc = d.prefix { $0 != "L" }.trimmingCharacters(in: .whitespaces)
        #expect(merged.hasPrefix(arc) && !merged.contains("A", after: arc), "\(merged)")
    }
}

private extension String {
    /// Whether `letter` stands in this string after its prefix `prefix`.
    func contains(_ letter: Character, after prefix: String) -> Bool { dropFirst(prefix.count).contains(letter) }
}
