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

    /// The largest document read (a sheet is a few kilobytes).
    public static let maxBytes = 16 << 20

    /// What loading found.
    public struct Loaded<Document> {
        public var document: Document
        /// Set when the file was unreadable or corrupt: what was wrong and where it went.
        public var problem: String?
        /// False when the file is there but could not be read (permissions, too large, a
        /// folder): it is left as it is, and this session must not save over it.
        public var mayOverwrite = true
    }

    /// Loads the document with `parse`, whose errors describe what is wrong and where. A
    /// missing file gives `empty`. One whose content cannot be parsed is moved aside and
    /// reported, and `empty` is returned (`noun` names it in the report: "an empty sheet").
    /// One that cannot be read at all is reported and left alone, and `mayOverwrite` is false.
    /// Temporary files left by a save that was killed midway are removed. A symbolic link
    /// is followed, here and when saving.
    public func load<Document>(empty: Document, noun: String,
                               parse: (String) throws -> Document) -> Loaded<Document> {
        removeStaleTemporaries()
        let target = resolvedPath()
        var st = stat()
        guard lstat(target, &st) == 0 else {
            if errno == ENOENT { return Loaded(document: empty) }
            return unreadable(empty, noun, String(cString: strerror(errno)).lowercased())
        }
        if (st.st_mode & S_IFMT) == S_IFDIR { return unreadable(empty, noun, "it is a folder") }
        if Int(st.st_size) > Self.maxBytes {
            return unreadable(empty, noun, "\(st.st_size) bytes is more than the limit of \(Self.maxBytes) (DocumentFile.maxBytes)")
        }
        let fd = open(target, O_RDONLY)
        guard fd >= 0 else { return unreadable(empty, noun, String(cString: strerror(errno)).lowercased()) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count <= Self.maxBytes {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else {
                let why = String(cString: strerror(errno)).lowercased()
                close(fd)
                return unreadable(empty, noun, why)
            }
            if n == 0 { break }
            bytes += chunk[0..<n]
        }
        close(fd)
        let problem: String
        if let text = String(validating: bytes, as: UTF8.self) {
            do { return Loaded(document: try parse(text)) } catch { problem = "\(error)" }
        } else {
            problem = "not UTF-8 text"
        }
        let aside = moveAside()
        let where_ = aside.map { "moved aside to \($0.lastPathComponent)" } ?? "left in place (could not move it)"
        return Loaded(document: empty, problem: "\(url.lastPathComponent): \(problem); \(where_), starting an empty \(noun)")
    }

    private func unreadable<Document>(_ empty: Document, _ noun: String, _ why: String) -> Loaded<Document> {
        Loaded(document: empty,
               problem: "\(url.lastPathComponent): cannot read it: \(why); left as it is, and this session's changes are not saved over it",
               mayOverwrite: false)
    }

    /// The path the document really lives at: `url`, with symbolic links followed (even to a
    /// file that does not exist yet), so a save replaces the target and the link stays.
    func resolvedPath() -> String {
        var path = url.path
        for _ in 0..<32 {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(path, &buffer, buffer.count - 1)
            guard n > 0 else { return path }
            let link = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            path = link.hasPrefix("/") ? link : (path as NSString).deletingLastPathComponent + "/" + link
        }
        return path
    }

    /// Deletes `.NAME.XXXXXX` files beside the document: what a save leaves if it is killed
    /// between creating its temporary file and renaming it.
    func removeStaleTemporaries() {
        let target = URL(fileURLWithPath: resolvedPath())
        let dir = target.deletingLastPathComponent()
        let prefix = ".\(target.lastPathComponent)."
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else { return }
        for name in names where name.hasPrefix(prefix) && name.count == prefix.count + 6 {
            unlink(dir.appendingPathComponent(name).path)
        }
    }

    /// Moves the current file to `NAME.corrupt-YYYYMMDD-HHMMSS[-N].json` beside it.
    func moveAside() -> URL? {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyyMMdd-HHmmss"
        let url = URL(fileURLWithPath: resolvedPath())
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

    /// Writes `text` atomically. Throws, leaving the old file as it was and no temporary
    /// file behind, if anything fails. A symbolic link is written through: its target is
    /// replaced and the link stays a link.
    public func save(_ text: String) throws {
        let url = URL(fileURLWithPath: resolvedPath())
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
