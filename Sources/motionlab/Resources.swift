import Engine
import Foundation
import MotionSDL
import Scenes
import Songs

/// Finds the resources (font and sprites) as `ResourceFolder` does, reporting a problem as a
/// usage error (exit 2).
enum Resources {
    static func font(in folder: URL) throws -> BitmapFont {
        do { return try ResourceFolder.font(in: folder) } catch let e as FilePolicy.Refusal {
            throw CommandError.usage(e.description)
        } catch {
            throw CommandError.usage("\(error)")
        }
    }

    /// The font as `play` writes with it on `platform` (or, with none, measured and placed
    /// the same): the bitmap font of `folder` with text shaped from `file` (default: the
    /// shipped DejaVu Sans). A font file that cannot be used is named on stderr and the
    /// bitmap font draws; a bad `font.txt` is a usage error.
    static func font(in folder: URL, on platform: Platform?, file: String?) throws -> BitmapFont {
        do {
            return try ResourceFolder.font(in: folder, on: platform, file: file) { StandardStream.error.write("motionlab: \($0)\n") }
        } catch let e as FilePolicy.Refusal {
            throw CommandError.usage(e.description)
        } catch {
            throw CommandError.usage("\(error)")
        }
    }

    /// The chord voicings of `folder`'s `chords.txt` (`ChordDiagrams`), for the cards the
    /// board draws at run time; none when the file cannot be read (those cards then go
    /// without a diagram, as for a chord with no voicing).
    static func chordDiagrams(in folder: URL) -> ChordDiagrams {
        guard let text = try? FilePolicy.readText(folder.appendingPathComponent("chords.txt").path, limit: 1 << 20, limitName: "1 MiB") else {
            return ChordDiagrams()
        }
        return ChordDiagrams(parsing: text)
    }

    static func locate(explicit: String?) throws -> URL {
        do { return try ResourceFolder.locate(explicit: explicit) } catch { throw CommandError.usage(error.description) }
    }
}
