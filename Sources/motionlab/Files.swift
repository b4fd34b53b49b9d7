import ArgumentParser
import Engine
import Foundation
import MotionSDL
import Scenes

// The command line's side of the `FilePolicy`: files read and written by the commands, with
// refusals as usage errors (exit 2) that name the option and the file.

/// The text of the regular file at `path`, refused before it is read when it is not a
/// regular file or is larger than `limit` bytes (`limitName` in the message).
func readTextFile(_ path: String, limit: Int, limitName: String) throws -> String {
    do { return try FilePolicy.readText(path, limit: limit, limitName: limitName) } catch {
        throw CommandError.usage(error.description)
    }
}

/// Writes `text` to `path` under the policy (atomically over a regular file or a new name,
/// straight to a device or FIFO); a failure is a usage error naming `option`.
func writeOutput(_ text: String, to path: String, option: String) throws {
    do { try FilePolicy.write(text, to: path) } catch { throw CommandError.usage("\(option) \(error.description)") }
}

/// An error in words, without Foundation's raw NSError dump.
func describe(_ error: Error) -> String {
    if let refusal = error as? FilePolicy.Refusal { return refusal.description }
    let ns = error as NSError
    if ns.domain == NSCocoaErrorDomain {
        switch ns.code {
        case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return "no such file"
        case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return "permission denied"
        case NSFileWriteOutOfSpaceError: return "the disk is full"
        case NSFileWriteVolumeReadOnlyError: return "the volume is read-only"
        default: break
        }
    }
    if ns.domain == NSPOSIXErrorDomain, let text = strerror(Int32(ns.code)) { return String(cString: text).lowercased() }
    if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError { return describe(underlying) }
    // The project's own errors describe themselves.
    if ns.domain != NSCocoaErrorDomain { return String(describing: error) }
    return ns.localizedDescription
}

/// Checks, before a run starts, that `path` can be written under the policy: a new name in
/// a writable folder, a regular file a save may replace (`OutputFile.refusal`: not read-only
/// by its owner's bits, whoever runs the program, not append-only or immutable, writable by
/// this user), or a device or FIFO (with a reader). Thrown as a usage error (exit 2).
func checkWritable(_ path: String, option: String) throws {
    if let refusal = OutputFile.refusal(for: path, streams: true) { throw ValidationError("\(option) \(refusal.description)") }
}

/// Checks that `path` is a regular image file (PNG, JPEG or BMP) within
/// `Platform.maxImageBytes` whose header `ImageHeader` accepts, read under the file policy.
func checkImage(_ path: String, option: String) throws {
    let bytes: [UInt8]
    do { bytes = try FilePolicy.read(path, limit: Platform.maxImageBytes, limitName: "Platform.maxImageBytes") } catch {
        throw ValidationError("\(option) \(error.description)")
    }
    do { _ = try ImageHeader(bytes) } catch { throw ValidationError("\(option) \(path): \(error.description)") }
}

/// Refuses an output in a songs' folder (the app's, `$XDG_DATA_HOME/motionlab/songs`, and
/// `also`, a `--songs` folder) or its trash, which hold only songs, and one that is a song's
/// file under another name (a hard link, or the file a song's link leads to): a window run's
/// `--state` replaced the song it opened by itself, and `song export -o` through a link wrote
/// one song over another (hostile tours and a review). Any song may be opened in a run with
/// the songs panel, so none may be written over. A trash that is a link is no trash (the
/// library refuses it), so where it leads is not kept from.
func checkOutsideSongs(_ files: [(option: String, path: String?)], also: URL? = nil) throws {
    func identity(_ path: String, following: Bool = true) -> String? {
        var st = stat()
        guard (following ? stat(path, &st) : lstat(path, &st)) == 0 else { return nil }
        return "\(st.st_dev):\(st.st_ino)"
    }
    let songFolders = [SongLibrary.defaultFolder().path] + (also.map { [$0.path] } ?? [])
    var folders = songFolders
    for f in songFolders {
        var st = stat()
        if lstat(f + "/trash", &st) == 0, st.st_mode & S_IFMT == S_IFDIR { folders.append(f + "/trash") }
    }
    let folderIDs = Set(folders.compactMap { identity($0) })
    var songIDs: Set<String>?
    for case let (option, path?) in files {
        guard case .replace(let target, let existing)? = try? FilePolicy.destination(for: path) else { continue }
        if let id = identity(FilePolicy.folder(of: target)), folderIDs.contains(id) {
            throw ValidationError("\(option) \(echo(path, limit: 200)) is in the songs' folder, which holds only songs; write it elsewhere")
        }
        guard let existing else { continue }
        if songIDs == nil {
            songIDs = Set(folders.flatMap { dir in
                ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".json") }.compactMap { identity(dir + "/" + $0) }
            })
        }
        if songIDs!.contains("\(existing.st_dev):\(existing.st_ino)") {
            throw ValidationError("\(option) \(echo(path, limit: 200)) is a song's file under another name (a link to it); write it elsewhere")
        }
    }
}

/// Refuses two of a run's files that are one regular file, or one new name: `--script f
/// --record f` would record over the script being played, `--sheet s --state s` write the
/// state dump over the sheet. Names are compared where they lead (through links, and a new
/// name by its folder's identity). One device, FIFO or open descriptor for several
/// (`/dev/null`, `/dev/stdout`) is fine: it is written to where it stands, never replaced.
/// `reading` are the files the run reads (and may write back): `-` there is the file `./-`,
/// as the readers take it, not standard output. `readOnly` are files it only reads (a font,
/// a sprite, the resources): two of those may be one file.
func checkDistinct(reading: [(option: String, path: String?)] = [], readOnly: [(option: String, path: String?)] = [],
                   _ files: [(option: String, path: String?)]) throws {
    var seen: [(option: String, path: String, id: String, readOnly: Bool)] = []
    let inputs = reading.map { ($0.option, $0.path == "-" ? "./-" : $0.path, false) }
    for case let (option, path?, onlyRead) in readOnly.map({ ($0.option, $0.path, true) }) + inputs + files.map({ ($0.option, $0.path, false) }) {
        guard let destination = try? FilePolicy.destination(for: path) else { continue }
        let id: String
        switch destination {
        case .replace(_, let existing?): id = "\(existing.st_dev):\(existing.st_ino)"
        case .replace(let target, nil):
            var st = stat()
            guard stat(FilePolicy.folder(of: target), &st) == 0 else { continue }
            id = "\(st.st_dev):\(st.st_ino)/" + FilePolicy.name(of: target)
        case .stream, .descriptor: continue
        }
        if let other = seen.first(where: { $0.id == id && !($0.readOnly && onlyRead) }) {
            throw ValidationError("\(other.option) \(echo(other.path, limit: 200)) and \(option) \(echo(path, limit: 200)) are the same file; one would be written over the other")
        }
        seen.append((option, path, id, onlyRead))
    }
}

/// The files a run reads from its resources folder (`ResourceFolder.locate`), for `checkDistinct`: a state dump named
/// `R/font.txt` wrote over the font's metrics, and the next run could not start (a hostile
/// tour). Only those it reads: a report a run wrote there before may be written again.
func resourceFiles(_ option: String?) -> [(option: String, path: String?)] {
    // Wherever the run will find them: --resources, $MOTIONLAB_RESOURCES, beside the binary
    // or the checkout (an installed copy's font.txt was written over: a tour).
    guard let folder = try? ResourceFolder.locate(explicit: option).path else { return [] }
    let images = Textures.catalog.entries.flatMap { [$0.file] + ($0.highDensityFile.map { [$0] } ?? []) }
    let fonts = ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/fonts")) ?? []).map { "fonts/" + $0 }
    return (images + ["font.txt", "chords.txt"] + fonts).map { (option: "the resource", path: folder + "/" + $0) }
}

/// Refuses to write a frame `--capture` names itself where the name already leads somewhere
/// else: the user named a folder, not its files. A frame is a new file or one a capture
/// wrote before — a regular file of one link — never a link (a hostile tour's link
/// `frame-00001.bmp` made the file it led to a BMP) or a hard link of another file.
func checkCaptureFrame(_ path: String) throws(FilePolicy.Refusal) {
    do { _ = try FilePolicy.ownFileThere(path) } catch {
        throw FilePolicy.Refusal("\(error.description); a frame is written only as a new file or over an earlier frame: not written")
    }
}

/// Refuses a file of the run that `--capture` would write a frame over (`frame-00001.bmp` in
/// its folder): a script named so there was replaced by a frame (a hostile tour); and one
/// that a frame already in the folder leads to, through a link or as a hard link of it (a
/// frame is written where its name leads: the next tour's script became a BMP).
func checkOutsideCapture(_ capture: String?, _ files: [(option: String, path: String?)]) throws {
    guard let capture else { return }
    var folder = stat()
    guard stat(capture, &folder) == 0 else { return }
    func isFrameName(_ name: String) -> Bool {
        name.hasPrefix("frame-") && name.hasSuffix(".bmp") && name.dropFirst(6).dropLast(4).allSatisfy(\.isASCII)
            && Int(name.dropFirst(6).dropLast(4)) != nil
    }
    var frames: [(dev: dev_t, ino: ino_t)] = []
    for name in (try? FileManager.default.contentsOfDirectory(atPath: capture)) ?? [] where isFrameName(name) {
        var st = stat()
        if stat(capture + "/" + name, &st) == 0 { frames.append((st.st_dev, st.st_ino)) }
    }
    for case let (option, path?) in files {
        var st = stat()
        if isFrameName(FilePolicy.name(of: path)), stat(FilePolicy.folder(of: path), &st) == 0, st.st_dev == folder.st_dev,
           st.st_ino == folder.st_ino {
            throw ValidationError("\(option) \(echo(path, limit: 200)) is where --capture writes a frame; one would be written over the other")
        }
        if stat(path, &st) == 0, frames.contains(where: { $0.dev == st.st_dev && $0.ino == st.st_ino }) {
            throw ValidationError("\(option) \(echo(path, limit: 200)) is a frame already in --capture's folder (a link to it, or it to a frame); one would be written over the other")
        }
    }
}
