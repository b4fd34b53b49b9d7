import Foundation
@testable import MotionSDL
import Testing

/// The command line's side of the file policy (`Sources/motionlab/Files.swift`), run as a
/// user runs it: outputs named with one character, two options naming one file.
extension SDLTests {
    @Suite struct OutputNameTests {
        /// `motionlab ARGS` run in `dir`.
        func run(_ args: [String], in dir: URL) throws -> Motionlab.Result {
            let p = Motionlab.process(args)
            p.currentDirectoryURL = dir
            return try Motionlab.run(p)
        }

        @Test func outputsNamedWithOneCharacterAreWrittenAndAFolderNameIsRefused() throws {
            let dir = Motionlab.tempDir()
            let r = try run(["play", "--headless", "--frames", "2", "--state", "x", "--record", "é"], in: dir)
            #expect(r.status == 0, "\(r.stderr)")
            let state = try String(contentsOf: dir.appendingPathComponent("x"), encoding: .utf8)
            #expect(state.hasPrefix("{"), "the state dump was written to x")
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("é").path))
            // Written again over the same one-character name.
            #expect(try run(["play", "--headless", "--frames", "2", "--state", "x"], in: dir).status == 0)

            // "-" is standard output, as for most tools; "./-" is a file of that name.
            let dash = try run(["play", "--headless", "--frames", "2", "--state", "-"], in: dir)
            #expect(dash.status == 0 && dash.stdout.hasPrefix("{"), "\(dash.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("-").path))
            #expect(try run(["play", "--headless", "--frames", "2", "--state", "./-"], in: dir).status == 0)
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("-").path))

            let folder = try run(["play", "--headless", "--frames", "2", "--state", "notes/"], in: dir)
            #expect(folder.status == 2)
            #expect(folder.stderr.contains("ends in /, so it names a folder"), "\(folder.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("notes").path))
        }

        @Test func twoOptionsNamingOneFileAreRefusedAndTheFileIsKept() throws {
            let dir = Motionlab.tempDir()
            let script = #"{"frame":1,"type":"key","key":"Tab","down":true}"# + "\n"
            try script.write(to: dir.appendingPathComponent("s.jsonl"), atomically: true, encoding: .utf8)
            try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("link.jsonl").path, withDestinationPath: "s.jsonl")
            // A new name reached through a dangling link, or through a linked folder.
            try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("dangling").path, withDestinationPath: "target.json")
            try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("linkdir").path, withDestinationPath: "sub")
            for args in [["--script", "s.jsonl", "--record", "s.jsonl"], ["--script", "s.jsonl", "--state", "./link.jsonl"],
                         ["--state", "new.json", "--record", "./new.json"], ["--state", "dangling", "--record", "target.json"],
                         ["--state", "linkdir/x.json", "--record", "sub/x.json"]] {
                let r = try run(["play", "--headless", "--frames", "2"] + args, in: dir)
                #expect(r.status == 2, "\(args)")
                #expect(r.stderr.contains("are the same file; one would be written over the other"), "\(r.stderr)")
            }
            #expect(try String(contentsOf: dir.appendingPathComponent("s.jsonl"), encoding: .utf8) == script)
            // A script named "-" is the file of that name (as the script reader takes it),
            // not standard output: recording over it is refused too.
            try script.write(to: dir.appendingPathComponent("-"), atomically: true, encoding: .utf8)
            let dash = try run(["play", "--headless", "--frames", "2", "--script", "-", "--record", "./-"], in: dir)
            #expect(dash.status == 2 && dash.stderr.contains("are the same file"), "\(dash.stderr)")
            #expect(try String(contentsOf: dir.appendingPathComponent("-"), encoding: .utf8) == script)
            for made in ["new.json", "target.json", "sub/x.json"] {
                #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(made).path), "\(made)")
            }
            // Standard output named twice, though it leads to a file here, is written where it
            // stands, never replaced: not refused.
            let p = Motionlab.process(["play", "--headless", "--frames", "2", "--state", "/dev/stdout", "--record", "/dev/stdout"])
            p.currentDirectoryURL = dir
            FileManager.default.createFile(atPath: dir.appendingPathComponent("out.txt").path, contents: nil)
            let out = try FileHandle(forWritingTo: dir.appendingPathComponent("out.txt"))
            p.standardOutput = out
            try p.run()
            p.waitUntilExit()
            try out.close()
            #expect(p.terminationStatus == 0)
            // One device for several outputs is fine.
            #expect(try run(["play", "--headless", "--frames", "2", "--state", "/dev/null", "--record", "/dev/null"], in: dir).status == 0)
        }

        @Test func aSongExportedToDashGoesToStandardOutput() throws {
            let dir = Motionlab.tempDir()
            let songs = dir.appendingPathComponent("songs")
            try "[G]la la\n".write(to: dir.appendingPathComponent("s.cho"), atomically: true, encoding: .utf8)
            #expect(try run(["song", "import", "--songs", songs.path, "s.cho"], in: dir).status == 0)
            let out = try run(["song", "export", "--songs", songs.path, "s", "-o", "-"], in: dir)
            #expect(out.status == 0, "\(out.stderr)")
            #expect(out.stdout.contains("[G]la la"), "\(out.stdout)")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("-").path))
            let one = try run(["song", "export", "--songs", songs.path, "s", "-o", "q"], in: dir)
            #expect(one.status == 0, "\(one.stderr)")
            #expect(try String(contentsOf: dir.appendingPathComponent("q"), encoding: .utf8).contains("[G]la la"))
        }
    }
}
