import Engine
import Foundation
import Synchronization

/// The one file policy every reader and writer in the program follows.
///
/// - Read regular files only. A FIFO, device, socket or folder is refused at once, named,
///   before it is opened for reading (so a FIFO with no writer cannot block the program),
///   and the size is checked before a byte is read.
/// - Save an output only over a regular file or a new name, and keep the file's identity
///   (mode, owner, group, hard links, extended attributes) or refuse: a file its owner's
///   permission bits mark read-only, or append-only or immutable, is not saved over.
///   `OutputFile` replaces it atomically (a temporary file in the same folder, given the
///   file's identity, flushed, then one `rename`) where that keeps the identity, and
///   otherwise writes it in place after copying its old content aside. A symbolic link is
///   written *through*: the link stays a link and its target is saved in its own folder.
/// - A character device or FIFO the user names as an output (`/dev/null`, `/dev/stdout`, a
///   pipe) is written straight to, never replaced; a FIFO with no reader is refused rather
///   than waited on. Folders, sockets and block devices are refused.
/// - The only files the program ever removes are its own temporary files, which it can
///   recognise exactly: `.NAME.motionlab-PID-N-CHECK.tmp`, a regular file of this user whose
///   process is gone.
public enum FilePolicy {
    /// A file the policy refuses, or an I/O error, in words that name the file.
    public struct Refusal: Error, CustomStringConvertible, Equatable {
        /// The error as a sentence for the user.
        public let description: String
        /// A refusal that says `description` to the user.
        public init(_ description: String) { self.description = description }
    }

    /// What a file-system object is, for messages ("is a FIFO").
    static func kindName(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFREG: "a regular file"
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "not a regular file"
        }
    }

    static func errnoText(_ code: Int32 = errno) -> String { String(cString: strerror(code)).lowercased() }

    /// `path` as echoed in a message: control characters escaped, a long path shortened.
    static func shown(_ path: String) -> String { echo(path, limit: 200) }

    // MARK: Reading

    /// The bytes of the regular file at `path`, refused before reading when it is not a
    /// regular file or is larger than `limit` (named `limitName` in the message).
    public static func read(_ path: String, limit: Int, limitName: String) throws(Refusal) -> [UInt8] {
        var st = stat()
        guard stat(path, &st) == 0 else { throw Refusal("\(shown(path)): cannot read it: \(errnoText())") }
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            throw Refusal("\(shown(path)): is \(kindName(st.st_mode)), not a regular file; refused")
        }
        guard Int64(st.st_size) <= Int64(limit) else {
            throw Refusal("\(shown(path)): \(st.st_size) bytes is more than the limit of \(limit) (\(limitName))")
        }
        // O_NONBLOCK: should the name have been swapped for a FIFO since the stat, opening
        // it does not wait for a writer; fstat below then refuses it.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw Refusal("\(shown(path)): cannot read it: \(errnoText())") }
        defer { close(fd) }
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else {
            throw Refusal("\(shown(path)): is \(kindName(st.st_mode)), not a regular file; refused")
        }
        var bytes = [UInt8](repeating: 0, count: min(limit, max(0, Int(st.st_size))) + 1)
        var count = 0
        while count < bytes.count {
            let n = bytes[count...].withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw Refusal("\(shown(path)): cannot read it: \(errnoText())") }
            if n == 0 { break }
            count += n
            // The file grew while being read: look for more, up to one byte past the limit.
            if count == bytes.count && bytes.count <= limit { bytes += [UInt8](repeating: 0, count: min(1 << 16, limit + 1 - bytes.count)) }
        }
        guard count <= limit else {
            throw Refusal("\(shown(path)): more than the limit of \(limit) bytes (\(limitName))")
        }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// The UTF-8 text of the regular file at `path` (see `read(_:limit:limitName:)`).
    public static func readText(_ path: String, limit: Int, limitName: String) throws(Refusal) -> String {
        let bytes = try read(path, limit: limit, limitName: limitName)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw Refusal("\(shown(path)):\(notUTF8(bytes))")
        }
        return text
    }

    /// Where `bytes` first stop being UTF-8, as a message's tail: " line 2, byte 7: is not
    /// UTF-8 text (0xC3 0x28)". (A hostile tour's script named no line.)
    static func notUTF8(_ bytes: [UInt8]) -> String {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return " is not UTF-8 text"
            case .error(let length):
                // Lines end with LF, CR LF or CR, as scripts' do.
                var line = 1, lineStart = 0
                for i in 0..<offset where bytes[i] == 0x0A || (bytes[i] == 0x0D && (i + 1 >= bytes.count || bytes[i + 1] != 0x0A)) {
                    line += 1
                    lineStart = i + 1
                }
                let shown = bytes[offset..<min(bytes.count, offset + max(length, 2))].map { "0x" + String($0, radix: 16, uppercase: true) }
                return "\(line): byte \(offset - lineStart + 1): is not UTF-8 text (\(shown.joined(separator: " ")))"
            }
        }
    }

    // MARK: Symbolic links

    /// Where `path` really leads: symbolic links followed, relative ones from their own
    /// folder, even to a name that does not exist yet. A loop of links is refused.
    public static func resolve(_ path: String) throws(Refusal) -> String {
        var current = path
        for _ in 0..<40 {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n > 0 else {
                if errno == EINVAL || errno == ENOENT { return current }
                throw Refusal("\(shown(path)): cannot follow it: \(errnoText())")
            }
            let link = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = link.hasPrefix("/") ? link : folder(of: current) + "/" + link
        }
        throw Refusal("\(shown(path)): too many levels of symbolic links")
    }

    // MARK: Names
    // Worked out here, not with NSString's path methods: swift-corelibs-foundation's trap on
    // some names of one character (`--state x` stopped the program with SIGILL in
    // `String._startOfLastPathComponent`; a hostile tour found it).

    /// The folder part of `path`: "." for a bare name, "/" for a name in the root; slashes
    /// at the end of either part do not count ("a//b/" is in "a").
    package static func folder(of path: String) -> String {
        let p = path.utf8.dropLastSlashes
        guard let slash = p.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        let dir = p[..<slash].dropLastSlashes
        return dir.isEmpty ? "/" : String(Substring(dir))
    }

    /// The last part of `path`, after its last slash ("a/b.json" is "b.json"; "a/" is "a";
    /// "/" is "/").
    package static func name(of path: String) -> String {
        let p = path.utf8.dropLastSlashes
        guard let slash = p.lastIndex(of: UInt8(ascii: "/")) else { return String(Substring(p)) }
        let name = p[p.index(after: slash)...]
        return name.isEmpty ? "/" : String(Substring(name))
    }

    /// `path`'s name without its extension: "a/song.v1.json" is "song.v1"; a name that starts
    /// with its only dot (".hidden") or ends in one keeps it.
    package static func stem(of path: String) -> String {
        let name = name(of: path)
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.utf8.startIndex,
              name.utf8.index(after: dot) != name.utf8.endIndex else { return name }
        return String(Substring(name.utf8[..<dot]))
    }

    // MARK: Writing

    /// Writes all of `bytes` to `fd`; nil, or the errno of the write that failed (ENOSPC for
    /// one that wrote nothing). SIGXFSZ and SIGPIPE are ignored (`StandardStream`), so a
    /// file-size limit or a reader that left arrives here as EFBIG or EPIPE.
    package static func writeAll(_ bytes: ArraySlice<UInt8>, to fd: Int32) -> Int32? {
        var written = bytes.startIndex
        while written < bytes.endIndex {
            let n = bytes[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return n == 0 ? ENOSPC : errno }
            written += n
        }
        return nil
    }

    /// Reads `fd` to its end in 64 KiB chunks handed to `body`; false when a read failed or
    /// `body` said stop.
    static func readChunks(_ fd: Int32, _ body: (ArraySlice<UInt8>) -> Bool) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { return false }
            if n == 0 { return true }
            guard body(buffer[0..<n]) else { return false }
        }
    }

    /// What writing to a path will do, decided before anything is written.
    public enum Destination {
        /// A new name (`existing` nil), or a regular file saved over (`OutputFile` says how):
        /// the path written to (a symbolic link's target) and what is there now.
        case replace(path: String, existing: stat?)
        /// A character device or FIFO, written straight to.
        case stream(path: String)
        /// A descriptor this process already has open (`/dev/stdout`, `/dev/fd/3`), written
        /// to where it stands: whatever it leads to (a terminal, a pipe, a file opened for
        /// appending) is the caller's, so it is neither reopened nor replaced.
        case descriptor(Int32)
    }

    /// The descriptor a name such as `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` or
    /// `/proc/self/fd/N` stands for, and `-`, standard output as most tools take it (a file
    /// named `-` is `./-`). Following such a name's link would reopen a pipe or, worse,
    /// replace the very file the shell redirected the output to.
    static func openDescriptorName(_ path: String) -> Int32? {
        switch path {
        case "/dev/stdin": return 0
        case "/dev/stdout", "-": return 1
        case "/dev/stderr": return 2
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/", "/proc/\(getpid())/fd/"] where path.hasPrefix(prefix) {
                let digits = path.dropFirst(prefix.count)
                if digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int32(digits) { return n }
            }
            return nil
        }
    }

    /// Decides how `path` is written, or refuses it (a folder, socket, block device, a
    /// missing folder, a loop of links). `streams` false refuses devices and FIFOs too.
    public static func destination(for path: String, streams: Bool = true) throws(Refusal) -> Destination {
        guard !path.isEmpty else { throw Refusal("an empty file name") }
        // "notes/" names a folder, even one not there yet; a file is not made in its place.
        guard !path.hasSuffix("/") else { throw Refusal("\(shown(path)): ends in /, so it names a folder; refused (an output must be a file)") }
        if let fd = openDescriptorName(path) {
            guard streams else { throw Refusal("\(shown(path)): is an open descriptor, not a file; refused") }
            // (Standard output or error closed at start is held on /dev/null, but not open to
            // be written: a review found `-o -` under `>&-` written to /dev/null, exit 0.)
            guard fcntl(fd, F_GETFD) >= 0, !StandardStream.wasClosedAtStart(fd) else {
                throw Refusal("\(shown(path)): descriptor \(fd) is not open")
            }
            return .descriptor(fd)
        }
        let target = try resolve(path)
        // A link to "notes/" too.
        guard !target.hasSuffix("/") else { throw Refusal("\(shown(path)): leads to \(shown(target)), a folder's name; refused (an output must be a file)") }
        var st = stat()
        if stat(target, &st) == 0 {
            switch st.st_mode & S_IFMT {
            case S_IFREG: return .replace(path: target, existing: st)
            case S_IFCHR where streams, S_IFIFO where streams: return .stream(path: target)
            default:
                throw Refusal("\(shown(path)): is \(kindName(st.st_mode)); refused (an output must be a regular file or a new name)")
            }
        }
        guard errno == ENOENT else { throw Refusal("\(shown(path)): cannot write it: \(errnoText())") }
        let dir = folder(of: target)
        guard stat(dir, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR else {
            throw Refusal("\(shown(path)): the folder \(shown(dir)) does not exist")
        }
        guard access(dir, W_OK) == 0 else { throw Refusal("\(shown(path)): the folder \(shown(dir)) is not writable") }
        return .replace(path: target, existing: nil)
    }

    /// Writes `bytes` to `path` under the policy: atomically over a regular file or a new
    /// name, straight to a device or FIFO. Throws, leaving the old file as it was and no
    /// temporary file behind, when anything fails. A file made new gets `newFileMode`, else a
    /// new document's default. `beforeReplacing` runs once the new content is on disk, just
    /// before it is renamed over the old file (see `OutputFile.commit(beforeReplacing:)`).
    public static func write(_ bytes: [UInt8], to path: String, streams: Bool = true, newFileMode: mode_t? = nil,
                             beforeReplacing: (() throws(Refusal) -> Void)? = nil) throws(Refusal) {
        let out = try OutputFile(path: path, streams: streams, newFileMode: newFileMode)
        out.write(bytes)
        try out.commit(beforeReplacing: beforeReplacing)
    }

    /// Writes `text` as UTF-8 (see `write(_:to:streams:newFileMode:beforeReplacing:)`).
    public static func write(_ text: String, to path: String, streams: Bool = true, newFileMode: mode_t? = nil,
                             beforeReplacing: (() throws(Refusal) -> Void)? = nil) throws(Refusal) {
        try write(Array(text.utf8), to: path, streams: streams, newFileMode: newFileMode, beforeReplacing: beforeReplacing)
    }
}

private extension Substring.UTF8View {
    /// Without the slashes at its end, one kept if it is all slashes ("/").
    var dropLastSlashes: Substring.UTF8View {
        var p = self
        while p.count > 1, p.last == UInt8(ascii: "/") { p = p.dropLast() }
        return p
    }
}

private extension String.UTF8View {
    var dropLastSlashes: Substring.UTF8View { self[...].dropLastSlashes }
}
