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

    /// Writes `text` as UTF-8. Returns false when it could not all be written; the first
    /// failure of standard output is then reported on standard error, and either failure
    /// makes `exitStatus(_:)` report failure.
    @discardableResult
    public func write(_ text: String) -> Bool {
        let errorCode = FilePolicy.writeAll(Array(text.utf8)[...], to: rawValue)
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
