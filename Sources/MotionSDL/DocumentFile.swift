import Engine
import Foundation
import Geometry

/// A document on disk (the board's sheet): loaded at start, saved after every change, never
/// lost.
///
/// Saves are atomic: the new text goes to a temporary file in the same directory, is flushed
/// to disk, and replaces the old file with one `rename` (atomic on POSIX file systems), then
/// the directory is flushed. A crash at any point leaves either the old file or the new one.
/// A file that cannot be read as a sheet is never overwritten: it is moved aside under a
/// timestamped name in the same directory and reported.
public struct DocumentFile: Sendable {
    public let url: URL

    public init(url: URL) { self.url = url }

    /// `$XDG_DATA_HOME/motionlab/sheet.json`, or `~/.local/share/motionlab/sheet.json`.
    public static func defaultSheetURL() -> URL {
        let env = ProcessInfo.processInfo.environment
        let base = env["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".local/share")
        return base.appendingPathComponent("motionlab/sheet.json")
    }

    /// What loading found.
    public struct Loaded<Document> {
        public var document: Document
        /// Set when the file was unreadable or corrupt: what was wrong and where it went.
        public var problem: String?
    }

    /// Loads the document with `parse`, whose errors describe what is wrong and where. A
    /// missing file gives `empty`; one that cannot be read or parsed is moved aside and
    /// reported, and `empty` is returned (`noun` names it in the report: "an empty sheet").
    public func load<Document>(empty: Document, noun: String,
                               parse: (String) throws -> Document) -> Loaded<Document> {
        guard FileManager.default.fileExists(atPath: url.path) else { return Loaded(document: empty) }
        let problem: String
        do {
            let data = try Data(contentsOf: url)
            if let text = String(data: data, encoding: .utf8) {
                do { return Loaded(document: try parse(text)) } catch { problem = "\(error)" }
            } else {
                problem = "not UTF-8 text"
            }
        } catch {
            problem = "cannot read it: \(error.localizedDescription)"
        }
        let aside = moveAside()
        let where_ = aside.map { "moved aside to \($0.lastPathComponent)" } ?? "left in place (could not move it)"
        return Loaded(document: empty, problem: "\(url.lastPathComponent): \(problem); \(where_), starting an empty \(noun)")
    }

    /// Moves the current file to `NAME.corrupt-YYYYMMDD-HHMMSS[-N].json` beside it.
    func moveAside() -> URL? {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyyMMdd-HHmmss"
        let stem = url.deletingPathExtension().lastPathComponent
        let dir = url.deletingLastPathComponent()
        var n = 0
        while true {
            let suffix = n == 0 ? "" : "-\(n)"
            let target = dir.appendingPathComponent("\(stem).corrupt-\(f.string(from: Date()))\(suffix).json")
            if !FileManager.default.fileExists(atPath: target.path) {
                return rename(url.path, target.path) == 0 ? target : nil
            }
            n += 1
        }
    }

    /// Writes `text` atomically. Throws, leaving the old file as it was, if anything fails.
    public func save(_ text: String) throws {
        let dir = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let bytes = Array(text.utf8)
        var template = Array(dir.appendingPathComponent(".\(url.lastPathComponent).XXXXXX").path.utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw SaveError("cannot create a temporary file in \(dir.path): \(String(cString: strerror(errno)))") }
        let tmp = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var ok = false
        defer {
            if !ok { unlink(tmp) }
        }
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard n > 0 else {
                close(fd)
                throw SaveError("writing \(tmp): \(String(cString: strerror(errno)))")
            }
            written += n
        }
        guard fsync(fd) == 0 else {
            close(fd)
            throw SaveError("flushing \(tmp): \(String(cString: strerror(errno)))")
        }
        close(fd)
        fchmodPermissions(tmp)
        guard rename(tmp, url.path) == 0 else { throw SaveError("replacing \(url.path): \(String(cString: strerror(errno)))") }
        ok = true
        let dfd = open(dir.path, O_RDONLY)
        if dfd >= 0 {
            fsync(dfd)
            close(dfd)
        }
    }

    /// mkstemp makes the file private (0600); a sheet is an ordinary document (0644 less umask).
    private func fchmodPermissions(_ path: String) {
        let mask = umask(0)
        umask(mask)
        chmod(path, 0o666 & ~mask)
    }

    public struct SaveError: Error, CustomStringConvertible {
        public let description: String
        init(_ d: String) { description = d }
    }
}
