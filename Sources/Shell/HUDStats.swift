import Engine
import Geometry
import Scenes

/// Frame statistics for the HUD, refreshed about every 100 ms so the numbers can be read,
/// plus the last 240 frame times for the optional graph.
public struct HUDStats {
    public private(set) var fps = 0.0
    public private(set) var frameMilliseconds = 0.0
    public private(set) var stepsThisFrame = 0
    public private(set) var droppedTime = 0.0
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

    /// One line: scene, frames per second, frame time, steps this frame, dropped time.
    func line(scene: String) -> String {
        "\(scene) · \(format(fps, 1)) fps · \(format(frameMilliseconds, 2)) ms · \(stepsThisFrame) steps · drop \(format(droppedTime, 2)) s"
    }

    /// Bars of the recent frame times, oldest at the left; the line marks 16.7 ms.
    func drawGraph(into list: inout DrawList, in r: Rect) {
        list.fillRect(r, color: Color(0, 0, 0, 160))
        let scale = r.height / 0.05  // 50 ms full height
        let w = r.width / Double(history.count)
        for i in 0..<history.count {
            let t = history[(historyHead + i) % history.count]
            let h = min(r.height, t * scale)
            let c = t > 1.0 / 30 ? Color.red : t > 1.0 / 55 ? Color(hex: 0xffd166) : Color(hex: 0x06d6a0)
            list.fillRect(Rect(x: r.minX + Double(i) * w, y: r.maxY - h, w: max(1, w), h: h), color: c)
        }
        let y = r.maxY - (1.0 / 60) * scale
        list.fillRect(Rect(x: r.minX, y: y, w: r.width, h: 1), color: .white.withAlpha(120))
    }
}
