import Engine
import Geometry
import Scenes
import Shell

// Fixtures shared by the test targets (a library that only tests depend on).

/// A font with the real atlas's grid, for scenes and the shell in tests.
public func testFont() -> BitmapFont {
    let chars = (32..<127).map { String(UnicodeScalar($0)!) }.joined()
    return try! BitmapFont(metrics: "cell 8 16\ncolumns 16\nchars \(chars)", texture: Textures.font)
}

/// `scene` alone in a shell of `size` (1280×720 unless said) with the test font, and the
/// scene itself, for a suite's `make()`.
public func shell<S: Scene>(with scene: S, size: Vec2 = Vec2(1280, 720)) -> (Shell, S) {
    (Shell(scenes: [scene], size: size, font: testFont()), scene)
}

/// Runs `frames` frames of `frameTime` (1/60 s unless said) at 120 Hz through a shell with the
/// app's frame driver (no window), applying `events[frame]` at the start of each frame.
/// Returns the shell and its loop.
@discardableResult
public func runShell(_ shell: Shell, frames: Int, events: [Int: [InputEvent]] = [:],
                     frameTime: Double = 1.0 / 60.0) -> (Shell, FixedStepLoop) {
    let script = events.keys.sorted().flatMap { f in events[f]!.map { ScriptedEvent(frame: f, event: $0) } }
    // The input timeline goes on from the shell's last run, so a gesture split over runs
    // keeps its times in order (a lift after a pause rests).
    let driver = FrameDriver(platform: NullPlatform(size: shell.size), content: shell, hz: 120,
                             virtualFrameTime: frameTime, script: script, startTime: shell.simulatedTime)
    driver.frameLimit = frames
    try! driver.run()
    return (shell, driver.loop)
}

/// Whether `a` and `b` differ by at most `tol`.
public func approx(_ a: Double, _ b: Double, _ tol: Double = 1e-9) -> Bool { abs(a - b) <= tol }
