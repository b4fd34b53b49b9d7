@testable import Engine
@testable import Geometry
@testable import Paths
@testable import Scenes
import TestSupport
import Testing

/// The path edits a window's run would lose when it ends (Escape, the window closed): those
/// kept nowhere else, which the app then writes as an export (`PathScene.unkeptEdits`).
@Suite struct PathUnkeptEditsTests {
    /// A session whose Export writes a new file each time, as a window's does.
    static func session(_ shape: PathScene.Shape) -> PathEditorTests.Session {
        let s = PathEditorTests.Session(shape)
        s.scene.onExport = { _ in PathExport(said: "exported", kept: true) }
        return s
    }

    @Test func anEditedBuiltInShapeIsUnkeptUntilExportedAndAgainWhenEditedAfter() throws {
        let s = Self.session(.star)
        #expect(s.scene.unkeptEdits.isEmpty)
        s.key("E")
        #expect(s.scene.unkeptEdits.isEmpty, "edit mode alone changes nothing")
        s.drag(s.anchor(0), s.anchor(0) + Vec2(20, 20))
        let edits = s.scene.unkeptEdits
        #expect(edits.map(\.shape) == [.star])
        // What is kept is the path as the editor has it, and reads back.
        #expect(edits.first?.data == s.editor.doc.path.svgData)
        #expect(try Path(svg: try #require(edits.first?.data)).subpaths.count == 1)
        // Left edit mode, still unkept; exported (in edit mode: X), kept.
        s.key("E")
        #expect(s.scene.unkeptEdits.map(\.shape) == [.star])
        s.key("E")
        s.key("X")
        #expect(s.scene.unkeptEdits.isEmpty)
        // Edited after the export: unkept again.
        s.drag(s.anchor(1), s.anchor(1) + Vec2(-15, 10))
        #expect(s.scene.unkeptEdits.map(\.shape) == [.star])
    }

    /// Escape or the window's close would quit with edits kept nowhere: they are kept then
    /// (an export); where they cannot be, the status line says why, edit mode is left, and the
    /// app asks, as the board does (a tour's figure 8 was lost at one close).
    @Test func aQuitAsksWhereTheEditsCannotBeKeptAndKeepsThemWhereTheyCan() {
        let s = Self.session(.figure8)
        s.key("E")
        s.drag(s.anchor(0), s.anchor(0) + Vec2(20, 20))
        #expect(s.scene.unkeptEdits.count == 1)
        var kept: [String] = []
        s.scene.keepUnkeptNow = { _, _ in "exports: cannot make the folder" }
        #expect(s.scene.asksBeforeQuitting())
        #expect(!s.scene.editing && s.scene.editStatus(s.scene.tables[0])?.0.contains("could not be kept (exports: cannot make the folder)") == true)
        // The question shows until another message takes its place (the app then asks again).
        #expect(s.scene.showsQuitQuestion)
        s.scene.session.tell("Exported")
        #expect(!s.scene.showsQuitQuestion)
        s.scene.keepUnkeptNow = { (_: PathScene.Shape, d: String) -> String? in kept.append(d); return nil }
        #expect(!s.scene.asksBeforeQuitting())
        #expect(kept.count == 1 && s.scene.unkeptEdits.isEmpty)
        // Without a way to keep them before the run ends (a scripted run), nothing asks.
        s.scene.keepUnkeptNow = nil
        s.key("E")
        s.drag(s.anchor(1), s.anchor(1) + Vec2(-20, 10))
        #expect(!s.scene.unkeptEdits.isEmpty && !s.scene.asksBeforeQuitting())
    }

    @Test func editsUndoneBackToTheShapeAreNothingToKeep() {
        let s = Self.session(.heart)
        s.key("E")
        s.drag(s.anchor(0), s.anchor(0) + Vec2(12, -9))
        #expect(!s.scene.unkeptEdits.isEmpty)
        s.key("Z", ctrl: true)
        #expect(s.editor.changed, "the editor still counts the path as changed")
        #expect(s.scene.unkeptEdits.isEmpty, "\(s.scene.unkeptEdits)")
    }

    /// Each shape keeps its edits while another is shown: all of them are unkept, in the
    /// order of the shapes, not only the one on screen.
    @Test func theEditsOfAShapeNotShownAreUnkeptToo() {
        let s = Self.session(.star)
        s.key("E")
        s.drag(s.anchor(0), s.anchor(0) + Vec2(20, 20))
        s.key("S")
        s.drag(s.anchor(0), s.anchor(0) + Vec2(-10, 14))
        let shown = s.scene.shape
        #expect(shown != .star)
        let shapes = s.scene.unkeptEdits.map(\.shape)
        #expect(Set(shapes) == [.star, shown] && shapes.count == 2, "\(shapes)")
        // Exporting the one shown keeps only it.
        s.key("X")
        #expect(s.scene.unkeptEdits.map(\.shape) == [.star])
    }

    /// An Export that wrote no file keeps nothing (a review: a failed `--export FILE` dropped
    /// the edits at exit); one over the same file each time keeps only the last.
    @Test func aFailedExportKeepsNothingAndOneOverTheSameFileOnlyTheLast() {
        let s = PathEditorTests.Session(.star)
        s.scene.onExport = { _ in PathExport(said: "not exported", kept: false) }
        s.key("E")
        s.drag(s.anchor(0), s.anchor(0) + Vec2(20, 20))
        s.key("X")
        #expect(s.scene.unkeptEdits.map(\.shape) == [.star])
        s.scene.onExport = { _ in PathExport(said: "exported over FILE", kept: true, overwrites: true) }
        s.key("X")
        #expect(s.scene.unkeptEdits.isEmpty)
        let first = s.d
        s.drag(s.anchor(1), s.anchor(1) + Vec2(-15, 10))
        s.key("X")
        #expect(s.scene.unkeptEdits.isEmpty)
        // Undone back to the first export's path: the file holds the second now.
        s.key("Z", ctrl: true)
        #expect(s.d == first)
        #expect(s.scene.unkeptEdits.map(\.data) == [first])
    }

    /// A custom path whose edits went back into its `--path-file` is kept there; one whose
    /// write-back was refused, or that has no file, is not.
    @Test func aCustomPathWrittenBackIsKeptAndOneRefusedIsNot() throws {
        func session(onEdited: ((String) -> String?)?) throws -> PathEditorTests.Session {
            let (shell, scene) = TestSupport.shell(with: PathScene(customPath: try Path(svg: "M0 0 L100 0 L100 100 Z"), startShape: .custom),
                                                  size: Vec2(1280, 720))
            scene.onEdited = onEdited
            return PathEditorTests.Session(shell: shell, scene: scene)
        }
        var written: [String] = []
        let saved = try session { written.append($0); return nil }
        saved.key("E")
        saved.key("Tab")
        saved.key("Right", shift: true)
        saved.key("E")
        #expect(!written.isEmpty, "the edit was never written back")
        #expect(saved.scene.unkeptEdits.isEmpty, "\(saved.scene.unkeptEdits)")
        for edited in [try session { _ in "read-only" }, try session(onEdited: nil)] {
            edited.key("E")
            edited.key("Tab")
            edited.key("Right", shift: true)
            edited.key("E")
            #expect(edited.scene.unkeptEdits.map(\.shape) == [.custom])
        }
    }
}
