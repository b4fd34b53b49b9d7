import Engine
import Geometry
import Scenes
import Shell
import Songs

/// The shell, with the soak's checks after every step.
final class CheckedContent: FrameContent {
    let shell: Shell
    let checker: SoakChecker
    var frame: () -> Int = { 0 }

    init(shell: Shell, checker: SoakChecker) {
        self.shell = shell
        self.checker = checker
    }

    var size: Vec2 { shell.size }
    /// A violation ends the run, and so does a quit the shell was asked for (a replayed close
    /// or Escape: the random input sends neither), where play's run of the script ends.
    var wantsQuit: Bool { checker.violation != nil || shell.wantsQuit }
    var textInputRect: Rect? { shell.textInputRect }
    /// Input still waiting (as `play`'s run has it stepped at the end: a soak's dump and its
    /// recording's replay then match, as docs/command-line.md says).
    var hasQueuedInput: Bool { shell.hasQueuedInput }
    func enqueue(_ event: InputEvent, at time: Double?) { shell.enqueue(event, at: time) }
    func step(dt: Double, step: Int) {
        shell.step(dt: dt, step: step)
        if checker.violation == nil { checker.check(frame: frame(), step: step) }
    }
    func draw(into list: inout DrawList, alpha: Double) { shell.draw(into: &list, alpha: alpha) }
}

/// The invariants a soak checks.
final class SoakChecker {
    struct Violation { var frame: Int; var scene: String; var invariant: String }
    let shell: Shell
    var violation: Violation?
    var checks = 0
    var maxEntities = 0
    var maxGhosts = 0
    var visited: Set<String> = []
    let entityLimit: Int
    /// The board's sheet as it started: its lines never change, only their chords.

    static let defaultMaxEntities = 10_000
    /// Ghosts a hand holds: one per pointer the input takes (`InputLimits.maxPointers`) and
    /// the keyboard's (which a pad shares).
    static let maxHeldGhosts = InputLimits.maxPointers + 1
    /// Ghosts in all, flying back or settling too: a flight lands within a second, so more
    /// than ten hands' worth in the air means they are not landing.
    static let maxGhosts = 10 * maxHeldGhosts
    static let pathTolerance = 0.5

    init(shell: Shell, maxEntities: Int) {
        self.shell = shell
        entityLimit = maxEntities
    }

    func check(frame: Int, step: Int) {
        checks += 1
        let scene = shell.activeScene.name
        visited.insert(scene)
        func fail(_ what: String) { violation = Violation(frame: frame, scene: scene, invariant: what) }
        if let bad = Self.nonFinite(in: shell.stateDump(frame: frame, step: step, droppedTime: 0), at: "state") {
            return fail("a non-finite number at \(bad)")
        }
        for s in shell.scenes {
            switch s {
            case let path as PathScene:
                for (i, f) in path.followers.store.dense.enumerated() {
                    guard f.table < path.tables.count, !path.tables[f.table].isEmpty else { continue }
                    let off = f.point.distance(to: path.tables[f.table].point(atDistance: f.distance))
                    guard off <= Self.pathTolerance else {
                        return fail("path handle \(i) is \(off) pt off its path (at s = \(f.distance)), more than \(Self.pathTolerance)")
                    }
                }
                count(path.world.entities.count)
            case let bounce as BounceScene: count(bounce.world.entities.count)
            case let tap as TapScene: count(tap.world.entities.count)
            case let arrow as ArrowScene: count(arrow.world.entities.count)
            case let board as BoardScene:
                maxGhosts = max(maxGhosts, board.ghosts.count)
                let held = board.ghosts.count { $0.isCarried }
                guard held <= Self.maxHeldGhosts else { return fail("\(held) ghosts held, more than the \(Self.maxHeldGhosts) hands that can hold one") }
                guard board.ghosts.count <= Self.maxGhosts else { return fail("\(board.ghosts.count) ghosts, more than \(Self.maxGhosts)") }
                // Typing changes the lines; they stay within the sheet's limits, every chord on
                // a character in range, and the caret in its line.
                let doc = board.document
                guard !doc.lines.isEmpty, doc.lines.count <= SheetDocument.maxLines else { return fail("the sheet has \(doc.lines.count) lines") }
                if let bad = doc.lines.firstIndex(where: { $0.chords.contains { $0.at < 0 || $0.at > SheetDocument.maxChordAt } }) {
                    return fail("a chord of line \(bad) stands outside 0…\(SheetDocument.maxChordAt)")
                }
                if let e = board.lyric {
                    guard doc.lines.indices.contains(e.line), e.field.text == doc.lines[e.line].text, e.field.caret <= e.field.count else {
                        return fail("the caret (line \(e.line), \(e.field.caret)) is not in its line")
                    }
                }
                let text = board.document.serialized()
                guard (try? SheetDocument.parse(text)) == board.document else {
                    return fail("the sheet does not survive a save and load")
                }
            default: break
            }
            if violation != nil { return }
        }
        guard maxEntities <= entityLimit else { return fail("\(maxEntities) entities in one scene, more than \(entityLimit)") }
    }

    private func count(_ n: Int) { maxEntities = max(maxEntities, n) }

    /// Where in `v` a number is not finite, as a JSON path, or nil.
    static func nonFinite(in v: JSONValue, at path: String) -> String? {
        switch v {
        case .number(let d): return d.isFinite ? nil : "\(path) (\(d))"
        case .array(let a):
            for (i, x) in a.enumerated() { if let p = nonFinite(in: x, at: "\(path)[\(i)]") { return p } }
        case .object(let o):
            for (k, x) in o { if let p = nonFinite(in: x, at: "\(path).\(k)") { return p } }
        default: break
        }
        return nil
    }
}
