import ArgumentParser
import Foundation
import Engine
import Geometry
import MotionSDL
import Scenes

/// Options that `play` and `bench` share: the window, the renderer, the simulation rate and
/// the seed.
struct WindowOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Window size in points, WxH.", transform: parseSize)
    var size: Size = Size(w: 1280, h: 720)

    @Option(parsing: .unconditional, help: "Simulation steps per second.")
    var hz: Double = 120

    @Option(help: "SDL render driver: software, opengl, opengles2, or auto (SDL's choice) (headless and bench: software).")
    var renderer: String?

    @Option(help: "SDL video driver (x11, wayland, offscreen, dummy); headless runs default to dummy.")
    var videoDriver: String?

    @Option(parsing: .unconditional, help: "With the software renderer, draw each frame in this many horizontal bands, several threads at once, with the same pixels as one thread's (default: one per usable processor — affinity and cgroup quota — or this thread alone, whichever a trial on the first frames finds faster; 1 keeps SDL's single thread; with --compositor sdl, 1, since SDL samples a scaled image anew at each band's edge).")
    var bands: Int?

    @Option(help: "With the software renderer, who draws the image copies SDL would make 1:1: own (our compositor: the same pixels, several times faster) or sdl (SDL's renderer, blit for blit as testsprite2 does; the reference).")
    var compositor: CompositorChoice = .own

    @Flag(help: "With the software renderer, redraw every frame whole, instead of only what changed since the last frame.")
    var fullRedraw = false

    /// The old name of `--compositor sdl`, kept for scripts that pass it.
    @Flag(name: .customLong("no-rle"), help: .hidden)
    var noRLE = false

    /// Whether our compositor draws (`--compositor own`, and no `--no-rle`).
    var ownCompositor: Bool { compositor == .own && !noRLE }

    /// Bands by default: one per processor this process may use (our compositor's pixels are
    /// the same either way, a test checks), capped at 64. SDL's renderer alone (the
    /// reference) draws on one thread unless asked: clipped to a band, it samples a scaled
    /// copy from the part left after clipping, which changes the pixels at band edges.
    var resolvedBands: Int { bands ?? (ownCompositor ? min(64, UsableProcessors.count) : 1) }

    @Option(help: "Folder with the textures and font (default: the Resources/ folder of this checkout).")
    var resources: String?

    @Option(help: "Font file text is drawn with (default: fonts/DejaVuSans.ttf in the resources); one that cannot be read is named on stderr and the bitmap font draws instead.")
    var font: String?

    @Option(parsing: .unconditional, help: "Seed for the scenes' random placement. (0…18446744073709551615)", transform: parseSeed)
    var seed: UInt64 = 1

    func validate() throws {
        guard hz >= 1, hz <= 1000 else { throw ValidationError("--hz must be in [1, 1000] steps per second, got \(hz)") }
        if let bands, !(1...64).contains(bands) { throw ValidationError("--bands must be in 1...64, got \(bands)") }
        if let renderer, renderer != "auto", !Platform.renderDrivers.contains(renderer) {
            throw ValidationError("--renderer: this SDL has no render driver '\(renderer)' (it has: \(Platform.renderDrivers.joined(separator: ", ")))")
        }
        if let videoDriver, !Platform.videoDrivers.contains(videoDriver) {
            throw ValidationError("--video-driver: this SDL has no video driver '\(videoDriver)' (it has: \(Platform.videoDrivers.joined(separator: ", ")))")
        }
    }

    /// The platform's options for these: a window of `size`, at `resources`.
    func platformOptions() throws -> PlatformOptions {
        var options = PlatformOptions(resources: try Resources.locate(explicit: resources), textures: Textures.catalog)
        options.size = Vec2(Double(size.w), Double(size.h))
        options.renderer = renderer == "auto" ? nil : renderer
        options.videoDriver = videoDriver
        options.bands = resolvedBands
        options.chooseBands = bands == nil
        options.ownCompositor = ownCompositor
        options.redrawChangesOnly = !fullRedraw
        options.fontFile = font
        return options
    }
}

/// A `--seed`: a whole number 0…2⁶⁴−1, refused with that range otherwise.
func parseSeed(_ text: String) throws -> UInt64 {
    guard let seed = UInt64(text) else {
        throw ValidationError("--seed must be a whole number 0…\(UInt64.max), got '\(echo(text))'")
    }
    return seed
}

/// `--compositor`: who draws image copies with the software renderer.
enum CompositorChoice: String, ExpressibleByArgument, CaseIterable {
    case own, sdl
}
