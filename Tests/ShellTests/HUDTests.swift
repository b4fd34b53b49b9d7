@testable import Engine
import Geometry
import Scenes
@testable import Shell
import TestSupport
import Testing

/// A shaper that remembers every text it was asked to shape or measure: each character
/// 0.6 em wide, one glyph each.
private final class RecordingShaper: TextShaper, @unchecked Sendable {
    let ascent = 0.75, descent = 0.25
    var seen = Set<String>()

    func advance(of text: String) -> Double {
        seen.insert(text)
        return Double(text.unicodeScalars.count) * 0.6
    }

    func line(_ text: String, pixelSize: Double) -> ShapedLine {
        seen.insert(text)
        let glyphs = text.unicodeScalars.indices.enumerated().map { i, _ in
            PlacedGlyph(rect: Rect(x: (Double(i) * 0.6 * pixelSize).rounded(), y: -pixelSize / 2, w: 4, h: pixelSize / 2),
                        texture: TextureID(raw: 9), u0: 0, v0: 0, u1: 1, v1: 1)
        }
        return ShapedLine(glyphs: glyphs, advance: Double(text.unicodeScalars.count) * 0.6 * pixelSize)
    }
}

@Suite struct HUDTests {
    /// A reading of `fps` frames a second at `milliseconds` of work each, `steps` steps.
    private func reading(_ hud: inout HUDStats, fps: Double, milliseconds: Double, steps: Int, dropped: Double) {
        for _ in 0..<Int((0.1 * fps).rounded(.up)) {
            hud.record(frameTime: 1 / fps, workTime: milliseconds / 1000, steps: steps, droppedTime: dropped)
        }
    }

    @Test func theLineSaysEveryNumberWithItsUnit() {
        var hud = HUDStats()
        reading(&hud, fps: 40, milliseconds: 2.5, steps: 3, dropped: 0.125)
        #expect(hud.form(0, scene: "bounce") == "bounce · 40.0 fps · 2.50 ms · 3 steps · drop 0.13 s")
        #expect(hud.form(1, scene: "bounce") == "40.0 fps · 2.50 ms · 3 steps · drop 0.13 s")
        #expect(hud.form(2, scene: "bounce") == "40.0 fps · 2.50 ms")
        #expect(hud.form(3, scene: "bounce") == "40.0 fps")
        hud.inputLatency = 0.0183
        #expect(hud.form(1, scene: "bounce") == "40.0 fps · 2.50 ms · input 18.3 ms")
        hud.atRest = true
        #expect(hud.form(0, scene: "bounce") == "bounce · at rest")
        #expect(hud.form(2, scene: "bounce") == "at rest")
    }

    /// A new reading is drawn from pieces the text caches have met: no line is shaped or
    /// measured for the first time once the HUD has been drawn (so, with the real shaper,
    /// no allocation and no atlas upload mid-run).
    @Test func newReadingsShapeNothingNew() {
        let shaper = RecordingShaper()
        var font = testFont()
        font.shaper = shaper
        font.emSize = 13
        let shell = Shell(scenes: SceneRegistry.makeAll(SceneOptions()), size: Vec2(1280, 720), font: font)
        var list = DrawList()
        shell.draw(into: &list, alpha: 1)
        #expect(shell.chrome.hud != nil)
        let first = shaper.seen
        #expect(numberPieces.allSatisfy { first.contains($0) })
        for (fps, ms, steps, dropped) in [(59.9, 1.23, 1, 0.0), (120.0, 0.04, 2, 0.5), (7.25, 98.76, 12, 3.14)] {
            reading(&shell.hud, fps: fps, milliseconds: ms, steps: steps, dropped: dropped)
            list = DrawList()
            shell.draw(into: &list, alpha: 1)
            #expect(shaper.seen == first, "new texts: \(shaper.seen.subtracting(first))")
        }
    }
}
