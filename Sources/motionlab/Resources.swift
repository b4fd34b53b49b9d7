import Engine
import Foundation
import MotionSDL

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

    static func locate(explicit: String?) throws -> URL {
        do { return try ResourceFolder.locate(explicit: explicit) } catch { throw CommandError.usage(error.description) }
    }
}
