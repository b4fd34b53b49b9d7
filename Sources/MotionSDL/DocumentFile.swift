import CFileIdentity
import Foundation

/// A document on disk (the board's sheet): loaded at start, saved after every change, never
/// lost, and never a file that is not one.
///
/// Everything goes through the `FilePolicy`. Saves are atomic (`OutputFile`: a temporary
/// beside the file, flushed, renamed over it), and a symbolic link is read and written
/// through, so the link stays a link and its target is replaced in its own folder.
///
/// What loading does with what it finds:
/// - nothing: the empty document, saved on the first change;
/// - a document that parses: it;
/// - a damaged document of this kind (`recognise` says it is one) that is a regular file
///   reached without a link, and that a new file can stand in for (`keptInPlace`): moved
///   aside under a new name in its own folder and reported, and the empty document is
///   started and saved;
/// - anything else — not a regular file, unreadable, too large, not this kind of document,
///   a newer version, or a damaged one behind a link, read-only, hard-linked, another
///   user's or with attributes of its own: reported and left exactly as it is, and this
///   session does not save over it.
///
/// A save can say what it expects to find (`save(_:over:)`, with what `load` found and then
/// what the last save wrote), so that a change made to the file outside this program since
/// then — another editor, another session — is refused rather than saved over.
public struct DocumentFile: Sendable {
    /// Where the document is kept (a symbolic link there is read and written through).
    public let url: URL

    /// Whether a save may make the document's folder when it is not there: true for the
    /// program's own data folder, false for a file the user named, whose folder vanishing is
    /// reported rather than made again.
    public let makesFolder: Bool

    /// The largest file its reader takes, and its name in messages: `load` reads no more, and
    /// `save` refuses text past it (saved, it could not be read back).
    public let readLimit: (bytes: Int, name: String)

    /// The document at `url`; nothing is read or written until `load` or `save`. `readLimit`:
    /// the sheet's and songs' `maxBytes` unless its reader takes another.
    public init(url: URL, makesFolder: Bool = false, readLimit: (bytes: Int, name: String) = (maxBytes, "DocumentFile.maxBytes")) {
        self.url = url
        self.makesFolder = makesFolder
        self.readLimit = readLimit
    }

    /// `$XDG_DATA_HOME/motionlab/sheet.json`, or `~/.local/share/motionlab/sheet.json`. A
    /// relative `XDG_DATA_HOME` is ignored, as the XDG Base Directory spec says.
    public static func defaultSheetURL() -> URL {
        defaultSheetURL(environment: ProcessInfo.processInfo.environment, home: NSHomeDirectory())
    }

    static func defaultSheetURL(environment env: [String: String], home: String) -> URL {
        let base = env["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
            ?? URL(fileURLWithPath: home).appendingPathComponent(".local/share")
        return base.appendingPathComponent("motionlab/sheet.json")
    }

    /// The largest document read (a sheet is a few kilobytes).
    public static let maxBytes = 16 << 20

    /// What a save expects the file to hold: what this program last read there or wrote.
    public enum Expected: Sendable, Equatable {
        /// No file.
        case nothing
        /// This text, byte for byte.
        case text(String)
    }

    /// What loading found.
    public struct Loaded<Document> {
        /// The document read, or the empty one when there was none or it could not be read.
        public var document: Document
        /// Set when the file was unreadable or damaged: what was wrong and what was done.
        public var problem: String?
        /// For a file left as it is (`mayOverwrite` false): what was wrong alone, for a
        /// reader with no session to save (an export).
        public var cause: String?
        /// False when the file is there but is not a document this session may replace: it
        /// is left as it is, and this session must not save over it.
        public var mayOverwrite = true
        /// The permissions a damaged file moved aside had: the file saved new in its place
        /// gets them (a private sheet stays private), not a new file's default.
        public var newFileMode: mode_t?
        /// What is on disk now, for the first `save(_:over:)`: nothing, or the text read
        /// (nothing after a damaged file was moved aside).
        public var found = Expected.nothing
    }

    /// Loads the document with `parse`, whose errors describe what is wrong and where, as the
    /// type's comment describes. `recognise` tells a damaged document of this kind from some
    /// other file; `noun` names the document in reports ("a new sheet").
    public func load<Document>(empty: Document, noun: String, recognise: (String) -> Bool = { _ in false },
                               parse: (String) throws -> Document) -> Loaded<Document> {
        let name = FilePolicy.shown(url.lastPathComponent)
        let target: String
        do { target = try FilePolicy.resolve(url.path) } catch { return leftAlone(empty, "\(error)") }
        FilePolicy.removeStaleTemporaries(for: target)
        var st = stat()
        guard stat(target, &st) == 0 else {
            if errno == ENOENT { return Loaded(document: empty) }
            return leftAlone(empty, "\(name): cannot read it: \(FilePolicy.errnoText())")
        }
        let text: String
        do { text = try FilePolicy.readText(target, limit: readLimit.bytes, limitName: readLimit.name) } catch {
            return leftAlone(empty, error.description)
        }
        let problem: String
        do { return Loaded(document: try parse(text), found: .text(text)) } catch { problem = "\(error)" }
        let viaLink = target != url.path
        guard recognise(text), !viaLink else {
            let what = viaLink ? "\(name) (a link to \(FilePolicy.shown(target)))" : name
            return leftAlone(empty, "\(what): \(problem); it is not a \(noun) this build can read")
        }
        // Moved aside, the file would keep its name and identity no more: a new file took
        // both. A hostile tour saw a read-only song renamed and a new read-only one made in
        // its place, and a hard link split in two.
        if let keep = Self.keptInPlace(target, st) {
            return leftAlone(empty, "\(name): \(problem); \(keep), so it is not moved aside")
        }
        guard let aside = moveAside(target) else {
            return leftAlone(empty, "\(name): \(problem); it could not be moved aside")
        }
        var moved = Loaded(document: empty,
                           problem: "\(name): \(problem); moved aside to \(FilePolicy.shown(aside)), starting a new \(noun)")
        moved.newFileMode = st.st_mode & 0o777
        return moved
    }

    /// Why the damaged file at `path` (`st`) must keep its place, or nil when a new file may
    /// take its name: one no save may replace (read-only, append-only, immutable, another
    /// user's), with other hard links, owned by another user (the new file would be this
    /// one's), or with extended attributes (the new file would have none).
    static func keptInPlace(_ path: String, _ st: stat) -> String? {
        if let refusal = OutputFile.refusal(for: path, streams: false) { return "no save may replace it (\(refusal.description))" }
        if st.st_nlink > 1 { return "it has \(st.st_nlink) hard links" }
        if st.st_uid != geteuid() { return "it belongs to another user" }
        if hasOwnAttributes(path) { return "it has extended attributes" }
        return nil
    }

    /// Whether the file at `path` has extended attributes a new file would not get: `user.*`,
    /// and `trusted.*` (root's). Not `security.*` (an SELinux label every file carries there,
    /// which a new file gets from its folder) nor `system.*` (POSIX ACLs, from the folder's
    /// default): with those counted, no damaged sheet would ever move aside on such systems.
    static func hasOwnAttributes(_ path: String) -> Bool {
        let size = listxattr(path, nil, 0)
        guard size > 0 else { return false }
        var names = [CChar](repeating: 0, count: size + 1)
        let got = listxattr(path, &names, size)
        guard got > 0 else { return false }
        return names[..<got].split(separator: 0).contains { name in
            let s = String(decoding: name.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return s.hasPrefix("user.") || s.hasPrefix("trusted.")
        }
    }

    private func leftAlone<Document>(_ empty: Document, _ what: String) -> Loaded<Document> {
        Loaded(document: empty, problem: "\(what); left as it is, and this session's changes are not saved over it",
               cause: what, mayOverwrite: false)
    }

    /// Renames the damaged file at `path` to `NAME.corrupt-YYYYMMDD-HHMMSS[-N].json` in its
    /// own folder, never over an existing name (`FilePolicy.move(_:to:)`).
    /// Returns the new name, or nil when it could not.
    func moveAside(_ path: String) -> String? {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyyMMdd-HHmmss"
        let dir = FilePolicy.folder(of: path)
        let stem = FilePolicy.stem(of: path)
        let stamp = f.string(from: Date())
        return FilePolicy.moveToFreeName(path, into: dir, tries: 1000) { n in "\(stem).corrupt-\(stamp)\(n == 1 ? "" : "-\(n - 1)").json" }
    }

    /// Writes `text` through the `FilePolicy` (never to a device or FIFO), keeping the file's
    /// identity or refusing (`OutputFile`). Throws, leaving the old file as it was and no
    /// temporary file behind, if anything fails.
    ///
    /// With `expected`, the file must still hold what it says, or be missing: a file changed
    /// (or made) since by anyone else is not saved over, and the refusal says so. It is
    /// checked before writing and again once the new content is on disk, just before it is
    /// renamed into place, so a change made while a large file is written is caught too. (A
    /// change in the instant between that last check and the rename is not: there is no
    /// lock. A file written in place, `OutputFile`'s way for one with other hard links or
    /// another user's, is checked once, just before its old content is copied aside and it
    /// is rewritten: a change landing while it is rewritten is written over.) Returns what
    /// the file holds now, for the next save to expect.
    /// A file made new (none was there) gets `newFileMode`, else a new file's default.
    ///
    /// Text longer than `readLimit` is refused: saved, it could not be read back.
    @discardableResult
    public func save(_ text: String, over expected: Expected? = nil, newFileMode: mode_t? = nil) throws(FilePolicy.Refusal) -> Expected {
        try save(text, over: expected, newFileMode: newFileMode, whileWriting: nil)
    }

    /// `save(_:over:newFileMode:)`, with `whileWriting` run once the new content is on disk
    /// and before the last check (for tests: another program's write, at the worst moment).
    func save(_ text: String, over expected: Expected?, newFileMode: mode_t?, whileWriting: (() -> Void)?) throws(FilePolicy.Refusal) -> Expected {
        let size = text.utf8.count
        guard size <= readLimit.bytes else {
            throw FilePolicy.Refusal("\(FilePolicy.shown(url.lastPathComponent)) would be \(size) bytes, more than the \(readLimit.bytes >> 20) MiB it could be read back from (\(readLimit.name)); not saved")
        }
        let target = try FilePolicy.resolve(url.path)
        let unchanged = { () throws(FilePolicy.Refusal) in
            if let expected, try !self.stillHolds(expected, at: target) {
                throw FilePolicy.Refusal("\(FilePolicy.shown(self.url.lastPathComponent)) changed on disk since it was read or saved here; not saved over")
            }
        }
        try unchanged()
        let dir = FilePolicy.folder(of: target)
        var st = stat()
        if stat(dir, &st) != 0 && errno == ENOENT {
            // Only the document's own folder is made, never the one a link points into (a
            // tour's dangling song link made /nonexistent/ at the root).
            guard target == url.path else {
                throw FilePolicy.Refusal("\(FilePolicy.shown(url.lastPathComponent)) is a link into \(FilePolicy.shown(dir)), a folder that is not there; not made")
            }
            guard makesFolder else {
                throw FilePolicy.Refusal("\(FilePolicy.shown(dir)): the folder is not there (removed?); not made again")
            }
            try FilePolicy.checkFolderCanBeMade(dir)
            do { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) } catch {
                throw FilePolicy.Refusal("\(FilePolicy.shown(dir)): cannot create the folder")
            }
        }
        try FilePolicy.write(text, to: url.path, streams: false, newFileMode: newFileMode) { () throws(FilePolicy.Refusal) in
            whileWriting?()
            try unchanged()
        }
        return .text(text)
    }

    /// Why a save would be refused now, before anything is written (see
    /// `OutputFile.refusal(for:streams:)`), or nil.
    public func saveRefusal() -> FilePolicy.Refusal? { OutputFile.refusal(for: url.path, streams: false) }

    /// Keeps `text` (the file as it was read) beside the file as `STEM.TAG.EXT` (`STEM.EXT`
    /// with no tag) — or, where that name is taken, `STEM.TAG-2.EXT`, `-3` … — made new (never over an existing name,
    /// never through a link), as private as the file it is kept beside: that file's mode,
    /// owner where allowed, and extended attributes (a new file's mode when there is none).
    /// Returns the name kept under.
    /// What a newer version of the program does before it first saves an older file in its
    /// own format, so the old one is still there for an older build.
    public func keepCopy(_ text: String, tag: String?, extension ext: String = "json") throws(FilePolicy.Refusal) -> String {
        let target = try FilePolicy.resolve(url.path)
        let dir = FilePolicy.folder(of: target)
        let stem = FilePolicy.stem(of: target)
        try FilePolicy.checkNewFile(in: dir)
        let original = open(target, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
        defer { if original >= 0 { close(original) } }
        var old = stat()
        let hasOriginal = original >= 0 && fstat(original, &old) == 0 && (old.st_mode & S_IFMT) == S_IFREG
        for n in 1...100 {
            let name = "\(stem)\(tag.map { "." + $0 } ?? "")\(n == 1 ? "" : "-\(n)").\(ext)"
            // Made 0600, so it is never more readable than the original, even for an instant.
            let fd = open(dir + "/" + name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd < 0 {
                if errno == EEXIST { continue }
                throw FilePolicy.Refusal("\(FilePolicy.shown(name)): cannot make it: \(FilePolicy.errnoText())")
            }
            var sameAttributes = true
            if hasOriginal {
                // Best effort past the mode: a copy another user cannot own stays ours.
                _ = OutputFile.takeOwnership(fd, of: old)
                sameAttributes = motionlab_copy_xattrs(original, fd) == 0
            }
            // A copy whose attributes could not be made the original's (the folder's default
            // ACL may be left on it) stays private: its mode would open that ACL (a review).
            fchmod(fd, !hasOriginal ? OutputFile.newFileMode() : sameAttributes ? old.st_mode & 0o777 : 0o600)
            let bytes = Array(text.utf8)
            let failed = FilePolicy.writeAll(bytes[...], to: fd)
            let synced = fsync(fd) == 0
            close(fd)
            guard failed == nil, synced else {
                unlink(dir + "/" + name)
                throw FilePolicy.Refusal("\(FilePolicy.shown(name)): cannot write it: \(FilePolicy.errnoText(failed ?? errno))")
            }
            return name
        }
        throw FilePolicy.Refusal("\(FilePolicy.shown(stem))\(tag.map { "." + $0 } ?? "").\(ext) and 99 more names beside it are taken")
    }

    /// Whether saving at `target` loses nothing: the file still holds `expected`, or is
    /// missing (removed since: nothing is lost by writing it anew). Read as `FilePolicy`
    /// reads: a regular file only, and no further than `expected`'s length.
    private func stillHolds(_ expected: Expected, at target: String) throws(FilePolicy.Refusal) -> Bool {
        var st = stat()
        guard stat(target, &st) == 0 else {
            if errno == ENOENT { return true }
            throw FilePolicy.Refusal("\(FilePolicy.shown(target)): cannot read it: \(FilePolicy.errnoText())")
        }
        guard case .text(let t) = expected, Int(st.st_size) == t.utf8.count else { return false }
        return try FilePolicy.read(target, limit: max(1, t.utf8.count), limitName: "its expected size").elementsEqual(t.utf8)
    }
}
