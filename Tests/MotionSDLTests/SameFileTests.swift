import Foundation
import Testing

extension SDLTests {
    /// A run never writes over a file it reads: each case a hostile tour found writing over
    /// its input is refused before the run starts, naming both options, the input unchanged.
    @Suite struct SameFileTests {
        @Test func anOutputOverAnInputTheRunOnlyReadsIsRefused() throws {
            let dir = Motionlab.tempDir()
            let resources = Motionlab.root.appendingPathComponent("Resources")
            func copy(_ name: String, to target: String) throws -> URL {
                let url = dir.appendingPathComponent(target)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileManager.default.copyItem(at: resources.appendingPathComponent(name), to: url)
                return url
            }
            let font = try copy("fonts/DejaVuSans.ttf", to: "f.ttf"), sprite = try copy("sprite.bmp", to: "s.bmp")
            for name in ["font.txt", "font-1x.png", "font-2x.png", "chords.png", "chords.txt", "ball.png", "photo.png", "sprite.bmp",
                         "fonts/DejaVuSans.ttf"] {
                _ = try copy(name, to: "R/" + name)
            }
            let captured = dir.appendingPathComponent("D/frame-00001.bmp")
            try FileManager.default.createDirectory(at: captured.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "{\"frame\":1,\"type\":\"key\",\"key\":\"A\",\"down\":true}\n".write(to: captured, atomically: false, encoding: .utf8)
            let linked = dir.appendingPathComponent("L")
            try FileManager.default.createDirectory(at: linked, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: linked.appendingPathComponent("frame-00002.bmp").path, withDestinationPath: captured.path)
            let cho = dir.appendingPathComponent("x.cho")
            try "[C]la\n".write(to: cho, atomically: false, encoding: .utf8)
            let songs = dir.appendingPathComponent("S")
            #expect(try Motionlab.run(["song", "import", "--songs", songs.path, cho.path]).status == 0)
            let song = songs.appendingPathComponent("x.json")
            let inputs = [font, sprite, dir.appendingPathComponent("R/font.txt"), captured, song]
            let before = try inputs.map { try Data(contentsOf: $0) }
            let cases: [(args: [String], says: String)] = [
                (["--headless", "--frames", "2", "--font", font.path, "--record", font.path], "--font"),
                (["--headless", "--frames", "2", "--resources", dir.appendingPathComponent("R").path, "--state",
                  dir.appendingPathComponent("R/font.txt").path], "the resource"),
                (["--headless", "--frames", "3", "--capture", captured.deletingLastPathComponent().path, "--script", captured.path],
                 "is where --capture writes a frame"),
                (["bench", "--frames", "2", "--warmup", "0", "--sprite", sprite.path, "--json", sprite.path], "--sprite"),
                // A frame already there that is a link to the script (written through, the
                // script became a BMP).
                (["--headless", "--frames", "3", "--capture", linked.path, "--script", captured.path], "is a frame already in --capture's folder"),
                (["song", "export", "x", "--songs", songs.path, "-o", song.path], "the song \"x\""),
            ]
            for (args, says) in cases {
                let r = try Motionlab.run(args)
                #expect(r.status == 2 && r.stderr.contains(says), "\(args): \(r.status) \(r.stderr)")
            }
            #expect(try inputs.map { try Data(contentsOf: $0) } == before)
            // Two files the run only reads may be one: the resources' own font as --font.
            let both = try Motionlab.run(["--headless", "--frames", "2", "--resources", dir.appendingPathComponent("R").path,
                                          "--font", dir.appendingPathComponent("R/fonts/DejaVuSans.ttf").path])
            #expect(both.status == 0, "\(both.stderr)")
            // The song opened is read and saved: a state dump over it is refused; icon's output
            // over a resource too (both wrote over them: a tour).
            let xdg = dir.appendingPathComponent("xdg")
            let songFile = xdg.appendingPathComponent("motionlab/songs/x.json")
            try FileManager.default.createDirectory(at: songFile.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: song, to: songFile)
            let p = Motionlab.process(["--headless", "--scene", "board", "--song", "x", "--frames", "2", "--state", songFile.path])
            p.environment?["XDG_DATA_HOME"] = xdg.path
            let err = Pipe()
            p.standardError = err
            try p.run()
            let said = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            #expect(p.terminationStatus == 2 && said.contains("--song"), "\(said)")
            #expect(try Data(contentsOf: songFile) == before[4])
            let icon = try Motionlab.run(["icon", "--resources", dir.appendingPathComponent("R").path, "--output", dir.appendingPathComponent("R/font-1x.png").path])
            #expect(icon.status == 2 && icon.stderr.contains("the resource"), "\(icon.stderr)")
            // A file the run writes in the resources folder is not one it reads: written
            // there once, it may be written again (every entry of the folder was taken for
            // a resource: a review).
            let report = dir.appendingPathComponent("R/state.json").path
            for _ in 0..<2 {
                let r = try Motionlab.run(["--headless", "--frames", "2", "--resources", dir.appendingPathComponent("R").path, "--state", report])
                #expect(r.status == 0, "\(r.stderr)")
            }
        }
    }
}
