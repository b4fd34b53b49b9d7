import Engine
import Foundation
import MotionSDL
import Scenes
import Songs

/// Loads the sheet into the board and saves it after every change. A file that is not a
/// sheet this build can read is reported (on stderr and on the board) and never overwritten;
/// a damaged sheet of ours is moved aside, where a new file can stand in for it (see
/// `DocumentFile.load`). `whenRefused` runs after each save refused (the songs keep the edits
/// elsewhere at once).
func attach(_ file: DocumentFile, to board: BoardScene, empty: SheetDocument = .empty, keepingDocument: Bool = false,
            whenRefused: (() -> Void)? = nil) {
    let loaded = file.load(empty: empty, noun: "sheet", recognise: SheetDocument.isDamagedSheet) { text in
        try SheetDocument.parse(text)
    }
    // The board's own sheet under a new name (a rename) keeps its history and caret; anything
    // the file does not hold as it should is loaded as any opened file is.
    let keeps = keepingDocument && loaded.problem == nil && loaded.mayOverwrite
    if !keeps { board.load(loaded.document) }
    if let problem = loaded.problem {
        StandardStream.error.write("motionlab: sheet \(problem)\n")
        board.showBanner(problem)
    }
    // A refusal is said on standard error once until it changes or a save goes through:
    // every pause in the typing tries again (a read-only song said the same line seven times
    // in 6 s of typing: a tour). The banner says it each time, where the user looks.
    var lastSaid: String?
    func sayRefused(_ line: String) {
        guard line != lastSaid else { return }
        lastSaid = line
        StandardStream.error.write(line)
    }
    // A save refused: the board says why on its banner and keeps the reason (`unsavedBecause`:
    // its sheet is kept as a song before another is opened over it).
    func notSaved(_ reason: String, banner: String) {
        board.unsavedBecause = reason
        board.showBanner(banner)
        whenRefused?()
    }
    guard loaded.mayOverwrite else {
        let reason = "the sheet could not be read, so changes are not saved over it"
        board.onChange = { _ in notSaved(reason, banner: reason) }
        return
    }
    // What the file holds as far as this session knows: a sheet changed on disk by anyone
    // else since (another session, an editor) is not saved over.
    var onDisk = loaded.found
    // (As the board holds it: a sheet of no lines has the one empty line a new song has.)
    if keeps, !BoardScene.withALine(loaded.document).serialized().utf8.elementsEqual(board.document.serialized().utf8) {
        // Kept under a new name, the board shows what the file does not hold (an edit made
        // outside since the last save, or a save refused): the file is not taken as saved
        // here, so the next save is refused as it was under the old name (a hostile tour's
        // rename took an outside edit for the baseline and the next keystroke wrote over it).
        onDisk = .text(board.document.serialized())
    }
    // A version 1 sheet is kept beside itself (NAME.v1.json) before the first save writes
    // it as version 2, so an older build still finds its sheet.
    var olderVersion: String? = if loaded.document.readVersion < SheetDocument.currentVersion, case .text(let t) = loaded.found { t } else { nil }
    // Whether the file holds `text` (a sheet as saved): byte for byte (String's == takes a
    // composed "é" and "e" + U+0301 as one: a tour's retyped letter quit unsaved), or, while
    // no save has replaced what was read, the sheet the board opened from it, in the file's
    // own layout (JSON another program wrote, a version 1 sheet whose chords the board placed;
    // a board that keeps its sheet under a new name did not open it from this file).
    func fileHolds(_ text: String) -> Bool {
        guard case .text(let held) = onDisk else { return false }
        if held.utf8.elementsEqual(text.utf8) { return true }
        guard !keeps, case .text(let read) = loaded.found, read.utf8.elementsEqual(held.utf8) else { return false }
        return board.openedDocument.serialized().utf8.elementsEqual(text.utf8)
    }
    board.onChange = { doc in
        let text = doc.serialized()
        // Edits undone back to what the file holds: nothing to save, and none lost (a refused
        // save's quit question had asked over a sheet the file held whole).
        if fileHolds(text) {
            board.unsavedBecause = nil
            lastSaid = nil
            return
        }
        if let old = olderVersion {
            // Nothing kept beside a sheet no save may replace (read-only): it would fill the folder.
            if let refusal = file.saveRefusal() {
                sayRefused("motionlab: could not save the sheet: \(refusal); the previous version is kept\n")
                return notSaved("\(refusal)", banner: "sheet not saved: \(refusal)")
            }
            do {
                let kept = try file.keepCopy(old, tag: "v\(loaded.document.readVersion)")
                olderVersion = nil
                StandardStream.error.write("motionlab: the sheet was version \(loaded.document.readVersion); kept as \(kept) before saving it as version \(SheetDocument.currentVersion)\n")
            } catch {
                sayRefused("motionlab: could not keep the version \(loaded.document.readVersion) sheet before saving it as version \(SheetDocument.currentVersion): \(describe(error)); not saved\n")
                return notSaved(describe(error), banner: "sheet not saved: \(describe(error))")
            }
        }
        do {
            onDisk = try file.save(text, over: onDisk, newFileMode: loaded.newFileMode)
            board.unsavedBecause = nil
            lastSaid = nil
        } catch {
            sayRefused("motionlab: could not save the sheet: \(describe(error)); \(onDisk == .nothing ? "nothing was written" : "the previous version is kept")\n")
            notSaved(describe(error), banner: "sheet not saved: \(describe(error))")
        }
    }
}
