import Engine
import Motion

extension ArrowScene {
    /// Moving (`now`): the play, a leg or a release spring that has not finished, or the
    /// arrow's length still settling after one ended or changed by a hand or keys over the last
    /// step (drawn between two lengths; keys held at an end of the ring move nothing). Nothing
    /// here is timed: else only input changes anything (`never`).
    public var due: Due { .moving(SceneRest.tweening(tweener)) }
}
