// swift-tools-version:6.0
import PackageDescription

// The layers, lowest first; each target depends only on targets above it in this list, and
// none but MotionSDL sees SDL:
//
//   Geometry          Vec2, Rect, AffineTransform, Color
//   Entities          entity ids, sparse-set component stores, the world, system schedules
//   Paths             paths, SVG path data, flattening, the arc-length sample table, nearest point
//   Motion            timing curves, media timing, keyframe and path tracks, tweens
//   Engine            the fixed-step loop and the frame driver, input, spaces and scrolling,
//                     the draw list and font, scripts and JSON, the Scene protocol
//   Songs             the song the board edits: its sheet (JSON), ChordPro text, chord names
//                     and guitar voicings
//   Scenes            path, tap, arrow, board, bounce, stress (one folder each)
//   Shell             tabs, HUD, help overlay; routes input to the active scene
//   MotionSDL         the platform over SDL2: window, events, textures, drawing, files on disk,
//                     the processors this process may use
//   MotionBench       per-phase frame timings for `motionlab bench` (allocations counted by
//                     Benchmarks/MallocCounter, preloaded into the benchmark's process only)
//   motionlab         the command line
// The hot loops cross the layers (a scene's step calls the entity store, the sample table
// and Vec2's operators), so release builds optimise across modules, as one module was.
let crossModule: [SwiftSetting] = [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]

let package = Package(
    name: "MotionLab",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "motionlab", targets: ["motionlab"]),
        // The engine for use outside the demo (`import MotionLabKit`), and its SDL platform
        // (`import MotionLabSDL`, which brings the engine too). Examples/ uses only these.
        .library(name: "MotionLabKit", targets: ["MotionLabKit"]),
        .library(name: "MotionLabSDL", targets: ["MotionLabSDL"]),
        // For the micro-benchmarks in Benchmarks/ (a separate package, outside this build).
        .library(name: "MotionLabCore", targets: ["Geometry", "Entities", "Paths", "Motion", "Engine", "Songs", "Scenes"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        // `make docs`: the API documentation (DocC), built offline to static HTML.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // SDL2 and SDL2_image from the system (Debian's libsdl2-dev, libsdl2-image-dev); a
        // modulemap and one shim header.
        .systemLibrary(
            name: "CSDL2",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev", "libsdl2-image-dev"])]
        ),
        // HarfBuzz and FreeType from the system (Debian's libharfbuzz-dev, libfreetype-dev):
        // text shaped and rasterised from a font file (MotionSDL/Text).
        .systemLibrary(
            name: "CText",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev", "libfreetype-dev", "libfontconfig-dev"])]
        ),
        // sched_getaffinity, which Swift's Glibc module does not declare (for UsableProcessors).
        .target(name: "CAffinity"),
        // Inode flags (append-only, immutable) and extended attributes, for saves that keep a
        // file's identity (FilePolicy).
        .target(name: "CFileIdentity"),
        .target(name: "Geometry", swiftSettings: crossModule),
        .target(name: "Entities", swiftSettings: crossModule),
        .target(name: "Paths", dependencies: ["Geometry"], swiftSettings: crossModule),
        .target(name: "Motion", dependencies: ["Geometry", "Paths", "Entities"], swiftSettings: crossModule),
        .target(name: "Engine", dependencies: ["Geometry", "Entities", "Paths", "Motion"], swiftSettings: crossModule),
        .target(name: "Songs", dependencies: ["Geometry", "Engine"], swiftSettings: crossModule),
        .target(name: "Scenes", dependencies: ["Geometry", "Entities", "Paths", "Motion", "Engine", "Songs"], swiftSettings: crossModule),
        .target(name: "Shell", dependencies: ["Geometry", "Engine"], swiftSettings: crossModule),
        // The products' umbrella modules: one import each.
        .target(name: "MotionLabKit", dependencies: ["Geometry", "Entities", "Paths", "Motion", "Engine"]),
        .target(name: "MotionLabSDL", dependencies: ["MotionLabKit", "MotionSDL"]),
        // One technique per example, using only the two products (`make example NAME=…`).
        .executableTarget(name: "example-path-handle", dependencies: ["MotionLabSDL"], path: "Examples/PathHandle"),
        .executableTarget(name: "example-interrupted-flight", dependencies: ["MotionLabSDL"], path: "Examples/InterruptedFlight"),
        .executableTarget(name: "example-headless-run", dependencies: ["MotionLabKit"], path: "Examples/HeadlessRun"),
        .executableTarget(name: "example-shape-mask", dependencies: ["MotionLabSDL"], path: "Examples/ShapeMask"),
        .executableTarget(name: "example-copy-drag-drop", dependencies: ["MotionLabSDL"], path: "Examples/CopyDragDrop"),
        .executableTarget(name: "example-spring-throw", dependencies: ["MotionLabSDL"], path: "Examples/SpringThrow"),
        // The only module where SDL types live.
        .target(name: "MotionSDL", dependencies: ["CSDL2", "CText", "CCompositor", "CAffinity", "CFileIdentity", "Geometry", "Engine"]),
        // The benchmark's measurements: per-phase frame timings with HdrHistogram percentiles.
        .target(
            name: "MotionBench",
            dependencies: ["Engine", .product(name: "Histogram", package: "hdrhistogram-swift")]
        ),
        // The compositor's inner loop, in C (Sources/MotionSDL/Compositor says why).
        .target(name: "CCompositor", cSettings: [.unsafeFlags(["-O3", "-fno-builtin-memcpy", "-fno-builtin-memmove"])]),
        .executableTarget(
            name: "motionlab",
            dependencies: [
                "Geometry", "Paths", "Motion", "Engine", "Songs", "Scenes", "Shell", "MotionSDL", "MotionBench", "CSDL2",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ],
            plugins: ["VersionStamp"]
        ),
        // `motionlab --version`: the git description at build time, else the package's version.
        .plugin(name: "VersionStamp", capability: .buildTool()),
        // Fuzzing: the entries (one per parser and input surface) and the executable libFuzzer
        // drives (`make fuzz` builds it with -sanitize=fuzzer,address; plainly built, it replays
        // files).
        .target(name: "FuzzTargets", dependencies: ["Geometry", "Paths", "Engine", "Songs", "Scenes"]),
        .executableTarget(name: "motionlab-fuzz", dependencies: ["FuzzTargets"]),
        // Fixtures the test targets share.
        .target(name: "TestSupport", dependencies: ["Geometry", "Engine", "Songs", "Scenes", "Shell"], path: "Tests/Support"),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
        .testTarget(name: "EntitiesTests", dependencies: ["Entities"]),
        .testTarget(name: "PathsTests", dependencies: ["Geometry", "Paths", "TestSupport"]),
        .testTarget(name: "MotionTests", dependencies: ["Geometry", "Paths", "Entities", "Motion"]),
        .testTarget(name: "EngineTests", dependencies: ["Geometry", "Entities", "Paths", "Engine", "TestSupport"]),
        .testTarget(name: "SongsTests", dependencies: ["Geometry", "Engine", "Songs"]),
        .testTarget(name: "ScenesTests", dependencies: ["Geometry", "Entities", "Paths", "Motion", "Engine", "Songs", "Scenes", "Shell", "TestSupport"]),
        .testTarget(name: "ShellTests", dependencies: ["Geometry", "Engine", "Scenes", "Shell", "TestSupport"]),
        .testTarget(name: "FuzzTests", dependencies: ["FuzzTargets", "Paths", "Engine", "Scenes"]),
        .testTarget(name: "MotionSDLTests", dependencies: ["CSDL2", "CFileIdentity", "Geometry", "Paths", "Engine", "Songs", "Scenes", "Shell", "MotionSDL", "MotionBench", "TestSupport"]),
    ]
)
