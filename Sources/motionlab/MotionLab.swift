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
        StandardStream.ignoreWriteSignals()
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

/// SIGINT and SIGTERM reach the program whatever mask its parent left blocked (a parent
/// that blocks them, as a test runner does, is inherited across exec): SDL turns them into a
/// quit, so `play` ends its run cleanly and writes its files. A parent that *ignores* them
/// (a shell's background job and SIGINT) is obeyed.
func unblockQuitSignals() {
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGINT)
    sigaddset(&set, SIGTERM)
    sigprocmask(SIG_UNBLOCK, &set, nil)
}
