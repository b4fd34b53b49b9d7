import Entities
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Geometry

/// Scroll physics along one axis, as UIScrollView behaves: drag to scroll with a rubber band
/// past the edges, momentum that decays exponentially after release, and a spring back
/// when released past an edge. Everything advances by fixed steps, so it is deterministic.
///
/// `offset` is the content offset (UIScrollView's `contentOffset` along the axis): 0 shows
/// the content's start; dragging the content toward the start increases it.
public struct ScrollPanel: Sendable, Equatable {
    /// The direction a panel scrolls in.
    public enum Axis: Sendable, Equatable {
        /// Left and right: a strip.
        case horizontal
        /// Up and down: a sheet.
        case vertical
    }

    /// What the panel is doing.
    public enum Phase: Sendable, Equatable {
        /// At rest.
        case idle
        /// Held by a finger or the mouse: it follows the hand.
        case dragging
        /// Let go with speed: coasting to a stop.
        case decelerating
        /// Let go past an edge (or coasted past one): springing back to it.
        case springing
    }

    /// UIScrollView.DecelerationRate.normal: the velocity kept per millisecond of coasting.
    public static let normalRate = 0.998
    /// UIScrollView.DecelerationRate.fast: stops sooner.
    public static let fastRate = 0.99
    /// UIScrollView's rubber-band constant.
    public static let rubberBand = 0.55

    /// The direction it scrolls in.
    public let axis: Axis
    /// How much of the content shows at once, in points along the axis.
    public var viewport: Double
    /// The content's length along the axis, in points.
    public var contentLength: Double
    /// The content offset: 0 shows the content's start, `maxOffset` its end (past either while
    /// rubber-banding).
    public private(set) var offset = 0.0
    /// Points per second, in offset units.
    public private(set) var velocity = 0.0
    /// What the panel is doing now.
    public private(set) var phase = Phase.idle
    /// How fast momentum decays: `normalRate` or `fastRate` (velocity kept per millisecond).
    public var decelerationRate = ScrollPanel.normalRate
    /// Seconds since the panel last moved, for fading the indicator.
    public private(set) var idleTime = 10.0
    private var dragStartOffset = 0.0
    private var dragTranslation = 0.0

    /// A panel at rest at the content's start.
    public init(axis: Axis, viewport: Double, contentLength: Double) {
        self.axis = axis
        self.viewport = viewport
        self.contentLength = contentLength
    }

    /// The largest in-range offset.
    public var maxOffset: Double { max(0, contentLength - viewport) }
    /// Whether it is held, coasting or springing.
    public var isMoving: Bool { phase != .idle }

    /// UIScrollView's rubber band: how far the content moves when dragged `x` past an edge,
    /// for a viewport of `d`: (1 − 1 / (x·c / d + 1)) · d with c = 0.55.
    public static func rubberBanded(_ x: Double, viewport d: Double, constant c: Double = rubberBand) -> Double {
        guard d > 0 else { return 0 }
        return (1 - 1 / (abs(x) * c / d + 1)) * d * (x < 0 ? -1 : 1)
    }

    /// Applies the rubber band to a raw (unclamped) offset.
    func banded(_ raw: Double) -> Double {
        if raw < 0 { return Self.rubberBanded(raw, viewport: viewport) }
        if raw > maxOffset { return maxOffset + Self.rubberBanded(raw - maxOffset, viewport: viewport) }
        return raw
    }

    // MARK: Dragging

    /// A finger took hold: stops momentum where it is.
    public mutating func beginDrag() {
        phase = .dragging
        velocity = 0
        dragStartOffset = offset
        dragTranslation = 0
        // If it was past an edge, continue from the equivalent raw position.
        if offset < 0 { dragStartOffset = -inverseBand(-offset) }
        if offset > maxOffset { dragStartOffset = maxOffset + inverseBand(offset - maxOffset) }
    }

    private func inverseBand(_ y: Double) -> Double {
        // y = (1 − 1/(x c/d + 1)) d  ⇒  x = d/c · (1/(1 − y/d) − 1)
        let d = viewport, c = Self.rubberBand
        guard d > 0, y < d else { return y }
        return d / c * (1 / (1 - y / d) - 1)
    }

    /// The finger moved by `delta` points along the axis (positive toward +x or +y).
    public mutating func drag(by delta: Double) {
        guard phase == .dragging else { return }
        dragTranslation += delta
        let before = offset
        offset = banded(dragStartOffset - dragTranslation)
        if offset != before { idleTime = 0 }
    }

    /// The finger let go moving at `fingerVelocity` points per second along the axis (the
    /// `VelocityTracker`'s estimate): the content keeps that speed and decelerates, or
    /// springs back from past an edge. A finger at rest lets go of a panel at rest.
    public mutating func endDrag(fingerVelocity: Double = 0) {
        guard phase == .dragging else { return }
        velocity = fingerVelocity.isFinite ? -fingerVelocity : 0
        if offset < 0 || offset > maxOffset {
            phase = .springing
        } else if abs(velocity) > Self.stopSpeed {
            phase = .decelerating
        } else {
            phase = .idle
            velocity = 0
        }
    }

    /// Below this speed (points per second) momentum stops.
    public static let stopSpeed = 8.0

    // MARK: Direct scrolling

    /// Scrolls by `delta` immediately (wheel, trackpad, auto-scroll), clamped to the content.
    public mutating func scroll(by delta: Double) {
        guard delta != 0, phase != .dragging else { return }
        let before = offset
        offset = clamp(offset + delta, 0, maxOffset)
        if phase != .idle { phase = .idle; velocity = 0 }
        if offset != before { idleTime = 0 }
    }

    /// Scrolls just enough that `lo…hi` (content coordinates along the axis) shows whole, or
    /// its start when it is longer than the viewport.
    public mutating func reveal(_ lo: Double, _ hi: Double) {
        if lo < offset || hi - lo > viewport {
            setOffset(lo)
        } else if hi > offset + viewport {
            setOffset(hi - viewport)
        }
    }

    /// Puts the offset anywhere in range, stopping any motion.
    public mutating func setOffset(_ o: Double) {
        offset = clamp(o, 0, maxOffset)
        velocity = 0
        phase = .idle
    }

    // MARK: Stepping

    /// Advances momentum or the spring by one fixed step of `dt` seconds.
    public mutating func step(dt: Double) {
        idleTime += dt
        switch phase {
        case .idle, .dragging: return
        case .decelerating:
            // v(t) = v0 · rate^(t / 1 ms); the offset is its exact integral over the step.
            let k = log(decelerationRate) * 1000  // per second, negative
            let decay = exp(k * dt)
            offset += velocity * (decay - 1) / k
            velocity *= decay
            idleTime = 0
            if offset < 0 || offset > maxOffset {
                phase = .springing
            } else if abs(velocity) < Self.stopSpeed {
                phase = .idle
                velocity = 0
            }
        case .springing:
            // A critically damped spring toward the nearest edge (about 0.4 s to settle),
            // integrated exactly for the step.
            let target = offset < 0 ? 0 : offset > maxOffset ? maxOffset : offset
            let omega = Self.springOmega
            let x0 = offset - target, v0 = velocity
            let e = exp(-omega * dt)
            let x1 = (x0 + (v0 + omega * x0) * dt) * e
            let v1 = (v0 - (v0 + omega * x0) * omega * dt) * e
            offset = target + x1
            velocity = v1
            idleTime = 0
            if abs(x1) < 0.05 && abs(v1) < Self.stopSpeed {
                offset = target
                velocity = 0
                phase = .idle
            }
        }
    }

    /// The spring's natural frequency (rad/s).
    public static let springOmega = 14.0

    /// The scroll indicator: where its thumb sits along the viewport (start, length), or nil
    /// when the content fits. Past an edge the thumb shrinks, as UIKit's does.
    public func indicator(minimumLength: Double = 24) -> (start: Double, length: Double)? {
        guard contentLength > viewport, viewport > 0 else { return nil }
        var length = max(minimumLength, viewport * viewport / contentLength)
        let over = offset < 0 ? -offset : offset > maxOffset ? offset - maxOffset : 0
        length = max(minimumLength / 2, length - over)
        let f = maxOffset > 0 ? clamp(offset / maxOffset, 0, 1) : 0
        return (f * (viewport - length), length)
    }
}
