import Foundation
import PackagePlugin

/// Writes `Version.swift` for the target it serves: `buildVersion`, the package's version and
/// the checkout's `git describe --tags --always --dirty` when the package is a git checkout
/// with git at hand ("0.9.0 (git 5892b29)"), else the package's version alone
/// (`motionlab --version`). It runs again when the
/// checkout's HEAD or index changes (a commit, a checkout, a pull).
@main
struct VersionStamp: BuildToolPlugin {
    /// The version when there is no git description.
    static let packageVersion = "0.9.0"

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "Version.swift")
        let package = context.package.directoryURL
        let git = package.appending(path: ".git")
        let watched = ["HEAD", "index", "packed-refs"].map { git.appending(path: $0) }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
        let script = """
            d=$(git -C "$1" describe --tags --always --dirty 2>/dev/null) || d=""
            if [ -n "$d" ]; then v="$3 (git $d)"; else v="$3"; fi
            printf '/// The version `--version` prints: the git description at build time, else the package version.\\nlet buildVersion = "%s"\\n' "$v" > "$2"
            """
        return [.buildCommand(displayName: "Stamping the version into \(target.name)",
                              executable: URL(fileURLWithPath: "/bin/sh"),
                              arguments: ["-c", script, "sh", package.path, output.path, Self.packageVersion],
                              inputFiles: watched, outputFiles: [output])]
    }
}
