import Engine
import Foundation
import Geometry
import Shell

/// Finds the `Resources/` folder: `--resources`, then `MOTIONLAB_RESOURCES`, then upward from
/// the executable (a build in `.build/…/motionlab` finds the checkout's folder), then the
/// current directory.
enum Resources {
    static func locate(explicit: String?) throws -> URL {
        func ok(_ u: URL) -> Bool { FileManager.default.fileExists(atPath: u.appendingPathComponent("font.txt").path) }
        if let explicit {
            let u = URL(fileURLWithPath: explicit)
            guard ok(u) else { throw CommandError.usage("--resources \(explicit): no font.txt there") }
            return u
        }
        if let env = ProcessInfo.processInfo.environment["MOTIONLAB_RESOURCES"], ok(URL(fileURLWithPath: env)) {
            return URL(fileURLWithPath: env)
        }
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            let candidate = dir.appendingPathComponent("Resources")
            if ok(candidate) { return candidate }
            dir.deleteLastPathComponent()
        }
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Resources")
        guard ok(cwd) else {
            throw CommandError.usage("cannot find the Resources folder (font.txt); pass --resources DIR")
        }
        return cwd
    }
}
