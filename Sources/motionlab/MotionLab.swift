import ArgumentParser
import Engine
import Foundation
import MotionSDL

@main
struct MotionLab: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "motionlab",
        abstract: "Four classic iOS interaction techniques, rebuilt on SDL2 for mouse, touch and gamepad.",
        version: buildVersion,
        subcommands: [Play.self, PathInfo.self, SpringCalculator.self, Bench.self, Soak.self, SongCommand.self, Controls.self, Limits.self, Icon.self],
        defaultSubcommand: Play.self
    )

    /// Bad input exits with this code, whatever its kind: a bad option, a malformed script,
    /// path or file, a number past a limit.
    static let badInput: Int32 = 2

    /// As argument-parser's `main`, except that its usage errors (which it exits with 64)
    /// exit with `badInput` like every other bad input.
    static func main() {
        StandardStream.guardClosedDescriptors()
        StandardStream.ignoreWriteSignals()
        if let problem = notUTF8Argument() {
            StandardStream.error.write("motionlab: \(problem)\n")
            Foundation.exit(badInput)
        }
        unblockQuitSignals()
        // argument-parser answers `help TOPIC` for an unknown topic with the top-level help
        // and exit 0; an unknown topic is bad input like any other.
        let args = CommandLine.arguments.dropFirst()
        if args.first == "help", let topic = args.dropFirst().first, !topic.hasPrefix("-") {
            let topics = configuration.subcommands.compactMap { $0.configuration.commandName ?? String(describing: $0).lowercased() }
            if !topics.contains(topic) {
                StandardStream.error.write("motionlab help: no topic '\(echo(topic))' (topics: \(topics.joined(separator: ", ")))\n")
                Foundation.exit(badInput)
            }
        }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            // As argument-parser's `exit(withError:)`, but through `StandardStream`, which
            // never traps on a failed write: help and version on standard output, errors on
            // standard error.
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if !message.isEmpty { (code == .success ? StandardStream.output : .error).line(message) }
            Foundation.exit(StandardStream.exitStatus(code == .validationFailure ? badInput : code.rawValue))
        }
        Foundation.exit(StandardStream.exitStatus(0))
    }
}

/// An argument, or an environment variable the program takes a folder from, that is not
/// UTF-8 text, said with its position; nil when there is none. Why: Swift reads them as
/// strings, each bad byte made U+FFFD, so `--state $'u\\xff.json'` wrote over an existing
/// `u\u{FFFD}.json` (a hostile tour): a name the program cannot spell is refused, not
/// guessed at.
func notUTF8Argument() -> String? {
    func badByte(_ p: UnsafePointer<CChar>) -> (offset: Int, byte: UInt8)? {
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self), count: strlen(p))
        var iterator = bytes.makeIterator(), decoder = UTF8(), offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let s): offset += UTF8.width(s)
            case .emptyInput: return nil
            case .error: return (offset, bytes[offset])
            }
        }
    }
    for i in stride(from: 1, to: Int(CommandLine.argc), by: 1) {
        guard let arg = CommandLine.unsafeArgv[i], let (offset, byte) = badByte(arg) else { continue }
        return "argument \(i) is not UTF-8 text (byte \(offset): 0x\(String(byte, radix: 16, uppercase: true))): give every argument, file names too, in UTF-8"
    }
    // (HOME is not read: Foundation takes the home folder from the user database.)
    for name in ["XDG_DATA_HOME", "XDG_CONFIG_HOME", "MOTIONLAB_RESOURCES"] {
        guard let value = getenv(name), let (offset, byte) = badByte(value) else { continue }
        return "$\(name) is not UTF-8 text (byte \(offset): 0x\(String(byte, radix: 16, uppercase: true)))"
    }
    // A relative name is made whole with the current folder's, read as text: one that is
    // not UTF-8 named another folder, which a save then made (a tour).
    var cwd = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    if getcwd(&cwd, cwd.count) != nil, let (offset, byte) = cwd.withUnsafeBufferPointer({ badByte($0.baseAddress!) }) {
        return "the current folder's path is not UTF-8 text (byte \(offset): 0x\(String(byte, radix: 16, uppercase: true))): run from another folder"
    }
    return nil
}

/// SIGINT, SIGTERM and SIGHUP reach the program whatever mask its parent left blocked (a parent
/// that blocks them, as a test runner does, is inherited across exec): SDL turns them into a
/// quit, so `play` ends its run cleanly and writes its files. A parent that *ignores* them
/// (a shell's background job and SIGINT) is obeyed.
func unblockQuitSignals() {
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGINT)
    sigaddset(&set, SIGTERM)
    sigaddset(&set, SIGHUP)
    sigprocmask(SIG_UNBLOCK, &set, nil)
}

/// SIGHUP — the terminal closed, the session ended — ends a run as SIGTERM does: cleanly,
/// the typing not yet saved and the run's files written, where it killed the process (a
/// tour lost a run of typing so). It is sent on to SIGTERM, whose handler SDL installs at
/// start, so call this after SDL has started. A parent that ignores SIGHUP (`nohup`) is
/// obeyed, and without SDL's handler nothing changes.
func quitOnHangUp() {
    var hup = sigaction(), term = sigaction()
    guard sigaction(SIGHUP, nil, &hup) == 0, sigaction(SIGTERM, nil, &term) == 0 else { return }
    // A handler's address as a number: 0 is SIG_DFL, 1 SIG_IGN.
    func address(_ a: sigaction) -> Int { a.__sigaction_handler.sa_handler.map { unsafeBitCast($0, to: Int.self) } ?? 0 }
    guard address(hup) == 0, address(term) > 1 else { return }
    signal(SIGHUP) { _ in _ = raise(SIGTERM) }
}
