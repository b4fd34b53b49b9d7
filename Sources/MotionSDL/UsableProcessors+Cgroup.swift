extension UsableProcessors {
    /// The contents of the cgroup files `UsableProcessors` reads, parsed: pure functions of
    /// the text, so each case is tested with a string. Whatever does not parse is no limit,
    /// never a trap.
    enum Cgroup {
        /// The deepest cgroup path followed (a kernel allows more, nobody nests this far).
        static let maxDepth = 64

        /// This process's cgroup v2 path from `/proc/self/cgroup` (the line `0::PATH`),
        /// without a trailing slash (the root is ""); nil when there is none or it is not a
        /// plain absolute path.
        static func unifiedPath(in memberships: String) -> String? {
            memberships.split(separator: "\n").lazy.compactMap { line -> String? in
                let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
                guard fields.count == 3, fields[0] == "0", fields[1].isEmpty else { return nil }
                return plainPath(fields[2])
            }.first
        }

        /// This process's cgroup v1 path for `controller` from `/proc/self/cgroup` (a line
        /// `N:…,controller,…:PATH`), as `unifiedPath(in:)`.
        static func controllerPath(in memberships: String, controller: String) -> String? {
            memberships.split(separator: "\n").lazy.compactMap { line -> String? in
                let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
                guard fields.count == 3, fields[0] != "0",
                      fields[1].split(separator: ",").contains(Substring(controller)) else { return nil }
                return plainPath(fields[2])
            }.first
        }

        /// `path` when it is absolute with no `.` or `..` part, no empty part but a trailing
        /// slash, and at most `maxDepth` parts, without that slash; nil otherwise.
        static func plainPath(_ path: Substring) -> String? {
            guard path.first == "/", path.utf8.count <= 4096 else { return nil }
            var parts = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
            if parts.last == "" { parts.removeLast() }
            guard parts.count <= maxDepth,
                  parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\0") }) else { return nil }
            return parts.map { "/" + $0 }.joined()
        }

        /// `path` and each of its ancestors, deepest first, ending with the root "".
        static func ancestors(of path: String) -> [String] {
            var out = [path], current = Substring(path)
            while let slash = current.lastIndex(of: "/") {
                current = current[..<slash]
                out.append(String(current))
            }
            return out
        }

        /// The processors a cgroup v2 `cpu.max` allows: "QUOTA PERIOD" (microseconds)
        /// gives `ceil(QUOTA / PERIOD)`; "max PERIOD", anything malformed, or a number too
        /// large for 18 digits, gives nil (no limit).
        static func processors(cpuMax text: String) -> Int? {
            let fields = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" })
            guard fields.count == 2, let quota = number(fields[0]), let period = number(fields[1]) else { return nil }
            return processors(quota: quota, period: period)
        }

        /// The processors cgroup v1's `cpu.cfs_quota_us` and `cpu.cfs_period_us` allow; a
        /// quota of -1 (none) or malformed text gives nil.
        static func processors(cfsQuota: String, cfsPeriod: String) -> Int? {
            let quota = cfsQuota.split(whereSeparator: \.isWhitespace), period = cfsPeriod.split(whereSeparator: \.isWhitespace)
            guard quota.count == 1, period.count == 1, let q = number(quota[0]), let p = number(period[0]) else { return nil }
            return processors(quota: q, period: p)
        }

        /// `ceil(quota / period)`, or nil unless both are positive.
        static func processors(quota: Int, period: Int) -> Int? {
            guard quota > 0, period > 0 else { return nil }
            let (whole, rest) = quota.quotientAndRemainder(dividingBy: period)
            return whole + (rest == 0 ? 0 : 1)
        }

        /// A decimal of ASCII digits only, at most 18 of them (so it fits an `Int`).
        static func number(_ text: Substring) -> Int? {
            guard (1...18).contains(text.utf8.count), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            return Int(text)
        }
    }
}
