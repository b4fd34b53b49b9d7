import Foundation
import Synchronization

/// Standard output and standard error, written so that a failed write never ends the program.
///
/// Foundation's `FileHandle.write(_:)` traps when the write fails (a full disk behind
/// `2>/dev/full`, a closed descriptor behind `2>&-`), and a write to a pipe whose reader has
/// gone, or past a file-size limit, kills the process with SIGPIPE or SIGXFSZ before it can
/// save anything. Here every write is a plain `write(2)` loop: a failure is remembered, said
/// once on standard error when the failed stream was standard output, and turns the exit
/// status into `failureStatus`; the program goes on and saves what it must.
/// `ignoreWriteSignals()` turns both signals into the errors EPIPE and EFBIG, which every
/// writer in the program (these streams and `OutputFile`) handles as it handles a full disk.
public enum StandardStream: Int32, Sendable {
    /// Standard output (descriptor 1).
    case output = 1
    /// Standard error (descriptor 2).
    case error = 2

    /// The exit status of a run whose output could not all be written.
    public static let failureStatus: Int32 = 2

    private static let failures = Mutex<(output: Bool, error: Bool)>((false, false))
    /// Standard output and error as the program found them: closed (`>&-`, `2>&-`).
    private static let closedAtStart = Mutex<(output: Bool, error: Bool)>((false, false))

    /// Keeps descriptors 0, 1 and 2 from being reused: each one the program was started
    /// without is held by one end of a pipe whose other end is closed (reading gives the end
    /// of input, writing fails), and a closed standard output or error is remembered so that
    /// a write to it fails as a write to a closed descriptor does. Why: the next file the
    /// program opened took the lowest free descriptor, so with `2>&-` a warning went into
    /// SDL's udev socket (exit 0), and with `>&-` descriptor 1 was a recording's temporary
    /// file for the length of a run (a hostile tour). Why a pipe, not /dev/null: any name
    /// that leads to the descriptor (`/proc/self/fd/1`, a link to `/dev/stdout`) opens a pipe
    /// with no reader, which is refused, where /dev/null took a state dump silently (the
    /// next tour). Call first thing in `main`.
    public static func guardClosedDescriptors() {
        var closed = [false, false, false]
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            closed[Int(fd)] = true
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { continue }
            // Standard input keeps the read end; output and error the write end.
            let (keep, drop) = fd == 0 ? (ends[0], ends[1]) : (ends[1], ends[0])
            close(drop)
            if keep != fd {
                dup2(keep, fd)
                close(keep)
            }
        }
        closedAtStart.withLock { $0 = (closed[1], closed[2]) }
    }

    /// Whether any write to standard output or standard error failed in this process.
    public static var anyFailed: Bool { failures.withLock { $0.output || $0.error } }

    /// `status`, or `failureStatus` when `status` is 0 and a write to a standard stream failed.
    public static func exitStatus(_ status: Int32) -> Int32 { status == 0 && anyFailed ? failureStatus : status }

    /// SIGPIPE and SIGXFSZ ignored for the whole process, so a reader that left or a
    /// file-size limit is a write error (EPIPE, EFBIG) the writer handles, not a death.
    public static func ignoreWriteSignals() {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
    }

    /// Whether descriptor `fd` (1 or 2) was closed when the program started (and is held on
    /// /dev/null since): not a stream to write to.
    public static func wasClosedAtStart(_ fd: Int32) -> Bool {
        closedAtStart.withLock { fd == 1 ? $0.output : fd == 2 ? $0.error : false }
    }

    /// Writes `text` as UTF-8. Returns false when it could not all be written; the first
    /// failure of standard output is then reported on standard error, and either failure
    /// makes `exitStatus(_:)` report failure.
    @discardableResult
    public func write(_ text: String) -> Bool {
        let errorCode = Self.wasClosedAtStart(rawValue) ? EBADF : FilePolicy.writeAll(Array(text.utf8)[...], to: rawValue)
        guard let errorCode else { return true }
        let first = Self.failures.withLock { state -> Bool in
            switch self {
            case .output: defer { state.output = true }; return !state.output
            case .error: defer { state.error = true }; return !state.error
            }
        }
        if first && self == .output {
            StandardStream.error.write("motionlab: standard output: writing failed: \(FilePolicy.errnoText(errorCode))\n")
        }
        return false
    }

    /// Writes a line: `text` and a newline.
    @discardableResult
    public func line(_ text: String) -> Bool { write(text + "\n") }
}
