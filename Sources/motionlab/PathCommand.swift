import ArgumentParser
import Engine
import Foundation
import Geometry
import Paths
import Scenes

/// The largest path file read (an SVG document with two million segments is about 40 MB).
let maxPathFileBytes = 64 << 20

/// Reads `--path` / `--path-file` into a Path, or reports where the data is wrong (exit 2).
func loadCustomPath(svg: String?, file: String?, svgOption: String = "--path") throws -> Path? {
    var data = svg
    var origin = svgOption
    if let file {
        origin = file
        data = extractPathData(try readTextFile(file, limit: maxPathFileBytes, limitName: "maxPathFileBytes"))
    }
    guard let data else { return nil }
    do {
        let p = try Path(svg: data)
        guard !p.subpaths.isEmpty else { throw CommandError.usage("\(origin): the path data draws nothing") }
        return p
    } catch let e as SVGPathError {
        throw CommandError.usage("\(origin): \(e.description)\n  \(excerpt(data, at: e.offset))")
    }
}

/// The first `d="…"` of an SVG document, or the text itself when it is bare path data.
func extractPathData(_ text: String) -> String {
    guard text.contains("<svg") || text.contains("<path"), let r = text.range(of: " d=\"") else { return text }
    let rest = text[r.upperBound...]
    return String(rest.prefix { $0 != "\"" })
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
        Points between samples lie on the true curve (see the README's error bound). \
        Invalid path data exits with code 2 and names the character offset.
        """
    )

    @Option(help: "SVG path data, e.g. 'M0 0 A50 50 0 1 1 0 1 Z'.")
    var svg: String?

    @Option(help: "A file holding SVG path data, or an SVG document (its first path's d attribute).")
    var pathFile: String?

    @Option(help: "Arc-length spacing of the samples, in points.")
    var spacing: Double = 1

    @Option(help: "Fractions of the length to report, comma-separated (default 0,0.25,0.5,0.75,1).")
    var at: String = "0,0.25,0.5,0.75,1"

    @Option(parsing: .unconditional, help: "Report points this many points along the left normal of the direction of travel (y down), with the offset curve's tangent.")
    var offset: Double = 0

    func run() throws {
        do {
            guard spacing > 0, spacing.isFinite else { throw CommandError.usage("--spacing must be positive, got \(spacing)") }
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
            print(out.serialized())
        } catch let e as CommandError {
            FileHandle.standardError.write(Data("motionlab path: \(e.description)\n".utf8))
            throw ExitCode(2)
        }
    }
}

/// The text of a file, refused before it is read when larger than `limit` bytes, with a
/// message that says which file, its size and the limit; a read error says why in words.
func readTextFile(_ path: String, limit: Int, limitName: String) throws -> String {
    let size: Int
    do {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        if (attributes[.type] as? FileAttributeType) == .typeDirectory { throw CommandError.usage("\(path): is a folder, not a file") }
        size = (attributes[.size] as? NSNumber)?.intValue ?? 0
    } catch let e as CommandError {
        throw e
    } catch {
        throw CommandError.usage("\(path): cannot read: \(describe(error))")
    }
    guard size <= limit else {
        throw CommandError.usage("\(path): \(size) bytes is more than the limit of \(limit) (\(limitName))")
    }
    guard let handle = FileHandle(forReadingAtPath: path) else { throw CommandError.usage("\(path): cannot read: permission denied") }
    defer { try? handle.close() }
    let data = (try? handle.read(upToCount: limit + 1)) ?? Data()
    guard data.count <= limit else { throw CommandError.usage("\(path): more than the limit of \(limit) bytes (\(limitName))") }
    guard let text = String(data: data, encoding: .utf8) else { throw CommandError.usage("\(path): is not UTF-8 text") }
    return text
}

/// An error in words, without Foundation's raw NSError dump.
func describe(_ error: Error) -> String {
    let ns = error as NSError
    if ns.domain == NSCocoaErrorDomain {
        switch ns.code {
        case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return "no such file"
        case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return "permission denied"
        case NSFileWriteOutOfSpaceError: return "the disk is full"
        case NSFileWriteVolumeReadOnlyError: return "the volume is read-only"
        default: break
        }
    }
    if ns.domain == NSPOSIXErrorDomain, let text = strerror(Int32(ns.code)) { return String(cString: text).lowercased() }
    if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError { return describe(underlying) }
    // The project's own errors describe themselves.
    if ns.domain != NSCocoaErrorDomain { return String(describing: error) }
    return ns.localizedDescription
}

/// Checks that `path` can be written: not a folder, in a folder that exists and is
/// writable (and, if it exists, writable itself). Thrown as a usage error (exit 2).
func checkWritable(_ path: String, option: String) throws {
    let fm = FileManager.default
    var isDir: ObjCBool = false
    if fm.fileExists(atPath: path, isDirectory: &isDir) {
        guard !isDir.boolValue else { throw ValidationError("\(option) \(path): is a folder, not a file") }
        guard fm.isWritableFile(atPath: path) else { throw ValidationError("\(option) \(path): the file is not writable") }
        return
    }
    let dir = (path as NSString).deletingLastPathComponent
    let folder = dir.isEmpty ? "." : dir
    guard fm.fileExists(atPath: folder, isDirectory: &isDir), isDir.boolValue else {
        throw ValidationError("\(option) \(path): the folder \(folder) does not exist")
    }
    guard fm.isWritableFile(atPath: folder) else { throw ValidationError("\(option) \(path): the folder \(folder) is not writable") }
}

/// Checks that `path` is a readable BMP file (it starts with "BM").
func checkBMP(_ path: String, option: String) throws {
    guard let handle = FileHandle(forReadingAtPath: path) else { throw ValidationError("\(option) \(path): no such readable file") }
    defer { try? handle.close() }
    let magic = (try? handle.read(upToCount: 2)) ?? Data()
    guard magic == Data("BM".utf8) else { throw ValidationError("\(option) \(path): not a BMP image (it does not start with \"BM\")") }
}
