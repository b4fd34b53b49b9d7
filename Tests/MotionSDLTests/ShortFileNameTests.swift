import Foundation
@testable import MotionSDL
import Testing

/// File names are split by our own code: swift-corelibs-foundation's path methods trapped on
/// some one-character names, so `--state x` stopped the program with SIGILL.
@Suite struct FileNamePartsTests {
    @Test func aPathSplitsIntoItsFolderNameAndStemWhateverItsLength() {
        let cases: [(path: String, folder: String, name: String, stem: String)] = [
            ("x", ".", "x", "x"),
            ("é", ".", "é", "é"),
            ("./x", ".", "x", "x"),
            ("/x", "/", "x", "x"),
            ("/", "/", "/", "/"),
            ("a/", ".", "a", "a"),
            ("a//b.json", "a", "b.json", "b"),
            ("/home/u/song.v1.json", "/home/u", "song.v1.json", "song.v1"),
            ("d/.hidden", "d", ".hidden", ".hidden"),
            ("d/name.", "d", "name.", "name."),
            ("שיר/ש.cho", "שיר", "ש.cho", "ש"),
        ]
        for c in cases {
            #expect(FilePolicy.folder(of: c.path) == c.folder, "folder of \(c.path)")
            #expect(FilePolicy.name(of: c.path) == c.name, "name of \(c.path)")
            #expect(FilePolicy.stem(of: c.path) == c.stem, "stem of \(c.path)")
        }
    }
}

extension SDLTests {
    @Suite struct ShortFileNameTests {
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
            for args in [["--script", "s.jsonl", "--record", "s.jsonl"], ["--script", "s.jsonl", "--state", "./link.jsonl"],
                         ["--state", "new.json", "--record", "./new.json"]] {
                let r = try run(["play", "--headless", "--frames", "2"] + args, in: dir)
                #expect(r.status == 2, "\(args)")
                #expect(r.stderr.contains("are the same file; one would be written over the other"), "\(r.stderr)")
            }
            #expect(try String(contentsOf: dir.appendingPathComponent("s.jsonl"), encoding: .utf8) == script)
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("new.json").path))
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
