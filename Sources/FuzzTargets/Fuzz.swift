import Engine
import Geometry
import Paths
import Scenes
import Songs

/// One entry per parser and input surface, for libFuzzer (the `fuzz-*` executables, built by
/// `make fuzz` with `-sanitize=fuzzer,address`) and for the deterministic run in the tests.
/// Each takes any bytes; bad input must be refused with an error, never trap, and what is
/// accepted must keep its invariants — a broken one stops the process, which is how a
/// fuzzer reports it.
public enum Fuzz {
    public typealias Entry = @Sendable (UnsafeRawBufferPointer) -> Void

    /// The entries by name (the executables and the corpus folders use these names).
    public static let entries: [(name: String, run: Entry)] = [
        ("svg-path", svgPath), ("script", script), ("sheet", sheet), ("option-values", optionValues),
        ("font-metrics", fontMetrics), ("bmp-header", bmpHeader), ("svg-document", svgDocument),
        ("chordpro", chordPro),
    ]

    /// A ChordPro song: refused with a line and column, or read so that what it writes reads
    /// back as the same song and writes the same text again; every chord on a character of
    /// its line (or past its end) within the bound, and the song within the sheet's limits.
    public static func chordPro(_ bytes: UnsafeRawBufferPointer) {
        let text = Self.text(bytes)
        let doc: SheetDocument
        do { doc = try ChordPro.parse(text) } catch {
            require(error.line >= 1 && error.column >= 1, "an error without a place: \(error)")
            return
        }
        require(doc.lines.count <= SheetDocument.maxLines, "\(doc.lines.count) lines")
        for line in doc.lines {
            require(line.chords.count <= SheetDocument.maxChordsPerLine, "\(line.chords.count) chords on a line")
            for c in line.chords { require(c.at >= 0 && c.at <= line.text.count, "a chord at \(c.at) of \(line.text.count)") }
        }
        let written = ChordPro.write(doc)
        let back = try? ChordPro.parse(written)
        require(back == doc, "a song did not read back as itself:\n\(written)")
        require(back.map(ChordPro.write) == written, "a second write changed the text:\n\(written)")
    }

    /// An SVG document: refused with a line and column, or read so that a replacement of any
    /// shape keeps every other byte: a path's `d` range swapped exactly, another shape made a
    /// `<path>` that reads back with the new data; every transform finite.
    public static func svgDocument(_ bytes: UnsafeRawBufferPointer) {
        let text = Self.text(bytes)
        guard let doc = try? SVGDocument(text) else { return }
        let utf8 = Array(text.utf8)
        for p in doc.paths.prefix(64) where p.throughUse == nil {
            let t = p.transform
            require([t.a, t.b, t.c, t.d, t.tx, t.ty].allSatisfy(\.isFinite), "a non-finite transform \(t)")
            let replaced = Array(SVGDocument.replacing(p, with: "M1 2", in: text).utf8)
            if let r = p.dataRange {
                require(r.lowerBound >= 0 && r.upperBound <= utf8.count, "range \(r) of \(utf8.count)")
                require(replaced.count == utf8.count - r.count + 4, "a replacement changed other bytes")
                require(replaced[..<r.lowerBound].elementsEqual(utf8[..<r.lowerBound])
                        && replaced[(r.lowerBound + 4)...].elementsEqual(utf8[r.upperBound...]), "bytes around d changed")
            } else {
                require(replaced[..<p.tagRange.lowerBound].elementsEqual(utf8[..<p.tagRange.lowerBound]), "bytes before the shape changed")
                let again = try? SVGDocument(String(decoding: replaced, as: UTF8.self))
                require(again?.paths.contains { $0.name == "path" && $0.data == "M1 2" } == true, "the shape did not become a path")
            }
        }
    }

    /// A BMP's header: refused with a problem, or accepted only when what it declares is
    /// bounded and, uncompressed, held by the bytes.
    public static func bmpHeader(_ bytes: UnsafeRawBufferPointer) {
        let b = Array(bytes)
        if let h = try? ImageHeader(b) {
            require(h.width > 0 && h.height > 0 && h.width * h.height <= BMPHeader.maxPixels, "\(h.kind) \(h.width)×\(h.height)")
        }
        guard let h = try? BMPHeader(b) else { return }
        require(h.width > 0 && h.height > 0 && h.width * h.height <= BMPHeader.maxPixels, "size \(h.width)×\(h.height)")
        if [0, 3, 6].contains(h.compression) {
            require((h.width * h.bitsPerPixel + 31) / 32 * 4 * h.height < b.count, "rows past the file's \(b.count) bytes")
        }
    }

    static func text(_ bytes: UnsafeRawBufferPointer) -> String { String(decoding: bytes, as: UTF8.self) }

    static func require(_ ok: Bool, _ what: @autoclosure () -> String) {
        if !ok { fatalError("fuzz invariant broken: \(what())") }
    }

    /// SVG path data: parsed, sampled (when within a fuzzing-sized budget), queried.
    public static func svgPath(_ bytes: UnsafeRawBufferPointer) {
        // The first byte picks the spacing, so the fuzzer explores that too.
        let spacing = bytes.isEmpty ? 1 : [0.05, 0.3, 1, 7, 30, 1000][Int(bytes[0]) % 6]
        guard let path = try? Path(svg: text(bytes)) else { return }
        for e in path.elements {
            switch e {
            case .move(let p), .line(let p): require(p.isFinite, "a non-finite point in \(e)")
            case .quad(let p, let c): require(p.isFinite && c.isFinite, "\(e)")
            case .curve(let p, let a, let b): require(p.isFinite && a.isFinite && b.isFinite, "\(e)")
            case .arc(let c, let rx, let ry, let rot, let st, let sw):
                require(c.isFinite && rx.isFinite && ry.isFinite && rot.isFinite && st.isFinite && sw.isFinite, "\(e)")
            case .close: break
            }
        }
        // A write-back keeping this text where an edit (the last element dropped) did not
        // touch it reads back to the edited path, to a billionth (`SVGPathSource.alike`: the
        // text kept may differ from the edit's own numbers by their rounding).
        if path.elements.count > 1, path.elements.count < 2_000 {
            let edited = Path(elements: Array(path.elements.dropLast())).svgData
            if let want = try? Path(svg: edited) {
                let merged = SVGPathSource.merge(edited, keepingSourceOf: text(bytes))
                require((try? Path(svg: merged)).map { SVGPathSource.alike($0.elements[...], want.elements[...]) } == true,
                        "merge of \(echo(merged, limit: 200))")
            }
        }
        // Measured before sampling, as the real limit is; a budget far below that limit keeps
        // each input fast.
        let needed = SampleTable.samplesNeeded(path, spacing: spacing)
        require(needed >= 1 || path.subpaths.isEmpty, "samples needed \(needed)")
        guard needed < 5_000 else { return }
        let t = SampleTable(path: path, spacing: spacing)
        require(t.count == Int(needed), "\(t.count) samples where \(needed) were planned")
        require(t.checkInvariants(), "sample table invariants")
        guard !t.isEmpty else { return }
        require(t.length.isFinite && t.length >= 0, "length \(t.length)")
        for k in 0...8 {
            let s = t.length * Double(k) / 8
            let (p, tangent) = t.pointAndTangent(atDistance: s)
            require(p.isFinite && tangent.isFinite && abs(tangent.length - 1) < 1e-6, "point \(p) tangent \(tangent) at \(s)")
            let probe = p + Vec2(3, -2)
            if let i = t.nearestIndex(to: probe) { require(i >= 0 && i < t.count, "nearest \(i)") }
            if let d = t.nearestDistance(to: probe) { require(d.isFinite && d >= 0 && d <= t.length + 1e-6, "nearest distance \(d)") }
        }
    }

    /// A script: parsed; every event it accepts survives the round trip through its line.
    public static func script(_ bytes: UnsafeRawBufferPointer) {
        guard let events = try? InputScript.parse(text(bytes)) else { return }
        var last = 1
        for e in events {
            require(e.frame >= last && e.frame <= InputScript.maxFrame, "frame \(e.frame)")
            last = e.frame
            let line = InputScript.line(for: e)
            let back = try? InputScript.parseLine(line, line: 1)
            require(back == e, "round trip of \(e) through \(line) gave \(String(describing: back))")
            require(e.event.clamped == e.event, "an accepted event outside the input limits: \(e.event)")
        }
    }

    /// A sheet: parsed; what is accepted saves and loads back to itself, saving again gives
    /// the same bytes, every chord is within the bound, and every unknown field (top, line,
    /// chord) keeps its source text, which reads back as the value it carries.
    public static func sheet(_ bytes: UnsafeRawBufferPointer) {
        guard var doc = try? SheetDocument.parse(text(bytes)) else { return }
        for line in doc.lines {
            for c in line.chords {
                if let x = c.legacyX { require(x.isFinite && abs(x) <= SheetDocument.maxChordX, "a version 1 chord at x \(x)") }
                require((0...SheetDocument.maxChordAt).contains(c.at), "a chord at character \(c.at)")
            }
        }
        // A version 1 sheet's chords are put on characters by the board (which measures the
        // text); here each keeps the character 0 it was read with.
        for i in doc.lines.indices {
            for j in doc.lines[i].chords.indices { doc.lines[i].chords[j].legacyX = nil }
        }
        let saved = doc.serialized()
        let back = try? SheetDocument.parse(saved)
        require(back == doc, "a sheet did not survive save and load:\n\(saved)")
        require(back?.serialized() == saved, "a second save changed the bytes:\n\(saved)")
        var extras = doc.extra
        for line in doc.lines {
            extras += line.extra
            for c in line.chords { extras += c.extra }
        }
        for (key, value) in extras {
            guard case .sourced(let parsed, let source) = value else {
                require(false, "unknown field \"\(key)\" lost its source text")
                return
            }
            let reread = try? JSONParser.parse(String(source))
            require(reread?.serialized() == parsed.withoutSource.serialized(),
                    "unknown field \"\(key)\": its text \(source) reads as \(String(describing: reread))")
        }
    }

    /// Font metrics (`font.txt`): parsed; what is accepted is within the named ranges, and
    /// every glyph, known or not, maps to a cell inside the atlas.
    public static func fontMetrics(_ bytes: UnsafeRawBufferPointer) {
        guard let font = try? BitmapFont(metrics: text(bytes), texture: .none) else { return }
        let cells = Double(BitmapFont.cellSizeRange.lowerBound)...Double(BitmapFont.cellSizeRange.upperBound)
        require(cells.contains(font.cellWidth) && cells.contains(font.cellHeight), "cell \(font.cellWidth)x\(font.cellHeight)")
        require(BitmapFont.columnsRange.contains(font.columns), "columns \(font.columns)")
        require(font.rows >= 1 && font.rows <= BitmapFont.maxGlyphs, "rows \(font.rows)")
        let probes: [Unicode.Scalar] = [" ", "?", "A", "\u{0}", "\u{7F}", "é", "•", "✓", "\u{10FFFF}"]
        for c in probes + text(bytes).unicodeScalars.prefix(64) {
            let g = font.glyphIndex(for: c)
            require(g >= 0 && g < font.columns * font.rows, "glyph \(g) for U+\(String(c.value, radix: 16))")
            let uv = font.uv(for: c)
            require([uv.u0, uv.v0, uv.u1, uv.v1].allSatisfy { $0.isFinite && $0 >= 0 && $0 <= 1 + 1e-5 }, "uv \(uv)")
        }
        let w = font.width(of: "Amazing grace")
        require(w.isFinite && w > 0, "width \(w)")
    }

    /// The option values the command line parses itself.
    public static func optionValues(_ bytes: UnsafeRawBufferPointer) {
        let s = text(bytes)
        if let (w, h) = OptionValues.parseSize(s) { require((64...16384).contains(w) && (64...16384).contains(h), "size \(w)x\(h)") }
        if case .success(let numbers) = OptionValues.parseNumbers(s) { require(numbers.allSatisfy(\.isFinite), "numbers \(numbers)") }
    }
}
