// swift-tools-version:6.1
// Benchmarks for the core layers (Geometry … Scenes), kept out of the main build graph.
//   swift package --package-path Benchmarks benchmark                  # run them (package-benchmark)
//   swift package --package-path Benchmarks benchmark baseline check    # against the committed baseline
//   swift run -c release --package-path Benchmarks micro-bench probe-…  # fixed workloads for callgrind
import Foundation
import PackageDescription

// SwiftPM names a path dependency after its folder, so find out what the checkout is called.
let parent = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "MotionLabBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // What the suite and the probes share.
        .target(name: "BenchSupport", dependencies: [.product(name: "MotionLabCore", package: parent)]),
        // package-benchmark's suite: wall clock, CPU and malloc counts per benchmark, with
        // thresholds and a committed baseline (Benchmarks/.benchmarkBaselines).
        .executableTarget(
            name: "MotionLabBenchmarks",
            dependencies: ["BenchSupport", .product(name: "MotionLabCore", package: parent), .product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/MotionLabBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The older hand-written rows and the callgrind probes.
        .executableTarget(
            name: "micro-bench",
            dependencies: ["BenchSupport", .product(name: "MotionLabCore", package: parent)],
            path: "Sources/MicroBench",
            swiftSettings: [.unsafeFlags(["-Ounchecked"])]
        ),
    ]
)
