@testable import Engine
@testable import Geometry
@testable import Scenes
@testable import Shell
import TestSupport
import Testing

/// The chrome at the sizes people use, in every scene, with the help open: read back from
/// the state dump, as drawn.
@Suite struct ChromeLayoutTests {
    /// The sizes people use, and small windows at a large UI scale (800×600 at 4× is 200×150
    /// pt), where the tabs wrap into rows rather than run under the help button.
    static let sizes = [Vec2(480, 320), Vec2(800, 600), Vec2(1280, 720), Vec2(3840, 2160),
                        Vec2(200, 150), Vec2(160, 320), Vec2(120, 300), Vec2(90, 400)]

    func rect(_ v: JSONValue?) -> Rect? {
        guard let a = v?.arrayValue?.compactMap(\.doubleValue), a.count == 4 else { return nil }
        return Rect(x: a[0], y: a[1], w: a[2], h: a[3])
    }

    func inside(_ r: Rect, _ w: Rect) -> Bool { r.minX >= w.minX && r.minY >= w.minY && r.maxX <= w.maxX && r.maxY <= w.maxY }

    func overlaps(_ a: Rect, _ b: Rect) -> Bool { a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY }

    @Test(arguments: sizes)
    func theChromeFitsTheWindowWithoutOverlapsInEverySceneWithTheHelpOpen(size: Vec2) {
        let shell = Shell(scenes: SceneRegistry.makeAll(SceneOptions()), size: size, font: testFont())
        let window = Rect(x: 0, y: 0, w: size.x, h: size.y)
        for i in shell.scenes.indices {
            runShell(shell, frames: 2, events: [1: [.key(Key("\(i + 1)"), down: true), .key(Key("\(i + 1)"), down: false)],
                                                2: [.key(.f1, down: true), .key(.f1, down: false), .key(Key("G"), down: true), .key(Key("G"), down: false)]])
            let chrome = shell.stateDump(frame: 0, step: 0, droppedTime: 0)["chrome"]!
            let tabs = chrome["tabs"]!.arrayValue!.map { rect($0["frame"])! }
            let help = rect(chrome["helpButton"])!, panel = rect(chrome["helpPanel"])
            let hud = rect(chrome["hud"]), graph = rect(chrome["graph"])
            let name = shell.activeScene.name
            #expect(panel != nil, "\(name) at \(size): the help is open")
            let minimum = size.y >= 560 ? ChromeLayout.target : ChromeLayout.minimumTarget
            let boxes = tabs + [help] + [hud, graph].compactMap { $0 }
            for (k, r) in boxes.enumerated() {
                #expect(inside(r, window), "\(name) at \(size): \(r) leaves the window")
                for other in boxes[(k + 1)...] { #expect(!overlaps(r, other), "\(name) at \(size): \(r) overlaps \(other)") }
            }
            for r in tabs + [help] {
                #expect(r.height >= minimum && r.width >= ChromeLayout.minimumTarget, "\(name) at \(size): \(r) is too small to touch")
            }
            if let panel {
                #expect(inside(panel, window))
                #expect(panel.minY >= shell.chrome.barHeight)
                // Centred across the window.
                #expect(abs(panel.midX - size.x / 2) < 1)
            }
            if let graph {
                // The scene is laid out above the graph, so the graph covers none of its controls.
                #expect(shell.sceneBounds.maxY <= graph.minY)
            }
            // Every label drawn fits its tab.
            for (k, t) in chrome["tabs"]!.arrayValue!.enumerated() {
                #expect(shell.font.width(of: t["label"]!.stringValue!) <= tabs[k].width - 8)
            }
            runShell(shell, frames: 1, events: [1: [.key(.f1, down: true), .key(.f1, down: false), .key(Key("G"), down: true), .key(Key("G"), down: false)]])
        }
    }

    @Test func tabsCompactFromNamesToNumbersAsTheWindowNarrows() {
        let titles = ["Path", "Tap", "Arrow", "Board", "Bounce"]
        let templates = HUDStats.templates.map { Double($0.unicodeScalars.count) * 8 }
        func layout(_ w: Double) -> ChromeLayout {
            ChromeLayout(size: Vec2(w, 720), titles: titles, active: 3, font: .placeholder, hudWidths: templates, graphVisible: false)
        }
        #expect(layout(1280).tabStyle == .full && layout(1280).hudForm == 0)
        #expect(layout(1280).tabs[0].width == 104)
        #expect(layout(480).labels == ["1", "2", "3", "4 Board", "5"])
        #expect(layout(480).hud != nil)
        #expect(layout(300).labels == ["1", "2", "3", "4", "5"])
        // Squeezed into one row while they fit at 32 pt or more, sharing the room left of
        // the help button; narrower, in rows, never under 32 pt; and nothing traps.
        let squeezed = layout(240)
        #expect(squeezed.tabs.allSatisfy { $0.minY == 4 && $0.width > ChromeLayout.minimumTarget })
        #expect(abs(squeezed.tabs.last!.maxX - (squeezed.helpButton.minX - 8)) < 0.001)
        #expect(Set(layout(120).tabs.map(\.minY)).count > 1)
        #expect(layout(120).tabs.allSatisfy { $0.width >= ChromeLayout.minimumTarget })
        _ = ChromeLayout(size: Vec2(1, 1), titles: titles, active: 0, font: .placeholder, hudWidths: templates, graphVisible: true)
    }

    @Test func theHelpScrollsByWheelKeysAndDragAndATapClosesIt() {
        let shell = Shell(scenes: SceneRegistry.makeAll(SceneOptions()), size: Vec2(480, 320), font: testFont())
        runShell(shell, frames: 1, events: [1: [.key(.f1, down: true)]])
        #expect(shell.helpVisible)
        let max = shell.helpLayout().maxScroll
        #expect(max > 0)
        runShell(shell, frames: 1, events: [1: [.wheel(dx: 0, dy: -60)]])
        #expect(shell.helpScroll == 60)
        runShell(shell, frames: 1, events: [1: [.key(Key("End"), down: true)]])
        #expect(shell.helpScroll == max)
        let c = Vec2(240, 200)
        runShell(shell, frames: 3, events: [1: [.pointerDown(pointer: 1, device: .touch, at: c)],
                                            2: [.pointerMove(pointer: 1, device: .touch, at: c + Vec2(0, 40))],
                                            3: [.pointerUp(pointer: 1, device: .touch, at: c + Vec2(0, 40))]])
        #expect(shell.helpVisible)
        #expect(shell.helpScroll == max - 40)
        runShell(shell, frames: 2, events: [1: [.pointerDown(pointer: 1, device: .touch, at: c)], 2: [.pointerUp(pointer: 1, device: .touch, at: c)]])
        #expect(!shell.helpVisible)
    }

    @Test func wrappingBreaksAtSpacesAndSplitsWordsLongerThanALine() {
        // The placeholder font's 8-pt cells: 9 and 4 cells a line.
        #expect(wrap("one two three four", width: 72, font: .placeholder) == ["one two", "three", "four"])
        #expect(wrap("abcdefghij", width: 32, font: .placeholder) == ["abcd", "efgh", "ij"])
        #expect(wrap("", width: 40, font: .placeholder) == [""])
    }

    /// In a graph too short to label all three lines, the 16.7 ms line (60 frames a second)
    /// keeps its label: it went when 33.3 ms's, drawn first, was in its way.
    @Test func aShortFrameGraphLabelsSixtyFramesASecondFirst() {
        let font = BitmapFont.placeholder
        let r = Rect(x: 0, y: 0, w: 400, h: 30)
        var list = DrawList()
        HUDStats().drawGraph(into: &list, in: r, font: font)
        let plotBottom = r.maxY - 4, scale = (r.height - 8) / 0.040
        func labelTop(_ ms: Double) -> Float {
            Float(clamp(plotBottom - ms / 1000 * scale - font.cellHeight / 2, r.minY, r.maxY - font.cellHeight))
        }
        let textTops = Set(stride(from: 0, to: list.vertices.count, by: 4).compactMap { k -> Float? in
            let a = list.vertices[k], c = list.vertices[k + 2]
            return Double(c.y - a.y) == font.cellHeight && Double(c.x) < font.width(of: "33.3 ms") + 12 ? a.y : nil
        })
        #expect(textTops.contains { abs($0 - labelTop(16.7)) < 0.01 }, "labels at \(textTops.sorted()), 16.7 ms's would be at \(labelTop(16.7))")
        #expect(textTops.count < 3, "too short for all three")
    }

    @Test func theFrameGraphHasScaleLinesAt8And17And33MillisecondsBelowTheScene() {
        let shell = Shell(scenes: SceneRegistry.makeAll(SceneOptions()), size: Vec2(800, 600), font: testFont())
        runShell(shell, frames: 30, events: [1: [.key(Key("G"), down: true)]])
        let graph = shell.chrome.graph!
        #expect(shell.sceneBounds.maxY <= graph.minY)
        var list = DrawList()
        shell.draw(into: &list, alpha: 0)
        // The scale lines: one-point-high quads across the plot, at 8.3, 16.7 and 33.3 ms of a
        // 40 ms plot height.
        var lines: [Double] = []
        for k in stride(from: 0, to: list.vertices.count - 3, by: 1) {
            let a = list.vertices[k], c = list.vertices[k + 2]
            if c.y - a.y == 1, Double(a.y) > graph.minY, Double(a.y) < graph.maxY, c.x - a.x > Float(graph.width / 2) { lines.append(Double(a.y)) }
        }
        #expect(lines.count == 3, "\(lines)")
        if lines.count == 3 {
            // Linear in milliseconds: the gaps between them are as 16.7 − 8.3 to 33.3 − 16.7.
            let y = lines.sorted()  // 33.3, 16.7, 8.3 from the top
            #expect(abs((y[2] - y[1]) / (y[1] - y[0]) - (16.7 - 8.3) / (33.3 - 16.7)) < 0.05)
        }
    }
}
