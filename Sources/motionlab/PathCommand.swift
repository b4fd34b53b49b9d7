import ArgumentParser
import Engine
import Foundation
import MotionSDL
import Paths

/// The largest path file read (an SVG document at `PathLimits.maxSegments`, a million
/// segments, is about 20 MB; 64 MiB leaves room for long numbers and markup).
let maxPathFileBytes = 64 << 20

/// Reads `--path` / `--path-file` into a Path, or reports where the data is wrong (exit 2).
func loadCustomPath(svg: String?, file: String?, text: String? = nil, svgOption: String = "--path") throws -> Path? {
    var data = svg
    var origin = svgOption
    if let file {
        origin = file
        // (`text`: the file's text, when the caller has read it already.)
        data = extractPathData(try text ?? readTextFile(file, limit: maxPathFileBytes, limitName: "maxPathFileBytes"))
    }
    guard let data else { return nil }
    do {
        let p = try Path(svg: data)
        // A path has subpaths exactly when it has elements (each starts with a move); asking
        // for `subpaths` would build every segment once more only to count them.
        guard !p.isEmpty else { throw CommandError.usage("\(origin): the path data draws nothing") }
        return p
    } catch let e as SVGPathError {
        throw CommandError.usage("\(origin): \(e.description)\n  \(excerpt(data, at: e.offset))")
    }
}

/// The first `d="…"` of an SVG document, or the text itself when it is bare path data.
func extractPathData(_ text: String) -> String {
    pathDataRange(in: text).map { String(text[$0]) } ?? text
}

/// Where the first `<path>`'s `d` attribute's value is in an SVG document; nil for bare path
/// data (or a document without one).
func pathDataRange(in text: String) -> Range<String.Index>? {
    guard text.contains("<svg") || text.contains("<path") else { return nil }
    var rest = Substring(text)
    while let open = rest.range(of: "<path") {
        let end = rest[open.upperBound...].firstIndex(of: ">") ?? rest.endIndex
        if let d = attribute("d", in: rest[open.upperBound..<end]) { return d.startIndex..<d.endIndex }
        rest = rest[end...]
    }
    return nil
}

/// The value of the XML attribute `name` in a tag's text: either quote, spaces around `=`.
func attribute(_ name: String, in tag: Substring) -> Substring? {
    var from = tag.startIndex
    while let r = tag[from...].range(of: name) {
        from = r.upperBound
        guard r.lowerBound > tag.startIndex, tag[tag.index(before: r.lowerBound)].isWhitespace else { continue }
        var j = r.upperBound
        func skipSpace() { while j < tag.endIndex, tag[j].isWhitespace { j = tag.index(after: j) } }
        skipSpace()
        guard j < tag.endIndex, tag[j] == "=" else { continue }
        j = tag.index(after: j)
        skipSpace()
        guard j < tag.endIndex, tag[j] == "\"" || tag[j] == "'" else { continue }
        let quote = tag[j], start = tag.index(after: j)
        return tag[start..<(tag[start...].firstIndex(of: quote) ?? tag.endIndex)]
    }
    return nil
}

/// The text around `offset` with a caret under it.
func excerpt(_ text: String, at offset: Int) -> String {
    let bytes = Array(text.utf8)
    let lo = max(0, offset - 30), hi = min(bytes.count, offset + 30)
    let line = String(decoding: bytes[lo..<hi], as: UTF8.self).replacingOccurrences(of: "\n", with: " ")
    return line + "\n  " + String(repeating: " ", count: offset - lo) + "^"
}

/// `motionlab path`: builds a path's sample table and prints what it measured.
struct PathInfo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "path",
        abstract: "Sample an SVG path and print its length and points as JSON.",
        discussion: """
        Prints {"length":…,"samples":…,"subpaths":…,"points":[{"f":…,"x":…,"y":…,"tx":…,"ty":…}]} \
        where f is a fraction of the total arc length and (tx, ty) the unit tangent there. \
        Points between samples lie on the true curve (see docs/how-it-works.md, Exact points). \
        Invalid path data exits with code 2 and names the character offset.
        """
    )

    @Option(help: "SVG path data, e.g. 'M0 0 A50 50 0 1 1 0 1 Z'.")
    var svg: String?

    @Option(help: "A file holding SVG path data, or an SVG document (its first path's d attribute).")
    var pathFile: String?

    @Option(parsing: .unconditional, help: "Arc-length spacing of the samples, in points (at least 0.001).")
    var spacing: Double = 1

    @Option(parsing: .unconditional, help: "Fractions of the length to report, comma-separated (default 0,0.25,0.5,0.75,1).")
    var at: String = "0,0.25,0.5,0.75,1"

    @Option(parsing: .unconditional, help: "Report points this many points along the left normal of the direction of travel (y down), with the offset curve's tangent.")
    var offset: Double = 0

    func run() throws {
        do {
            // Named as given: the table would otherwise sample at its minimum and quote that.
            guard spacing >= SampleTable.minSpacing, spacing.isFinite else {
                throw CommandError.usage("--spacing must be at least \(SampleTable.minSpacing) points (SampleTable.minSpacing), "
                                         + "and above that any spacing within SampleTable.maxSamples; got \(spacing)")
            }
            guard offset.isFinite else { throw CommandError.usage("--offset must be a finite number, got \(offset)") }
            guard (svg == nil) != (pathFile == nil) else { throw CommandError.usage("give exactly one of --svg and --path-file") }
            let fractions: [Double]
            switch OptionValues.parseNumbers(at) {
            case .success(let f): fractions = f
            case .failure(let bad): throw CommandError.usage("--at: '\(bad.text)' is not a number")
            }
            let path = try loadCustomPath(svg: svg, file: pathFile, svgOption: "--svg")!
            let table: SampleTable
            do { table = try SampleTable(checking: path, spacing: spacing) } catch {
                throw CommandError.usage("\(svg != nil ? "--svg" : pathFile!): \(error.description)")
            }
            let points: [JSONValue] = fractions.map { f in
                let (p, t) = table.offsetPointAndTangent(atDistance: f * table.length, offset: offset)
                return .object([("f", JSONValue(f)), ("x", JSONValue(p.x)), ("y", JSONValue(p.y)),
                                ("tx", JSONValue(t.x)), ("ty", JSONValue(t.y))])
            }
            let out: JSONValue = .object([
                ("length", JSONValue(table.length)), ("samples", JSONValue(table.count)),
                ("subpaths", JSONValue(table.runs.count)), ("points", .array(points)),
            ])
            StandardStream.output.line(out.serialized())
        } catch let e as CommandError {
            StandardStream.error.write("motionlab path: \(e.description)\n")
            throw ExitCode(2)
        }
    }
}
