import ArgumentParser
import Engine
import Foundation
import MotionSDL
import Scenes
import Songs

/// `motionlab song`: the songs the board opens (`$XDG_DATA_HOME/motionlab/songs/`), and
/// ChordPro in and out.
struct SongCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "song",
        abstract: "List, import, export, rename and delete the board's songs (ChordPro in and out).",
        subcommands: [SongList.self, SongImport.self, SongExport.self, SongRename.self, SongDelete.self])
}

/// The options every `song` command takes.
struct SongFolder: ParsableArguments {
    @Option(help: "The songs' folder (default: $XDG_DATA_HOME/motionlab/songs).")
    var songs: String?

    var library: SongLibrary { SongLibrary(folder: songs.map { URL(fileURLWithPath: $0) } ?? SongLibrary.defaultFolder()) }

    /// A `--songs` folder that is there, or one import may make in a folder that is: a
    /// mistyped path made a whole tree of folders, and `song list` of one answered nothing
    /// (a hostile tour). Only the default folder (`$XDG_DATA_HOME/motionlab/songs`) is made
    /// with the folders above it.
    func validate() throws {
        guard let songs else { return }
        var st = stat()
        if stat(songs, &st) == 0 {
            guard st.st_mode & S_IFMT == S_IFDIR else { throw ValidationError("--songs \(echo(songs, limit: 200)) is not a folder") }
            return
        }
        let parent = FilePolicy.folder(of: songs)
        guard stat(parent, &st) == 0, st.st_mode & S_IFMT == S_IFDIR else {
            throw ValidationError("--songs \(echo(songs, limit: 200)): no such folder, nor \(echo(parent, limit: 200)) to make it in")
        }
    }

    /// Refuses a `--songs` folder that is not there, for the commands that only read or move
    /// songs in it.
    func mustExist() throws(FilePolicy.Refusal) {
        guard let songs else { return }
        var st = stat()
        if stat(songs, &st) != 0 { throw FilePolicy.Refusal("--songs \(echo(songs, limit: 200)): no such folder") }
    }
}

/// Runs `body`, turning a refusal or a ChordPro error into `motionlab song …: message` on
/// standard error and exit status 2.
func songCommand(_ name: String, _ body: () throws -> Void) throws {
    do { try body() } catch let e as ChordPro.ReadError {
        StandardStream.error.line("motionlab song \(name): \(e.description)")
        throw ExitCode(2)
    } catch let e as ExitCode {
        throw e
    } catch {
        StandardStream.error.line("motionlab song \(name): \(describe(error))")
        throw ExitCode(2)
    }
}

/// The ChordPro file at `path`, read under the file policy, and the song name it suggests:
/// its `{title}`, else the file's name, made a usable name (`SongLibrary.suggestedName`).
/// A file that is not ChordPro is refused naming it, its line and its column.
func readChordProSong(_ path: String) throws(FilePolicy.Refusal) -> (doc: SheetDocument, name: String) {
    let text = try FilePolicy.readText(path, limit: ChordPro.maxBytes, limitName: "ChordPro.maxBytes")
    let doc: SheetDocument
    do { doc = try ChordPro.parse(text) } catch { throw FilePolicy.Refusal("\(echo(path, limit: 200)): \(error)") }
    let stem = FilePolicy.stem(of: path)
    return (doc, ChordPro.title(of: doc).flatMap(SongLibrary.suggestedName) ?? SongLibrary.suggestedName(stem) ?? "Imported song")
}

struct SongList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Print the songs' names, one a line.")
    @OptionGroup var folder: SongFolder

    func run() throws {
        try songCommand("list") {
            try folder.mustExist()
            for name in try folder.library.list() { _ = StandardStream.output.line(name) }
        }
    }
}

struct SongImport: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "import", abstract: "Read a ChordPro file into a new song.")
    @Argument(help: "The ChordPro file.")
    var file: String
    @Option(help: "The song's name (default: its {title}, else the file's name).")
    var name: String?
    @OptionGroup var folder: SongFolder

    func run() throws {
        try songCommand("import") {
            let (doc, suggested) = try readChordProSong(file)
            let songName = name ?? suggested
            let song = try folder.library.file(songName)
            // A new song only: an existing one (or anything at its name) is not written over.
            var st = stat()
            if lstat(song.url.path, &st) == 0 {
                throw FilePolicy.Refusal("a song \"\(echo(songName))\" is there already; give the import another name with --name")
            }
            try SongLibrary.checkNew(songName)
            try song.save(doc.serialized(), over: .nothing)
            _ = StandardStream.output.line(songName)
        }
    }
}

struct SongExport: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "export", abstract: "Write a song as ChordPro (or its JSON), to standard output or a file.")
    enum Format: String, ExpressibleByArgument, CaseIterable { case chordpro, json }
    @Argument(help: "The song's name.")
    var name: String
    @Option(parsing: .unconditional, help: "Semitones to transpose it by (-11…11).")
    var transpose = 0
    @Option(help: "chordpro or json.")
    var format = Format.chordpro
    @Option(name: .customShort("o"), help: "The file to write (default, or -: standard output).")
    var output: String?
    @OptionGroup var folder: SongFolder

    func validate() throws {
        guard (-11...11).contains(transpose) else { throw ValidationError("--transpose must be -11…11 semitones, got \(transpose)") }
        if let output { try checkWritable(output, option: "-o") }
        // Not over the song itself (a hostile tour exported a song's ChordPro over its JSON).
        if let output, let file = try? folder.library.file(name) {
            try checkDistinct(reading: [("the song \"\(echo(name))\"", file.url.path)], [("-o", output)])
        }
        // Nor anywhere in the songs' folder or its trash (over another song, ChordPro the board
        // could not read, a second spelling of a name, a name no song may have), nor over a
        // song through a hard link: `song import` brings songs in (hostile tours).
        if let output { try checkOutsideSongs([("-o", output)], also: folder.library.folder) }
    }

    func run() throws {
        try songCommand("export") {
            try folder.mustExist()
            let file = try folder.library.file(name)
            var st = stat()
            guard stat(file.url.path, &st) == 0 else { throw FilePolicy.Refusal("no song \"\(echo(name))\" in \(echo(folder.library.folder.path, limit: 200))") }
            let loaded = file.load(empty: SheetDocument(lines: []), noun: "song") { try SheetDocument.parse($0) }
            if let problem = loaded.problem { throw FilePolicy.Refusal(loaded.cause ?? problem) }
            var doc = loaded.document
            if doc.hasLegacyChords {
                throw FilePolicy.Refusal("\"\(echo(name))\" is a version 1 sheet: open it in the board once, which places its chords on characters")
            }
            if transpose != 0 {
                let (moved, kept) = doc.transposedCounting(by: transpose)
                doc = moved
                if kept > 0 {
                    StandardStream.error.write("motionlab song export: \(kept) chord name\(kept == 1 ? "" : "s") (keys included) kept as written: transposed, each would pass \(ChordName.maxLength) characters\n")
                }
            }
            let text = format == .json ? doc.serialized() : try ChordPro.writeReadable(doc)
            if let output {
                try FilePolicy.write(text, to: output)
            } else if !StandardStream.output.write(text) {
                // Named on standard error by the stream; a failed write exits 2, as elsewhere.
                throw ExitCode(StandardStream.failureStatus)
            }
        }
    }
}

struct SongRename: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a song (never over another).")
    @Argument var from: String
    @Argument var to: String
    @OptionGroup var folder: SongFolder

    func run() throws {
        try songCommand("rename") {
            try folder.mustExist()
            try folder.library.rename(from, to: to)
        }
    }
}

struct SongDelete: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Move a song into the songs' trash/ folder.")
    @Argument var name: String
    @OptionGroup var folder: SongFolder

    func run() throws {
        try songCommand("delete") {
            try folder.mustExist()
            _ = StandardStream.output.line("moved to " + (try folder.library.trash(name)))
        }
    }
}
