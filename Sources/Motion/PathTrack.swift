#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Geometry
import Paths

/// Which way a layer turns as it follows a path (`CAKeyframeAnimation.rotationMode`).
public enum RotationMode: String, Equatable, Sendable, CaseIterable {
    /// The layer keeps its rotation.
    case none
    /// The layer turns to the path's tangent.
    case auto
    /// The layer turns to the tangent plus a half turn (it faces backward).
    case autoReverse
}

/// A position track along a path, or along a part of it.
///
/// `from` and `to` pick the part (Phaser's startAt, GSAP's start and end): fractions of the
/// path's length where progress 0 and 1 land. `to < from` flies the part backward (and
/// rotation faces the way it flies); on a single closed subpath they may leave 0…1 and
/// wrap, so 0.9 → 1.1 crosses the seam; on an open path they are clamped to its ends.
///
/// Paced (the default, and what `kCAAnimationPaced` means): constant speed, position by arc
/// length from the sample table. Linear (`kCAAnimationLinear` on a path): Core Animation's
/// behaviour — every path element gets an equal share of the time, and within an element
/// the curve parameter advances evenly, so the speed changes with the elements' lengths and
/// the curves' parameterisation. Arcs become cubics cut at quadrant boundaries, as Core
/// Graphics stores them, so a half circle that starts at 30° is three pieces of 60°, 90°
/// and 30°, each given a third of the time. Rotation comes from the tangent, continuous at joins and
/// across a closed path's seam.
public struct PathTrack: Sendable {
    /// How progress is spread along the path (`CAKeyframeAnimation.calculationMode` on a
    /// path; see above).
    public enum Mode: String, Sendable {
        /// Constant speed, by arc length (`kCAAnimationPaced`).
        case paced
        /// An equal share of the time for every path element, as Core Animation's
        /// `kCAAnimationLinear` (the speed changes with the elements' lengths).
        case linear
    }

    /// The path's arc-length sample table, from which the paced mode reads positions and
    /// tangents.
    public let table: SampleTable
    /// How progress is spread along the path.
    public let mode: Mode
    /// Whether and how the target turns to follow the path; a track that turns it also
    /// drives its rotation.
    public var rotationMode: RotationMode
    /// Where progress 0 lands, as a fraction of the path's length (see above).
    public let from: Double
    /// Where progress 1 lands, as a fraction of the path's length (see above).
    public let to: Double
    /// The path's elements as Core Animation stores them (arcs as cubic Béziers), for linear
    /// mode, each knowing where its tangent comes from at a joint (`PathTrack+Joints.swift`).
    let elements: [LinearElement]

    /// A track along `path`, or the part of it from fraction `from` to `to` of its length.
    ///
    /// - Parameters:
    ///   - path: the path to follow, in points.
    ///   - mode: how progress is spread along it; paced (constant speed) by default.
    ///   - rotationMode: whether the target turns to the path's tangent; not by default.
    ///   - spacing: the distance between samples of the path's table, in points.
    ///   - from: where progress 0 lands, as a fraction of the path's length (one that is not
    ///     finite counts as 0).
    ///   - to: where progress 1 lands, as a fraction of the path's length (one that is not
    ///     finite counts as 1).
    public init(path: Path, mode: Mode = .paced, rotationMode: RotationMode = .none, spacing: Double = 1,
                from: Double = 0, to: Double = 1) {
        table = SampleTable(path: path, spacing: spacing)
        self.mode = mode
        self.rotationMode = rotationMode
        let wraps = table.runs.count == 1 && table.runs[0].isClosed
        func fraction(_ f: Double, _ fallback: Double) -> Double {
            guard f.isFinite else { return fallback }
            // A bounded number of laps: far beyond them a fraction loses its precision.
            return wraps ? clamp(f, -1e6, 1e6) : clamp(f, 0, 1)
        }
        self.from = fraction(from, 0)
        self.to = fraction(to, 1)
        var segs: [PathSegment] = []
        var elements: [LinearElement] = []
        for sub in path.subpaths {
            let first = segs.count
            for s in sub.segments {
                if case .arc(let c, let rx, let ry, let rot, let st, let sw) = s {
                    // Core Graphics stores an arc as cubics split at the quadrant
                    // boundaries (multiples of 90°), so its pieces differ in length.
                    var from = s.start
                    for (a0, a1) in PathTrack.quadrantPieces(start: st, sweep: sw) {
                        for (c1, c2, p) in arcAsCubics(center: c, rx: rx, ry: ry, rotation: rot, start: a0, sweep: a1 - a0) {
                            segs.append(.cubic(from, c1, c2, p))
                            from = p
                        }
                    }
                } else {
                    segs.append(s)
                }
            }
            elements += LinearElement.subpath(segs[first...], closed: sub.isClosed)
        }
        self.elements = elements
    }

    /// The angle intervals of an arc cut at every multiple of π/2 it crosses.
    private static func quadrantPieces(start: Double, sweep: Double) -> [(Double, Double)] {
        let end = start + sweep
        let q = Double.pi / 2
        var cuts = [start]
        if sweep > 0 {
            var k = (start / q).rounded(.down) + 1
            while k * q < end - 1e-9 { cuts.append(k * q); k += 1 }
        } else if sweep < 0 {
            var k = (start / q).rounded(.up) - 1
            while k * q > end + 1e-9 { cuts.append(k * q); k -= 1 }
        }
        cuts.append(end)
        return (0..<(cuts.count - 1)).map { (cuts[$0], cuts[$0 + 1]) }
    }

    /// Total arc length, for speed-based durations.
    public var length: Double { table.length }

    /// The arc length flown from progress 0 to 1 (the part's length).
    public var flightLength: Double { abs(to - from) * table.length }

    /// Whether the part is flown backward along the path.
    public var isReversed: Bool { to < from }

    /// Progress `u` (0…1) as a fraction of the whole path.
    @inline(__always)
    func pathFraction(_ u: Double) -> Double { from + (to - from) * clamp(u, 0, 1) }

    /// The position at pass progress `u` (0…1, clamped), in points.
    public func position(at u: Double) -> Vec2 {
        switch mode {
        case .paced: return table.point(atDistance: pathFraction(u) * table.length)
        case .linear:
            guard let (i, t) = element(at: u) else { return table.point(atDistance: 0) }
            return elements[i].segment.point(at: t)
        }
    }

    /// The element and its parameter at progress `u` in linear mode (wrapping on a closed path).
    private func element(at u: Double) -> (Int, Double)? {
        guard !elements.isEmpty else { return nil }
        var f = pathFraction(u)
        if f < 0 || f > 1 { f -= f.rounded(.down) }  // only on a closed path: wrap
        let x = f * Double(elements.count)
        let i = min(Int(x), elements.count - 1)
        return (i, x - Double(i))
    }

    /// The rotation the rotation mode asks for at `u`, or nil for `.none`. At a joint it is
    /// the leaving segment's (or element's) tangent, past any of no length, and at an open
    /// path's end the arriving one's (`SampleTable+Joints.swift`), in both modes.
    public func rotation(at u: Double) -> Double? {
        guard rotationMode != .none else { return nil }
        var t: Vec2
        switch mode {
        case .paced: t = table.tangent(atDistance: pathFraction(u) * table.length)
        case .linear:
            guard let (i, f) = element(at: u) else { return 0 }
            t = elementTangent(i, at: f)
        }
        if isReversed { t = -t }
        return atan2(t.y, t.x) + (rotationMode == .autoReverse ? .pi : 0)
    }
}
