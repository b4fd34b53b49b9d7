import Foundation

/// What the desktop asks of the program that SDL 2 does not tell: whether to reduce motion.
///
/// Reduced motion is, first found: `--reduce-motion`; `MOTIONLAB_REDUCE_MOTION` (`1` or `0`);
/// in a window on a desktop, GNOME's `org.gnome.desktop.interface enable-animations` (asked
/// of `gsettings` in the background while the window opens, so start-up does not wait for
/// it) and GTK's `gtk-enable-animations` in `$XDG_CONFIG_HOME/gtk-3.0/settings.ini`.
/// Scripted and headless runs read only the option and the variable, so they come out the
/// same on every machine.
public enum DesktopSettings {
    /// Where the answer came from.
    public enum Source: String, Sendable, Equatable {
        /// `--reduce-motion`.
        case option
        /// `MOTIONLAB_REDUCE_MOTION`.
        case environment
        /// GNOME's `enable-animations`.
        case gnome
        /// GTK's `settings.ini`.
        case gtk
        /// Nothing asked for it.
        case none
    }

    /// The answer and where it came from; `problem` names a variable that was set to
    /// something else than `0` or `1` (then ignored).
    public struct ReducedMotion: Sendable, Equatable {
        /// Whether motion is reduced.
        public var reduced: Bool
        /// Who said so.
        public var source: Source
        /// A variable set to something else than `0` or `1`, said in words (then ignored).
        public var problem: String?
    }

    /// Reduced motion from the option and the environment, then (when `desktop` is given,
    /// a windowed run) from the desktop's answers.
    public static func reducedMotion(option: Bool, environment: [String: String],
                                     desktop: DesktopAnswers? = nil) -> ReducedMotion {
        if option { return ReducedMotion(reduced: true, source: .option) }
        var problem: String?
        if let value = environment["MOTIONLAB_REDUCE_MOTION"]?.trimmingCharacters(in: .whitespaces), !value.isEmpty {
            switch value.lowercased() {
            case "1", "true", "yes", "on": return ReducedMotion(reduced: true, source: .environment)
            case "0", "false", "no", "off": return ReducedMotion(reduced: false, source: .environment)
            default: problem = "MOTIONLAB_REDUCE_MOTION is '\(value)'; it takes 1 (reduce) or 0 (do not); ignored"
            }
        }
        if let desktop {
            if let animations = desktop.gnomeAnimations { return ReducedMotion(reduced: !animations, source: .gnome, problem: problem) }
            if let animations = desktop.gtkAnimations { return ReducedMotion(reduced: !animations, source: .gtk, problem: problem) }
        }
        return ReducedMotion(reduced: false, source: .none, problem: problem)
    }

    /// What the desktop said: nil where it said nothing.
    public struct DesktopAnswers: Sendable, Equatable {
        /// GNOME's `enable-animations`.
        public var gnomeAnimations: Bool?
        /// GTK's `gtk-enable-animations`.
        public var gtkAnimations: Bool?
        /// The answers as given (nil: that one said nothing).
        public init(gnomeAnimations: Bool? = nil, gtkAnimations: Bool? = nil) {
            self.gnomeAnimations = gnomeAnimations
            self.gtkAnimations = gtkAnimations
        }
    }

    /// GTK's `gtk-enable-animations` from a `settings.ini` text: the `[Settings]` group's
    /// last value, `true`/`1` or `false`/`0`; nil if it has none.
    public static func gtkAnimations(ini text: String) -> Bool? {
        var inSettings = false
        var answer: Bool?
        for raw in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("[") { inSettings = line == "[Settings]"; continue }
            guard inSettings, !line.hasPrefix("#"), !line.hasPrefix(";"), let eq = line.firstIndex(of: "=") else { continue }
            guard line[..<eq].trimmingCharacters(in: .whitespaces) == "gtk-enable-animations" else { continue }
            switch line[line.index(after: eq)...].trimmingCharacters(in: .whitespaces).lowercased() {
            case "true", "1": answer = true
            case "false", "0": answer = false
            default: break
            }
        }
        return answer
    }

    /// GTK 3's `settings.ini` for this user (`$XDG_CONFIG_HOME`, an absolute path, or
    /// `~/.config`), read if it is a small regular file.
    public static func gtkAnimations(environment: [String: String], home: String) -> Bool? {
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        let path = base + "/gtk-3.0/settings.ini"
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              attributes[.type] as? FileAttributeType == .typeRegular,
              (attributes[.size] as? Int ?? .max) <= 1 << 20,
              let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        return gtkAnimations(ini: text)
    }

    /// The UI scales a user may ask for.
    public static let uiScaleRange = 0.5...4.0

    /// The UI scale from the option (`--ui-scale`), then `MOTIONLAB_UI_SCALE`, then (in a
    /// window) GTK's `GDK_SCALE`; nil when none says (a window then takes the display's DPI,
    /// `uiScale(dpi:)`). A value out of range or not a number is an error naming it.
    public static func uiScale(option: Double?, environment: [String: String], windowed: Bool) throws(UIScaleError) -> Double? {
        if let option {
            guard uiScaleRange.contains(option) else { throw UIScaleError(source: "--ui-scale", text: "\(option)") }
            return option
        }
        if let text = environment["MOTIONLAB_UI_SCALE"], !text.isEmpty {
            guard let v = Double(text.trimmingCharacters(in: .whitespaces)), uiScaleRange.contains(v) else {
                throw UIScaleError(source: "MOTIONLAB_UI_SCALE", text: text)
            }
            return v
        }
        guard windowed else { return 1 }
        // GDK_SCALE is a whole number (GTK ignores anything else; so do we).
        if let text = environment["GDK_SCALE"], let v = Int(text), v >= 1 { return Double(min(v, 4)) }
        return nil
    }

    /// `scale` brought into `uiScaleRange` (a scale that is not a number: 1).
    public static func clampedUIScale(_ scale: Double) -> Double {
        scale.isFinite ? min(max(scale, uiScaleRange.lowerBound), uiScaleRange.upperBound) : 1
    }

    /// The scale a display of `dpi` dots per inch asks for: dpi / 96 in steps of a quarter,
    /// at least 1 and at most 4.
    public static func uiScale(dpi: Double) -> Double {
        guard dpi.isFinite, dpi > 0 else { return 1 }
        return clampedUIScale(max((dpi / 96 * 4).rounded() / 4, 1))
    }

    /// A UI scale that is not a number in `uiScaleRange`: where it came from and what it was.
    public struct UIScaleError: Error, CustomStringConvertible {
        /// `--ui-scale` or `MOTIONLAB_UI_SCALE`.
        public var source: String
        /// What it said.
        public var text: String
        /// The message: what must be and what was given.
        public var description: String {
            "\(source) must be a number in [0.5, 4], got '\(text)'"
        }
    }

    /// `gsettings get org.gnome.desktop.interface enable-animations`, run in the background:
    /// started before the window opens and read after, waiting at most `answer(within:)`.
    public final class GnomeQuery {
        private let process = Process()
        private let pipe = Pipe()
        private var started = false

        /// Starts the query if `gsettings` is on the `PATH`; a query that cannot start answers nil.
        public init(environment: [String: String]) {
            let dirs = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            guard let dir = dirs.first(where: { FileManager.default.isExecutableFile(atPath: "\($0)/gsettings") }) else { return }
            process.executableURL = URL(fileURLWithPath: "\(dir)/gsettings")
            process.arguments = ["get", "org.gnome.desktop.interface", "enable-animations"]
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            started = (try? process.run()) != nil
        }

        /// GNOME's answer (`true` or `false`), waiting for it at most `seconds`; nil when
        /// there is none by then (no GNOME, no schema, too slow: the query is then stopped).
        public func answer(within seconds: Double) -> Bool? {
            guard started else { return nil }
            let deadline = Date().addingTimeInterval(seconds)
            while process.isRunning, Date() < deadline { usleep(2_000) }
            guard !process.isRunning else {
                process.terminate()
                return nil
            }
            guard process.terminationStatus == 0 else { return nil }
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            switch String(decoding: data.prefix(64), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) {
            case "true": return true
            case "false": return false
            default: return nil
            }
        }
    }
}
