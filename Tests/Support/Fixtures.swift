import Engine
import Geometry
import Shell

// Fixtures shared by the test targets (a library that only tests depend on).

/// A font with the real atlas's grid, for scenes and the shell in tests.
public func testFont() -> BitmapFont {
    let chars = (32..<127).map { String(UnicodeScalar($0)!) }.joined()
    return try! BitmapFont(metrics: "cell 8 16\ncolumns 16\nchars \(chars)", texture: Textures.font)
}

/// Runs `frames` frames of 1/60 s at 120 Hz through a shell, applying `events[frame]` at the
/// start of each frame, as the app's runner does. Returns the shell.
@discardableResult
public func runShell(_ shell: Shell, frames: Int, events: [Int: [InputEvent]] = [:]) -> (Shell, FixedStepLoop) {
    var loop = FixedStepLoop(hz: 120)
    for f in 1...frames {
        for e in events[f] ?? [] { shell.enqueue(e) }
        let steps = loop.advance(by: 1.0 / 60.0)
        for _ in 0..<steps { shell.step(dt: loop.dt, step: loop.step) }
    }
    return (shell, loop)
}

/// Whether `a` and `b` differ by at most `tol`.
public func approx(_ a: Double, _ b: Double, _ tol: Double = 1e-9) -> Bool { abs(a - b) <= tol }
