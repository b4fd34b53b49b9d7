import Engine
import CFileIdentity
import Foundation
import Synchronization

extension FilePolicy {
    // MARK: Temporary files

    /// The fixed suffix of every temporary file the program makes.
    static let temporarySuffix = ".tmp"

    /// For a name the program fills itself (a capture's frame, `last-song`): nil when it is
    /// free, the status of what is there when that is a regular file of one link (one the
    /// program wrote); refused, saying what it is, for a link, a hard link of another file or
    /// anything not a regular file — the user's, which the name only leads to.
    public static func ownFileThere(_ path: String) throws(Refusal) -> stat? {
        var st = stat()
        guard lstat(path, &st) == 0 else { return nil }
        switch st.st_mode & S_IFMT {
        case S_IFREG where st.st_nlink > 1: throw Refusal("\(shown(path)) has other hard links")
        case S_IFREG: return st
        case S_IFLNK: throw Refusal("\(shown(path)) is a link")
        default: throw Refusal("\(shown(path)) is \(kindName(st.st_mode)), not a regular file")
        }
    }

    /// Refuses to make a new file in `folder` when its owner's bits say read-only, whoever
    /// runs the program (root included): read-only means no.
    public static func checkNewFile(in folder: String) throws(Refusal) {
        guard ownerCanWrite(folder) else { throw Refusal("\(shown(folder)): is read-only; no new file made in it") }
    }

    /// Moves `path` into `folder` under the first of `name(1)`, `name(2)` … `name(tries)` not
    /// taken (`move(_:to:)`: never over an existing file). The name it went to, or nil with
    /// `errno` saying why (EEXIST: every name was taken).
    static func moveToFreeName(_ path: String, into folder: String, tries: Int, name: (Int) -> String) -> String? {
        for n in 1...max(1, tries) {
            let new = name(n)
            if move(path, to: folder + "/" + new) { return new }
            guard errno == EEXIST else { return nil }
        }
        errno = EEXIST
        return nil
    }

    /// Renames `old` to `new`, never over an existing `new`, in one step (`renameat2`'s
    /// RENAME_NOREPLACE), so the file has one name before and one after, or nothing changed:
    /// where the old name cannot be removed (an append-only folder, a sticky one holding
    /// another user's file) the rename is refused. A hostile tour's append-only songs folder
    /// kept both names of a song renamed by a hard link and an unlink: one file under two
    /// names, each save changing both. Where the file system cannot (EINVAL, ENOSYS), a hard
    /// link and the old name removed, the link removed again if the old name stays.
    /// False, with `errno` saying why (EEXIST: `new` is taken); `bothNames` is set when, on
    /// such a file system, neither name could be removed (a folder that keeps every name):
    /// the file then has both, and the caller must say so rather than "left as it was".
    static func move(_ old: String, to new: String, bothNames: UnsafeMutablePointer<Bool>? = nil) -> Bool {
        bothNames?.pointee = false
        // Not out of or into a folder that is read-only by its owner's bits, whoever runs
        // the program (root could: a hostile tour's song delete and rename in a mode-555
        // folder, and a damaged sheet moved aside where no new one could then be saved).
        guard ownerCanWrite(folder(of: old)), ownerCanWrite(folder(of: new)) else {
            errno = EACCES
            return false
        }
        if motionlab_rename_noreplace(old, new) == 0 { return true }
        guard errno == EINVAL || errno == ENOSYS else { return false }
        guard link(old, new) == 0 else { return false }
        guard unlink(old) != 0 else { return true }
        let why = errno
        if unlink(new) != 0 { bothNames?.pointee = true }
        errno = why
        return false
    }

    /// `.NAME.motionlab-PID-N-CHECK.tmp` beside `target`: the temporary a save of `target` by this
    /// process writes before renaming it into place (N counts this process's temporaries).
    /// A NAME too long to leave room in the file system's 255 bytes is shortened to a hash
    /// of itself (`shortName(of:)`).
    static func temporaryPath(for target: String) -> String {
        ourPath(for: target, suffix: temporarySuffix)
    }

    /// `.NAME.motionlab-PID-N-CHECK.orig` beside `target`: the old content of a file written in place,
    /// kept until the new content is flushed (a crash leaves it for the user; it is never
    /// removed as stale).
    static func backupPath(for target: String) -> String {
        ourPath(for: target, suffix: ".orig")
    }

    static func ourPath(for target: String, suffix: String) -> String {
        _ = firstFile
        return folder(of: target) + "/" + ourName(for: shortName(of: name(of: target)), pid: getpid(), serial: nextSerial()) + suffix
    }

    /// `.NAME.motionlab-PID-N-CHECK`, the name (before its suffix) of the `N`th file process
    /// `pid` makes beside file `name` (already shortened: `shortName(of:)`). CHECK, 16 hex
    /// digits of a hash of the rest, tells ours from a user's file of a like name (a review's
    /// backup `.notes.motionlab-2026-11.tmp` beside `notes` read as process 2026's, and went).
    static func ourName(for name: String, pid: Int32, serial: Int) -> String {
        ".\(name).motionlab-\(pid)-\(serial)-\(check(name[...], pid: pid, serial: serial))"
    }

    /// The hash a name of ours carries (of NAME, PID and N).
    private static func check(_ name: Substring, pid: Int32, serial: Int) -> String {
        hexHash(name.utf8 + [0] + "\(pid)-\(serial)".utf8)
    }

    /// FNV-1a 64 of `bytes`, as 16 hex digits.
    private static func hexHash<S: Sequence<UInt8>>(_ bytes: S) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The highest process number Linux gives is below this (`PID_MAX_LIMIT`, 2²²).
    static let maxProcessID: Int32 = 4_194_304

    /// When this process first named a file of its own (`ourPath`), on the clock file times
    /// are stamped with (the coarse real-time clock): every temporary it makes changes
    /// status at or after it, so one of its process number from before is a dead run's.
    static let firstFile: timespec = {
        var t = timespec()
        clock_gettime(CLOCK_REALTIME_COARSE, &t)
        return t
    }()

    private static func isBefore(_ a: timespec, _ b: timespec) -> Bool {
        a.tv_sec != b.tv_sec ? a.tv_sec < b.tv_sec : a.tv_nsec < b.tv_nsec
    }

    /// The longest file name kept whole inside our temporaries' names: with the dot and
    /// `.motionlab-PID-N-CHECK.rec.tmp` (at most 54 bytes) it stays under NAME_MAX's 255.
    static let maxNameInTemporary = 200

    /// `name`, or for a longer name `h` and 16 hex digits of its FNV-1a hash: the same for
    /// the same name, so stale temporaries are still recognised.
    static func shortName(of name: String) -> String {
        guard name.utf8.count > maxNameInTemporary else { return name }
        return "h" + hexHash(name.utf8)
    }

    /// Removes what a save of `target` left behind when its process was killed between
    /// making the temporary file and renaming it: only names of exactly the form
    /// `.NAME.motionlab-PID-N-CHECK.tmp`, regular files (not links) owned by this user, whose
    /// process no longer runs. Returns the names removed.
    @discardableResult
    static func removeStaleTemporaries(for target: String) -> [String] {
        removeStaleTemporaries(in: target)
    }

    /// What a killed save left beside any file of `target`'s folder removed
    /// (`removeStaleTemporaries`), the first time this process writes into that folder only: a
    /// capture writes thousands of frames into one, and listing it for each cost O(n²) (a
    /// review counted 31 listings for 15 frames).
    static func removeStaleTemporariesOnce(for target: String) {
        let dir = folder(of: target)
        if cleaned.withLock({ $0.insert(dir).inserted }) { removeStaleTemporaries(inFolder: dir, prefix: ".", anyName: true) }
    }

    /// The temporary a recording over an existing file is written to (`.NAME.motionlab-PID-N-CHECK.rec.tmp`),
    /// renamed over the file when the run ends. A run killed before then leaves it: it holds
    /// that run's input, so it is never removed as stale (`keepKilledRecordings`).
    static func recordingTemporaryPath(for target: String) -> String {
        ourPath(for: target, suffix: recordingSuffix)
    }

    static let recordingSuffix = ".rec" + temporarySuffix

    /// Gives what a killed run recorded over `target` a name the user sees, beside it:
    /// `STEM.killed-PID.EXT` (`-2`… when taken), never over a file; an empty one is removed.
    /// Only temporaries of exactly our form, regular files of this user, whose process no
    /// longer runs. (A hostile tour's killed run's input lived only in a dot-file, which the
    /// next run with the same --record removed.) Returns the new names.
    static func keepKilledRecordings(of target: String) -> [String] {
        let dir = folder(of: target), file = name(of: target)
        // Its stem without leading dots (a hidden file's would be hidden too), or where the
        // name would be too long for the file system (a review's 244-letter name), the hashed
        // short name its temporary has.
        var stem = String(stem(of: target).drop { $0 == "." }), ext = String(file.dropFirst(FilePolicy.stem(of: target).count))
        if stem.isEmpty || stem.utf8.count + ext.utf8.count + 32 > 255 { (stem, ext) = (shortName(of: file) == file ? "recording" : shortName(of: file), "") }
        let prefix = "." + shortName(of: file) + ".motionlab-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return [] }
        var kept: [String] = []
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(recordingSuffix) {
            let path = dir + "/" + name
            guard let (pid, st) = staleOwnFile(path, name: shortName(of: file)[...], id: name.dropFirst(prefix.count).dropLast(recordingSuffix.count)) else { continue }
            if st.st_size == 0 {
                unlink(path)
                continue
            }
            if let new = moveToFreeName(path, into: dir, tries: 50, name: { n in "\(stem).killed-\(pid)\(n > 1 ? "-\(n)" : "")\(ext)" }) {
                kept.append(dir + "/" + new)
            }
        }
        return kept.sorted()
    }

    /// The folders already cleaned by this process.
    private static let cleaned = Mutex<Set<String>>([])

    /// Each temporary this process makes gets its own number, so two outputs to one name
    /// (`--json X --record X`) never share a temporary.
    private static let serial = Mutex(0)

    static func nextSerial() -> Int { serial.withLock { $0 += 1; return $0 } }

    @discardableResult
    static func removeStaleTemporaries(in target: String) -> [String] {
        removeStaleTemporaries(inFolder: folder(of: target), prefix: "." + shortName(of: name(of: target)) + ".motionlab-", anyName: false)
    }

    /// `removeStaleTemporaries(for:)` in folder `dir`, for names starting `prefix`; with
    /// `anyName`, those of every file there. (Never a killed recording's: `keepKilledRecordings`.)
    private static func removeStaleTemporaries(inFolder dir: String, prefix: String, anyName: Bool) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return [] }
        var removed: [String] = []
        // Only beside the file its save was replacing: a name of our form whose file is not
        // in the folder stays (a killed first save's temporary is left, hidden, rather than a
        // user's `.notes.motionlab-2026-11.tmp` taken for ours: a review).
        let files = Set(names.map { shortName(of: $0) })
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(temporarySuffix) {
            // Any name: from our mark on (the name itself may hold ".motionlab-").
            guard let start = name.range(of: ".motionlab-", options: .backwards), start.lowerBound > name.startIndex,
                  let mark = anyName ? start.upperBound : name.index(name.startIndex, offsetBy: prefix.count, limitedBy: name.endIndex),
                  mark <= name.index(name.endIndex, offsetBy: -temporarySuffix.count),
                  files.contains(String(name[name.index(after: name.startIndex)..<start.lowerBound])) else { continue }
            let path = dir + "/" + name
            guard staleOwnFile(path, name: name[name.index(after: name.startIndex)..<start.lowerBound],
                               id: name[mark...].dropLast(temporarySuffix.count)) != nil else { continue }
            if unlink(path) == 0 { removed.append(name) }
        }
        return removed
    }

    /// The process number and status of the file at `path`, when its name's `id` is ours
    /// (PID-SERIAL-CHECK beside file `name`, a process number Linux can give and the hash
    /// `ourName` gives them: the only form `ourPath` makes; a name with a bare number or a
    /// date, such as a user's `.notes.motionlab-20261128.tmp` or `.notes.motionlab-2026-11.tmp`,
    /// is not ours — three reviews), that process no longer runs, and it is a regular file (not a link) of this
    /// user: what a killed run of ours left. Nil for anything else.
    private static func staleOwnFile(_ path: String, name: Substring, id: Substring) -> (pid: Int32, stat: stat)? {
        let parts = id.split(separator: "-", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts.dropLast().allSatisfy({ !$0.isEmpty && $0.count <= 10 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let pid = Int32(parts[0]), pid > 0, pid <= maxProcessID, let serial = Int(parts[1]),
              parts[2] == check(name, pid: pid, serial: serial) else { return nil }
        // A process of that number still runs (or is someone else's): not stale. Of this
        // process's number, a run that had it before this one (in a container every run is
        // process 1: a review) left it, if it is older than this process's first file.
        let ours = pid == getpid()
        if !ours, kill(pid, 0) == 0 || errno == EPERM { return nil }
        var st = stat()
        guard lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, st.st_uid == geteuid() else { return nil }
        if ours, !isBefore(st.st_ctim, firstFile) { return nil }
        // Its writer's lock still held: a live run this process cannot see (another PID
        // namespace, another machine on a shared folder: a review).
        guard motionlab_is_held(path) == 0 else { return nil }
        return (pid, st)
    }
}
