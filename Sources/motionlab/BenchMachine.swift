import ArgumentParser
import Engine
import Foundation
import MotionBench
import MotionSDL
import Scenes
import Shell

// The machine a benchmark ran on (processor, system, compiler, commit), probed for the JSON
// report's environment (`BenchReport`).
extension Bench {
    /// The compiler this was built with.
    static var swiftVersion: String {
        #if compiler(>=6.4)
        "6.4 or later"
        #elseif compiler(>=6.3)
        "6.3"
        #elseif compiler(>=6.2)
        "6.2"
        #else
        "6.1 or earlier"
        #endif
    }

    static func osName() -> String {
        var name = "unknown"
        if let release = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8) {
            for line in release.split(separator: "\n") where line.hasPrefix("PRETTY_NAME=") {
                name = line.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        var u = utsname()
        uname(&u)
        let kernel = withUnsafeBytes(of: u.release) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
        return "\(name), Linux \(kernel)"
    }

    /// The commit of the checkout this binary was built from, or "unknown".
    static func gitCommit() -> String {
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["git", "-C", checkout.path, "rev-parse", "HEAD"]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return "unknown" }
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        p.waitUntilExit()
        return p.terminationStatus == 0 && text.count == 40 ? text : "unknown"
    }

    static func shellQuoted(_ s: String) -> String {
        s.allSatisfy({ $0.isLetter || $0.isNumber || "-_./=:,".contains($0) }) && !s.isEmpty ? s : "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    static func cpuName() -> String {
        guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "unknown" }
        for line in info.split(separator: "\n") where line.hasPrefix("model name") {
            return line.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
        }
        return "unknown"
    }
}
