import Foundation
import MotionCore

/// The board's sheet on disk: loaded at start, saved after every change, never lost.
///
/// Saves are atomic: the new text goes to a temporary file in the same directory, is flushed
/// to disk, and replaces the old file with one `rename` (atomic on POSIX file systems), then
/// the directory is flushed. A crash at any point leaves either the old file or the new one.
/// A file that cannot be read as a sheet is never overwritten: it is moved aside under a
/// timestamped name in the same directory and reported.
public struct SheetFile: Sendable {
    public let url: URL

    public init(url: URL) { self.url = url }

    /// `$XDG_DATA_HOME/motionlab/sheet.json`, or `~/.local/share/motionlab/sheet.json`.
    public static func defaultURL() -> URL {
        let env = ProcessInfo.processInfo.environment
        let base = env["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".local/share")
        return base.appendingPathComponent("motionlab/sheet.json")
    }

    /// What loading found.
    public struct Loaded {
        public var document: SheetDocument
        /// Set when the file was unreadable or corrupt: what was wrong and where it went.
        public var problem: String?
    }

    /// Loads the sheet. A missing file gives the empty sheet; a corrupt one is moved aside.
    public func load(knownChords: [String]) -> Loaded {
        let fm = FileManager.default
        guard fm.fileExists(atPath: url.path) else { return Loaded(document: .empty) }
        let problem: String
        do {
            let data = try Data(contentsOf: url)
            guard let text = String(data: data, encoding: .utf8) else {
                throw SheetError(description: "not UTF-8 text")
            }
            return Loaded(document: try SheetDocument.parse(text, knownChords: knownChords))
        } catch let e as SheetError {
            problem = e.description
        } catch {
            problem = "cannot read it: \(error.localizedDescription)"
        }
        let aside = moveAside()
        let where_ = aside.map { "moved aside to \($0.lastPathComponent)" } ?? "left in place (could not move it)"
        return Loaded(document: .empty, problem: "\(url.lastPathComponent): \(problem); \(where_), starting an empty sheet")
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

    /// Writes the sheet atomically. Throws, leaving the old file as it was, if anything fails.
    public func save(_ doc: SheetDocument) throws {
        let dir = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let bytes = Array(doc.serialized().utf8)
        var template = Array(dir.appendingPathComponent(".\(url.lastPathComponent).XXXXXX").path.utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw SaveError("cannot create a temporary file in \(dir.path): \(String(cString: strerror(errno)))") }
        let tmp = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var ok = false
        defer {
            if !ok { unlink(tmp) }
        }
        // For tests: die half-way through writing, as a crash or power cut would.
        let crash = ProcessInfo.processInfo.environment["MOTIONLAB_CRASH_DURING_SAVE"] == "1"
        let toWrite = crash ? bytes.count / 2 : bytes.count
        var written = 0
        while written < toWrite {
            let n = bytes[written..<toWrite].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard n > 0 else {
                close(fd)
                throw SaveError("writing \(tmp): \(String(cString: strerror(errno)))")
            }
            written += n
        }
        if crash { abort() }
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
