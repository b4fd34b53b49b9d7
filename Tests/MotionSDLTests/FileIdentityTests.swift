import CFileIdentity
import Foundation
@testable import MotionSDL
import Testing

/// A save keeps the file's identity — mode, owner, group, hard links, extended attributes —
/// or refuses, as careful editors do; a read-only file is never saved over, whoever runs the
/// program. Cases that need root (another user's file, `chattr`) say so and pass when not root.
@Suite struct FileIdentityTests {
    func status(_ path: String) -> stat {
        var st = Glibc.stat()
        #expect(lstat(path, &st) == 0, "\(path)")
        return st
    }

    func text(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    func names(_ dir: URL) -> Set<String> { Set((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []) }

    var isRoot: Bool { geteuid() == 0 }

    /// Runs a program (chattr) where one is installed; false when it is not or it failed.
    @discardableResult
    func run(_ tool: String, _ args: [String]) -> Bool {
        guard let path = ["/usr/bin/\(tool)", "/bin/\(tool)", "/sbin/\(tool)", "/usr/sbin/\(tool)"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return false }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = args
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return false }
        p.waitUntilExit()
        return p.terminationStatus == 0
    }

    @Test func aReadOnlyFileIsRefusedWhoeverRunsTheProgramAndKeptAsItWas() throws {
        let dir = Motionlab.tempDir()
        let file = dir.appendingPathComponent("sheet.json").path
        try "old".write(toFile: file, atomically: false, encoding: .utf8)
        chmod(file, 0o444)
        // Root may write any file; the owner's bits say the file is not to be changed.
        #expect(throws: FilePolicy.Refusal.self) { try FilePolicy.write("new", to: file) }
        do {
            try DocumentFile(url: URL(fileURLWithPath: file)).save("new", over: .text("old"))
            Issue.record("a read-only sheet was saved over")
        } catch {
            #expect(error.description.contains("is read-only (mode 444)"), "\(error)")
        }
        #expect(text(file) == "old")
        #expect(status(file).st_mode & 0o777 == 0o444)
        #expect(names(dir) == ["sheet.json"])
    }

    @Test func aSaveKeepsTheFilesModeAndItsExtendedAttributes() throws {
        let dir = Motionlab.tempDir()
        let file = dir.appendingPathComponent("path.svg").path
        try "old".write(toFile: file, atomically: false, encoding: .utf8)
        chmod(file, 0o640)
        let value = Array("kept".utf8)
        let tagged = setxattr(file, "user.motionlab-test", value, value.count, 0) == 0
        if !tagged { print("extended attributes: this file system takes no user.* attribute (\(FilePolicy.errnoText())); mode checked only") }
        try FilePolicy.write("new", to: file)
        #expect(text(file) == "new")
        #expect(status(file).st_mode & 0o777 == 0o640)
        if tagged {
            var back = [UInt8](repeating: 0, count: 16)
            let n = getxattr(file, "user.motionlab-test", &back, back.count)
            #expect(n == value.count && Array(back[0..<max(0, n)]) == value, "the attribute was dropped")
        }
        #expect(names(dir) == ["path.svg"])
    }

    /// A POSIX ACL as the kernel keeps it in `system.posix_acl_*`: version 2, then each entry's
    /// tag, permissions and id (sorted by tag): the owner, `user` (rwx), the group, the mask and
    /// the others.
    func acl(granting user: UInt32) -> [UInt8] {
        func le<T: FixedWidthInteger>(_ v: T) -> [UInt8] { withUnsafeBytes(of: v.littleEndian) { Array($0) } }
        let undefined = UInt32.max
        let entries: [(UInt16, UInt16, UInt32)] = [(0x01, 7, undefined), (0x02, 7, user), (0x04, 5, undefined), (0x10, 7, undefined), (0x20, 5, undefined)]
        return le(UInt32(2)) + entries.flatMap { le($0.0) + le($0.1) + le($0.2) }
    }

    @Test func aSaveInAFolderWithADefaultACLLetsNobodyNewReadTheFile() throws {
        let dir = Motionlab.tempDir()
        let file = dir.appendingPathComponent("state.json").path, probe = dir.appendingPathComponent("probe").path
        try "old".write(toFile: file, atomically: false, encoding: .utf8)
        chmod(file, 0o640)
        // The folder gives every new file in it an entry for user 65534 (setfacl -d -m u:65534:rwx).
        let value = acl(granting: 65534)
        guard setxattr(dir.path, "system.posix_acl_default", value, value.count, 0) == 0 else {
            print("skipped: this file system takes no default ACL (\(FilePolicy.errnoText()))"); return
        }
        try "".write(toFile: probe, atomically: false, encoding: .utf8)
        guard getxattr(probe, "system.posix_acl_access", nil, 0) > 0 else { print("skipped: new files here do not inherit the default ACL"); return }
        unlink(probe)
        try FilePolicy.write("new", to: file)
        #expect(text(file) == "new")
        #expect(getxattr(file, "system.posix_acl_access", nil, 0) < 0 && errno == ENODATA, "the save gave the file the folder's ACL: user 65534 may read it now")
        #expect(status(file).st_mode & 0o777 == 0o640)
        #expect(names(dir) == ["state.json"])
    }

    @Test func aFileWithAnotherHardLinkIsWrittenInPlaceSoBothNamesSeeTheSave() throws {
        let dir = Motionlab.tempDir()
        let file = dir.appendingPathComponent("song.json").path, other = dir.appendingPathComponent("backup-name.json").path
        try "old content".write(toFile: file, atomically: false, encoding: .utf8)
        #expect(link(file, other) == 0)
        let inode = status(file).st_ino
        try FilePolicy.write("new", to: file)
        #expect(text(file) == "new" && text(other) == "new")
        #expect(status(file).st_ino == inode && status(file).st_nlink == 2)
        // No backup or temporary is left once the save is flushed.
        #expect(names(dir) == ["song.json", "backup-name.json"])
    }

    @Test func aFailedInPlaceWriteWritesTheOldContentBack() throws {
        let dir = Motionlab.tempDir()
        let file = dir.appendingPathComponent("song.json").path, other = dir.appendingPathComponent("other.json").path
        try "old content".write(toFile: file, atomically: false, encoding: .utf8)
        #expect(link(file, other) == 0)
        let out = try OutputFile(path: file)
        out.write("half of the new")
        out.discard()
        #expect(text(file) == "old content" && text(other) == "old content")
        #expect(names(dir) == ["song.json", "other.json"])
    }

    @Test func anotherUsersFileKeepsItsOwnerAndGroupWhenRootSavesIt() throws {
        guard isRoot else { print("skipped: changing a file's owner needs root"); return }
        let dir = Motionlab.tempDir()
        let file = dir.appendingPathComponent("their.json").path
        try "old".write(toFile: file, atomically: false, encoding: .utf8)
        #expect(chown(file, 65534, 65534) == 0 && chmod(file, 0o600) == 0)
        try FilePolicy.write("new", to: file)
        let st = status(file)
        #expect(text(file) == "new")
        #expect(st.st_uid == 65534 && st.st_gid == 65534, "owner \(st.st_uid):\(st.st_gid): the owner was locked out")
        #expect(st.st_mode & 0o7777 == 0o600)
        #expect(names(dir) == ["their.json"])
    }

    @Test func anImmutableOrAppendOnlyFileIsRefusedAndAnAppendOnlyFolderKeepsNoTemporary() throws {
        guard isRoot, FileManager.default.isExecutableFile(atPath: "/usr/bin/chattr") else {
            print("skipped: chattr needs root and e2fsprogs"); return
        }
        let dir = Motionlab.tempDir()
        let file = dir.appendingPathComponent("locked.json").path
        try "old".write(toFile: file, atomically: false, encoding: .utf8)
        guard run("chattr", ["+i", file]) else { print("skipped: this file system keeps no inode flags"); return }
        #expect(throws: FilePolicy.Refusal("\(file): is immutable (chattr +i); not saved over")) { try FilePolicy.write("new", to: file) }
        run("chattr", ["-i", file])
        #expect(run("chattr", ["+a", file]))
        #expect(throws: FilePolicy.Refusal("\(file): is append-only (chattr +a); not saved over")) { try FilePolicy.write("new", to: file) }
        run("chattr", ["-a", file])
        #expect(text(file) == "old")
        // A folder where files can be made but never removed or renamed: written in place,
        // its old content held in memory, nothing left beside it.
        let folder = dir.appendingPathComponent("log-folder")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let inside = folder.appendingPathComponent("state.json").path
        try "old".write(toFile: inside, atomically: false, encoding: .utf8)
        #expect(run("chattr", ["+a", folder.path]))
        defer { run("chattr", ["-a", folder.path]) }
        try FilePolicy.write("new", to: inside)
        #expect(text(inside) == "new")
        #expect(names(folder) == ["state.json"])
    }

    @Test func aNameTooLongToLeaveRoomForATemporarySuffixIsStillSaved() throws {
        let dir = Motionlab.tempDir()
        let name = String(repeating: "ж", count: 120) + ".json"  // 245 bytes
        let file = dir.appendingPathComponent(name).path
        try FilePolicy.write("first", to: file)
        try FilePolicy.write("second", to: file)
        #expect(text(file) == "second")
        #expect(names(dir) == [name])
        #expect(FilePolicy.temporaryPath(for: file).split(separator: "/").last!.utf8.count < 255)
        #expect(FilePolicy.shortName(of: name) == FilePolicy.shortName(of: name) && FilePolicy.shortName(of: name).count == 17)
    }

    @Test func aDocumentsFolderThatVanishedIsReportedNotMadeAgain() throws {
        let dir = Motionlab.tempDir()
        let folder = dir.appendingPathComponent("songs")
        let user = DocumentFile(url: folder.appendingPathComponent("sheet.json"))
        do {
            try user.save("{}")
            Issue.record("the folder was made again")
        } catch {
            #expect(error.description.contains("the folder is not there (removed?); not made again"), "\(error)")
        }
        #expect(names(dir).isEmpty)
        // The program's own data folder is made on the first save.
        let own = DocumentFile(url: folder.appendingPathComponent("sheet.json"), makesFolder: true)
        try own.save("{}")
        #expect(text(folder.appendingPathComponent("sheet.json").path) == "{}")
    }

    @Test func aRelativeXDGDataHomeIsIgnoredAsTheSpecSays() {
        #expect(DocumentFile.defaultSheetURL(environment: ["XDG_DATA_HOME": "rel/data"], home: "/home/u").path
            == "/home/u/.local/share/motionlab/sheet.json")
        #expect(DocumentFile.defaultSheetURL(environment: ["XDG_DATA_HOME": "/data"], home: "/home/u").path == "/data/motionlab/sheet.json")
        #expect(DocumentFile.defaultSheetURL(environment: [:], home: "/home/u").path == "/home/u/.local/share/motionlab/sheet.json")
    }
}

/// A songs folder where names can be added and not removed (`chattr +a`, as a shared folder's
/// sticky bit is for another user's file): a rename or a move to the trash is refused and the
/// song keeps its one name (a hostile tour's rename said nothing and left one file under two
/// names, each save changing both). Needs root and e2fsprogs; says so and passes otherwise.
@Suite struct AppendOnlySongsFolderTests {
    @Test func aRenameOrTrashThatCannotRemoveTheOldNameIsRefusedAndUndone() throws {
        let ids = FileIdentityTests()
        guard ids.isRoot, FileManager.default.isExecutableFile(atPath: "/usr/bin/chattr") else {
            print("skipped: chattr needs root and e2fsprogs"); return
        }
        let dir = Motionlab.tempDir().appendingPathComponent("songs")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let library = SongLibrary(folder: dir)
        let sheet = #"{"version":2,"lines":[{"text":"la","chords":[]}]}"#
        for name in ["one", "two"] { try sheet.write(to: dir.appendingPathComponent(name + ".json"), atomically: false, encoding: .utf8) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("trash"), withIntermediateDirectories: true)
        guard ids.run("chattr", ["+a", dir.path]) else { print("skipped: this file system keeps no inode flags"); return }
        defer { ids.run("chattr", ["-a", dir.path]) }
        #expect(throws: FilePolicy.Refusal.self) { try library.rename("one", to: "uno") }
        #expect(throws: FilePolicy.Refusal.self) { try library.trash("two") }
        #expect(ids.names(dir) == ["one.json", "two.json", "trash"])
        #expect(ids.names(dir.appendingPathComponent("trash")).isEmpty)
        #expect(ids.status(dir.appendingPathComponent("one.json").path).st_nlink == 1)
        #expect(ids.status(dir.appendingPathComponent("two.json").path).st_nlink == 1)
    }
}
