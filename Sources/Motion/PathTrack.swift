import Entities
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

/// A position track along a path.
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
    public enum Mode: String, Sendable { case paced, linear }

    public let table: SampleTable
    public let mode: Mode
    public var rotationMode: RotationMode
    /// The path's elements as Core Animation stores them (arcs as cubic Béziers), for linear mode.
    let elements: [PathSegment]

    public init(path: Path, mode: Mode = .paced, rotationMode: RotationMode = .none, spacing: Double = 1) {
        table = SampleTable(path: path, spacing: spacing)
        self.mode = mode
        self.rotationMode = rotationMode
        var segs: [PathSegment] = []
        for sub in path.subpaths {
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
        }
        elements = segs
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

    public func position(at u: Double) -> Vec2 {
        switch mode {
        case .paced: return table.point(atDistance: clamp(u, 0, 1) * table.length)
        case .linear:
            guard !elements.isEmpty else { return table.point(atDistance: 0) }
            let x = clamp(u, 0, 1) * Double(elements.count)
            let i = min(Int(x), elements.count - 1)
            return elements[i].point(at: x - Double(i))
        }
    }

    /// The rotation the rotation mode asks for at `u`, or nil for `.none`.
    public func rotation(at u: Double) -> Double? {
        guard rotationMode != .none else { return nil }
        let t: Vec2
        switch mode {
        case .paced: t = table.tangent(atDistance: clamp(u, 0, 1) * table.length)
        case .linear:
            guard !elements.isEmpty else { return 0 }
            let x = clamp(u, 0, 1) * Double(elements.count)
            let i = min(Int(x), elements.count - 1)
            t = elements[i].tangent(at: x - Double(i))
        }
        return atan2(t.y, t.x) + (rotationMode == .autoReverse ? .pi : 0)
    }
}
