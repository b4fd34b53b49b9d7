import Engine
import Foundation
import MotionSDL
import Scenes
import Songs

/// The board's songs in the songs' folder: what the Songs panel lists, opens, makes,
/// renames, deletes (into the trash) and exports (ChordPro, into `exports/`).
final class AppSongShelf: SongShelf {
    let library: SongLibrary
    weak var board: BoardScene?
    /// Where an export that could not be written is counted, for the run's exit status.
    var failures: FailedWrites?
    /// The song the board stood for when it was left showing none (`showsNoSong`).
    private var stoodFor: String?
    /// What the last copy made on a refusal said (`goOnInACopy`): a song opened while it
    /// still shows says it again over its own banner, which would hide it.
    private var keptInPassing: String?
    /// The `--sheet` file the board stands for, where it has no songs of its own: edits its
    /// saves refused are kept as a song named after it, at once (`goOnInACopy`), or when the
    /// run ends if the copy could not be made then.
    var sheetFile: String?

    init(library: SongLibrary, board: BoardScene) {
        self.library = library
        self.board = board
    }

    func names() -> [String] { (try? library.list()) ?? [] }

    func open(_ name: String) -> String? {
        guard let board else { return "the board is gone" }
        // Typing not yet saved goes in first; a sheet whose save was refused is kept as a
        // song of its own, or nothing is opened over it (a hostile tour's edits were lost).
        board.settle()
        // A copy just made on a refusal (of this save, or of a dropped file's first) says
        // where the edits went: said again over the new song's load, which clears the banner,
        // while it still shows (a review: only standard error said it).
        let passing = keptInPassing.flatMap { board.banner == $0 ? $0 : nil }
        keptInPassing = nil
        let kept: String?
        switch keepUnsavedSheet() {
        case .success(let copy): kept = copy?.said ?? passing
        case .failure(let problem): return problem.description + "; open another once it is saved or copied"
        }
        // After the new song's own banner, if it has one (a sheet that could not be read).
        defer { if let kept { board.showBanner(board.banner.map { "\(kept) · \($0)" } ?? kept) } }
        do {
            let file = try library.file(name)
            // A new name (`--song NEW`) is made a song at once, as New makes one: the panel
            // then lists it and it can be renamed before its first change.
            // (A song that cannot be reached at all, its folder not made or not a folder, is
            // said as such, before anything is shown as opened.)
            var st = stat()
            if lstat(file.url.path, &st) != 0 {
                guard errno == ENOENT else { return "\(echo(file.url.path, limit: 200)): \(String(cString: strerror(errno)).lowercased())" }
                try SongLibrary.checkNew(name)
                try file.save(SheetDocument.newSong.serialized(), over: .nothing)
            }
            board.songName = name
            attach(file, to: board, empty: .newSong, whenRefused: { [weak self] in self?.goOnInACopy() })
            // The song is open and saving: failing to remember it for next time is said on
            // standard error, not as a failure to open it.
            do { try library.remember(name) } catch {
                StandardStream.error.write("motionlab: song \(echo(name)) is open, but not remembered as the last one: \(describe(error))\n")
            }
            return nil
        } catch { return describe(error) }
    }

    /// A save of the open song was refused (read-only, changed on disk, unreadable), or the
    /// board shows no song: the edits are kept at once as a song of their own, which the
    /// board goes on in, saved as any song is (a hostile tour's typing after a refusal lived
    /// only in memory, and a kill lost it). Where no copy can be made, the edits stay on
    /// screen, kept when another song opens or the run ends, or said to be lost.
    ///
    /// A `--sheet` run goes on in the copy too (a hostile tour killed one mid-run and its
    /// edits, kept only at the end, were gone); it has no songs panel, and its last song is
    /// not changed. The file it named was not written: the run's status says so.
    func goOnInACopy() {
        guard let board else { return }
        let kept = keepUnsavedSheet()
        if case .failure(let problem) = kept {
            // Said on the board at each refused save, not only on standard error at the end:
            // typing went on into a sheet kept nowhere (two tours, a read-only songs folder).
            return board.showBanner("\(problem.description) · what is typed is only on screen")
        }
        guard case .success(let copy?) = kept, let file = try? library.file(copy.name) else { return }
        stoodFor = nil
        board.songName = copy.name
        // (Held by the board's save from here: a `--sheet` run has no other hold on this shelf.)
        attach(file, to: board, empty: .newSong, keepingDocument: true, whenRefused: { [self] in goOnInACopy() })
        board.showBanner(copy.said)
        keptInPassing = copy.said
        if sheetFile == nil { try? library.remember(copy.name) } else { failures?.note() }
    }

    /// Keeps the board's sheet as a song of its own when its last save was refused (at once,
    /// before another song is opened over it, and when the run ends): the copy's name and
    /// what was said on standard error, nil when there was nothing to keep, or why it could
    /// not be kept.
    func keepUnsavedSheet() -> Result<(name: String, said: String)?, FilePolicy.Refusal> {
        guard let board, let reason = board.unsavedBecause else { return .success(nil) }
        let sheetName = sheetFile.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent }
        let name = board.songName ?? stoodFor ?? sheetName ?? "sheet"
        // The copy is no more readable by others than the file it stands for.
        let original = board.songName.flatMap { try? library.file($0).url.path } ?? sheetFile
        switch keepUnsaved(board.document, of: name, like: original) {
        case .success(let copy):
            board.unsavedBecause = nil
            let said = "kept as the song “\(copy)”: the edits to “\(name)”, not saved there (\(reason))"
            StandardStream.error.write("motionlab: \(said)\n")
            return .success((copy, said))
        case .failure(let problem):
            return .failure(FilePolicy.Refusal("the sheet shown is not saved (\(reason)) and could not be kept as a song (\(problem.description))"))
        }
    }

    /// Saves `doc` as a new song named after `name` ("NAME (unsaved)", "NAME (unsaved 2)"…),
    /// never over a file there; its name, or why it could not be kept. The copy is the owner's
    /// to read and write, and others' only as far as they may read `original` (a 0400 song's
    /// copy was 0644: a hostile tour); with no original to ask, the owner's alone.
    private func keepUnsaved(_ doc: SheetDocument, of name: String, like original: String?) -> Result<String, FilePolicy.Refusal> {
        var st = stat()
        let others: mode_t = if let original, stat(original, &st) == 0 { st.st_mode & 0o066 } else { 0 }
        // (The owner's read and write whatever the umask: a copy it made read-only would be
        // refused at its first save, and copied again at each: a review.)
        let mode = (OutputFile.newFileMode() & others) | 0o600
        // A long name is cut to leave room for the mark (a name near the limit had no free one).
        // A name no new song may have (a `--song` with an invisible character, never opened)
        // gives its copy a plain one.
        // A copy's copy is named after the song, not "a (unsaved) (unsaved)".
        var stem = String(name.prefix(SongLibrary.maxNameLength - 14))
        if let mark = stem.range(of: #" \(unsaved( [0-9]+)?\)$"#, options: .regularExpression) { stem.removeSubrange(mark) }
        if (try? SongLibrary.checkNew(stem)) == nil { stem = "song" }
        do { try FilePolicy.makeFolder(library.folder.path) } catch { return .failure(error) }
        for n in 1...50 {
            let candidate = n == 1 ? "\(stem) (unsaved)" : "\(stem) (unsaved \(n))"
            do throws(FilePolicy.Refusal) {
                let file = try library.file(candidate)
                // The name is claimed by making it new (O_EXCL), then written whole over the
                // empty file: two runs keeping edits at once both found a name free and one's
                // edits were lost under the other's (a tour).
                let fd = Glibc.open(file.url.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
                if fd < 0 {
                    if errno == EEXIST { continue }
                    return .failure(FilePolicy.Refusal("\(echo(file.url.path, limit: 200)): cannot make it: \(String(cString: strerror(errno)).lowercased())"))
                }
                fchmod(fd, mode)
                close(fd)
                do throws(FilePolicy.Refusal) { try file.save(doc.serialized(), over: .text("")) } catch {
                    // The name is given back, still empty as made: a copy that failed (a full
                    // disk, a sheet past the size limit) left an empty song at every refused
                    // save (a review).
                    var st = stat()
                    if lstat(file.url.path, &st) == 0, st.st_mode & S_IFMT == S_IFREG, st.st_size == 0 { unlink(file.url.path) }
                    throw error
                }
                return .success(candidate)
            } catch { return .failure(error) }
        }
        return .failure(FilePolicy.Refusal("no name was free"))
    }

    func create(_ name: String) -> String? {
        do { try library.file(name).save(SheetDocument.newSong.serialized(), over: .nothing) } catch { return describe(error) }
        return open(name)
    }

    /// Renames a song. The open one is saved first (typing not yet saved goes in under its
    /// old name) and goes on under the new name as it is: its undo history, caret and scroll
    /// kept (a hostile tour's rename emptied the history, as opening a song does).
    func rename(_ from: String, to: String) -> String? {
        let isOpen = board?.songName == from
        if isOpen { board?.settle() }
        do { try library.rename(from, to: to) } catch { return describe(error) }
        guard isOpen, let board else { return nil }
        do {
            board.songName = to
            attach(try library.file(to), to: board, empty: .newSong, keepingDocument: true,
                   whenRefused: { [weak self] in self?.goOnInACopy() })
        } catch { return describe(error) }
        do { try library.remember(to) } catch {
            StandardStream.error.write("motionlab: song \(echo(to)) is open, but not remembered as the last one: \(describe(error))\n")
        }
        return nil
    }

    func delete(_ name: String) -> String? {
        do { try library.trash(name) } catch { return describe(error) }
        // Nothing more is saved under the old name (a change would make it again); until
        // another song is open, a change is kept as that name's unsaved copy.
        showsNoSong(name, because: "“\(name)” was moved to the songs' trash")
        return nil
    }

    /// The board shows no song's file, in place of `name`: a change from here is not saved,
    /// but kept as a song of its own when another is opened or the run ends
    /// (`keepUnsavedSheet`), as a refused save's is. (A review: a `--song` that could not be
    /// opened, or a board left with none when the open one was deleted, lost its edits and
    /// the run ended with status 0.)
    func showsNoSong(_ name: String, because reason: String) {
        guard let board else { return }
        stoodFor = name
        board.onChange = { [weak board, weak self] _ in
            board?.unsavedBecause = reason
            self?.goOnInACopy()
        }
    }

    func export(_ name: String, _ doc: SheetDocument) -> String {
        let folder = library.folder.deletingLastPathComponent().appendingPathComponent("exports")
        do {
            try FilePolicy.makeFolder(folder.path)
            // A song made here has no {title}: its name goes in as one, so that ChordPro tools
            // show it titled and an import names it so (a tour's export was untitled). (A name
            // with a brace would end the directive early, and a song of the most lines a sheet
            // holds has no room for one: left out, as a review's 10,000-line song was refused.)
            var doc = doc
            if ChordPro.title(of: doc) == nil, !name.contains(where: { $0 == "{" || $0 == "}" }), doc.lines.count < SheetDocument.maxLines {
                doc.lines.insert(SheetDocument.Line(text: "{title: \(name)}"), at: 0)
            }
            let text = try ChordPro.writeReadable(doc)
            let kept = try DocumentFile(url: folder.appendingPathComponent(name + ".json")).keepCopy(text, tag: nil, extension: "cho")
            return "Exported as ChordPro to \(folder.path)/\(kept)"
        } catch {
            failures?.note()
            return "Not exported: \(describe(error))"
        }
    }

    func importFile(_ path: String) -> String {
        do {
            let (doc, base) = try readChordProSong(path)
            let taken = Set(names())
            var name = base, n = 1
            while taken.contains(name) || (try? SongLibrary.checkNew(name)) == nil {
                n += 1
                name = "\(String(base.prefix(100))) (\(n))"
                if n > 1000 { return "Not imported: no free name for \(echo(base))" }
            }
            try library.file(name).save(doc.serialized(), over: .nothing)
            if let problem = open(name) { return "Imported as “\(name)” but not opened: \(problem)" }
            return "Imported “\(name)” · \(doc.lines.count) lines"
        } catch { return "Not imported: \(describe(error))" }
    }

    /// The song a window opens when none is named: the last one opened, else the first of
    /// the folder, else a first song made from the sheet of earlier builds (copied; the
    /// sheet stays for them) or the hymn. Nil when none can be had (the sheet is used).
    static func startingSong(_ library: SongLibrary) -> String? {
        if let last = library.lastSong() { return last }
        if let first = try? library.list().first { return first }
        let name = "Amazing Grace"
        guard let file = try? library.file(name) else { return nil }
        let old = DocumentFile.defaultSheetURL().path
        let text = (try? FilePolicy.readText(old, limit: DocumentFile.maxBytes, limitName: "DocumentFile.maxBytes"))
            .flatMap { (try? SheetDocument.parse($0)) != nil ? $0 : nil } ?? SheetDocument.empty.serialized()
        do { try file.save(text, over: .nothing) } catch { return nil }
        return name
    }
}
