// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "MotionLab",
    platforms: [.macOS(.v14)],
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
        .executableTarget(
            name: "motionlab",
            dependencies: [
                "MotionCore", "MotionSDL",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ]
        ),
        .testTarget(name: "MotionCoreTests", dependencies: ["MotionCore"]),
        .testTarget(name: "MotionSDLTests", dependencies: ["MotionSDL", "MotionCore", "CSDL2"]),
    ]
)
