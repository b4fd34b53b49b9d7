import Engine
import Foundation
import Scenes

/// Finds the resources (font and sprites): `--resources`, then `MOTIONLAB_RESOURCES`, then
/// beside the binary (`BIN/Resources`, or `BIN/../share/motionlab` as `make install` puts
/// them), then the checkout the binary was built from. Otherwise an error that lists every
/// place it looked.
enum Resources {
    /// The bitmap font's metrics (`font.txt`) in `folder`, read under the file policy and
    /// checked; a bad file is a usage error naming it and the line.
    static func font(in folder: URL) throws -> BitmapFont {
        let path = folder.appendingPathComponent("font.txt").path
        let metrics = try readTextFile(path, limit: BitmapFont.maxMetricsBytes, limitName: "BitmapFont.maxMetricsBytes")
        do { return try BitmapFont(metrics: metrics, texture: Textures.font) } catch {
            throw CommandError.usage("\(path): \(error)")
        }
    }

    static func locate(explicit: String?) throws -> URL {
        func ok(_ u: URL) -> Bool { FileManager.default.fileExists(atPath: u.appendingPathComponent("font.txt").path) }
        if let explicit {
            let u = URL(fileURLWithPath: explicit)
            guard ok(u) else { throw CommandError.usage("--resources \(explicit): no font.txt there") }
            return u
        }
        var looked: [String] = []
        if let env = ProcessInfo.processInfo.environment["MOTIONLAB_RESOURCES"], !env.isEmpty {
            let u = URL(fileURLWithPath: env)
            if ok(u) { return u }
            looked.append("\(env) (MOTIONLAB_RESOURCES)")
        }
        for candidate in candidates() {
            if ok(candidate) { return candidate.standardizedFileURL }
            looked.append(candidate.standardizedFileURL.path)
        }
        throw CommandError.usage("cannot find the resources (a folder with font.txt); looked in: \(looked.joined(separator: ", ")); pass --resources DIR")
    }

    /// Beside the running binary (found through /proc/self/exe, so a binary run from PATH or
    /// through a link is found where it really is), then the checkout it was built from.
    static func candidates() -> [URL] {
        var out: [URL] = []
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
        let bin = URL(fileURLWithPath: exe).deletingLastPathComponent()
        out.append(bin.appendingPathComponent("Resources"))
        out.append(bin.deletingLastPathComponent().appendingPathComponent("share/motionlab"))
        // Sources/motionlab/Resources.swift → the checkout's Resources/ (not with
        // MOTIONLAB_SEARCH_CHECKOUT=0, as a packager checks an installed copy on its own).
        guard ProcessInfo.processInfo.environment["MOTIONLAB_SEARCH_CHECKOUT"] != "0" else { return out }
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        out.append(checkout.appendingPathComponent("Resources"))
        return out
    }
}
