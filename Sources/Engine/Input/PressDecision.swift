import Geometry

/// What a press on a scrolling panel becomes: the board's pick-up-or-scroll classifier.
///
/// The press waits until the pointer has moved `slop` points, then decides once from the
/// whole movement so far: mostly across the panel's scroll axis picks the item up, anything
/// else (along the axis, or exactly diagonal) scrolls. The caller keeps the decision for the
/// rest of the gesture.
package enum PressDecision: Equatable, Sendable {
    case undecided, pickUp, scroll

    package static func decide(moved total: Vec2, scrollAxis: ScrollPanel.Axis, onItem: Bool, slop: Double) -> PressDecision {
        guard total.length >= slop else { return .undecided }
        let across = abs(scrollAxis.across(total))
        let along = abs(scrollAxis.along(total))
        return onItem && across > along ? .pickUp : .scroll
    }
}
