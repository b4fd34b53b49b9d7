import Engine
import Foundation

/// The songs: one sheet per song, `NAME.json` in `$XDG_DATA_HOME/motionlab/songs/`, under
/// the same file policy as every document (`DocumentFile`). Deleting moves a song into the
/// folder's `trash/` (never over a name there); nothing else is removed, and no file whose
/// name is not a song's (a dot-file, a folder, a link's target elsewhere) is touched.
public struct SongLibrary: Sendable {
    /// The songs' folder.
    public let folder: URL

    /// The songs kept in `folder` (made on the first save).
    public init(folder: URL) { self.folder = folder }

    /// `$XDG_DATA_HOME/motionlab/songs` (or `~/.local/share/motionlab/songs`).
    public static func defaultFolder() -> URL {
        DocumentFile.defaultSheetURL().deletingLastPathComponent().appendingPathComponent("songs")
    }

    /// The file that remembers the last song opened, beside the folder.
    public var lastSongURL: URL { folder.deletingLastPathComponent().appendingPathComponent("last-song") }

    /// The longest song name, in characters.
    public static let maxNameLength = 120
    /// The most songs listed (a folder with more lists the first this many by name).
    public static let maxListed = 100_000

    /// Refuses a name that cannot be a file of ours in the folder: empty, longer than
    /// `maxNameLength`, starting with a dot or a space (hidden, or our temporaries'), ending with
    /// a space, with a slash, a NUL, a control character or a backslash, a line or paragraph
    /// separator or a direction control (which would break or reverse a listing of names), or
    /// `trash`. A name given anew passes `checkNew` too.
    public static func check(_ name: String) throws(FilePolicy.Refusal) {
        let shown = "song name \"\(echo(name, limit: 60))\""
        guard !name.isEmpty else { throw FilePolicy.Refusal("a song name is empty") }
        guard name.count <= maxNameLength else { throw FilePolicy.Refusal("\(shown) is longer than \(maxNameLength) characters (SongLibrary.maxNameLength)") }
        guard name.first != ".", name.first != " ", name.last != " " else {
            throw FilePolicy.Refusal("\(shown) starts with a dot or starts or ends with a space")
        }
        if let bad = name.unicodeScalars.first(where: { $0 == "/" || $0 == "\\" || $0.value < 0x20 || (0x7f...0x9f).contains($0.value) }) {
            throw FilePolicy.Refusal("\(shown) holds \(bad == "/" ? "a slash" : bad == "\\" ? "a backslash" : "a control character (U+\(String(bad.value, radix: 16, uppercase: true)))")")
        }
        guard !name.unicodeScalars.contains("\u{FFFD}") else {
            throw FilePolicy.Refusal("\(shown) holds U+FFFD, the mark of bytes that are not UTF-8 (or of a character not known)")
        }
        if let bad = name.unicodeScalars.first(where: { s in Self.unlisted.contains { $0.contains(s.value) } }) {
            throw FilePolicy.Refusal("song name holds a line separator or a direction control (U+\(String(bad.value, radix: 16, uppercase: true))), which would break or reverse a list of names")
        }
        guard name.lowercased() != "trash" else { throw FilePolicy.Refusal("\(shown) is the trash folder's") }
        guard !isKeptCopy(name) else {
            throw FilePolicy.Refusal("\(shown) ends as the copies kept beside songs do (.v1, .corrupt-…)")
        }
        guard name.utf8.count <= 200 else { throw FilePolicy.Refusal("\(shown) is longer than 200 bytes") }
    }

    /// Refuses a name to give a song (an import, a rename, a new song) that `check` refuses,
    /// or that would look like another: a space of any kind (a no-break space…) at either
    /// end, or an invisible character (`invisible(in:)`) anywhere. Songs already named so (by an
    /// earlier build) are still listed, opened, renamed and deleted (`check`).
    public static func checkNew(_ name: String) throws(FilePolicy.Refusal) {
        try check(name)
        let shown = "song name \"\(echo(name, limit: 60))\""
        guard name.first?.isWhitespace == false, name.last?.isWhitespace == false else {
            throw FilePolicy.Refusal("\(shown) starts or ends with a space")
        }
        if let bad = invisible(in: name) {
            throw FilePolicy.Refusal("song name holds an invisible character (U+\(String(bad.value, radix: 16, uppercase: true))), which makes names that look alike")
        }
    }

    /// Characters a name may not hold though they print nothing: the line and paragraph
    /// separators and the direction embeddings, overrides and isolates.
    static let unlisted: [ClosedRange<UInt32>] = [0x2028...0x202E, 0x2066...0x2069]
    /// The first character of `name` that prints nothing and joins nothing, so a name holding
    /// it looks like one without it: Unicode's default-ignorable code points (the zero-width
    /// space, the direction marks, the soft hyphen, the word joiner and invisible operators,
    /// the Hangul fillers, the combining grapheme joiner, the Mongolian and other variation
    /// selectors, tags, the byte order mark…) and the blank braille pattern — but not what
    /// shapes what is seen: the zero-width joiner and non-joiner (emoji, Persian), a variation
    /// selector on a character that is not ASCII (an emoji's look, as in "❤️", or a CJK
    /// ideograph's form), and tags inside a flag (🏴 + tags: Scotland's).
    static func invisible(in name: String) -> Unicode.Scalar? {
        for character in name {
            let scalars = Array(character.unicodeScalars)
            for (i, s) in scalars.enumerated() {
                if s.value == 0x2800 { return s }
                guard s.properties.isDefaultIgnorableCodePoint else { continue }
                if s.value == 0x200C || s.value == 0x200D { continue }
                let selector = (0xFE00...0xFE0F).contains(s.value) || (0xE0100...0xE01EF).contains(s.value)
                if selector, i > 0, !scalars[0].isASCII { continue }
                if (0xE0020...0xE007F).contains(s.value), scalars[0].value == 0x1F3F4 { continue }
                return s
            }
        }
        return nil
    }

    /// The song `name` as a document (its folder made on the first save).
    public func file(_ name: String) throws(FilePolicy.Refusal) -> DocumentFile {
        try Self.check(name)
        return DocumentFile(url: folder.appendingPathComponent(spelling(of: name) + ".json"), makesFolder: true)
    }

    /// The name song `name` has in the folder: `name`, or the one spelling of it there in
    /// another Unicode form — "Café" typed with é as one character, a file another system
    /// named with e and an accent. They look the same and Swift's `==` calls them equal, so
    /// they are one song: found by either, never made twice.
    func spelling(of name: String) -> String {
        var st = stat()
        guard lstat(folder.appendingPathComponent(name + ".json").path, &st) != 0, errno == ENOENT else { return name }
        return (try? list())?.first { $0 == name } ?? name
    }

    /// The songs' names, sorted: every `NAME.json` in the folder whose name is a song's.
    public func list() throws(FilePolicy.Refusal) -> [String] {
        guard let dir = opendir(folder.path) else {
            if errno == ENOENT { return [] }
            throw FilePolicy.Refusal("\(FilePolicy.shown(folder.path)): cannot read the folder: \(FilePolicy.errnoText())")
        }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir), names.count < Self.maxListed {
            // The name read where it lies, up to its end: loading `d_name` as a value copies
            // all 256 bytes, past the end of a short entry (AddressSanitizer caught that
            // reading past readdir's buffer).
            let at = UnsafeRawPointer(entry) + MemoryLayout<dirent>.offset(of: \dirent.d_name)!
            // A name that is not UTF-8 could be shown only with � for its bytes, a name no
            // command could give back: not listed.
            guard let file = String(validatingCString: at.assumingMemoryBound(to: CChar.self)), file.hasSuffix(".json") else { continue }
            let name = String(file.dropLast(5))
            guard (try? Self.check(name)) != nil, !Self.isKeptCopy(name) else { continue }
            // A regular file (through a link): not a folder, a FIFO, a device or a dangling
            // link, which `song list` showed and no command could open (a hostile tour).
            var st = stat()
            guard fstatat(dirfd(dir), at.assumingMemoryBound(to: CChar.self), &st, 0) == 0, st.st_mode & S_IFMT == S_IFREG else { continue }
            names.append(name)
        }
        return names.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
    }

    /// A song name made from `text` (a ChordPro title, a file's name): slashes and
    /// backslashes become dashes, control characters, invisible ones and U+FFFD (bytes not
    /// UTF-8) go, leading dots and spaces (any) and trailing spaces go, cut to 100
    /// characters; nil when nothing usable is left.
    public static func suggestedName(_ text: String) -> String? {
        var s = String(String.UnicodeScalarView(text.unicodeScalars.compactMap { c -> Unicode.Scalar? in
            if c == "/" || c == "\\" { return "-" }
            return c.value < 0x20 || (0x7f...0x9f).contains(c.value) || c == "\u{FFFD}" ? nil : c
        }))
        // (One at a time: a character's scalars are judged together.)
        while let bad = invisible(in: s) { s.unicodeScalars.removeAll { $0 == bad } }
        while s.first == "." || s.first?.isWhitespace == true { s.removeFirst() }
        s = String(s.prefix(100))
        while s.last?.isWhitespace == true { s.removeLast() }
        if isKeptCopy(s) { s += " song" }
        return (try? checkNew(s)) != nil ? s : nil
    }

    /// Whether `name` is a copy the program keeps beside a song rather than a song: an older
    /// version's (`NAME.v1`, `NAME.v1-2`) or a damaged file moved aside (`NAME.corrupt-…`).
    static func isKeptCopy(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: ".") else { return false }
        let tail = name[name.index(after: dot)...]
        if tail.hasPrefix("corrupt-") { return true }
        guard tail.first == "v" else { return false }
        let rest = tail.dropFirst().split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        return rest.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    }

    /// Moves song `name` into `trash/` as `NAME.json` (or `NAME-2.json` … where taken):
    /// never over an existing file (`FilePolicy.move(_:to:)`).
    /// Returns where it went, relative to the folder.
    @discardableResult
    public func trash(_ name: String) throws(FilePolicy.Refusal) -> String {
        try Self.check(name)
        let name = spelling(of: name)
        let path = folder.appendingPathComponent(name + ".json").path
        var st = stat()
        guard lstat(path, &st) == 0 else { throw FilePolicy.Refusal("no song \"\(echo(name))\": \(FilePolicy.errnoText())") }
        guard st.st_mode & S_IFMT == S_IFREG else {
            throw FilePolicy.Refusal("\(FilePolicy.shown(name)).json is \(FilePolicy.kindName(st.st_mode)), not a song file of ours; left as it is")
        }
        let trash = folder.appendingPathComponent("trash").path
        var was = stat()
        if lstat(trash, &was) != 0 { try FilePolicy.checkFolderCanBeMade(trash) }
        if mkdir(trash, 0o700) != 0 && errno != EEXIST {
            throw FilePolicy.Refusal("\(FilePolicy.shown(trash)): cannot make it: \(FilePolicy.errnoText())")
        }
        // Our own folder, not a link to one elsewhere (a hostile tour's song went through
        // a `trash` link into another folder) nor a file of that name.
        var tst = stat()
        guard lstat(trash, &tst) == 0, tst.st_mode & S_IFMT == S_IFDIR else {
            throw FilePolicy.Refusal("\(FilePolicy.shown(trash)) is \(FilePolicy.kindName(tst.st_mode)), not the songs' trash folder; nothing moved")
        }
        if let kept = FilePolicy.moveToFreeName(path, into: trash, tries: 1000, name: { n in "\(name)\(n == 1 ? "" : "-\(n)").json" }) {
            return "trash/" + kept
        }
        guard errno == EEXIST else { throw FilePolicy.Refusal("cannot move \"\(echo(name))\" to the trash: \(FilePolicy.errnoText())") }
        throw FilePolicy.Refusal("the trash holds \"\(echo(name))\" 1,000 times already")
    }

    /// Renames song `from` to `to`, never over an existing song (`FilePolicy.move(_:to:)`).
    public func rename(_ from: String, to: String) throws(FilePolicy.Refusal) {
        try Self.check(from)
        try Self.checkNew(to)
        let from = spelling(of: from)
        // Only its own spelling may change ("Cafe\u{301}" to "Café"); another song's is
        // taken. (Compared byte for byte: `==` calls the two spellings equal.)
        let taken = spelling(of: to)
        guard taken.utf8.elementsEqual(to.utf8) || taken.utf8.elementsEqual(from.utf8) else {
            throw FilePolicy.Refusal("a song \"\(echo(to))\" is there already")
        }
        let old = folder.appendingPathComponent(from + ".json").path, new = folder.appendingPathComponent(to + ".json").path
        var st = stat()
        guard lstat(old, &st) == 0 else { throw FilePolicy.Refusal("no song \"\(echo(from))\" in \(FilePolicy.shown(folder.path))") }
        guard st.st_mode & S_IFMT == S_IFREG else {
            throw FilePolicy.Refusal("\(FilePolicy.shown(from)).json is \(FilePolicy.kindName(st.st_mode)), not a song file of ours; left as it is")
        }
        var bothNames = false
        guard FilePolicy.move(old, to: new, bothNames: &bothNames) else {
            if bothNames {
                throw FilePolicy.Refusal("\"\(echo(from))\" could not be renamed: its file now has both names, \(FilePolicy.shown(from)).json and \(FilePolicy.shown(to)).json, and this folder lets neither be removed (\(FilePolicy.errnoText()))")
            }
            throw FilePolicy.Refusal(errno == EEXIST ? "a song \"\(echo(to))\" is there already" : "cannot rename \"\(echo(from))\": \(FilePolicy.errnoText()); left as it was")
        }
    }

    /// The last song opened, if it is remembered and still a song of the folder.
    public func lastSong() -> String? {
        guard let text = try? FilePolicy.readText(lastSongURL.path, limit: 1024, limitName: "a song name") else { return nil }
        let name = text.trimmingCharacters(in: .newlines)
        guard (try? Self.check(name)) != nil, (try? list().contains(name)) == true else { return nil }
        return name
    }

    /// Remembers `name` as the last song opened, in a file of the program's own: one it
    /// made (a regular file of one link, not reached through a link) that holds a song's
    /// name, or nothing, and still does when it is replaced. A `last-song` that was a link
    /// to someone's notes, a hard link of them, or 20 MB of anything was written over unread
    /// (a tour; then a review); such a file is left as it is and said.
    public func remember(_ name: String) throws(FilePolicy.Refusal) {
        let path = lastSongURL.path
        let notOurs = "; not a file of this program's: left as it is, and the song is not remembered"
        var expected = DocumentFile.Expected.nothing
        let there: stat?
        do { there = try FilePolicy.ownFileThere(path) } catch { throw FilePolicy.Refusal(error.description + notOurs) }
        if there != nil {
            let text = try FilePolicy.readText(path, limit: 1024, limitName: "a song's name")
            let held = text.trimmingCharacters(in: .newlines)
            guard held.isEmpty || (try? Self.check(held)) != nil else {
                throw FilePolicy.Refusal("\(FilePolicy.shown(path)) holds something other than a song's name" + notOurs)
            }
            expected = .text(text)
        }
        _ = try DocumentFile(url: lastSongURL, makesFolder: true).save(name + "\n", over: expected)
    }
}
