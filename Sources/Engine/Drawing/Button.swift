import Entities
import Geometry

/// A labelled on-screen button that mouse, touch and the gamepad's cursor can press.
public struct Button: Sendable {
    public var rect: Rect
    public var label: String
    public var isHidden = false

    public init(rect: Rect, label: String) {
        self.rect = rect
        self.label = label
    }

    /// Whether a press at `p` by `device` hits it (fingers get a larger margin).
    public func hit(_ p: Vec2, device: PointerDevice) -> Bool {
        !isHidden && rect.insetBy(dx: -device.hitSlop / 2, dy: -device.hitSlop / 2).contains(p)
    }

    public func draw(into list: inout DrawList, font: BitmapFont, highlighted: Bool = false) {
        guard !isHidden else { return }
        list.fillRect(rect, color: highlighted ? .accent : Color.panel.withAlpha(235))
        let w = font.width(of: label)
        list.text(label, at: Vec2(rect.midX - w / 2, rect.midY - font.cellHeight / 2), font: font,
                  color: highlighted ? .black : .text)
    }
}
