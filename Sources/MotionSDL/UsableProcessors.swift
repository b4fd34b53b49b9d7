import CAffinity
import Foundation

/// How many processors this process may keep busy at once: the CPUs its affinity mask
/// allows (`taskset`, a container's cpuset), fewer when its cgroup's CPU quota is smaller
/// (`docker --cpus`, systemd's `CPUQuota=`), never below 1.
///
/// `ProcessInfo.activeProcessorCount` counts the processors online: under `taskset -c 0` on
/// a two-core machine it says 2, and two threads started on that word share one core. The
/// defaults that start a thread per processor (`--bands`, `--band-threads`, bench's
/// pipeline) come from here instead.
///
/// A quota caps time, not placement: a quota of 1.5 processors lets two threads run half
/// the time each, so it is rounded up (`ceil(quota / period)`). Every cgroup from this
/// process's own up to the root is read, since a parent's quota binds its children; the
/// smallest wins. Only files under /proc and /sys are read (links followed, they must stay
/// there), each under `maxFileBytes`; a file missing or unreadable, or content that does not
/// parse, means no limit from it.
public enum UsableProcessors {
    /// The processors this process may use, found at the first use and kept (the defaults
    /// it feeds are decided once, at start).
    public static let count: Int = measure()

    /// The largest /proc or /sys file read for it (a membership list of a few lines, or a
    /// quota of two numbers).
    static let maxFileBytes = 64 << 10

    /// The processors the affinity mask and the cgroup quotas allow, now.
    static func measure() -> Int {
        let allowed = affinityCount() ?? ProcessInfo.processInfo.activeProcessorCount
        return max(1, min(allowed, cgroupQuota() ?? Int.max))
    }

    /// The CPUs in this thread's affinity mask; nil where the system cannot say.
    static func affinityCount() -> Int? {
        let n = Int(motionlab_affinity_cpu_count())
        return n > 0 ? n : nil
    }

    /// The smallest CPU quota, in whole processors, over this process's cgroups (v2's
    /// `cpu.max` and v1's `cpu.cfs_quota_us`) and their ancestors; nil when none is set.
    static func cgroupQuota() -> Int? {
        #if os(Linux)
        guard let memberships = kernelFile("/proc/self/cgroup") else { return nil }
        var limits: [Int] = []
        if let path = Cgroup.unifiedPath(in: memberships) {
            for dir in Cgroup.ancestors(of: path) {
                if let text = kernelFile("/sys/fs/cgroup\(dir)/cpu.max"), let n = Cgroup.processors(cpuMax: text) { limits.append(n) }
            }
        }
        if let path = Cgroup.controllerPath(in: memberships, controller: "cpu") {
            // v1 mounts the cpu controller alone or together with cpuacct; one is often a
            // link to the other, and reading a file twice costs nothing.
            for root in ["/sys/fs/cgroup/cpu", "/sys/fs/cgroup/cpu,cpuacct", "/sys/fs/cgroup/cpuacct,cpu"] {
                for dir in Cgroup.ancestors(of: path) {
                    guard let quota = kernelFile("\(root)\(dir)/cpu.cfs_quota_us"),
                          let period = kernelFile("\(root)\(dir)/cpu.cfs_period_us"),
                          let n = Cgroup.processors(cfsQuota: quota, cfsPeriod: period) else { continue }
                    limits.append(n)
                }
            }
        }
        return limits.min()
        #else
        return nil
        #endif
    }

    /// The text of a file that, links followed, is under /proc or /sys; nil otherwise, or
    /// when it is missing, unreadable or larger than `maxFileBytes`.
    static func kernelFile(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        let real = String(cString: resolved)
        guard real.hasPrefix("/proc/") || real.hasPrefix("/sys/") else { return nil }
        return try? FilePolicy.readText(real, limit: maxFileBytes, limitName: "UsableProcessors.maxFileBytes")
    }
}
