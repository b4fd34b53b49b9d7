import Geometry
@testable import Paths
import Testing

/// The SVG document reader finds the path a user sees, and exactly the bytes of its `d`.
@Suite struct SVGDocumentTests {
    /// The path's data and the document with it replaced by "M9 9".
    func shown(_ text: String, id: String? = nil) throws -> (data: String, replaced: String)? {
        guard let p = try SVGDocument(text).path(id: id) else { return nil }
        return (p.data, SVGDocument.replacing(p, with: "M9 9", in: text))
    }

    @Test func aPathInACommentCDATAAnotherAttributeOrALongerNameIsNotTheShape() throws {
        let text = """
            <?xml version="1.0"?>
            <!-- <path d="M0 0 L1 1"/> -->
            <svg xmlns="http://www.w3.org/2000/svg" data-x='d="M5 5"'>
              <script><![CDATA[ var s = '<path d="M6 6"/>'; ]]></script>
              <pathology d="M7 7"/>
              <path aria-label="a > b" d="M1 2 L3 4" id="real"/>
            </svg>
            """
        let (data, replaced) = try #require(try shown(text))
        #expect(data == "M1 2 L3 4")
        #expect(replaced == text.replacingOccurrences(of: "d=\"M1 2 L3 4\"", with: "d=\"M9 9\""))
    }

    @Test func aMarkersArrowheadInDefsIsNotDrawnSoTheFirstDrawnPathIsShown() throws {
        let text = """
            <svg xmlns="http://www.w3.org/2000/svg"><defs><marker id="arrow"><path d="M0 0 L10 5 L0 10 z"/></marker>
            <clipPath id="c"><path d="M0 0 H5"/></clipPath></defs>
            <g><symbol id="s"><path d="M1 1"/></symbol><svg:path xmlns:svg="http://www.w3.org/2000/svg" d='M2 2 L8 8' marker-end="url(#arrow)"/></g></svg>
            """
        #expect(try shown(text)?.data == "M2 2 L8 8")
        // Asked for by id, a hidden one is the one.
        let doc = try SVGDocument(text)
        #expect(doc.paths.count == 4)
        #expect(doc.paths.filter(\.isDrawn).count == 1)
        #expect(doc.path(id: "nope") == nil)
    }

    @Test func anIdPicksThePathAndEntitiesAreDecodedAndEscapedBack() throws {
        let text = #"<svg><path id="a" d="M0 0"/><path id="b" d="M1&#32;1 L2&#x20;2"/></svg>"#
        let (data, replaced) = try #require(try shown(text, id: "b"))
        #expect(data == "M1 1 L2 2")
        #expect(replaced == #"<svg><path id="a" d="M0 0"/><path id="b" d="M9 9"/></svg>"#)
        let p = try #require(try SVGDocument(text).path(id: "a"))
        #expect(SVGDocument.replacing(p, with: #"M1 1 "x" & <"#, in: text).hasPrefix(#"<svg><path id="a" d="M1 1 &quot;x&quot; &amp; &lt;"/>"#))
    }

    @Test(arguments: [
        ("<svg><path d=\"M0 0\"></svg>", 1, 21, "</svg> where </path> was expected"),
        ("<svg><path d=\"M0 0\"/>", 1, 1, "<svg> is not closed"),
        ("<svg><path d=\"M0 0\" d=\"M1 1\"/></svg>", 1, 21, "the attribute d is given twice"),
        ("<svg><path d=M0/></svg>", 1, 14, "expected a quoted value"),
        ("<!DOCTYPE svg [<!ENTITY a \"aaaa\">]><svg><path d=\"&a;\"/></svg>", 1, 50, "the entity &a; is not expanded"),
        ("<svg>\n  <path d=\"M0 0\"/>\n</svg>\n<svg/>", 4, 1, "a second root element"),
        ("<svg><!-- open", 1, 6, "a comment is not closed"),
        ("just text <svg/>", 1, 1, "text outside the root element"),
        ("<svg><path d=\"M0 <\"/></svg>", 1, 18, "\"<\" inside the value of d"),
    ])
    func aMalformedDocumentIsRefusedWithItsLineAndColumn(text: String, line: Int, column: Int, message: String) {
        #expect {
            try SVGDocument(text)
        } throws: { error in
            guard let e = error as? SVGDocument.ParseError else { return false }
            return e.line == line && e.column == column && e.message.contains(message)
        }
    }

    /// Minified SVG (svgo) writes numbers with no separator where a sign or a point starts
    /// the next; shapes, transforms and `<use>` apply.
    @Test func compactNumbersShapesTransformsAndUsesAreRead() throws {
        let doc = try SVGDocument(##"<svg><g transform="translate(10-20)scale(2)"><polygon id="p" points="0,0 10-5.5.5"/></g><use href="#p" x="1"/></svg>"##)
        let shapes = doc.paths
        #expect(shapes.count == 2)
        #expect(shapes[0].data == "M0 0L10 -5.5Z", "\(shapes[0].data)")  // 10, -5.5, .5: an odd count drops the last
        #expect(shapes[0].transform.apply(Vec2(1, 1)) == Vec2(12, -18))
        #expect(shapes[1].throughUse == "p" && shapes[1].transform.apply(Vec2(1, 1)) == Vec2(2, 1))  // the target alone, not its group
        #expect(SVGDocument.numbers("1e-3-2 .5.5") == [0.001, -2, 0.5, 0.5])
        #expect(SVGDocument.numbers("1 x") == nil)
    }

    @Test func nestingAndSizeAreBounded() {
        let deep = String(repeating: "<g>", count: SVGDocument.maxDepth + 1) + String(repeating: "</g>", count: SVGDocument.maxDepth + 1)
        #expect(throws: SVGDocument.ParseError.self) { try SVGDocument(deep) }
        #expect(SVGDocument.isDocument("\u{FEFF}  <svg/>") && !SVGDocument.isDocument("M0 0 L1 1"))
    }
}
