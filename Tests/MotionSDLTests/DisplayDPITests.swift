import Engine
import Foundation
import Testing

/// The UI scale a real window picks from an X server's DPI, under Xvfb (installed by
/// `scripts/install-deps --test`; skipped, saying so, where it is not).
extension SDLTests {
    /// Runs `args` with no signal blocked: a test process blocks SIGTERM in its threads, and a
    /// child inherits that mask, so neither Xvfb nor the app would hear the polite stop.
    private func unblocked(_ args: [String]) -> (URL, [String]) {
        (URL(fileURLWithPath: "/usr/bin/python3"),
         ["-c", "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, set()); os.execvp(sys.argv[1], sys.argv[1:])"] + args)
    }

    /// Starts Xvfb on a free display at `dpi` (with `xrdb` resources, if any, merged), runs
    /// `play` in a real window there for two seconds with `args`, stops it as a window
    /// manager would (SIGTERM) and returns its state dump's UI scale and its standard error.
    private func uiScale(dpi: Int, resources: String? = nil, _ args: [String] = []) throws -> (scale: Double?, stderr: String)? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb") else { return nil }
        let display = ":\(90 + Int(getpid() % 50))"
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { return nil }
        let x = Process()
        (x.executableURL, x.arguments) = unblocked(["/usr/bin/Xvfb", display, "-screen", "0", "2560x1440x24", "-dpi", "\(dpi)", "-nolisten", "tcp", "-noreset"])
        x.standardOutput = FileHandle.nullDevice
        x.standardError = FileHandle.nullDevice
        try x.run()
        defer { x.terminate(); x.waitUntilExit() }
        usleep(800_000)
        if let resources {
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xrdb") else { return nil }
            let r = Process()
            r.executableURL = URL(fileURLWithPath: "/usr/bin/xrdb")
            r.arguments = ["-display", display, "-nocpp", "-merge"]
            let input = Pipe()
            r.standardInput = input
            try r.run()
            input.fileHandleForWriting.write(Data(resources.utf8))
            try input.fileHandleForWriting.close()
            r.waitUntilExit()
        }
        let dir = Motionlab.tempDir()
        let state = dir.appendingPathComponent("state.json")
        let p = Motionlab.process(["play", "--size", "1280x720", "--video-driver", "x11", "--state", state.path,
                                   "--sheet", dir.appendingPathComponent("sheet.json").path] + args)
        (p.executableURL, p.arguments) = unblocked([Motionlab.binary.path] + (p.arguments ?? []))
        var env = p.environment ?? [:]
        env["DISPLAY"] = display
        env["GDK_SCALE"] = nil
        env["MOTIONLAB_UI_SCALE"] = nil
        p.environment = env
        let err = Pipe()
        p.standardOutput = FileHandle.nullDevice
        p.standardError = err
        try p.run()
        usleep(2_000_000)
        p.terminate()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let dump = try? JSONParser.parse(String(contentsOf: state, encoding: .utf8))
        return (dump?["chrome"]?["uiScale"]?.doubleValue, String(decoding: e, as: UTF8.self))
    }

    @Test func aRealWindowTakesItsUIScaleFromTheXServersDPIAndTheOptionWins() throws {
        guard let at192 = try uiScale(dpi: 192) else {
            print("skipped: no /usr/bin/Xvfb (scripts/install-deps --test installs it)")
            return
        }
        #expect(at192.scale == 2, "\(at192.stderr)")
        #expect(try uiScale(dpi: 96)?.scale == 1)
        #expect(try uiScale(dpi: 192, ["--ui-scale", "1.25"])?.scale == 1.25)
        // The desktop's own Xft.dpi comes before the screen's; garbage there is named and ignored.
        if let xft = try uiScale(dpi: 96, resources: "Xft.dpi: 144\n") { #expect(xft.scale == 1.5, "\(xft.stderr)") }
        if let bad = try uiScale(dpi: 192, resources: "Xft.dpi: lots\n") {
            #expect(bad.scale == 2 && bad.stderr.contains("Xft.dpi 'lots'"), "\(bad.stderr)")
        }
    }
}
