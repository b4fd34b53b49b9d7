import Geometry

/// Auto-scroll of one panel while something is carried near one of its edges.
///
/// The rules are the ones users of dnd-kit, Flutter's `Scrollable` and GSAP's Draggable
/// have learned to expect:
/// - Each edge has a zone whose depth scales with the panel (`zone(forExtent:)`), reaching
///   the same depth outside the panel.
/// - The zone scrolls only with intent: the pointer moved toward that edge, or it has
///   dwelt in the zone for `dwellTime` without moving away. A drag that merely passes
///   through a zone on its way elsewhere (down from the strip, through the sheet's top
///   zone, to a line) never scrolls.
/// - The speed grows with depth into the zone (quadratically, so the inner part is fine
///   control), and gently with time spent scrolling, capped at `1 + timeBoost`.
///
/// One value per carried thing and panel; `velocity(...)` is fed the pointer once per
/// fixed step and returns the scroll velocity, in points per second along the panel's
/// axis (positive scrolls toward the panel's far edge).
public struct EdgeAutoScroll: Sendable, Equatable {
    /// Seconds in a zone without moving away before it scrolls.
    public static let dwellTime = 0.5
    /// Movement toward the edge (points) that counts as intent.
    public static let intentDistance = 2.0
    /// Movement away from the edge (points) that cancels intent; larger than a finger's jitter.
    public static let retreatDistance = 4.0
    /// Seconds of scrolling to reach the full time boost.
    public static let rampTime = 2.0
    /// How much faster a long scroll gets: +60 % after `rampTime`.
    public static let timeBoost = 0.6

    /// The edge being scrolled toward: -1 the near edge, +1 the far edge, 0 none.
    public private(set) var edge = 0
    /// Whether intent has been shown for `edge`: the zone scrolls while this holds.
    public private(set) var armed = false
    /// How long it has been armed (for the time boost).
    public private(set) var scrollingTime = 0.0
    private var dwell = 0.0
    /// Where the current stillness began; movement is measured from here.
    private var anchor: Double?

    /// Not scrolling, with no intent yet.
    public init() {}

    /// The zone depth for a panel `extent` points long: 18 % of it, between 24 and 96 points,
    /// and never more than a third (the two zones never meet).
    public static func zone(forExtent extent: Double) -> Double {
        min(clamp(extent * 0.18, 24, 96), max(0, extent / 3))
    }

    /// Feeds the pointer's position `along` the axis (`inside`: whether it is within the
    /// panel across the axis) for a step of `dt` seconds; returns the scroll velocity.
    public mutating func velocity(along p: Double, inside: Bool, span lo: Double, _ hi: Double,
                                  maxSpeed: Double, dt: Double) -> Double {
        let z = Self.zone(forExtent: hi - lo)
        guard inside, p.isFinite, z > 0, p > lo - z, p < hi + z else {
            self = Self()
            return 0
        }
        let newEdge = p < lo + z ? -1 : p > hi - z ? 1 : 0
        if newEdge != edge {
            // Entering a zone (or leaving one): intent starts afresh, measured from where the
            // pointer last was, so arriving while moving toward the edge already counts.
            edge = newEdge
            armed = false
            dwell = 0
            scrollingTime = 0
        }
        let from = anchor ?? p
        anchor = from
        guard edge != 0 else {
            anchor = p
            return 0
        }
        let toward = (p - from) * Double(edge)
        if toward > Self.intentDistance {
            armed = true
            anchor = p
        } else if toward < -Self.retreatDistance {
            armed = false
            dwell = 0
            scrollingTime = 0
            anchor = p
        } else {
            dwell += dt
            if dwell >= Self.dwellTime { armed = true }
        }
        guard armed else { return 0 }
        scrollingTime += dt
        let depth = clamp(edge < 0 ? (lo + z - p) / z : (p - (hi - z)) / z, 0, 1)
        let boost = 1 + Self.timeBoost * min(scrollingTime / Self.rampTime, 1)
        return Double(edge) * maxSpeed * depth * depth * boost
    }
}
