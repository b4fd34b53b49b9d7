import ArgumentParser
import Engine
import Foundation
import MotionBench
import MotionSDL
import Scenes
import Shell

// The machine a benchmark ran on (processor, system, compiler, commit), probed once for the
// report, and the environment block of the JSON report that carries it.
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

extension Bench {
    /// What a reader needs to know to compare this report with another.
    func environment(_ platform: Platform) -> [(String, JSONValue)] {
        [
            ("cpu", .string(Self.cpuName())), ("logicalCores", JSONValue(ProcessInfo.processInfo.activeProcessorCount)),
            ("usableProcessors", JSONValue(UsableProcessors.count)),
            ("os", .string(Self.osName())), ("swift", .string(Self.swiftVersion)), ("sdl", .string(Platform.sdlVersion)),
            ("renderer", .string(platform.rendererName)), ("videoDriver", .string(platform.videoDriverName)),
            ("commit", .string(Self.gitCommit())), ("timestamp", .string(ISO8601DateFormatter().string(from: Date()))),
            ("commandLine", .string(CommandLine.arguments.map(Self.shellQuoted).joined(separator: " "))),
            ("size", .string("\(display.size.w)x\(display.size.h)")), ("scene", scene.map { .string($0) } ?? .string("stress")), ("followers", JSONValue(followers)), ("tweens", JSONValue(tweens)),
            ("sprites", JSONValue(sprites)), ("hz", JSONValue(display.hz)), ("warmup", JSONValue(warmup)),
            ("repeat", JSONValue(`repeat`)), ("pipeline", .bool(pipelined)), ("bands", JSONValue(platform.bandCount)),
            ("bandThreads", JSONValue(platform.bandThreadCount)),
            ("bandsDrawn", JSONValue(platform.bandDecision.map { $0.banded ? platform.bandCount : 1 } ?? platform.bandCount)),
            ("bandTrial", platform.bandDecision.map {
                .object([("bandedMs", JSONValue($0.bandedMilliseconds)), ("aloneMs", JSONValue($0.aloneMilliseconds)), ("banded", .bool($0.banded))])
            } ?? .null),
            ("compositor", .string(display.ownCompositor ? "own" : "sdl")),
            ("allocationsCounted", .bool(MallocCounter.isActive)),
            ("drawCallsPerFrame", JSONValue(platform.lastSubmits.drawCalls)), ("verticesPerFrame", JSONValue(platform.lastSubmits.vertices)),
            ("indicesPerFrame", JSONValue(platform.lastSubmits.indices)),
            ("textureSwitchesPerFrame", JSONValue(platform.lastSubmits.textureSwitches)),
            ("compositedPerFrame", .object([("copied", JSONValue(platform.lastCounts.copied)), ("blended", JSONValue(platform.lastCounts.blended)),
                                            ("tinted", JSONValue(platform.lastCounts.tinted)), ("scaled", JSONValue(platform.lastCounts.scaled)), ("toSDL", JSONValue(platform.lastCounts.toSDL))])),
        ]
    }
}
