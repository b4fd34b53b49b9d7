import Foundation

/// The `--plot` picture: every measured frame's phases stacked (sim, build, submit, present,
/// bottom up) with the frame time's p50 and p99 as lines, and below it a histogram of frame
/// times. Plain SVG, no script, readable in any browser.
public enum BenchPlot {
    static let colors = ["#4cc9f0", "#4361ee", "#f72585", "#ffd166"]

    public static func svg(_ t: FrameTimings, width: Double = 960, height: Double = 600) -> String {
        let phases: [BenchPhase] = [.sim, .build, .submit, .present]
        let n = max(1, t.count)
        let frame = t.times(.frame)
        let top = max(frame.max() ?? 1, 1e-6) * 1.05
        let s = t.summary(.frame)
        let left = 76.0, right = width - 20, chartTop = 40.0, chartBottom = height * 0.62
        let histTop = chartBottom + 50, histBottom = height - 30
        func x(_ i: Double) -> Double { left + (right - left) * i / Double(n) }
        func y(_ ms: Double) -> Double { chartBottom - (chartBottom - chartTop) * ms / top }
        func f(_ v: Double) -> String { String(format: "%.1f", v) }
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" font-family=\"sans-serif\" font-size=\"12\">\n"
        out += "<rect width=\"100%\" height=\"100%\" fill=\"#1d2330\"/>\n"
        out += "<text x=\"\(f(left))\" y=\"24\" fill=\"#e8ecf1\" font-size=\"15\">motionlab bench: \(t.count) frames, \(String(format: "%.1f", t.fps)) fps</text>\n"
        // The scale, under the bars.
        for frac in [0.0, 0.25, 0.5, 0.75, 1.0] {
            let v = top * frac
            out += "<line x1=\"\(f(left))\" x2=\"\(f(right))\" y1=\"\(f(y(v)))\" y2=\"\(f(y(v)))\" stroke=\"#2a3242\"/>\n"
            out += "<text x=\"\(f(left - 6))\" y=\"\(f(y(v) + 4))\" fill=\"#9aa5b5\" text-anchor=\"end\">\(String(format: "%.2f", v)) ms</text>\n"
        }
        // The stacked phases, one column per frame.
        let columns = t.frames.map(\.phases)
        let w = max(0.5, (right - left) / Double(n))
        for (i, p) in columns.enumerated() {
            var base = 0.0
            for (k, phase) in phases.enumerated() {
                let v = p[BenchPhase.allCases.firstIndex(of: phase)!]
                out += "<rect x=\"\(f(x(Double(i))))\" y=\"\(f(y(base + v)))\" width=\"\(f(w))\" height=\"\(f(max(0, y(base) - y(base + v))))\" fill=\"\(colors[k])\"/>\n"
                base += v
            }
        }
        // The percentile lines, over them.
        for (name, v, color) in [("p50", s.p50, "#e8ecf1"), ("p99", s.p99, "#ff6b6b")] {
            out += "<line x1=\"\(f(left))\" x2=\"\(f(right))\" y1=\"\(f(y(v)))\" y2=\"\(f(y(v)))\" stroke=\"\(color)\" stroke-dasharray=\"6 4\"/>\n"
            out += "<text x=\"\(f(right - 4))\" y=\"\(f(y(v) - 4))\" fill=\"\(color)\" text-anchor=\"end\">frame \(name) \(String(format: "%.3f", v)) ms</text>\n"
        }
        for (k, phase) in phases.enumerated() {
            out += "<rect x=\"\(f(left + Double(k) * 110))\" y=\"\(f(chartBottom + 12))\" width=\"12\" height=\"12\" fill=\"\(colors[k])\"/>"
            out += "<text x=\"\(f(left + Double(k) * 110 + 18))\" y=\"\(f(chartBottom + 22))\" fill=\"#e8ecf1\">\(phase.rawValue)</text>\n"
        }
        out += "<text x=\"\(f(right))\" y=\"\(f(chartBottom + 22))\" fill=\"#9aa5b5\" text-anchor=\"end\">frame →</text>\n"
        // The histogram of frame times, 40 bins from the fastest frame to the slowest.
        let lo = frame.min() ?? 0, hi = max(frame.max() ?? 1, lo + 1e-6)
        var bins = [Int](repeating: 0, count: 40)
        for v in frame { bins[min(39, Int((v - lo) / (hi - lo) * 40))] += 1 }
        let most = max(1, bins.max() ?? 1)
        let bw = (right - left) / 40
        for (i, c) in bins.enumerated() {
            let h = (histBottom - histTop) * Double(c) / Double(most)
            out += "<rect x=\"\(f(left + Double(i) * bw))\" y=\"\(f(histBottom - h))\" width=\"\(f(bw - 1))\" height=\"\(f(h))\" fill=\"#4cc9f0\"/>\n"
        }
        out += "<text x=\"\(f(left))\" y=\"\(f(histBottom + 16))\" fill=\"#9aa5b5\">\(String(format: "%.3f", lo)) ms</text>"
        out += "<text x=\"\(f(right))\" y=\"\(f(histBottom + 16))\" fill=\"#9aa5b5\" text-anchor=\"end\">\(String(format: "%.3f", hi)) ms</text>"
        out += "<text x=\"\(f((left + right) / 2))\" y=\"\(f(histTop - 8))\" fill=\"#e8ecf1\" text-anchor=\"middle\">frame times: \(most) frames in the fullest bin</text>\n"
        out += "</svg>\n"
        return out
    }
}
