import Foundation

/// Times `body` `runs` times (after `warmup` untimed runs) and returns the median in seconds.
/// The median of many short runs is robust to the noise of a shared machine.
func median(runs: Int, warmup: Int = 3, _ body: () -> Void) -> Double {
    for _ in 0..<warmup { body() }
    var times: [Double] = []
    times.reserveCapacity(runs)
    for _ in 0..<runs {
        let t0 = DispatchTime.now().uptimeNanoseconds
        body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9)
    }
    times.sort()
    return times[times.count / 2]
}

/// Keeps a value alive so the optimiser cannot drop the work that made it.
@inline(never) func blackHole<T>(_ x: T) { withExtendedLifetime(x) {} }

func row(_ name: String, _ value: String, _ target: String = "") {
    print("| \(name) | \(value) | \(target) |")
}

func us(_ s: Double) -> String { String(format: "%.1f µs", s * 1e6) }
func ms(_ s: Double) -> String { String(format: "%.2f ms", s * 1e3) }
