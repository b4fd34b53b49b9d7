@testable import Engine
@testable import Geometry
import Scenes
@testable import Shell
import TestSupport
import Testing

/// The help overlay with fonts at the edges of `BitmapFont`'s ranges and windows from one
/// point to 16K: laid out, scrolled to both ends and drawn without a trap, every number finite.
@Suite struct HelpLayoutTests {
    static let fonts = ["cell 1 1\ncolumns 1\nchars  ?abc", "cell 256 256\ncolumns 4096\nchars  ?abc",
                        "cell 1 256\ncolumns 16\nchars  ?abc", "cell 256 1\ncolumns 2\nchars  ?abc"]
    static let sizes = [Vec2(1, 1), Vec2(64, 64), Vec2(480, 320), Vec2(16384, 16384)]

    func finite(_ r: Rect) -> Bool { r.x.isFinite && r.y.isFinite && r.width.isFinite && r.height.isFinite }

    @Test(arguments: fonts)
    func theHelpLaysOutScrollsAndDrawsWithAnyFontTheMetricsAllow(metrics: String) throws {
        let font = try BitmapFont(metrics: metrics, texture: Textures.font)
        for size in Self.sizes {
            let shell = Shell(scenes: [ProbeScene("a"), ProbeScene("b")], size: size, font: font)
            shell.enqueue(.key(.f1, down: true)); shell.step(dt: 0.01, step: 1)
            #expect(shell.helpVisible)
            for (step, key) in ["End", "Up", "PageDown", "Home", "Down"].enumerated() {
                shell.enqueue(.key(Key(key), down: true)); shell.step(dt: 0.01, step: step + 2)
                let layout = shell.helpLayout()
                #expect(finite(layout.panel) && finite(layout.viewport), "\(size) \(metrics)")
                #expect(!layout.lines.isEmpty && layout.lineHeight >= 7)
                #expect(shell.helpScroll.isFinite && shell.helpScroll >= 0 && shell.helpScroll <= layout.maxScroll)
                var list = DrawList()
                shell.draw(into: &list, alpha: 0)
            }
            shell.enqueue(.wheel(dx: 0, dy: -1e5)); shell.step(dt: 0.01, step: 10)
            #expect(shell.helpScroll == shell.helpLayout().maxScroll)
        }
    }

    @Test func wrappingToAWidthOfZeroOrLessStillEnds() {
        #expect(wrap("ab c", width: 0, font: .placeholder) == ["a", "b", "c"])
        #expect(wrap("ab", width: -5, font: .placeholder) == ["a", "b"])
        #expect(wrap("ab", width: .nan, font: .placeholder) == ["a", "b"])
        // By measured width: 8-pt cells, 24 pt a line.
        #expect(wrap("abc de fghij", width: 24, font: .placeholder) == ["abc", "de", "fgh", "ij"])
    }
}
