import ArgumentParser
import CSDL2
import Engine
import Foundation
import Geometry
import MotionSDL
import Scenes
import Paths

/// `motionlab icon`: the app's icon, drawn by the app itself (the path scene's figure 8 with
/// its two rings on a rounded dark tile) headless, saved as a PNG. `make install` makes the
/// hicolor theme's sizes with it.
struct Icon: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Draw the app's icon, a PNG of --size pixels square.")

    /// The sizes `make install` puts in the hicolor icon theme.
    static let themeSizes = [16, 24, 32, 48, 64, 128, 256, 512]

    @Option(parsing: .unconditional, help: "Its side in pixels (16…1024).")
    var size = 256

    @Option(help: "The PNG to write (.png), or a BMP (.bmp).")
    var output: String

    @Option(help: "Folder with the textures and font (default: the Resources/ folder of this checkout).")
    var resources: String?

    func validate() throws {
        guard (16...1024).contains(size) else { throw ValidationError("--size must be in 16…1024 pixels, got \(size)") }
        // What it writes is chosen by the name's ending, as play's --screenshot does (a
        // name ending .jpg got a PNG).
        // (A stream — `-`, /dev/stdout — takes the PNG whatever it is called.)
        let stream = output == "-" || (try? FilePolicy.destination(for: output)).map { if case .replace = $0 { false } else { true } } ?? false
        guard stream || output.lowercased().hasSuffix(".png") || output.lowercased().hasSuffix(".bmp") else {
            throw ValidationError("--output writes PNG or BMP: give a file ending in .png or .bmp, got \(echo(output, limit: 200))")
        }
        try checkWritable(output, option: "--output")
        try checkDistinct(readOnly: resourceFiles(resources), [("--output", output)])
        try checkOutsideSongs([("--output", output)])
    }

    func run() throws {
        do {
            var options = PlatformOptions(resources: try Resources.locate(explicit: resources), textures: Textures.catalog)
            options.headless = true
            options.size = Vec2(Double(size), Double(size))
            options.bands = 1
            let platform = try Platform(options: options)
            // Drawn on black and on white: where the two differ the icon is see-through, by
            // that much (a = 1 − (white − black)); its colour is the black one over a.
            func pixels(on background: Color) -> [Color] {
                var list = Self.drawing(side: Double(size))
                list.background = background
                platform.render(list)
                return platform.readPixels(SDL_Rect(x: 0, y: 0, w: Int32(size), h: Int32(size)))
            }
            let black = pixels(on: Color(0, 0, 0)), white = pixels(on: Color(255, 255, 255))
            guard black.count == size * size, white.count == black.count else { throw CommandError.usage("SDL could not read the icon's pixels") }
            let icon = zip(black, white).map { b, w -> Color in
                let a = 255 - min(255, max(0, (Int(w.r) - Int(b.r) + Int(w.g) - Int(b.g) + Int(w.b) - Int(b.b)) / 3))
                guard a > 0 else { return Color(0, 0, 0, 0) }
                func un(_ v: UInt8) -> UInt8 { UInt8(min(255, Int(v) * 255 / a)) }
                return Color(un(b.r), un(b.g), un(b.b), UInt8(a))
            }
            try Platform.saveImage(icon, width: size, height: size, to: output)
        } catch let e as CommandError {
            StandardStream.error.line("motionlab icon: \(e.description)")
            throw ExitCode(2)
        } catch let e as FilePolicy.Refusal {
            StandardStream.error.line("motionlab icon: --output \(e.description)")
            throw ExitCode(2)
        }
    }

    /// The icon's draw list for a square of `side` points: a dark rounded tile, the figure 8
    /// and a ring on each of its loops (the corners are the list's background).
    static func drawing(side s: Double) -> DrawList {
        var list = DrawList()
        let tile = Rect(x: 0, y: 0, w: s, h: s), r = s * 0.2
        // The tile: a rounded square made of a cross of rectangles and four corner discs.
        list.fillRect(tile.insetBy(dx: r, dy: 0), color: .panel)
        list.fillRect(tile.insetBy(dx: 0, dy: r), color: .panel)
        for (x, y) in [(r, r), (s - r, r), (r, s - r), (s - r, s - r)] { list.fillCircle(center: Vec2(x, y), radius: r, color: .panel) }
        let path = Path.figureEight(in: tile.insetBy(dx: s * 0.12, dy: s * 0.1))
        for line in path.flattened(tolerance: 0.05) {
            list.polyline(line.points, width: max(1.5, s * 0.045), color: .white, closed: line.closed, join: .round)
        }
        let table = SampleTable(path: path, spacing: 1)
        for (fraction, colour) in [(0.12, Color(hex: 0xef476f)), (0.62, Color(hex: 0x118ab2))] {
            let p = table.pointAndTangent(atDistance: table.length * fraction).0
            list.strokeCircle(center: p, radius: s * 0.09, width: max(1.5, s * 0.04), color: colour)
        }
        return list
    }
}
