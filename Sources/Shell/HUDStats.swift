import Engine
import Geometry

/// Frame statistics for the HUD, refreshed about every 100 ms so the numbers can be read,
/// plus the last 240 frame times for the optional graph.
public struct HUDStats {
    public internal(set) var fps = 0.0
    public internal(set) var frameMilliseconds = 0.0
    public internal(set) var stepsThisFrame = 0
    public internal(set) var droppedTime = 0.0
    /// The frame driver rests: nothing moves, nothing is drawn, and the HUD says so instead
    /// of counting frames that are not being made.
    public internal(set) var atRest = false
    /// While a hand is down on a window: the median time from its input to the frame that
    /// shows it (seconds), shown in place of the steps and dropped time.
    public internal(set) var inputLatency: Double?
    private var windowTime = 0.0
    private var windowFrames = 0
    private var windowWork = 0.0
    private var history = [Double](repeating: 0, count: 240)
    private var historyHead = 0

    public init() {}

    /// Records a frame: its elapsed time, the work it took (both seconds) and steps run.
    public mutating func record(frameTime: Double, workTime: Double, steps: Int, droppedTime: Double) {
        stepsThisFrame = steps
        self.droppedTime = droppedTime
        windowTime += frameTime
        windowWork += workTime
        windowFrames += 1
        history[historyHead] = frameTime
        historyHead = (historyHead + 1) % history.count
        if windowTime >= 0.1 {
            fps = Double(windowFrames) / windowTime
            frameMilliseconds = windowWork / Double(windowFrames) * 1000
            windowTime = 0
            windowWork = 0
            windowFrames = 0
        }
    }

    /// The HUD's form `i`, longest first: 0 scene, frames per second, frame time, steps this
    /// frame and dropped time (while a hand is down on a window, the input latency instead);
    /// 1 without the scene; 2 rate and time; 3 the rate; at rest, "at rest" (with the scene
    /// in form 0). Every number carries its unit. Built alone: the HUD draws one a frame.
    func form(_ i: Int, scene: String) -> String {
        var line = ""
        forEachPiece(ofForm: i, scene: scene) { line += $0 }
        return line
    }

    /// Form `i` (see `form(_:scene:)`) as pieces, in order: the labels are literals and the
    /// numbers come a digit at a time (`forEachPiece(of:digits:_:)`), so drawing a new reading
    /// neither allocates nor shapes anything the text caches have not met.
    func forEachPiece(ofForm i: Int, scene: String, _ body: (String) -> Void) {
        if i == 0 { body(scene); body(" · ") }
        if atRest { return body("at rest") }
        Engine.forEachPiece(of: fps, digits: 1, body)
        body(" fps")
        guard i < 3 else { return }
        body(" · ")
        Engine.forEachPiece(of: frameMilliseconds, digits: 2, body)
        body(" ms")
        guard i < 2 else { return }
        body(" · ")
        if let inputLatency {
            body("input ")
            Engine.forEachPiece(of: min(inputLatency * 1000, 999.9), digits: 1, body)
            body(" ms")
        } else {
            Engine.forEachPiece(of: Double(stepsThisFrame), digits: 0, body)
            body(" steps · drop ")
            Engine.forEachPiece(of: droppedTime, digits: 2, body)
            body(" s")
        }
    }

    /// The forms with the widest values the HUD usually shows: the layout measures these, so
    /// the chrome does not move as the numbers change.
    static let templates: [String] = {
        var wide = HUDStats()
        wide.fps = 888.8
        wide.frameMilliseconds = 88.88
        wide.stepsThisFrame = 88
        wide.droppedTime = 8.88
        return (0..<4).map { wide.form($0, scene: "bounce") }
    }()

    /// The graph's lines (ms) and labels, in the order they are labelled.
    static let scaleLines = [(16.7, "16.7 ms"), (33.3, "33.3 ms"), (8.3, "8.3 ms")]

    /// The frame times, the taller ones the longer frames, on a 0–40 ms scale with lines at
    /// 8.3, 16.7 and 33.3 ms (120, 60 and 30 frames a second), each labelled; the newest
    /// frame at the right.
    func drawGraph(into list: inout DrawList, in r: Rect, font: BitmapFont) {
        list.fillRect(r, color: Color(0, 0, 0, 170))
        let labelWidth = font.width(of: "33.3 ms") + 12
        let plot = Rect(x: r.minX + labelWidth, y: r.minY + 4, w: max(1, r.width - labelWidth - 4), h: max(1, r.height - 8))
        let scale = plot.height / 0.040
        let w = plot.width / Double(history.count)
        for i in 0..<history.count {
            let t = history[(historyHead + i) % history.count]
            let h = min(plot.height, t * scale)
            let c = t > 1.0 / 30 ? Color.red : t > 1.0 / 55 ? Color(hex: 0xffd166) : Color(hex: 0x06d6a0)
            list.fillRect(Rect(x: plot.minX + Double(i) * w, y: plot.maxY - h, w: max(1, w), h: h), color: c)
        }
        // Labelled 60 frames a second first, then 30, then 120: in a graph too short for all
        // three, a label that would overlap one already there is left out (its line stays),
        // and 16.7 ms, a display's own rate, is the one kept.
        // (The tops of the labels drawn, in two values rather than an array: nothing
        // allocated a frame.)
        var labelled: (Double?, Double?) = (nil, nil)
        for (ms, label) in Self.scaleLines {
            let y = plot.maxY - ms / 1000 * scale
            list.fillRect(Rect(x: plot.minX, y: y, w: plot.width, h: 1), color: .white.withAlpha(110))
            let ly = clamp(y - font.cellHeight / 2, r.minY, r.maxY - font.cellHeight)
            func clear(of other: Double?) -> Bool { other.map { abs($0 - ly) >= font.cellHeight } ?? true }
            guard clear(of: labelled.0), clear(of: labelled.1) else { continue }
            list.text(label, at: Vec2(plot.minX - 6 - font.width(of: label), ly), font: font, color: .dimText)
            if labelled.0 == nil { labelled.0 = ly } else { labelled.1 = ly }
        }
    }
}
