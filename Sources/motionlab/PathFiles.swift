import Engine
import Foundation
import Geometry
import MotionSDL
import Paths
import Scenes

/// Writes the path scene's edits back into the `--path-file` they came from: through a
/// link, never over anything but a regular file, keeping the file's identity
/// (`DocumentFile.save`). An SVG document keeps every byte but the shown `<path>`'s `d`
/// value (`SVGDocument`); a file of bare path data becomes the new data, its own ending kept. In
/// the data, the commands the edit did not change keep their text (`SVGPathSource`). A
/// file changed on disk since it was read (or last saved) is not saved over: the edit stays
/// in the scene, and Export still works.
final class PathFileWriter {
    let file: DocumentFile
    /// Where a save that could not be made is counted, for the run's exit status.
    let failures: FailedWrites
    /// The file's text when loaded, and the element whose `d` is the path (nil: bare data).
    let original: String
    let element: SVGDocument.PathElement?
    /// What the file holds, as far as this program knows: what it read, then what it saved.
    private var onDisk: DocumentFile.Expected

    init(path: String, text: String, element: SVGDocument.PathElement?, failures: FailedWrites) {
        self.failures = failures
        file = DocumentFile(url: URL(fileURLWithPath: path), readLimit: (maxPathFileBytes, "maxPathFileBytes"))
        original = text
        self.element = element
        onDisk = .text(text)
    }

    /// Bare path data: the file without a byte-order mark before it.
    var bare: String { original.hasPrefix("\u{FEFF}") ? String(original.dropFirst()) : original }

    /// The file's new text for path data `d`. Bare data keeps the file's byte-order mark and
    /// what ends it (a CRLF, a newline, nothing), rather than having a newline added to it.
    func text(for d: String) -> String {
        guard let element else {
            let bom = original.hasPrefix("\u{FEFF}") ? "\u{FEFF}" : ""
            let ending = String(original.reversed().prefix { $0.isWhitespace }.reversed())
            let body = String(d.reversed().drop { $0.isWhitespace }.reversed())
            return bom + body + ending
        }
        return SVGDocument.replacing(element, with: d, in: original)
    }

    /// The edited data `d` (the document's coordinates) in the element's own: its
    /// transforms undone; nil when they cannot be (a transform that flattens the shape).
    func local(_ d: String) -> String? {
        guard let element, element.transform != Geometry.AffineTransform.identity else { return d }
        guard let inverse = element.transform.inverted, let p = try? Path(svg: d) else { return nil }
        return p.applying(inverse).svgData
    }

    /// Saves `d`; returns what to tell the user when it could not.
    func save(_ d: String) -> String? {
        // Said on standard error too, as every failed save is (a headless run showed these
        // two only in the status line: a tour).
        func refuse(_ message: String) -> String {
            StandardStream.error.line("motionlab: \(message)")
            failures.note()
            return message
        }
        if let use = element?.throughUse {
            return refuse("not saved: the shape shown is #\(echo(use, limit: 40)) drawn through <use>; edit it with --path-id \(echo(use, limit: 40))")
        }
        guard let local = local(d) else { return refuse("not saved: the shape's transform cannot be undone (it flattens the shape)") }
        // What the edit did not touch keeps the file's own text (relative commands, "0.10").
        let d = SVGPathSource.merge(local, keepingSourceOf: element?.data ?? bare)
        // Only what `--path-file` reads back is written: a file the program then refused to
        // load would lose the user's path.
        do { _ = try Path(svg: d) } catch {
            return refuse("not saved to \(echo(file.url.path, limit: 80)): the edited path would not read back (\(error.description)); the file is as it was")
        }
        do { onDisk = try file.save(text(for: d), over: onDisk) } catch {
            return refuse("could not save \(echo(file.url.path, limit: 80)): \(error.description); the file is as it was")
        }
        return nil
    }
}

/// Export from the path scene: the SVG data on standard output, and a small SVG document
/// (which `--path-file` reads back) in `--export FILE`, or else, in a session with a
/// window, under a new name in `$XDG_DATA_HOME/motionlab/exports/` (never over a file).
struct PathExporter {
    var file: String?
    var folder: URL?
    /// Where an export that could not be written is counted, for the run's exit status.
    let failures: FailedWrites

    func export(_ d: String) -> PathExport {
        StandardStream.output.write(d + "\n")
        let document = Self.svgDocument(d)
        if let file {
            do { try FilePolicy.write(document, to: file) } catch {
                // Said on standard error too: a scripted or headless run shows no bar.
                StandardStream.error.line("motionlab: export: \(error.description)")
                failures.note()
                return PathExport(said: "exported to standard output; \(error.description)", kept: false)
            }
            // A device or a pipe (/dev/null) keeps nothing (a review).
            var kept = false
            if case .replace? = try? FilePolicy.destination(for: file) { kept = true }
            return PathExport(said: "exported to \(echo(file, limit: 80)) and standard output", kept: kept, overwrites: true)
        }
        guard let folder else { return PathExport(said: "exported to standard output", kept: false) }
        do { return PathExport(said: "exported to \(echo(try Self.writeNew(document, in: folder), limit: 80)) and standard output", kept: true) } catch {
            let why = (error as? FilePolicy.Refusal)?.description ?? "\(error)"
            StandardStream.error.line("motionlab: export: \(why)")
            failures.note()
            return PathExport(said: "exported to standard output; \(why)", kept: false)
        }
    }

    /// A minimal SVG document around path data `d`, its view box the path's control bounds.
    static func svgDocument(_ d: String) -> String {
        let b = (try? Path(svg: d))?.controlBounds ?? Rect(x: 0, y: 0, w: 1, h: 1)
        let pad = max(1, max(b.width, b.height) * 0.05)
        func n(_ v: Double) -> String { Path.shortNumber(v) }
        return """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="\(n(b.minX - pad)) \(n(b.minY - pad)) \(n(b.width + 2 * pad)) \(n(b.height + 2 * pad))">
          <path d="\(d)" fill="none" stroke="black"/>
        </svg>

        """
    }

    /// Writes `text` to `path-YYYYMMDD-HHMMSS[-N].svg` in `folder`, created for this write
    /// (O_EXCL: an existing name is never opened). Returns its path.
    static func writeNew(_ text: String, in folder: URL) throws -> String {
        try FilePolicy.makeFolder(folder.path)
        try FilePolicy.checkNewFile(in: folder.path)
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyyMMdd-HHmmss"
        let stem = "path-\(f.string(from: Date()))"
        for k in 0..<1000 {
            let path = folder.appendingPathComponent(k == 0 ? "\(stem).svg" : "\(stem)-\(k).svg").path
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
            if fd < 0 {
                let code = errno
                if code == EEXIST { continue }
                throw FilePolicy.Refusal("\(echo(path, limit: 200)): cannot create it: \(String(cString: strerror(code)).lowercased())")
            }
            defer { close(fd) }
            if let code = FilePolicy.writeAll(Array(text.utf8)[...], to: fd) {
                unlink(path)
                throw FilePolicy.Refusal("\(echo(path, limit: 200)): cannot write it: \(String(cString: strerror(code)).lowercased())")
            }
            return path
        }
        throw FilePolicy.Refusal("\(echo(folder.path, limit: 200)): no free name for an export")
    }
}

/// The writes of a run's own files that failed while the run went on — an Export, a save
/// back into `--path-file` — each said on standard error when it happened. A run with any
/// exits 2 at its end, so a script can tell (a tour's export to a full disk exited 0).
final class FailedWrites {
    private(set) var count = 0
    func note() { count += 1 }
}
