import Engine
import Entities
import Motion

/// What the scenes' `due` answers share: tweens, channels and scroll panels that still move.
/// Each reads state as of the last completed step, allocates nothing, and answers "moving"
/// whenever it cannot tell (a picture frozen while something still moves is the worse bug).
enum SceneRest {
    /// Whether `tweener` holds an animation that has not finished: running, paused, or not
    /// begun yet (its begin time still ahead). Finished ones kept for inspection do not count.
    /// - Complexity: O(animations).
    static func animating(_ tweener: Tweener) -> Bool {
        tweener.animations.store.dense.contains { !$0.isFinished }
    }

    /// Whether a channel still changes by itself on the next step: it moved over the last one
    /// (it is drawn between two values), or what is drawn is not yet its model (an animation
    /// ended or was taken off, and the channel settles back on the next step).
    static func settling<V: Interpolatable>(_ c: Channel<V>) -> Bool {
        c.previous != c.presentation || c.presentation != c.model
    }

    /// Whether anything `tweener` animates moves: an animation that has not finished, or a
    /// channel still settling (`settling(_:)`).
    /// - Complexity: O(animations + animatables + extras).
    static func tweening(_ tweener: Tweener) -> Bool {
        if animating(tweener) { return true }
        for t in tweener.animatables.store.dense {
            if settling(t.position) || settling(t.rotation) || settling(t.scale) || settling(t.alpha) { return true }
        }
        for x in tweener.extras.store.dense {
            if settling(x.tint) || settling(x.custom0) || settling(x.custom1) || settling(x.custom2) || settling(x.custom3) {
                return true
            }
        }
        return false
    }

    /// When a scroll panel's indicator starts to fade, and is gone: 0.6 s and 0.9 s after the
    /// panel last moved (as `DrawList.scrollIndicator` draws it).
    static let indicatorFadeStart = 0.6
    static let indicatorFadeEnd = 0.9

    /// A scroll panel: `now` while it is held, coasting or springing back, and while its
    /// indicator fades; `after` the seconds until the fade begins; `never` once the indicator
    /// is gone (or the content fits, and there is none).
    static func panel(_ p: ScrollPanel) -> Due {
        if p.isMoving { return .now }
        guard p.indicator() != nil, p.idleTime < indicatorFadeEnd else { return .never }
        return .timer(indicatorFadeStart - p.idleTime)
    }
}
