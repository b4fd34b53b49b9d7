import CSDL2
import Foundation
import Testing

extension SDLTests {
    /// How the program fits a Linux desktop: --version, completions, the icon it draws, and an
    /// install that puts everything where a desktop looks and an uninstall that takes exactly
    /// that away.
    @Suite struct DesktopFitTests {
        func sh(_ script: String, env: [String: String] = [:]) throws -> Motionlab.Result {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/bin/bash")
            p.arguments = ["-c", script]
            p.currentDirectoryURL = Motionlab.root
            p.environment = ProcessInfo.processInfo.environment.merging(env) { $1 }
            return try Motionlab.run(p)
        }

        /// Every file and folder under `dir`, relative.
        func tree(_ dir: URL) -> Set<String> {
            Set((FileManager.default.enumerator(atPath: dir.path)?.allObjects as? [String]) ?? [])
        }

        @Test func versionAndCompletionScriptsPrint() throws {
            let v = try Motionlab.run(["--version"])
            #expect(v.status == 0 && v.stdout.hasPrefix("0.9.0"), "\(v.stdout)")
            let bash = try Motionlab.run(["--generate-completion-script", "bash"])
            #expect(bash.status == 0 && bash.stdout.contains("motionlab"))
            let syntax = try sh("printf '%s' \"$SCRIPT\" | bash -n", env: ["SCRIPT": bash.stdout])
            #expect(syntax.status == 0, "\(syntax.stderr)")
            for shell in ["zsh", "fish"] {
                let r = try Motionlab.run(["--generate-completion-script", shell])
                #expect(r.status == 0 && r.stdout.contains("motionlab"), "\(shell)")
            }
        }

        @Test func theIconIsAPNGOfTheSizeAskedWithTransparentCorners() throws {
            let file = Motionlab.tempDir().appendingPathComponent("icon.png")
            let r = try Motionlab.run(["icon", "--size", "64", "--output", file.path])
            #expect(r.status == 0, "\(r.stderr)")
            guard let s = IMG_Load(file.path), let argb = SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
                Issue.record("not a PNG SDL_image reads"); return
            }
            defer { SDL_FreeSurface(s); SDL_FreeSurface(argb) }
            #expect(argb.pointee.w == 64 && argb.pointee.h == 64)
            let px = argb.pointee.pixels.assumingMemoryBound(to: UInt32.self)
            let pitch = Int(argb.pointee.pitch) / 4
            #expect(px[0] >> 24 == 0, "the corner is opaque")
            #expect(px[32 * pitch + 4] >> 24 == 255, "the tile is not drawn")
            let bad = try Motionlab.run(["icon", "--size", "100000", "--output", file.path])
            #expect(bad.status == 2 && bad.stderr.contains("--size must be in 16…1024"))
            // A name the PNG or BMP it writes would not match (a .jpg got a PNG: a hostile tour).
            let jpg = file.deletingLastPathComponent().appendingPathComponent("icon.jpg")
            let wrong = try Motionlab.run(["icon", "--size", "64", "--output", jpg.path])
            #expect(wrong.status == 2 && wrong.stderr.contains("give a file ending in .png or .bmp"), "\(wrong.stderr)")
            #expect(!FileManager.default.fileExists(atPath: jpg.path))
            // A MOTIONLAB_RESOURCES without the resources is an error, not passed over unsaid.
            let p = Motionlab.process(["--headless", "--frames", "1"])
            p.environment?["MOTIONLAB_RESOURCES"] = file.deletingLastPathComponent().path
            let err = Pipe()
            p.standardError = err
            try p.run()
            let said = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            #expect(p.terminationStatus == 2 && said.contains("$MOTIONLAB_RESOURCES") && said.contains("no font.txt there"), "\(said)")
            // And `path --at` takes fractions of the length, not any number (1e308 was clamped).
            for at in ["1e308", "-1", "0,1.5"] {
                let r = try Motionlab.run(["path", "--svg", "M0 0 L10 0", "--at", at])
                #expect(r.status == 2 && r.stderr.contains("is not a fraction of the length (0…1)"), "\(at): \(r.stderr)")
            }
        }

        @Test func installPutsEverythingWhereADesktopLooksAndUninstallLeavesThePrefixAsItWas() throws {
            let dir = Motionlab.tempDir()
            let prefix = dir.appendingPathComponent("prefix")
            try FileManager.default.createDirectory(at: prefix.appendingPathComponent("share/applications"), withIntermediateDirectories: true)
            let theirs = prefix.appendingPathComponent("share/applications/other.desktop")
            try "[Desktop Entry]\n".write(to: theirs, atomically: false, encoding: .utf8)
            let before = tree(prefix)
            let man = dir.appendingPathComponent("motionlab.1")
            try ".TH MOTIONLAB 1\n.SH NAME\nmotionlab\n".write(to: man, atomically: false, encoding: .utf8)
            let env = ["MOTIONLAB_INSTALL_BIN": Motionlab.binary.path, "MOTIONLAB_INSTALL_MAN": man.path]
            let install = try sh("scripts/install install '\(prefix.path)'", env: env)
            #expect(install.status == 0, "\(install.stderr)")
            let after = tree(prefix)
            for path in ["bin/motionlab", "share/motionlab/photo.png", "share/motionlab/font.txt", "share/man/man1/motionlab.1",
                         "share/applications/motionlab.desktop", "share/icons/hicolor/48x48/apps/motionlab.png",
                         "share/icons/hicolor/256x256/apps/motionlab.png", "share/bash-completion/completions/motionlab",
                         "share/zsh/site-functions/_motionlab", "share/fish/vendor_completions.d/motionlab.fish"] {
                #expect(after.contains(path), "\(path) not installed")
            }
            // The installed program runs from anywhere and finds its resources.
            let p = Process()
            p.executableURL = prefix.appendingPathComponent("bin/motionlab")
            p.arguments = ["--headless", "--frames", "2", "--scene", "arrow"]
            p.currentDirectoryURL = URL(fileURLWithPath: "/")
            p.environment = ProcessInfo.processInfo.environment.filter { $0.key != "MOTIONLAB_RESOURCES" }
            let run = try Motionlab.run(p)
            #expect(run.status == 0, "\(run.stderr)")
            // Installing again replaces what it installed; a file of someone else's is never replaced.
            #expect(try sh("scripts/install install '\(prefix.path)'", env: env).status == 0)
            let uninstall = try sh("scripts/install uninstall '\(prefix.path)'")
            #expect(uninstall.status == 0, "\(uninstall.stderr)")
            #expect(tree(prefix) == before, "left behind: \(tree(prefix).subtracting(before)); removed: \(before.subtracting(tree(prefix)))")
            #expect(try String(contentsOf: theirs, encoding: .utf8) == "[Desktop Entry]\n")
            try "mine".write(to: prefix.appendingPathComponent("share/applications/motionlab.desktop"), atomically: false, encoding: .utf8)
            let refused = try sh("scripts/install install '\(prefix.path)'", env: env)
            #expect(refused.status == 2 && refused.stderr.contains("motionlab.desktop is there and was not installed by make install"))
            #expect(try String(contentsOf: prefix.appendingPathComponent("share/applications/motionlab.desktop"), encoding: .utf8) == "mine")
        }
    }
}
