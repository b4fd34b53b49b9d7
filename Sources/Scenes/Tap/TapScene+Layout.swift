import Engine
import Geometry

// The tap scene laid out in its window, and a picture brought back into it after a resize.
extension TapScene {
    public func layout(bounds: Rect) {
        let first = self.bounds.isEmpty || self.bounds == Rect(x: 0, y: 40, w: 1280, h: 680)
        let changed = bounds != self.bounds
        self.bounds = bounds
        let rects = Button.flow([72, 80, 72, 80], in: bounds)
        (pathButton.rect, linearButton.rect, carryButton.rect, springButton.rect) = (rects[0], rects[1], rects[2], rects[3])
        cursor = Vec2(clamp(cursor.x, bounds.minX, bounds.maxX), clamp(cursor.y, bounds.minY, bounds.maxY))
        if first && !tweener.isAnimating(image) {
            for e in [image, ghost] { tweener.animatables.store.modify(e) { $0.position.snap(to: bounds.center) } }
            cursor = bounds.center
        } else if changed {
            refit()
        }
    }

    /// After a resize the picture is brought into the new area where it is drawn (nothing
    /// is drawn outside the window); a flight goes on from there to where the hand sent it,
    /// brought into the area too, and a picture a smaller window squeezed aside flies back to
    /// its place when there is room again. (A hostile tour's flight ended for good when a
    /// resize clamped its destination onto the picture, and a restored window left the
    /// picture where the squeeze had put it.)
    func refit() {
        let area = reach
        let flying = tweener.isAnimating(image) && grab == nil
        for e in [image, ghost] {
            if let running = tweener.running(on: e, property: .position) { tweener.interrupt(running) }
        }
        let p = area.clamped(presentation)
        for e in [image, ghost] { tweener.animatables.store.modify(e) { $0.position.snap(to: p) } }
        guard grab == nil, let goal = intended ?? (flying ? destination : nil) else { return }
        let g = area.clamped(goal)
        if flying {
            fly(to: g, counting: false)
        } else if g.distance(to: p) > 0.5 {
            returnIn = Self.returnDelay
        }
    }

    /// A picture squeezed aside flies back once the window's size has held still.
    func stepReturn(_ dt: Double) {
        guard let t = returnIn else { return }
        guard t <= dt else { return returnIn = t - dt }
        returnIn = nil
        guard grab == nil, !isAnimating, let goal = intended else { return }
        let g = reach.clamped(goal)
        if g.distance(to: model) > 0.5 { fly(to: g, counting: false) }
    }
}
