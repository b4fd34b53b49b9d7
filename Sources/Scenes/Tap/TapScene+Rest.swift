import Engine
import Geometry
import Motion

extension TapScene {
    /// Moving (`now`): a flight, spring or throw that has not finished (the picture's and the
    /// ghost's tweens), a picture or ghost still settling after one ended, or moved by a hand
    /// over the last step (drawn between two places); the cursor moving (keys or a stick held,
    /// and not stopped by the window's edge). Timed: a picture a resize squeezed aside flies
    /// back once the size holds still (`returnIn`). Else only input changes anything (`never`).
    public var due: Due {
        if cursorVelocity != .zero { return .now }
        let moving = Due.moving(SceneRest.tweening(tweener))
        return returnIn.map { moving.soonest(.timer($0)) } ?? moving
    }
}
