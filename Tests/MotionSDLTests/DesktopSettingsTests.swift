import Foundation
import MotionSDL
import Testing

/// Where reduced motion comes from, first found: the option, the variable, the desktop.
@Suite struct DesktopSettingsTests {
    @Test func theOptionThenTheVariableThenGnomeThenGtkDecide() {
        let gnomeOff = DesktopSettings.DesktopAnswers(gnomeAnimations: false, gtkAnimations: true)
        let gtkOff = DesktopSettings.DesktopAnswers(gnomeAnimations: nil, gtkAnimations: false)
        func ask(_ option: Bool, _ env: [String: String], _ desktop: DesktopSettings.DesktopAnswers?) -> (Bool, DesktopSettings.Source) {
            let r = DesktopSettings.reducedMotion(option: option, environment: env, desktop: desktop)
            return (r.reduced, r.source)
        }
        #expect(ask(true, ["MOTIONLAB_REDUCE_MOTION": "0"], nil) == (true, .option))
        #expect(ask(false, ["MOTIONLAB_REDUCE_MOTION": "1"], nil) == (true, .environment))
        // The variable's 0 wins over a desktop that asks for less motion.
        #expect(ask(false, ["MOTIONLAB_REDUCE_MOTION": " 0 "], gnomeOff) == (false, .environment))
        #expect(ask(false, [:], gnomeOff) == (true, .gnome))
        #expect(ask(false, [:], gtkOff) == (true, .gtk))
        #expect(ask(false, [:], DesktopSettings.DesktopAnswers(gnomeAnimations: true, gtkAnimations: false)) == (false, .gnome))
        #expect(ask(false, [:], nil) == (false, .none))
        // Scripted runs pass no desktop: the machine's setting does not change their bytes.
        #expect(ask(false, [:], nil) == ask(false, ["HOME": "/elsewhere"], nil))
    }

    @Test func aVariableThatIsNeitherZeroNorOneIsNamedAndIgnored() {
        let r = DesktopSettings.reducedMotion(option: false, environment: ["MOTIONLAB_REDUCE_MOTION": "maybe"],
                                              desktop: DesktopSettings.DesktopAnswers(gnomeAnimations: false))
        #expect(r.reduced && r.source == .gnome)
        #expect(r.problem?.contains("MOTIONLAB_REDUCE_MOTION is 'maybe'") == true)
    }

    @Test func gtkSettingsIniIsReadFromItsSettingsGroupOnly() throws {
        #expect(DesktopSettings.gtkAnimations(ini: "[Settings]\ngtk-enable-animations = false\n") == false)
        #expect(DesktopSettings.gtkAnimations(ini: "[Settings]\ngtk-enable-animations=0\ngtk-enable-animations=1\n") == true)
        #expect(DesktopSettings.gtkAnimations(ini: "[Other]\ngtk-enable-animations=false\n") == nil)
        #expect(DesktopSettings.gtkAnimations(ini: "[Settings]\n# gtk-enable-animations=false\n") == nil)
        #expect(DesktopSettings.gtkAnimations(ini: "") == nil)
        // From the file under XDG_CONFIG_HOME; a relative XDG_CONFIG_HOME is ignored for ~/.config.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("motionlab-gtk-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("gtk-3.0"), withIntermediateDirectories: true)
        try "[Settings]\ngtk-enable-animations=false\n".write(to: dir.appendingPathComponent("gtk-3.0/settings.ini"), atomically: true, encoding: .utf8)
        #expect(DesktopSettings.gtkAnimations(environment: ["XDG_CONFIG_HOME": dir.path], home: "/nonexistent") == false)
        #expect(DesktopSettings.gtkAnimations(environment: ["XDG_CONFIG_HOME": "relative"], home: "/nonexistent") == nil)
        // A FIFO where the file would be is not read (it would block).
        let fifoHome = dir.appendingPathComponent("fifo")
        try FileManager.default.createDirectory(at: fifoHome.appendingPathComponent("gtk-3.0"), withIntermediateDirectories: true)
        #expect(mkfifo(fifoHome.appendingPathComponent("gtk-3.0/settings.ini").path, 0o600) == 0)
        #expect(DesktopSettings.gtkAnimations(environment: ["XDG_CONFIG_HOME": fifoHome.path], home: "/nonexistent") == nil)
    }

    @Test func aGnomeQueryWithNoGsettingsOnThePathAnswersNothingAtOnce() {
        let q = DesktopSettings.GnomeQuery(environment: ["PATH": "/nonexistent"])
        #expect(q.answer(within: 5) == nil)
    }

    @Test func theStateDumpSaysWhetherMotionIsReducedByOptionOrVariable() throws {
        let dir = Motionlab.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        func dump(_ args: [String], _ value: String?) throws -> (String, String) {
            let out = dir.appendingPathComponent("state-\(UUID().uuidString).json")
            let p = Motionlab.process(["--headless", "--frames", "2", "--state", out.path] + args)
            p.environment?["MOTIONLAB_REDUCE_MOTION"] = value
            let r = try Motionlab.run(p)
            #expect(r.status == 0, "\(r.stderr)")
            return (try String(contentsOf: out, encoding: .utf8), r.stderr)
        }
        #expect(try dump([], nil).0.contains("\"reduceMotion\":false"))
        #expect(try dump(["--reduce-motion"], nil).0.contains("\"reduceMotion\":true"))
        #expect(try dump([], "1").0.contains("\"reduceMotion\":true"))
        let odd = try dump([], "sometimes")
        #expect(odd.0.contains("\"reduceMotion\":false"))
        #expect(odd.1.contains("MOTIONLAB_REDUCE_MOTION is 'sometimes'"))
    }

    @Test func theUIScaleComesFromTheOptionTheVariableGdkScaleThenTheDisplay() throws {
        #expect(try DesktopSettings.uiScale(option: 2, environment: ["MOTIONLAB_UI_SCALE": "3"], windowed: true) == 2)
        #expect(try DesktopSettings.uiScale(option: nil, environment: ["MOTIONLAB_UI_SCALE": "1.5", "GDK_SCALE": "2"], windowed: true) == 1.5)
        #expect(try DesktopSettings.uiScale(option: nil, environment: ["GDK_SCALE": "2"], windowed: true) == 2)
        // Scripted and headless runs: 1 unless asked, whatever the desktop says.
        #expect(try DesktopSettings.uiScale(option: nil, environment: ["GDK_SCALE": "2"], windowed: false) == 1)
        // A window with nothing said takes the display's DPI (nil here).
        #expect(try DesktopSettings.uiScale(option: nil, environment: ["GDK_SCALE": "1.5"], windowed: true) == nil)
        #expect(DesktopSettings.uiScale(dpi: 96) == 1)
        #expect(DesktopSettings.uiScale(dpi: 163) == 1.75)  // a 27-inch 4K monitor
        #expect(DesktopSettings.uiScale(dpi: 192) == 2)
        #expect(DesktopSettings.uiScale(dpi: 72) == 1 && DesktopSettings.uiScale(dpi: .nan) == 1 && DesktopSettings.uiScale(dpi: 1e308) == 4)
        for bad in ["0", "nan", "abc", "4.5", "-1"] {
            #expect(throws: DesktopSettings.UIScaleError.self) {
                try DesktopSettings.uiScale(option: nil, environment: ["MOTIONLAB_UI_SCALE": bad], windowed: false)
            }
        }
        #expect(throws: DesktopSettings.UIScaleError.self) { try DesktopSettings.uiScale(option: .infinity, environment: [:], windowed: true) }
    }

    @Test func atUIScale2A960x640WindowLaysOutAs480x320AndSaysSoInTheDump() throws {
        let dir = Motionlab.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let state = dir.appendingPathComponent("s.json"), shot = dir.appendingPathComponent("s.bmp")
        let r = try Motionlab.run(["--headless", "--frames", "2", "--size", "960x640", "--ui-scale", "2", "--state", state.path, "--screenshot", shot.path])
        #expect(r.status == 0, "\(r.stderr)")
        let dump = try String(contentsOf: state, encoding: .utf8)
        #expect(dump.contains("\"window\":{\"w\":480,\"h\":320}") && dump.contains("\"uiScale\":2"))
        // The picture is the window's 960×640 pixels.
        let bmp = try Data(contentsOf: shot)
        let w = bmp[18..<22].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
        #expect(w == 960)
        let bad = try Motionlab.run(["--headless", "--frames", "1", "--ui-scale", "9"])
        #expect(bad.status == 2 && bad.stderr.contains("--ui-scale"))
        let p = Motionlab.process(["--headless", "--frames", "1"])
        p.environment?["MOTIONLAB_UI_SCALE"] = "big"
        let env = try Motionlab.run(p)
        #expect(env.status == 2 && env.stderr.contains("MOTIONLAB_UI_SCALE must be a number in [0.5, 4], got 'big'"))
    }
}
