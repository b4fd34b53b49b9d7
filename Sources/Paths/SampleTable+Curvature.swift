import Geometry

extension SampleTable {
    /// The segment (an index into `segments`) and its curve parameter at arc length `s`
    /// (wrapped or clamped as `point(atDistance:)` does; at a joint, the segment leaving it,
    /// as `tangent(atDistance:)` says).
    public func location(atDistance s: Double) -> (segment: Int, t: Double) {
        guard !isEmpty else { return (0, 0) }
        return withUnsafeView { v in
            let (run, local) = v.locate(s)
            guard run.step > 0, run.count > 1 else { return (Int(sampleSegments[run.first]), sampleParameters[run.first]) }
            let (i, f) = run.bracket(atLocal: local)
            let j = run.successor(i)
            let b = brackets[i]
            switch b.kind {
            case .turn:
                let tj = sampleSegments[j] == sampleSegments[i] ? sampleParameters[j] : 1
                return (Int(sampleSegments[i]), sampleParameters[i] + (tj - sampleParameters[i]) * f)
            case .curve: return (Int(b.segment), b.parameter(f))
            case .exact: return v.exactLocation(b, f * run.step)
            }
        }
    }

    /// Signed curvature at arc length `s` (1/radius; positive where the path turns from +x
    /// toward +y, clockwise on screen; zero on lines).
    public func curvature(atDistance s: Double) -> Double {
        guard !isEmpty else { return 0 }
        let (k, t) = location(atDistance: s)
        return segments[k].curvature(at: t)
    }

    /// The point `offset` points along the left normal of the direction of travel at arc
    /// length `s` (y down: travelling toward +x, left is −y), as Godot's `v_offset` does,
    /// and the unit tangent of that offset curve: the path's, reversed where the offset
    /// reaches past the centre of curvature (1 + offset·curvature < 0), where the offset
    /// curve runs backward.
    public func offsetPointAndTangent(atDistance s: Double, offset: Double) -> (Vec2, Vec2) {
        let (p, tangent) = pointAndTangent(atDistance: s)
        guard offset != 0, offset.isFinite else { return (p, tangent) }
        let normal = Vec2(tangent.y, -tangent.x)
        let reversed = 1 + offset * curvature(atDistance: s) < 0
        return (p + normal * offset, reversed ? -tangent : tangent)
    }
}
