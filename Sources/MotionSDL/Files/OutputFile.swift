import CFileIdentity
import Foundation

/// One output file written under the `FilePolicy`, in pieces (a recording, a soak log) or at
/// once (a state dump, a report, a screenshot).
///
/// How the bytes reach the name depends on what is there, so that a save keeps the file's
/// identity — its mode, owner, group, hard links and extended attributes — or refuses:
/// - **A new name**: a temporary file beside it (`.NAME.motionlab-PID-N-CHECK.tmp`), renamed into
///   place by `commit()` (a log at once, so that what it holds survives a crash).
/// - **A regular file** is first checked: one its owner's permission bits mark read-only,
///   or that is append-only or immutable, is refused, whoever runs the program (root too).
///   Then, as careful editors do (vim's `backupcopy=auto`), it is *replaced* when a
///   temporary can take on all of its identity — mode, owner and group (`fchown`, which
///   only root or a member of the group may do) and every extended attribute — and is
///   renamed over it by `commit()`; until then the old file stays whole.
/// - Otherwise (a file with other hard links, another user's file, an attribute that cannot
///   be copied, a folder that is append-only) it is *written in place*: its old content is
///   first copied aside into our own backup (`.NAME.motionlab-PID-N-CHECK.orig` beside it, or in
///   memory where the folder takes no new file), the file is rewritten, and any failure
///   writes the old content back. The backup is removed once the new content is flushed; a
///   crash in between leaves it, for the user.
/// - A character device or FIFO is written straight to, and an open descriptor named as
///   `/dev/stdout` where it stands.
///
/// The first write error is kept, later writes are dropped, and `commit()` reports it in
/// words that name the file. Every failure removes the temporary it made.
public final class OutputFile {
    /// How the file reaches its name.
    public enum Kind {
        /// Renamed over the old file by `commit()`: all or nothing.
        case document
        /// A new name is put in place when opened, then appended to: what was written is there
        /// even if the program dies. Over an existing file, as a document (the old recording
        /// stays whole until the new one is).
        case log
    }

    /// The path as the user gave it.
    public let path: String
    /// What runs killed while recording over this file had recorded, each kept under a name
    /// of its own beside it when this one opened (`FilePolicy.keepKilledRecordings`).
    public private(set) var keptRecordings: [String] = []
    private let destination: FilePolicy.Destination
    private var fd: Int32
    private var strategy: Strategy
    private var failure: FilePolicy.Refusal?
    private var done = false

    /// Where the written bytes go until `commit()`.
    enum Strategy {
        /// A temporary renamed over `target` at commit (given the old file's identity first).
        case rename(temporary: String, target: String)
        /// A log at its own (new) name since it was opened.
        case published(String)
        /// `target` rewritten in place; `backup` holds its old content.
        case inPlace(target: String, backup: Backup)
        /// A device, FIFO or open descriptor.
        case stream
    }

    /// The old content of a file written in place: in our own file beside it, or in memory.
    enum Backup {
        case file(String)
        case memory([UInt8])
    }

    /// The largest file written in place when its folder takes no backup file (its old
    /// content is then held in memory).
    public static let maxInPlaceBytesInMemory = 256 << 20

    /// Opens `path` for writing (see `FilePolicy.destination(for:streams:)`); a file made new
    /// gets `newFileMode`, else a new document's default (0666 less the umask).
    public init(path: String, kind: Kind = .document, streams: Bool = true, newFileMode: mode_t? = nil) throws(FilePolicy.Refusal) {
        self.path = path
        destination = try FilePolicy.destination(for: path, streams: streams)
        switch destination {
        case .replace(let target, let existing):
            FilePolicy.removeStaleTemporariesOnce(for: target)
            if kind == .log { keptRecordings = FilePolicy.keepKilledRecordings(of: target) }
            if let existing {
                (fd, strategy) = try Self.openOver(target, existing, path: path, log: kind == .log)
            } else {
                try Self.checkFolderTakesNewNames(target, shown: FilePolicy.shown(path))
                let (made, tmp) = try Self.createTemporary({ FilePolicy.temporaryPath(for: target) }, path: path)
                fd = made
                strategy = .rename(temporary: tmp, target: target)
                fchmod(fd, newFileMode ?? Self.newFileMode())
                if kind == .log {
                    // Never over a file made there since it was looked at (two soaks taking
                    // one default name: a review): the name is refused, EEXIST.
                    guard FilePolicy.move(tmp, to: target) else {
                        let why = FilePolicy.errnoText()
                        // discard() (from deinit) closes the descriptor and removes the temporary.
                        discard()
                        throw FilePolicy.Refusal("\(FilePolicy.shown(path)): cannot put it in place: \(why)")
                    }
                    strategy = .published(target)
                }
            }
        case .stream(let target):
            // Non-blocking open: a FIFO with no reader fails at once (ENXIO) instead of
            // waiting for one; writes then block as usual.
            fd = open(target, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else {
                let why = errno == ENXIO ? "it is a FIFO with no reader" : FilePolicy.errnoText()
                throw FilePolicy.Refusal("\(FilePolicy.shown(path)): cannot write it: \(why)")
            }
            let flags = fcntl(fd, F_GETFL)
            if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
            strategy = .stream
        case .descriptor(let n):
            fd = dup(n)
            guard fd >= 0 else { throw FilePolicy.Refusal("\(FilePolicy.shown(path)): cannot write it: \(FilePolicy.errnoText())") }
            strategy = .stream
        }
    }

    deinit {
        // A log stays where it is; a document that was never committed goes.
        if case .published = strategy { finish() } else { discard() }
    }

    /// Appends `bytes`; after a failure, does nothing.
    public func write(_ bytes: [UInt8]) {
        guard failure == nil, !done else { return }
        if let code = FilePolicy.writeAll(bytes[...], to: fd) {
            failure = FilePolicy.Refusal("\(FilePolicy.shown(path)): writing failed: \(FilePolicy.errnoText(code))")
        }
    }

    /// Appends `text` as UTF-8.
    public func write(_ text: String) { write(Array(text.utf8)) }

    /// Finishes the file: flushes it and renames it into place (or closes the device or
    /// log). On any failure a document's old file is kept, the temporary removed, and the
    /// error thrown; a log keeps what was written.
    ///
    /// `beforeReplacing` runs after the new content is flushed and just before the rename
    /// (a document replaced, not written in place): a check that the old file is still what
    /// the caller expects, made at the last moment, so a change another program made while
    /// this one wrote is not renamed over. If it throws, the old file stays and the temporary
    /// goes.
    public func commit(beforeReplacing: (() throws(FilePolicy.Refusal) -> Void)? = nil) throws(FilePolicy.Refusal) {
        guard !done else { return }
        if case .published = strategy {
            finish()
            if let failure { throw failure }
            return
        }
        if failure != nil {
            discard()
            throw failure!
        }
        switch strategy {
        case .stream, .published:
            done = true
            close(fd)
        case .rename(let tmp, let target):
            if fsync(fd) != 0 {
                let why = FilePolicy.errnoText()
                discard()
                throw FilePolicy.Refusal("\(FilePolicy.shown(path)): flushing failed: \(why)")
            }
            done = true
            // Closed once the temporary is gone, renamed or removed: its lock, and so its being
            // live, lasts until then (closed first, a run in another PID namespace could take
            // it for a killed run's while the old file was checked: a review).
            defer { close(fd) }
            do { try beforeReplacing?() } catch {
                unlink(tmp)
                throw error
            }
            guard rename(tmp, target) == 0 else {
                let why = FilePolicy.errnoText()
                unlink(tmp)
                throw FilePolicy.Refusal("\(FilePolicy.shown(path)): replacing it failed: \(why)")
            }
            syncFolder(of: target)
        case .inPlace(_, let backup):
            if fsync(fd) != 0 {
                failure = FilePolicy.Refusal("\(FilePolicy.shown(path)): flushing failed: \(FilePolicy.errnoText()); its old content was written back")
                discard()
                throw failure!
            }
            close(fd)
            done = true
            if case .file(let name) = backup { unlink(name) }
        }
    }

    private func syncFolder(of target: String) {
        let dfd = open(FilePolicy.folder(of: target), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dfd >= 0 {
            fsync(dfd)
            close(dfd)
        }
    }

    private func finish() {
        guard !done else { return }
        done = true
        fsync(fd)
        close(fd)
    }

    /// Abandons the file: a document's temporary is removed and the old file stays as it
    /// was (a file written in place gets its old content back); a log this process put in
    /// place (a file it made) is removed.
    public func discard() {
        guard !done else { return }
        done = true
        switch strategy {
        case .rename(let tmp, _): unlink(tmp)
        case .published(let name): unlink(name)
        case .inPlace(_, let backup): restore(backup)
        case .stream: break
        }
        close(fd)
    }

    /// Writes a file's old content back after a failed in-place write. The backup file is
    /// removed only once that worked; otherwise it stays, and the refusal names it.
    private func restore(_ backup: Backup) {
        var old: [UInt8] = []
        switch backup {
        case .memory(let bytes): old = bytes
        case .file(let name):
            let b = open(name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
            guard b >= 0, Self.readAll(b, into: &old) else {
                if b >= 0 { close(b) }
                failure = FilePolicy.Refusal("\(failure?.description ?? FilePolicy.shown(path)); its old content is kept in \(FilePolicy.shown(name))")
                return
            }
            close(b)
        }
        let restored = ftruncate(fd, 0) == 0 && lseek(fd, 0, SEEK_SET) == 0 && FilePolicy.writeAll(old[...], to: fd) == nil && fsync(fd) == 0
        switch (backup, restored) {
        case (.file(let name), true): unlink(name)
        case (.file(let name), false):
            failure = FilePolicy.Refusal("\(failure?.description ?? FilePolicy.shown(path)); its old content is kept in \(FilePolicy.shown(name))")
        case (.memory, false):
            failure = FilePolicy.Refusal("\(failure?.description ?? FilePolicy.shown(path)); its old content could not be written back")
        case (.memory, true): break
        }
    }
}
