import Foundation

// Folders: made where missing, and never in a folder its owner made read-only.
extension FilePolicy {
    /// Makes the folder `path` (and those it is in) where it is missing. Something else in
    /// its place (a file, a link to one) is refused with what it is, as every file here is;
    /// Foundation's own error read as a dump of its error domain (a hostile tour's export
    /// folder that was a file).
    public static func makeFolder(_ path: String) throws(Refusal) {
        var st = stat()
        if stat(path, &st) == 0 {
            guard st.st_mode & S_IFMT == S_IFDIR else { throw Refusal("\(shown(path)): is \(kindName(st.st_mode)), not a folder") }
            return
        }
        try checkFolderCanBeMade(path)
        do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
            // The system's reason, before the look below changes errno.
            let why = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError).map { Int32($0.code) } ?? errno
            // Where it fails: the first of its folders that is not one, else that reason.
            var dir = path
            while !dir.isEmpty {
                if stat(dir, &st) == 0 && st.st_mode & S_IFMT != S_IFDIR {
                    throw Refusal("\(shown(path)): cannot make the folder: \(shown(dir)) is \(kindName(st.st_mode)), not a folder")
                }
                let up = folder(of: dir)
                if up == dir { break }
                dir = up
            }
            throw Refusal("\(shown(path)): cannot make the folder: \(errnoText(why))")
        }
    }

    /// Refuses to make the folder `path` where the nearest folder of it that is there is
    /// read-only by its owner's bits (mode 555), as `move` refuses: root could make folders
    /// there, and a tour's run as root made `motionlab/songs/` in a read-only folder (two
    /// levels down, past a check of the folder just above).
    static func checkFolderCanBeMade(_ path: String) throws(Refusal) {
        var dir = folder(of: path), st = stat()
        while stat(dir, &st) != 0 {
            let up = folder(of: dir)
            if up == dir { return }
            dir = up
        }
        guard st.st_mode & S_IWUSR != 0 else { throw Refusal("\(shown(dir)): is read-only; no folder made in it") }
    }

    /// Whether `folder` has its owner's write bit (true when it cannot be looked at: the
    /// operation's own error then says why).
    static func ownerCanWrite(_ folder: String) -> Bool {
        var st = stat()
        return stat(folder, &st) != 0 || st.st_mode & S_IWUSR != 0
    }
}
