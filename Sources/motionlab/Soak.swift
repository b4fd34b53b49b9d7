import ArgumentParser
import Synchronization
import Engine
import Foundation
import Geometry
import MotionSDL
import Scenes
import Shell

/// `motionlab soak`: minutes of simulated use with seeded random input over every scene,
/// every invariant checked at every step.
struct Soak: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run every scene under seeded random input for simulated minutes, checking invariants at every step.",
        discussion: """
        Headless and on the virtual clock (no window, nothing drawn to pixels), at the fixed \
        step: several pointers and fingers, keys, gamepads added and removed mid-orbit, \
        resizes down to 1x1 and back, focus lost mid-drag, 5-second hitches, pointers far \
        outside the window, and scene switches. After every step: each path handle on its \
        path within 0.5 pt, no non-finite number in the state dump, entity and ghost counts \
        bounded, the board's sheet intact; at the end, resident memory no more than 32 MiB \
        above what it was after the first tenth. Exits 0 when all held, else 1 with the first \
        violation and a script that reproduces it (replay it with --replay).
        """
    )

    @Option(parsing: .unconditional, help: "Simulated minutes to run.")
    var minutes: Double = 1

    @Option(parsing: .unconditional, help: "Seed for the random input. (0…18446744073709551615)", transform: parseSeed)
    var seed: UInt64 = 1

    @Option(help: "Write a JSON summary here.")
    var json: String?

    @Option(help: "Where to write the input script that reproduces a violation (default: soak-failure-SEED.jsonl, or -2, -3 … where taken).")
    var failureScript: String?

    @Option(help: "Replay this script (one a failed soak wrote) with the same checks, instead of random input.")
    var replay: String?

    @Option(help: "Write the run's input here as a script (play --headless --script replays it).")
    var record: String?

    @Option(help: "Write the state dump here at the end, as play's --state does.")
    var state: String?

    @Option(help: "Folder with the font metrics (default: the Resources/ folder of this checkout).")
    var resources: String?

    @Option(help: "The most entities one scene may hold.")
    var maxEntities = SoakChecker.defaultMaxEntities

    static let maxMinutes = 24.0 * 60
    static let frameTime = 1.0 / 60
    static let hz = 120.0
    static let size = Vec2(1280, 720)
    /// How much resident memory may grow after the first tenth of the run.
    static let memoryAllowance = 32 << 20

    func validate() throws {
        guard minutes > 0, minutes <= Self.maxMinutes else {
            throw ValidationError("--minutes must be in (0, \(Int(Self.maxMinutes))] (Soak.maxMinutes), got \(minutes)")
        }
        // The log, whichever it is: the failure script only where it is written (a run from a
        // read-only folder with --record blamed an option not given).
        for (option, path) in [("--json", json), ("--state", state), (log?.option ?? "", log?.path)] {
            if let path { try checkWritable(path, option: option) }
        }
        // (The failure script by its default name too, where it is the log: a --json of that
        // name wrote the summary over the script its hint named: a review.)
        let script = failureScript ?? (record == nil && replay == nil ? failureScriptPath : nil)
        try checkDistinct(reading: [("--replay", replay)], readOnly: resourceFiles(resources),
                          [("--json", json), ("--record", record), ("--state", state), ("--failure-script", script)])
        try checkOutsideSongs([("--json", json), ("--record", record), ("--state", state), ("--failure-script", script)])
    }

    /// The failure script: `--failure-script`, else the first of `soak-failure-SEED.jsonl`,
    /// `soak-failure-SEED-2.jsonl` … that nothing has: a name the user never gave is never
    /// written over, nor through (a hostile tour's notes and a link's target were emptied).
    /// Chosen once in a run (`nextDefault` moves on when another run took it first).
    var failureScriptPath: String {
        if let failureScript { return failureScript }
        let seed = seed
        return Self.chosen.withLock { chosen in
            if let chosen { return chosen }
            let name = Self.freeDefault(seed, from: 1)
            chosen = name
            return name
        }
    }
    private static let chosen = Mutex<String?>(nil)

    /// The first of the default names from the `n`th that nothing has.
    private static func freeDefault(_ seed: UInt64, from n: Int) -> String {
        for k in max(1, n)...1000 {
            let name = "soak-failure-\(seed)" + (k == 1 ? "" : "-\(k)") + ".jsonl"
            var st = stat()
            if lstat(name, &st) != 0 && errno == ENOENT { return name }
        }
        return "soak-failure-\(seed)-\(getpid()).jsonl"
    }

    /// After the default name was taken by another run between the choice and the log's
    /// opening (the log is put in place never over a file): the next free one.
    private func nextDefault() {
        let seed = seed
        Self.chosen.withLock { chosen in chosen = Self.freeDefault(seed, from: 2) }
    }

    /// Where the run's input goes as it happens, and the option that names it: the --record
    /// file if asked for, else the failure script (removed if nothing broke); a replay records
    /// nothing unless asked, its script being the record.
    var log: (option: String, path: String)? {
        if let record { return ("--record", record) }
        return replay == nil ? ("--failure-script", failureScriptPath) : nil
    }

    func run() throws {
        do { try soak() } catch let e as CommandError {
            StandardStream.error.write("motionlab soak: \(e.description)\n")
            throw ExitCode(2)
        }
    }

    private func soak() throws {
        var script: ScriptRun? = nil
        if let replay {
            let text = try readTextFile(replay, limit: InputScript.maxBytes, limitName: "InputScript.maxBytes")
            do { script = try InputScript.parseRun(text, keyName: KeyNames.sdlName) } catch { throw CommandError.usage("\(replay):\(error.line): \(error.message)") }
        }
        let folder = try Resources.locate(explicit: resources)
        let font = try Resources.font(in: folder, on: nil, file: nil)
        // The scenes as `play --headless --script` makes them, so a failure script replays there too.
        let shell = Shell(scenes: SceneRegistry.makeAll(SceneOptions()), size: Self.size, font: font)
        // A replay runs to where its recording ended (its end line), else one frame past its last event.
        let frames = script.map(\.lastFrame) ?? Int((minutes * 60 / Self.frameTime).rounded(.up))
        let checker = SoakChecker(shell: shell, maxEntities: maxEntities)
        let content = CheckedContent(shell: shell, checker: checker)
        let platform = NullPlatform(size: Self.size)
        let driver = FrameDriver(platform: platform, content: content, hz: Self.hz, virtualFrameTime: Self.frameTime,
                                 script: script?.events ?? [])
        driver.frameLimit = frames
        // The input goes to its log as it happens (`log`): memory stays flat however long the run.
        var logFile: OutputFile?
        if var log {
            for attempt in 1...5 {
                do {
                    logFile = try OutputFile(path: log.path, kind: .log)
                    break
                } catch {
                    // The default name taken meanwhile by a soak started beside this one.
                    var st = stat()
                    if failureScript == nil, record == nil, attempt < 5, lstat(log.path, &st) == 0 {
                        nextDefault()
                        log = self.log ?? log
                        continue
                    }
                    throw CommandError.usage("\(log.option) \(error.description)")
                }
            }
        }
        var recordedCount = 0
        var pendingLines = ""
        driver.record = { e in
            recordedCount += 1
            guard let out = logFile else { return }
            pendingLines += InputScript.line(for: e) + "\n"
            if pendingLines.utf8.count > 1 << 16 { out.write(pendingLines); pendingLines = "" }
        }
        var input = SoakInput(seed: seed)
        content.frame = { driver.frame }
        var warmRSS = 0
        let started = Date()
        while !driver.isDone {
            if script == nil { platform.pending = input.events(size: platform.windowSize) }
            guard try driver.runFrame() else { break }
            if driver.frame == max(1, frames / 10) { warmRSS = residentBytes() }
            if checker.violation != nil { break }
        }
        // The last line says where the run ended, so that a replay ends there too.
        logFile?.write(pendingLines + InputScript.endLine(frame: driver.frame) + "\n")
        let endRSS = residentBytes()
        // Under a sanitizer the heap is not ours to judge: ASan keeps freed memory in
        // quarantine, so resident memory grows whatever the app does.
        // (Nor is it judged where the run ended before its first tenth: a replay that quits.)
        let memoryChecked = !MallocCounter.heapIsASanitizers && warmRSS > 0
        if checker.violation == nil, memoryChecked, endRSS - warmRSS > Self.memoryAllowance {
            checker.violation = SoakChecker.Violation(frame: driver.frame, scene: shell.activeScene.name, invariant:
                "memory grew \((endRSS - warmRSS) >> 20) MiB after warm-up (\(warmRSS >> 20) → \(endRSS >> 20) MiB), more than \(Self.memoryAllowance >> 20) MiB")
        }
        let simulated = Double(driver.loop.step) / Self.hz
        var summary: [(String, JSONValue)] = [
            ("seed", JSONValue(Int(truncatingIfNeeded: seed))), ("frames", JSONValue(driver.frame)), ("steps", JSONValue(driver.loop.step)),
            ("simulatedMinutes", JSONValue(simulated / 60)), ("wallSeconds", JSONValue(Date().timeIntervalSince(started))),
            ("events", JSONValue(recordedCount)), ("checks", JSONValue(checker.checks)),
            ("residentMiB", .object([("warm", JSONValue(Double(warmRSS) / 1048576)), ("end", JSONValue(Double(endRSS) / 1048576)),
                                     ("checked", .bool(memoryChecked))])),
            ("maxEntities", JSONValue(checker.maxEntities)), ("maxGhosts", JSONValue(checker.maxGhosts)),
            ("scenesVisited", .array(checker.visited.sorted().map { .string($0) })),
        ]
        if let v = checker.violation {
            summary.append(("violation", .object([("frame", JSONValue(v.frame)), ("scene", .string(v.scene)), ("invariant", .string(v.invariant))])))
        } else {
            summary.append(("violation", .null))
        }
        if let json { try writeOutput(JSONValue.object(summary).serialized() + "\n", to: json, option: "--json") }
        // The log is in place from the start (so a crash leaves it); it is kept when asked
        // for (--record) or when it reproduces a failure, otherwise this run's file is removed.
        var logFailure: FilePolicy.Refusal?
        if let out = logFile {
            if record != nil || checker.violation != nil {
                do { try out.commit() } catch { logFailure = error }
            } else {
                out.discard()
            }
        }
        // A violation is reported even when its script could not be written, and then says so.
        if let logFailure, let log, checker.violation == nil { throw CommandError.usage("\(log.option) \(logFailure.description)") }
        if let state {
            let dump = shell.stateDump(frame: driver.frame, step: driver.loop.step, droppedTime: driver.loop.droppedTime)
            try writeOutput(dump.serialized() + "\n", to: state, option: "--state")
        }
        if let v = checker.violation {
            let path = replay ?? record ?? failureScriptPath
            StandardStream.error.line("motionlab soak: violation at frame \(v.frame) in scene \(v.scene): \(v.invariant)")
            if replay == nil, let logFailure {
                StandardStream.error.line("  the script that reproduces it was not written: \(logFailure.description)")
            } else {
                StandardStream.error.write("""
                      reproduce: motionlab soak --replay \(path)
                      look at it: motionlab play --headless --script \(path) --frames \(v.frame) --state state.json

                    """)
            }
            throw ExitCode(1)
        }
        StandardStream.output.line(String(format: "motionlab soak: %.1f simulated minutes (%d frames, %d steps, %d events, %d checks) in %.0f s: every invariant held",
                     simulated / 60, driver.frame, driver.loop.step, recordedCount, checker.checks, Date().timeIntervalSince(started)))
        StandardStream.output.line("scenes \(checker.visited.sorted().joined(separator: ", ")); at most \(checker.maxEntities) entities and \(checker.maxGhosts) ghosts; resident memory \(warmRSS >> 20) MiB after warm-up, \(endRSS >> 20) MiB at the end\(memoryChecked ? "" : MallocCounter.heapIsASanitizers ? " (not checked: the heap is a sanitizer's)" : " (not checked: the run ended before its first tenth)")")
    }

    /// Resident memory of this process in bytes (Linux's /proc/self/statm).
    func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
