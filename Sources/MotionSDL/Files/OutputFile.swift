import Foundation

/// One output file written under the `FilePolicy`, in pieces (a recording, a soak log) or at
/// once (a state dump, a report, a screenshot).
///
/// A regular file or a new name is written to a temporary file beside it
/// (`.NAME.motionlab-PID-N.tmp`) and renamed over it by `commit()`: until then the old file
/// stays whole, and `discard()` (or a failed write) removes only the temporary. A log
/// (`.log`) is renamed into place as soon as it is opened instead, so that what it holds
/// survives a crash of the program writing it. A character device or FIFO is written
/// straight to, and an open descriptor named as `/dev/stdout` where it stands. The first
/// write error is kept, later writes are dropped, and `commit()` reports it in words that
/// name the file.
public final class OutputFile {
    /// How the file reaches its name.
    public enum Kind {
        /// Renamed over the old file by `commit()`: all or nothing.
        case document
        /// Renamed into place when opened, then appended to: what was written is there even
        /// if the program dies.
        case log
    }

    /// The path as the user gave it.
    public let path: String
    private let destination: FilePolicy.Destination
    private var fd: Int32
    private var temporary: String?
    private var failure: FilePolicy.Refusal?
    private var done = false
    /// The log's real name, once it is in place (for `discard()`, which then removes it).
    private var published: String?

    /// Opens `path` for writing (see `FilePolicy.destination(for:streams:)`).
    public init(path: String, kind: Kind = .document, streams: Bool = true) throws(FilePolicy.Refusal) {
        self.path = path
        destination = try FilePolicy.destination(for: path, streams: streams)
        switch destination {
        case .replace(let target, let mode):
            FilePolicy.removeStaleTemporariesOnce(for: target)
            let tmp = FilePolicy.temporaryPath(for: target)
            // O_EXCL and O_NOFOLLOW: a name already there (a link someone planted) is never
            // written through. Names carry this process's id and a serial, so a clash is a
            // leftover of a dead process that had this id.
            fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
            if fd < 0 && errno == EEXIST {
                var st = stat()
                if lstat(tmp, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, st.st_uid == getuid() { unlink(tmp) }
                fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
            }
            guard fd >= 0 else {
                throw FilePolicy.Refusal("\(FilePolicy.shown(path)): cannot create a temporary file beside it: \(FilePolicy.errnoText())")
            }
            temporary = tmp
            if kind == .log {
                fchmod(fd, Self.permissions(keeping: mode))
                guard rename(tmp, target) == 0 else {
                    let why = FilePolicy.errnoText()
                    close(fd)
                    unlink(tmp)
                    throw FilePolicy.Refusal("\(FilePolicy.shown(path)): cannot put it in place: \(why)")
                }
                temporary = nil
                published = target
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
        case .descriptor(let n):
            fd = dup(n)
            guard fd >= 0 else { throw FilePolicy.Refusal("\(FilePolicy.shown(path)): cannot write it: \(FilePolicy.errnoText())") }
        }
    }

    deinit {
        // A log stays where it is; a document that was never committed goes.
        if published != nil { finishLog() } else { discard() }
    }

    /// A replaced file keeps its permissions (never set-id bits); a new one gets a
    /// document's (0666 less the umask).
    private static func permissions(keeping mode: mode_t?) -> mode_t {
        if let mode { return mode & 0o777 }
        let mask = umask(0)
        umask(mask)
        return 0o666 & ~mask
    }

    /// Appends `bytes`; after a failure, does nothing.
    public func write(_ bytes: [UInt8]) {
        guard failure == nil, !done else { return }
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                failure = FilePolicy.Refusal("\(FilePolicy.shown(path)): writing failed: \(FilePolicy.errnoText(n == 0 ? ENOSPC : errno))")
                return
            }
            written += n
        }
    }

    /// Appends `text` as UTF-8.
    public func write(_ text: String) { write(Array(text.utf8)) }

    /// Finishes the file: flushes it and renames it into place (or closes the device or
    /// log). On any failure a document's old file is kept, the temporary removed, and the
    /// error thrown; a log keeps what was written.
    public func commit() throws(FilePolicy.Refusal) {
        guard !done else { return }
        if published != nil {
            finishLog()
            if let failure { throw failure }
            return
        }
        if let failure {
            discard()
            throw failure
        }
        guard case .replace(let target, let mode) = destination, let tmp = temporary else {
            done = true
            close(fd)
            return
        }
        if fsync(fd) != 0 {
            let why = FilePolicy.errnoText()
            discard()
            throw FilePolicy.Refusal("\(FilePolicy.shown(path)): flushing failed: \(why)")
        }
        fchmod(fd, Self.permissions(keeping: mode))
        close(fd)
        done = true
        guard rename(tmp, target) == 0 else {
            let why = FilePolicy.errnoText()
            unlink(tmp)
            throw FilePolicy.Refusal("\(FilePolicy.shown(path)): replacing it failed: \(why)")
        }
        temporary = nil
        let dfd = open(FilePolicy.folder(of: target), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dfd >= 0 {
            fsync(dfd)
            close(dfd)
        }
    }

    private func finishLog() {
        guard !done else { return }
        done = true
        fsync(fd)
        close(fd)
    }

    /// Abandons the file: a document's temporary is removed and the old file stays as it
    /// was; a log this process put in place (a file it made) is removed.
    public func discard() {
        guard !done else { return }
        done = true
        close(fd)
        if let temporary { unlink(temporary) }
        if let published { unlink(published) }
        temporary = nil
    }
}
