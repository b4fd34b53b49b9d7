import ArgumentParser
import Foundation

// Reading and checking the files the commands are given: sizes checked before reading,
// paths checked before a run, and errors said in words.

/// The text of a file, refused before it is read when larger than `limit` bytes, with a
/// message that says which file, its size and the limit; a read error says why in words.
func readTextFile(_ path: String, limit: Int, limitName: String) throws -> String {
    let size: Int
    do {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        if (attributes[.type] as? FileAttributeType) == .typeDirectory { throw CommandError.usage("\(path): is a folder, not a file") }
        size = (attributes[.size] as? NSNumber)?.intValue ?? 0
    } catch let e as CommandError {
        throw e
    } catch {
        throw CommandError.usage("\(path): cannot read: \(describe(error))")
    }
    guard size <= limit else {
        throw CommandError.usage("\(path): \(size) bytes is more than the limit of \(limit) (\(limitName))")
    }
    guard let handle = FileHandle(forReadingAtPath: path) else { throw CommandError.usage("\(path): cannot read: permission denied") }
    defer { try? handle.close() }
    let data = (try? handle.read(upToCount: limit + 1)) ?? Data()
    guard data.count <= limit else { throw CommandError.usage("\(path): more than the limit of \(limit) bytes (\(limitName))") }
    guard let text = String(data: data, encoding: .utf8) else { throw CommandError.usage("\(path): is not UTF-8 text") }
    return text
}

/// An error in words, without Foundation's raw NSError dump.
func describe(_ error: Error) -> String {
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

/// Checks that `path` can be written: not a folder, in a folder that exists and is
/// writable (and, if it exists, writable itself). Thrown as a usage error (exit 2).
func checkWritable(_ path: String, option: String) throws {
    let fm = FileManager.default
    var isDir: ObjCBool = false
    if fm.fileExists(atPath: path, isDirectory: &isDir) {
        guard !isDir.boolValue else { throw ValidationError("\(option) \(path): is a folder, not a file") }
        guard fm.isWritableFile(atPath: path) else { throw ValidationError("\(option) \(path): the file is not writable") }
        return
    }
    let dir = (path as NSString).deletingLastPathComponent
    let folder = dir.isEmpty ? "." : dir
    guard fm.fileExists(atPath: folder, isDirectory: &isDir), isDir.boolValue else {
        throw ValidationError("\(option) \(path): the folder \(folder) does not exist")
    }
    guard fm.isWritableFile(atPath: folder) else { throw ValidationError("\(option) \(path): the folder \(folder) is not writable") }
}

/// Checks that `path` is a readable BMP file (it starts with "BM").
func checkBMP(_ path: String, option: String) throws {
    guard let handle = FileHandle(forReadingAtPath: path) else { throw ValidationError("\(option) \(path): no such readable file") }
    defer { try? handle.close() }
    let magic = (try? handle.read(upToCount: 2)) ?? Data()
    guard magic == Data("BM".utf8) else { throw ValidationError("\(option) \(path): not a BMP image (it does not start with \"BM\")") }
}
