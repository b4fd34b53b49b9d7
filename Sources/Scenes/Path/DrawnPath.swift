import Geometry
import Paths

/// The path scene's path as it is drawn every frame: flattened, thinned and cut into strokes
/// the software renderer can afford (the rings ride the exact sample table, not these), and
/// the longest path the scene shows at all.
public struct DrawnPath: Sendable {
    /// Polylines, each open or closed, in the scene's points.
    private(set) var strokes: [(points: [Vec2], closed: Bool)] = []

    /// The most points the path is drawn with. The software renderer strokes a segment in
    /// about 3.5 µs here: a million-segment path took 3.8 s a frame, 50,000 points 0.17 s,
    /// this many about 0.03 s. Past this the drawing is thinned (`Path.thinned`); the rings
    /// still ride the exact table.
    static let maxPoints = 20_000
    /// The longest edge drawn: longer ones are cut (`Path.cut`), as a software rasteriser
    /// pays for a triangle's bounding box.
    static let maxEdge = 16.0
    /// The longest path shown, in diagonals of the area it is fitted to (so the same at any
    /// window size): drawing costs its length. 400 diagonals, cut into 16-pt pieces, is about
    /// 37,000 pieces at 1280×720, at most 80 M pixel tests (about 56 ms a frame on the
    /// software renderer when every piece is diagonal; a zigzag of 4,000 300-pt lines, 260
    /// diagonals, is 11 ms). Longer is refused at start and by the editor, and shown smaller
    /// where a resize makes it so (`smaller`).
    public static let maxLengthInDiagonals = 400.0

    /// Throws when a path of `length` points, fitted to `area`, is past `maxLengthInDiagonals`.
    public static func checkLength(_ length: Double, in area: Rect) throws(PathLengthError) {
        let diagonals = diagonals(length, in: area)
        guard diagonals <= maxLengthInDiagonals else { throw PathLengthError(diagonals: diagonals) }
    }

    /// `length` in diagonals of `area` (of at least 1 point).
    private static func diagonals(_ length: Double, in area: Rect) -> Double {
        length / max(1, (area.width * area.width + area.height * area.height).squareRoot())
    }

    /// `path`, laid out in `area`, made smaller about the area's centre where it is longer than
    /// `maxLengthInDiagonals` there, with a note saying so; nil where it is not. The start
    /// refuses such a path, but a resize can make one of a path that was not (a tour's flat
    /// zigzag in a tall window, made square, came to 11,600 diagonals: 4 million samples).
    static func smaller(_ path: Path, in area: Rect) -> (path: Path, note: String)? {
        let length: Double
        do { length = try SampleTable.check(path, spacing: 1) } catch { length = error.length }
        let diagonals = diagonals(length, in: area)
        guard diagonals > maxLengthInDiagonals, diagonals.isFinite else { return nil }
        let scale = maxLengthInDiagonals / diagonals * 0.999, c = area.center
        return (path.applying(AffineTransform.translation(-c).concatenating(.scale(scale, scale)).concatenating(.translation(c))),
                "shown at \(max(1, Int(scale * 100))) %: at this size the path would be \(Int(diagonals.rounded())) window diagonals long, more than \(Int(maxLengthInDiagonals)) (DrawnPath.maxLengthInDiagonals)")
    }

    init() {}

    /// `path` flattened, thinned to `maxPoints` and cut into edges of at most `maxEdge`.
    init(_ path: Path) {
        strokes = Path.cut(Path.thinned(path.flattened(tolerance: 0.05), toAtMost: Self.maxPoints), maxEdge: Self.maxEdge)
    }
}

/// A path too long to draw each frame: its length in diagonals of the area it is shown in.
public struct PathLengthError: Error, CustomStringConvertible {
    /// The path's length over the diagonal of the area it is fitted to.
    public let diagonals: Double
    /// The error as a sentence for the user.
    public var description: String {
        "path is \(Int(diagonals.rounded())) times the diagonal of the area it is shown in, more than \(Int(DrawnPath.maxLengthInDiagonals)) (DrawnPath.maxLengthInDiagonals): each frame draws all of it; simplify the path"
    }
}
