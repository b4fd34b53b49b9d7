import Engine
import Geometry

// What the shell draws: the active scene clipped to its bounds, the tab bar, the HUD in it,
// the scene's overlay and the help.
extension Shell {
    /// Draws the active scene and the chrome over it.
    public func draw(into list: inout DrawList, alpha: Double) {
        list.reset()
        let bounds = sceneBounds
        let context = DrawContext(font: font, alpha: alpha, bounds: bounds)
        list.pushClip(bounds)
        activeScene.draw(into: &list, context: context)
        list.popClip()
        drawTabBar(into: &list)
        drawHUD(into: &list)
        activeScene.drawOverlay(into: &list, context: context)
        if helpVisible { drawHelp(into: &list) }
    }

    /// The frame-time graph shown or hidden (G): the scene is laid out around it, and told
    /// the key was the app's.
    func toggleGraph() {
        graphVisible.toggle()
        relayout()
        activeScene.pressTakenByTheApp()
    }

    func drawTabBar(into list: inout DrawList) {
        list.fillRect(Rect(x: 0, y: 0, w: size.x, h: chrome.barHeight), color: Color(hex: 0x11151d))
        for i in scenes.indices {
            let r = chrome.tabs[i]
            let active = i == activeIndex
            list.fillRect(r, color: active ? Color.accent : Color.panel)
            let label = chrome.labels[i]
            let w = font.width(of: label)
            list.text(label, at: Vec2(r.midX - w / 2, r.midY - font.cellHeight / 2), font: font, color: active ? .black : .text)
        }
        let h = chrome.helpButton
        list.fillRect(h, color: helpVisible ? Color.accent : Color.panel)
        list.text("?", at: Vec2(h.midX - font.cellWidth / 2, h.midY - font.cellHeight / 2), font: font, color: helpVisible ? .black : .text)
    }

    /// The HUD sits in the tab bar, right-aligned before the help button, in the form the
    /// layout chose; it never covers the scene.
    func drawHUD(into list: inout DrawList) {
        if let r = chrome.hud, let form = chrome.hudForm {
            // Every piece of a number shaped and measured before a reading first needs it,
            // so a new reading neither changes the text atlas nor fills a cache mid-run.
            if hudReadiedAt != list.pixelsPerPoint {
                hudReadiedAt = list.pixelsPerPoint
                for piece in numberPieces {
                    list.prepareText(piece, font: font)
                    _ = font.width(of: piece)
                }
            }
            let scene = activeScene.name
            var width = 0.0
            hud.forEachPiece(ofForm: form, scene: scene) { width += font.width(of: $0) }
            var x = r.maxX - width
            let y = r.midY - font.cellHeight / 2
            hud.forEachPiece(ofForm: form, scene: scene) { piece in
                list.text(piece, at: Vec2(x, y), font: font, color: .dimText)
                x += font.width(of: piece)
            }
        }
        if let g = chrome.graph { hud.drawGraph(into: &list, in: g, font: font) }
    }
}
