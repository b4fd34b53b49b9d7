#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Geometry

/// Corpus files, and the deterministic mutations the tests run each entry over.
public enum FuzzCorpus {
    /// The regular files among `paths`, and in the folders among them (sorted, not recursive).
    public static func files(_ paths: [String]) -> [String] {
        var out: [String] = []
        for p in paths {
            if let dir = opendir(p) {
                var names: [String] = []
                while let e = readdir(dir) {
                    let name = String(cString: (UnsafeRawPointer(e) + MemoryLayout<dirent>.offset(of: \dirent.d_name)!).assumingMemoryBound(to: CChar.self))
                    if !name.hasPrefix(".") { names.append(name) }
                }
                closedir(dir)
                out += names.sorted().map { p + "/" + $0 }
            } else {
                out.append(p)
            }
        }
        return out
    }

    /// Calls `body` with the file's bytes.
    public static func withContents(of path: String, _ body: (UnsafeRawBufferPointer) -> Void) {
        guard let f = fopen(path, "rb") else { return }
        defer { fclose(f) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = fread(&chunk, 1, chunk.count, f)
            if n <= 0 { break }
            bytes += chunk[0..<n]
        }
        bytes.withUnsafeBytes(body)
    }

    /// `count` inputs made from `seeds` the way a fuzzer starts: bytes flipped, inserted,
    /// deleted, repeated and spliced from another seed, plus interesting numbers written in —
    /// the same ones for the same `seed`.
    public static func mutations(of seeds: [[UInt8]], count: Int, seed: UInt64) -> [[UInt8]] {
        var rng = SplitMix64(seed: seed)
        let interesting = ["0", "-0", "1e308", "-1e308", "1e-320", "NaN", "inf", "9223372036854775807", "1e9", "1e-9", "4e6",
                           "16384", "0.0000000001", ".5.5", "-1-2", "1e", "\"", "{", "}", "[", "]", ",", "\r", "\n", "\r\n", "\0"]
        var out: [[UInt8]] = []
        out.reserveCapacity(count)
        for _ in 0..<count {
            var b = seeds.isEmpty ? [] : seeds[Int(rng.next() % UInt64(seeds.count))]
            for _ in 0..<(1 + Int(rng.next() % 4)) {
                let at = b.isEmpty ? 0 : Int(rng.next() % UInt64(b.count + 1))
                switch rng.next() % 6 {
                case 0 where !b.isEmpty && at < b.count: b[at] ^= UInt8(1 << (rng.next() % 8))
                case 1: b.insert(UInt8(truncatingIfNeeded: rng.next()), at: at)
                case 2 where !b.isEmpty && at < b.count: b.remove(at: at)
                case 3: b.insert(contentsOf: Array(interesting[Int(rng.next() % UInt64(interesting.count))].utf8), at: at)
                case 4 where !b.isEmpty && at < b.count:
                    let end = min(b.count, at + 1 + Int(rng.next() % 16))
                    b.insert(contentsOf: b[at..<end], at: at)
                default:
                    if let other = seeds.randomElement(using: &rng), !other.isEmpty {
                        let from = Int(rng.next() % UInt64(other.count))
                        b.insert(contentsOf: other[from...].prefix(32), at: at)
                    }
                }
            }
            out.append(b)
        }
        return out
    }
}
