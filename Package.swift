// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "MotionLab",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "motionlab", targets: ["motionlab"]),
        // For the micro-benchmarks in Benchmarks/ (a separate package, outside this build).
        .library(name: "MotionCore", targets: ["MotionCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
    ],
    targets: [
        // SDL2 from the system (Debian's libsdl2-dev); a modulemap and one shim header.
        .systemLibrary(
            name: "CSDL2",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev"])]
        ),
        // Everything that can be decided without a window: geometry, paths, animation,
        // entities, the loop, input routing, scenes and the draw list. Imports no SDL.
        .target(name: "MotionCore"),
        // The only module where SDL types live.
        .target(name: "MotionSDL", dependencies: ["CSDL2", "MotionCore"]),
        // The benchmark's measurements: per-phase frame timings with HdrHistogram percentiles.
        .target(
            name: "MotionBench",
            dependencies: ["MotionCore", .product(name: "Histogram", package: "hdrhistogram-swift")]
        ),
        // Counts heap allocations (glibc's supported malloc replacement), for the benchmark.
        .target(name: "CMallocCounter"),
        .executableTarget(
            name: "motionlab",
            dependencies: [
                "MotionCore", "MotionSDL", "MotionBench", "CMallocCounter",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ],
            // Export the counting malloc so glibc's own calls bind to it too.
            linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"])]
        ),
        .testTarget(name: "MotionCoreTests", dependencies: ["MotionCore"]),
        .testTarget(name: "MotionSDLTests", dependencies: ["MotionSDL", "MotionCore", "MotionBench", "CSDL2"]),
    ]
)
