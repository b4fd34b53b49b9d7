import CFileIdentity
import Foundation

extension OutputFile {
    /// A new file's permissions: a document's, 0666 less the umask.
    public static func newFileMode() -> mode_t {
        let mask = umask(0)
        umask(mask)
        return 0o666 & ~mask
    }

    /// Creates one of our temporaries, named by `name` (each call a new serial), O_EXCL and
    /// O_NOFOLLOW: a name already there, such as a link someone planted, is never written
    /// through, nor removed — it may be a killed run's recording whose process id this one
    /// has again, or a live run's in another PID namespace (a review) — the next name is
    /// tried. Returns the descriptor and the name.
    static func createTemporary(_ name: () -> String, path: String) throws(FilePolicy.Refusal) -> (Int32, String) {
        for _ in 0..<100 {
            let tmp = name()
            let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
            if fd >= 0 {
                // Held while it is written, so it is never taken for a killed run's (on a file
                // system without such locks, the process check stands alone, and for this
                // process's own number the file's age: every save runs on the main thread, so
                // no scan meets one of this process's temporaries mid-save).
                _ = motionlab_hold_lock(fd)
                return (fd, tmp)
            }
            guard errno == EEXIST else { break }
        }
        throw FilePolicy.Refusal("\(FilePolicy.shown(path)): cannot create a temporary file beside it: \(FilePolicy.errnoText())")
    }

    /// Refuses a new name in a folder that is read-only by its owner's bits (mode 555), as a
    /// read-only file is refused whoever runs the program: root could make files there, and a
    /// hostile tour's run as root wrote a new sheet, song and state dump into such folders.
    static func checkFolderTakesNewNames(_ target: String, shown: String) throws(FilePolicy.Refusal) {
        var st = stat()
        let folder = FilePolicy.folder(of: target)
        guard stat(folder, &st) == 0, st.st_mode & S_IWUSR == 0 else { return }
        throw FilePolicy.Refusal("\(shown): its folder \(FilePolicy.shown(folder)) is read-only (mode \(String(st.st_mode & 0o7777, radix: 8))); no new file made in it")
    }

    /// Opens the existing regular file `target` to read, refusing it when a save may not
    /// replace it: read-only (its owner's write bit), append-only or immutable.
    static func openReplaceable(_ target: String, _ old: stat, shown: String) throws(FilePolicy.Refusal) -> Int32 {
        guard old.st_mode & S_IWUSR != 0 else {
            throw FilePolicy.Refusal("\(shown): is read-only (mode \(String(old.st_mode & 0o7777, radix: 8))); not saved over")
        }
        let file = open(target, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
        guard file >= 0 else { throw FilePolicy.Refusal("\(shown): cannot open it: \(FilePolicy.errnoText())") }
        let flags = motionlab_file_flags(file)
        if flags & (MOTIONLAB_FLAG_IMMUTABLE | MOTIONLAB_FLAG_APPEND) != 0 { close(file) }
        if flags & MOTIONLAB_FLAG_IMMUTABLE != 0 { throw FilePolicy.Refusal("\(shown): is immutable (chattr +i); not saved over") }
        if flags & MOTIONLAB_FLAG_APPEND != 0 { throw FilePolicy.Refusal("\(shown): is append-only (chattr +a); not saved over") }
        return file
    }

    /// Why a save to `path` would be refused before anything is written (a read-only,
    /// append-only or immutable file, a folder, a device, a missing folder), or nil: for a
    /// caller that first does something else only worth doing if the save can happen.
    public static func refusal(for path: String, streams: Bool) -> FilePolicy.Refusal? {
        do throws(FilePolicy.Refusal) {
            switch try FilePolicy.destination(for: path, streams: streams) {
            case .replace(let target, let existing?):
                close(try openReplaceable(target, existing, shown: FilePolicy.shown(path)))
                // Writable by its bits, but not by this user (another's file).
                guard access(target, W_OK) == 0 else { throw FilePolicy.Refusal("\(FilePolicy.shown(path)): the file is not writable by this user; not saved over") }
            case .replace(let target, nil): try checkFolderTakesNewNames(target, shown: FilePolicy.shown(path))
            case .stream, .descriptor: break
            }
            return nil
        } catch {
            return error
        }
    }

    /// Opens a save over the existing regular file `target`: refused when read-only, append-only
    /// or immutable; a temporary that takes on the file's whole identity when one can; else
    /// the file itself, its old content backed up first.
    static func openOver(_ target: String, _ old: stat, path: String, log: Bool) throws(FilePolicy.Refusal) -> (Int32, Strategy) {
        let shown = FilePolicy.shown(path)
        let file = try openReplaceable(target, old, shown: shown)
        defer { close(file) }
        let folder = FilePolicy.folder(of: target)
        let folderFlags = folderFlags(folder)
        // (Its owner's write bit too: root's access() passes a mode-555 folder.)
        let folderTakesFiles = folderFlags == 0 && access(folder, W_OK) == 0 && FilePolicy.ownerCanWrite(folder)
        // The rename keeps the identity only if the temporary can be given all of it.
        if folderTakesFiles, old.st_nlink <= 1 {
            let (fd, tmp) = try createTemporary({ log ? FilePolicy.recordingTemporaryPath(for: target) : FilePolicy.temporaryPath(for: target) },
                                                path: path)
            // The mode last: an ACL set or removed with the attributes changes the group bits.
            if takeOwnership(fd, of: old), motionlab_copy_xattrs(file, fd) == 0, fchmod(fd, old.st_mode & 0o7777) == 0 {
                return (fd, .rename(temporary: tmp, target: target))
            }
            unlink(tmp)
            close(fd)
        }
        // A recording is never written in place: it would be cut off for the whole run, and
        // a crash would lose the old one.
        if log {
            throw FilePolicy.Refusal("\(shown): a recording is not written over a file with other hard links, another user's, or in a folder that takes no new file; give a new name")
        }
        // In place: the old content aside first, then the file itself opened and emptied.
        let backup: Backup
        if folderTakesFiles {
            var name = FilePolicy.backupPath(for: target)
            // A backup left by a crash is the user's only copy: never reclaimed, a new name taken.
            var copy = open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
            while copy < 0 && errno == EEXIST {
                name = FilePolicy.backupPath(for: target)
                copy = open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
            }
            guard copy >= 0 else {
                throw FilePolicy.Refusal("\(shown): cannot copy its old content aside before writing it in place: \(FilePolicy.errnoText()); not saved")
            }
            let copied = copyAll(from: file, to: copy) && fsync(copy) == 0
            let why = FilePolicy.errnoText()
            close(copy)
            guard copied else {
                unlink(name)
                throw FilePolicy.Refusal("\(shown): cannot copy its old content aside before writing it in place: \(why); not saved")
            }
            backup = .file(name)
        } else {
            guard Int64(old.st_size) <= Int64(maxInPlaceBytesInMemory) else {
                throw FilePolicy.Refusal("\(shown): its folder takes no new file and it is larger than \(maxInPlaceBytesInMemory) bytes to hold aside; not saved")
            }
            var bytes: [UInt8] = []
            guard readAll(file, into: &bytes) else {
                throw FilePolicy.Refusal("\(shown): cannot read its old content before writing it in place: \(FilePolicy.errnoText())")
            }
            backup = .memory(bytes)
        }
        let fd = open(target, O_WRONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0, ftruncate(fd, 0) == 0 else {
            let why = FilePolicy.errnoText()
            if fd >= 0 { close(fd) }
            if case .file(let name) = backup { unlink(name) }
            throw FilePolicy.Refusal("\(shown): cannot write it in place: \(why)")
        }
        return (fd, .inPlace(target: target, backup: backup))
    }

    /// The append-only and immutable flags of `folder` (0 when it has neither).
    static func folderFlags(_ folder: String) -> Int32 {
        let dfd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard dfd >= 0 else { return 0 }
        defer { close(dfd) }
        return motionlab_file_flags(dfd)
    }

    /// Gives the file open at `fd` the owner and group of `old` where they differ from what
    /// it was made with; false when that is not allowed.
    static func takeOwnership(_ fd: Int32, of old: stat) -> Bool {
        var st = stat()
        guard fstat(fd, &st) == 0 else { return false }
        if st.st_uid == old.st_uid && st.st_gid == old.st_gid { return true }
        guard fchown(fd, old.st_uid, old.st_gid) == 0 else { return false }
        // chown clears the set-id bits; the mode is given again after it.
        return fchmod(fd, old.st_mode & 0o7777) == 0
    }

    static func copyAll(from: Int32, to: Int32) -> Bool {
        FilePolicy.readChunks(from) { FilePolicy.writeAll($0, to: to) == nil }
    }

    static func readAll(_ fd: Int32, into bytes: inout [UInt8]) -> Bool {
        FilePolicy.readChunks(fd) { bytes += $0; return true }
    }
}
