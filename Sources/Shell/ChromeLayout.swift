import Engine
import Geometry

/// Where the app's chrome goes in a window of a given size: the tab bar and how its tabs
/// are labelled, the help button, the HUD, the frame-time graph, and what is left for the
/// scene. A pure function of its inputs, so every size can be checked without a window.
///
/// The rules, from the widest window down:
/// - Tabs are 44 pt tall (the touch-target minimum of Apple's and Google's guidelines) when
///   the window is at least 560 pt tall, else 34 pt (never under 32).
/// - Where even numbered tabs at 32 pt do not fit in one row beside the help button, they
///   wrap into rows and the bar grows (a window under about 230 pt wide: a small window at a
///   large UI scale).
/// - Tab labels go from "1 Path" on every tab, to the name on the active tab and numbers on
///   the rest, to numbers only; tabs shrink from 104 pt to their label, never under 44 pt
///   wide where that fits, never under 32. The roomiest labels that still leave room for
///   the HUD's shortest form win.
/// - The HUD stays in the tab bar, between the tabs and the help button, in the longest of
///   its forms that fits there (dropping the scene name, then steps and dropped time, then
///   milliseconds); when none fits it is not shown. It never covers the scene.
/// - The frame graph, when shown, takes a band at the bottom of the window and the scene
///   is laid out above it, so it covers no control.
public struct ChromeLayout: Equatable, Sendable {
    /// How the tabs are labelled.
    public enum TabStyle: String, Equatable, Sendable { case full, compact, numbers }

    public var size: Vec2
    public var barHeight: Double
    public var tabStyle: TabStyle
    public var tabs: [Rect]
    public var labels: [String]
    public var helpButton: Rect
    /// The HUD's box in the bar and which of its forms fits there (an index into the forms
    /// given), or nil when none fits.
    public var hud: Rect?
    public var hudForm: Int?
    public var graph: Rect?
    public var sceneBounds: Rect

    /// The preferred and the smallest touch target (points), as buttons have them.
    public static let target = Button.touchTarget
    public static let minimumTarget = Button.minimumTouchTarget
    /// The band the frame graph takes at the bottom of the window: 84 pt, or a fifth of a
    /// short window (never under 56).
    public static let graphBand = 84.0

    /// Lays out the chrome. `hudWidths` are the widths of the HUD's forms, longest first,
    /// measured from templates with the widest numbers, so the layout does not move as the
    /// numbers change.
    public init(size: Vec2, titles: [String], active: Int, font: BitmapFont, hudWidths: [Double], graphVisible: Bool) {
        self.size = size
        barHeight = Self.barHeight(forWindowHeight: size.y)
        let tabHeight = barHeight - 8
        let margin = 8.0, gap = 4.0
        let helpWidth = min(Self.target, max(Self.minimumTarget, size.x / 12))
        helpButton = Rect(x: size.x - margin - helpWidth, y: 4, w: helpWidth, h: tabHeight)
        let room = helpButton.minX - margin - margin
        let n = titles.count
        func labels(_ style: TabStyle) -> [String] {
            titles.indices.map { i in
                style == .full || (style == .compact && i == active) ? "\(i + 1) \(titles[i])" : "\(i + 1)"
            }
        }
        func widths(_ ls: [String], minimum: Double, padding: Double) -> [Double] {
            ls.map { max(minimum, font.width(of: $0) + padding) }
        }
        func total(_ ws: [Double]) -> Double { ws.reduce(0, +) + gap * Double(max(0, ws.count - 1)) }
        // The roomiest arrangement that leaves room for the HUD's shortest form; else the
        // roomiest that fits at all.
        let hudEnd = helpButton.minX - 12
        let shortestHUD = hudWidths.min() ?? 0
        var chosen: (TabStyle, [Double])?
        var fallback: (TabStyle, [Double])?
        for (style, minimum, padding) in [(TabStyle.full, 104.0, 24.0), (.full, Self.target, 16), (.compact, Self.target, 16), (.numbers, Self.target, 16)] {
            let ws = widths(labels(style), minimum: minimum, padding: padding)
            guard total(ws) <= room else { continue }
            if fallback == nil { fallback = (style, ws) }
            if hudEnd - (margin + total(ws) + 16) >= shortestHUD {
                chosen = (style, ws)
                break
            }
        }
        chosen = chosen ?? fallback
        if let (style, ws) = chosen {
            tabStyle = style
            self.labels = labels(style)
            var x = margin
            tabs = ws.map { w in
                defer { x += w + gap }
                return Rect(x: x, y: 4, w: w, h: tabHeight)
            }
        } else {
            // Too narrow for the numbers in one row at the smallest target (a small window at
            // a large UI scale): the numbered tabs wrap into rows left of the help button, as
            // many to a row as fit, and the bar grows to hold them. No HUD then.
            let perRow = min(n, max(1, Int((room + gap) / (Self.minimumTarget + gap))))
            let w = max(Self.minimumTarget, (room - gap * Double(perRow - 1)) / Double(perRow))
            tabStyle = .numbers
            self.labels = labels(.numbers)
            tabs = (0..<n).map { i in
                Rect(x: margin + Double(i % perRow) * (w + gap), y: 4 + Double(i / perRow) * (tabHeight + 4), w: w, h: tabHeight)
            }
            barHeight = 4 + Double((n + perRow - 1) / perRow) * (tabHeight + 4)
        }
        let hudStart = (tabs.last?.maxX ?? margin) + 16
        if tabs.allSatisfy({ $0.minY == 4 }), let i = hudWidths.firstIndex(where: { $0 <= hudEnd - hudStart }) {
            hud = Rect(x: hudEnd - hudWidths[i], y: 4, w: hudWidths[i], h: tabHeight)
            hudForm = i
        }
        let band = min(Self.graphBand, max(56, (size.y * 0.2).rounded()))
        let bottom = graphVisible && size.y - barHeight >= 2 * band ? size.y - band : size.y
        if bottom < size.y {
            graph = Rect(x: margin, y: bottom + 8, w: max(1, size.x - 2 * margin), h: band - 16)
        }
        sceneBounds = Rect(x: 0, y: barHeight, w: size.x, h: max(1, bottom - barHeight))
    }

    /// The tab bar's height: 44-pt tabs in a window at least 560 pt tall, else 36-pt ones —
    /// with the bar's margins, 44 pt, a finger's target (`Rect.touchArea`).
    public static func barHeight(forWindowHeight h: Double) -> Double { (h >= 560 ? target : compactTabHeight) + 8 }
    /// A tab's drawn height in a short window.
    public static let compactTabHeight = 36.0

    /// The tab whose touch area (`Rect.touchArea`) holds `p` nearest its centre, if any.
    public func tab(at p: Vec2) -> Int? { Rect.nearestTarget(to: p, among: tabs.enumerated().lazy.map { ($0.offset, $0.element) }) }

    /// What in the bar a press reaches (`target(at:device:)`).
    public enum Target: Equatable, Sendable {
        /// Tab `i`.
        case tab(Int)
        /// The help button.
        case help
    }

    /// What a press at `p` by `device` reaches: a tab (`tab(at:)`), unless `p` is in the help
    /// button's touch area and not on the tab as drawn; else the help button, whose touch
    /// area reaches the device's margin further (`isOnHelpButton`); else nothing.
    public func target(at p: Vec2, device: PointerDevice) -> Target? {
        if let i = tab(at: p), !helpButton.touchArea.contains(p) || tabs[i].contains(p) { return .tab(i) }
        return isOnHelpButton(p, device: device) ? .help : nil
    }

    /// Whether a press at `p` by `device` hits the help button: its touch area and the
    /// device's margin (fingers get a larger one).
    public func isOnHelpButton(_ p: Vec2, device: PointerDevice) -> Bool {
        helpButton.touchArea.insetBy(dx: -device.hitSlop / 2, dy: -device.hitSlop / 2).contains(p)
    }
}
