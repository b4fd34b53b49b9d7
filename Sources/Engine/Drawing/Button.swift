import Geometry

/// A labelled on-screen button that mouse, touch and the gamepad's cursor can press.
public struct Button: Sendable {
    /// Where the button is, in the scene's points.
    public var rect: Rect
    /// The text drawn centred on it.
    public var label: String
    /// A hidden button is neither drawn nor hit.
    public var isHidden = false
    /// A disabled button shows dimmed and its presses do nothing (they still land on it, not
    /// on what is behind).
    public var isEnabled = true
    /// The label this many times the font's size: more than 1 for a symbol the font draws
    /// small beside letters (♭ and ♯ stand about two thirds of a capital's height).
    public var labelScale = 1.0

    /// This button, enabled or disabled.
    public func enabled(_ on: Bool) -> Button {
        var b = self
        b.isEnabled = on
        return b
    }

    /// A shown, enabled button.
    public init(rect: Rect, label: String) {
        self.rect = rect
        self.label = label
    }

    /// The touch-target size of Apple's and Google's guidelines, 44 pt: a button's height
    /// where the window has room.
    public static let touchTarget = 44.0
    /// A button's height where the window is too short for `touchTarget` (points).
    public static let compactHeight = 34.0
    /// The least any target gets, in points, however small the window.
    public static let minimumTouchTarget = 32.0

    /// A button's height in a scene's `area`: `touchTarget` where the area is at least 500 pt
    /// tall, else `compactHeight`.
    public static func height(in area: Rect) -> Double { area.height >= 500 ? touchTarget : compactHeight }

    /// Buttons of the given widths laid out left to right from the top-left of `area`,
    /// `margin` from its edges and `gap` apart, wrapping onto new rows where a row is full.
    public static func flow(_ widths: [Double], in area: Rect, margin: Double = 12, gap: Double = 8) -> [Rect] {
        let h = height(in: area)
        var x = area.minX + margin, y = area.minY + margin
        return widths.map { w in
            if x > area.minX + margin, x + w > area.maxX - margin {
                x = area.minX + margin
                y += h + gap
            }
            defer { x += w + gap }
            return Rect(x: x, y: y, w: w, h: h)
        }
    }

    /// Whether a press at `p` by `device` hits it: within its touch area (`Rect.touchArea`,
    /// at least 44 pt each way, however small it is drawn), and the device's margin (fingers
    /// get a larger one).
    public func hit(_ p: Vec2, device: PointerDevice) -> Bool {
        !isHidden && rect.touchArea.insetBy(dx: -device.hitSlop / 2, dy: -device.hitSlop / 2).contains(p)
    }

    /// Draws the button's panel and centred label into `list`; `highlighted` lights it in the accent
    /// colour (the focused or pressed button). A hidden button draws nothing.
    public func draw(into list: inout DrawList, font: BitmapFont, highlighted: Bool = false) {
        guard !isHidden else { return }
        let lit = highlighted && isEnabled
        list.fillRect(rect, color: lit ? .accent : Color.panel.withAlpha(isEnabled ? 235 : 110))
        let w = font.width(of: label) * labelScale
        list.text(label, at: Vec2(rect.midX - w / 2, rect.midY - font.cellHeight * labelScale / 2), font: font,
                  color: lit ? .black : isEnabled ? .text : Color.dimText.withAlpha(120), scale: labelScale)
    }
}

extension Rect {
    /// This rect grown about its centre to at least `Button.touchTarget` (44 pt) each way:
    /// the least a finger's target may be, whatever is drawn.
    public var touchArea: Rect {
        Rect(center: center, size: Vec2(max(width, Button.touchTarget), max(height, Button.touchTarget)))
    }

    /// Of `targets`, the index of the one whose touch area holds `p` nearest its centre (touch
    /// areas of small neighbours overlap; the nearer takes the press), or nil.
    public static func nearestTarget(to p: Vec2, among targets: some Sequence<(Int, Rect)>) -> Int? {
        var best: (index: Int, distance: Double)?
        for (i, r) in targets where r.touchArea.contains(p) {
            let d = r.center.distance(to: p)
            if best == nil || d < best!.distance { best = (i, d) }
        }
        return best?.index
    }
}
