import ArgumentParser
import Engine
import Foundation
import Geometry
import MotionSDL
import Paths

/// The largest path file read (an SVG document at `PathLimits.maxSegments`, a million
/// segments, is about 20 MB; 64 MiB leaves room for long numbers and markup).
let maxPathFileBytes = 64 << 20

/// Reads `--path` / `--path-file` into a Path, or reports where the data is wrong (exit 2).
/// In an SVG document, the path is the element `pathID` names, else the first one drawn.
func loadCustomPath(svg: String?, file: String?, text: String? = nil, pathID: String? = nil, svgOption: String = "--path") throws -> Path? {
    var data = svg
    var origin = svgOption
    var transform = Geometry.AffineTransform.identity
    // Where in the file a `<path>`'s data stands, to say where an error in it is.
    var inFile: (text: String, range: Range<Int>)?
    if let file {
        // (Its name as the messages show it: a control character in it reaches no terminal raw.)
        origin = echo(file, limit: 200)
        // (`text`: the file's text, when the caller has read it already.)
        let fileText = try text ?? readTextFile(file, limit: maxPathFileBytes, limitName: "maxPathFileBytes")
        let found = try pathData(in: fileText, file: file, id: pathID)
        data = found.data
        transform = found.element?.transform ?? Geometry.AffineTransform.identity
        inFile = found.element?.dataRange.map { (fileText, $0) }
    }
    guard let data else { return nil }
    do {
        // A shape of an SVG document is drawn where its transforms put it.
        var p = try Path(svg: data)
        if transform != Geometry.AffineTransform.identity {
            // A transform whose numbers are not finite, or that flattens the shape to a line
            // or a point (scale(0): drawn as nothing, and exported as a path the file does not
            // hold), is refused; so is one that takes a point past the largest double (its
            // points were dropped and scale(1e308) gave an empty path, exit 0: a hostile tour).
            let t = transform
            guard [t.a, t.b, t.c, t.d, t.tx, t.ty, t.determinant].allSatisfy(\.isFinite) else {
                throw CommandError.usage("\(origin): the shape's transforms scale it past the largest number a double holds")
            }
            guard t.determinant != 0 else {
                throw CommandError.usage("\(origin): the shape's transform flattens it to a line or a point (its determinant is 0): it draws no area")
            }
            let moved = p.applying(t)
            guard moved.rejectedElements == 0 else {
                throw CommandError.usage("\(origin): the shape's transforms put it outside ±\(Int(PathLimits.maxCoordinate)), the coordinate limit (PathLimits.maxCoordinate)")
            }
            p = moved
            try checkCoordinates(p, origin: origin)
        }
        // A path has subpaths exactly when it has elements (each starts with a move); asking
        // for `subpaths` would build every segment once more only to count them.
        guard !p.isEmpty else { throw CommandError.usage("\(origin): the path data draws nothing") }
        return p
    } catch let e as SVGPathError {
        let place = inFile.flatMap { filePlace(of: e.offset, in: data, at: $0.range, of: $0.text) }.map { "line \($0.line), column \($0.column), " } ?? ""
        throw CommandError.usage("\(origin): \(place)\(e.description)\n  \(excerpt(data, at: e.offset))")
    }
}

/// The line and column (from 1; columns in characters) in a document's `text` of byte
/// `offset` of path data `data` that stands at byte `range` of it — when it stands there as
/// written (no character reference in it), else nil.
func filePlace(of offset: Int, in data: String, at range: Range<Int>, of text: String) -> (line: Int, column: Int)? {
    let bytes = Array(text.utf8)
    guard range.upperBound <= bytes.count, bytes[range].elementsEqual(data.utf8) else { return nil }
    let at = range.lowerBound + min(max(0, offset), range.count)
    let lineStart = bytes[..<at].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
    let line = bytes[..<at].count { $0 == UInt8(ascii: "\n") } + 1
    return (line, String(decoding: bytes[lineStart..<at], as: UTF8.self).count + 1)
}

/// Refuses a path that its transforms took past `PathLimits.maxCoordinate`.
func checkCoordinates(_ p: Path, origin: String) throws {
    let b = p.controlBounds, m = PathLimits.maxCoordinate
    guard [b.minX, b.minY, b.maxX, b.maxY].allSatisfy({ $0.isFinite && abs($0) <= m }) else {
        throw CommandError.usage("\(origin): the shape's transforms put it outside ±\(Int(m)), the coordinate limit (PathLimits.maxCoordinate)")
    }
}

/// The path data of a path file: all of it when it is bare data, else the chosen shape of
/// the SVG document (`SVGDocument`: its first drawn one, or the one `id` names) as path data
/// in its own coordinates, and that element, for its transform and for writing back into it.
func pathData(in text: String, file: String, id: String?) throws -> (data: String, element: SVGDocument.PathElement?) {
    let file = echo(file, limit: 200)
    guard SVGDocument.isDocument(text) else {
        if let id { throw CommandError.usage("\(file): --path-id \(echo(id)) names an element, but the file is bare path data") }
        // A byte-order mark some editors put first is not path data.
        return (text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text, nil)
    }
    let document: SVGDocument
    do { document = try SVGDocument(text) } catch { throw CommandError.usage("\(file): \(error.description)") }
    guard let element = document.path(id: id) else {
        if let id { throw CommandError.usage("\(file): no shape (path, rect, circle, ellipse, line, polyline, polygon) with id \"\(echo(id))\"") }
        let sizeless = document.paths.filter { !$0.hasSize }, hidden = document.paths.count - sizeless.count
        var why: [String] = []
        if let first = sizeless.first {
            why.append("\(sizeless.count == 1 ? "a <\(first.name)>" : "\(sizeless.count) shapes") of no size (a zero or negative width, height or radius), which SVG does not draw")
        }
        if hidden > 0 { why.append("\(hidden) in <defs>, <marker> and the like, which are not drawn; pick one with --path-id") }
        throw CommandError.usage("\(file): no drawn shape in the document\(why.isEmpty ? "" : " (" + why.joined(separator: "; ") + ")")")
    }
    return (element.data, element)
}

/// The text around `offset` with a caret under it.
func excerpt(_ text: String, at offset: Int) -> String {
    let bytes = Array(text.utf8)
    let lo = max(0, offset - 30), hi = min(bytes.count, offset + 30)
    // Control characters shown as a middle dot (a NUL printed as nothing, a tab or return
    // moved the caret), and the caret under the character, not under its byte count.
    func shown(_ part: ArraySlice<UInt8>) -> String {
        String(String.UnicodeScalarView(String(decoding: part, as: UTF8.self).unicodeScalars.map {
            $0.properties.generalCategory == .control ? "·" : $0
        }))
    }
    let before = shown(bytes[lo..<min(max(lo, offset), hi)])
    return shown(bytes[lo..<hi]) + "\n  " + String(repeating: " ", count: before.count) + "^"
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

    @Option(help: "A file holding SVG path data, or an SVG document (its first drawn <path>, or the one --path-id names).")
    var pathFile: String?

    @Option(help: "With --path-file, the id of the SVG document's <path> to measure.")
    var pathId: String?

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
            // Fractions of the length: one outside 0…1 was clamped and echoed as given
            // ("f":1e+308 at the end's point: a hostile tour).
            if let outside = fractions.first(where: { !(0...1).contains($0) }) {
                throw CommandError.usage("--at: \(outside) is not a fraction of the length (0…1)")
            }
            let path = try loadCustomPath(svg: svg, file: pathFile, pathID: pathId, svgOption: "--svg")!
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
