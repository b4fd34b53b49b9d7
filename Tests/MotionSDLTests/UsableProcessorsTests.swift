import Engine
import Foundation
@testable import MotionSDL
import Testing

@Suite struct UsableProcessorsTests {
    @Test func thisProcessMayUseAtLeastOneAndNoMoreThanItsMaskAllows() throws {
        let mask = try #require(UsableProcessors.affinityCount())
        #expect(UsableProcessors.count >= 1)
        #expect(UsableProcessors.count <= mask && mask <= ProcessInfo.processInfo.processorCount)
        #expect(UsableProcessors.kernelFile("/proc/self/cgroup") != nil)
    }

    @Test func onlyProcAndSysAreRead() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("usable-\(UUID().uuidString)")
        try "1 1".write(to: file, atomically: true, encoding: .utf8)
        #expect(UsableProcessors.kernelFile(file.path) == nil)
        let link = FileManager.default.temporaryDirectory.appendingPathComponent("usable-link-\(UUID().uuidString)")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/etc/hostname")
        #expect(UsableProcessors.kernelFile(link.path) == nil)
        #expect(UsableProcessors.kernelFile("/proc/self/../../etc/hostname") == nil)
        #expect(UsableProcessors.kernelFile("/sys/no/such/file") == nil)
    }
}

extension SDLTests {
    @Suite struct UsableProcessorsCommandTests {
        static let small = ["bench", "--followers", "20", "--tweens", "0", "--sprites", "0", "--frames", "2", "--warmup", "0", "--json", "-"]

        @Test func benchReportsTheProcessorsItMayUseBesideTheLogicalCores() throws {
            let r = try Motionlab.run(Self.small)
            #expect(r.status == 0, "\(r.stderr)")
            let env = try #require(JSONParser.parse(r.stdout)["env"])
            #expect(env["usableProcessors"]?.doubleValue == Double(UsableProcessors.count))
            #expect(env["logicalCores"]?.doubleValue == Double(ProcessInfo.processInfo.activeProcessorCount))
        }

        @Test func underTasksetOneProcessorTheDefaultsAreOneThread() throws {
            let taskset = "/usr/bin/taskset"
            guard FileManager.default.isExecutableFile(atPath: taskset) else {
                print("UsableProcessorsCommandTests: no taskset; the affinity case is skipped")
                return
            }
            let cpu = try #require(firstAllowedCPU())
            let p = Motionlab.process(Self.small)
            p.arguments = ["-c", "\(cpu)", p.executableURL!.path] + Self.small
            p.executableURL = URL(fileURLWithPath: taskset)
            let r = try Motionlab.run(p)
            #expect(r.status == 0, "\(r.stderr)")
            let env = try #require(JSONParser.parse(r.stdout)["env"])
            #expect(env["usableProcessors"]?.doubleValue == 1)
            #expect(env["bands"]?.doubleValue == 1)
            #expect(env["pipeline"]?.boolValue == false)
            #expect(env["logicalCores"]?.doubleValue == Double(ProcessInfo.processInfo.activeProcessorCount))
        }

        /// The lowest CPU in this process's mask, from /proc/self/status's `Cpus_allowed_list`
        /// ("0-3,6"), so that taskset is asked for one it may have.
        func firstAllowedCPU() -> Int? {
            guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
                  let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed_list:") }) else { return nil }
            return Int(line.dropFirst("Cpus_allowed_list:".count).trimmingCharacters(in: .whitespaces).prefix { $0.isNumber })
        }
    }
}
