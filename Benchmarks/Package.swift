// swift-tools-version:6.0
// Micro-benchmarks for the core layers (Geometry … Scenes), kept out of the main build graph:
//   swift run -c release --package-path Benchmarks micro-bench [filter]
import Foundation
import PackageDescription

// SwiftPM names a path dependency after its folder, so find out what the checkout is called.
let parent = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "MotionLabBenchmarks",
    dependencies: [.package(path: "..")],
    targets: [
        .executableTarget(
            name: "micro-bench",
            dependencies: [.product(name: "MotionLabCore", package: parent)],
            path: "Sources/MicroBench",
            swiftSettings: [.unsafeFlags(["-Ounchecked"])]
        ),
    ]
)
