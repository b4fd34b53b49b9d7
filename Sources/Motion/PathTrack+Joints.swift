import Geometry
import Paths

/// One of linear mode's elements, with the joint rule (`SampleTable+Joints.swift` in Paths)
/// worked out for it: at an element's end the next element with a length counts — round the
/// seam of a closed subpath — and at an open subpath's end the last one with a length,
/// arriving; an element of no length shows the tangent of where it stands by the same rule.
struct LinearElement: Sendable {
    var segment: PathSegment
    var hasLength: Bool
    /// The element leaving this one's end (at t = 0), or −1 at an open subpath's end.
    var leaving: Int
    /// The last element with a length up to this one (at t = 1), for an open subpath's end.
    var arriving: Int

    /// One subpath's elements (`segments`, indexed as in the whole path).
    static func subpath(_ segments: ArraySlice<PathSegment>, closed: Bool) -> [LinearElement] {
        let lengths = segments.map { $0.length() }
        let tolerance = SampleTable.jointTolerance(forLength: lengths.reduce(0, +))
        let base = segments.startIndex
        var elements = segments.indices.map {
            LinearElement(segment: segments[$0], hasLength: lengths[$0 - base] > tolerance, leaving: -1, arriving: $0)
        }
        let firstReal = elements.firstIndex { $0.hasLength }.map { base + $0 }
        // Backward for the next with a length (round the seam to the first), forward for the last.
        var next = closed ? firstReal ?? -1 : -1
        for k in elements.indices.reversed() {
            elements[k].leaving = next
            if elements[k].hasLength { next = base + k }
        }
        var last = firstReal
        for k in elements.indices {
            if elements[k].hasLength { last = base + k }
            if let last { elements[k].arriving = last }
        }
        return elements
    }
}

extension PathTrack {
    /// Element `i`'s tangent at `f`: its own inside it, the joint rule's where it has no
    /// length and at its end — within a trillionth of the whole path's progress, as the
    /// table's `jointTolerance` is a trillionth of its length.
    func elementTangent(_ i: Int, at f: Double) -> Vec2 {
        let e = elements[i]
        if e.hasLength && f < 1 - 1e-12 * Double(elements.count) { return e.segment.tangent(at: f) }
        if e.leaving >= 0 { return elements[e.leaving].segment.tangent(at: 0) }
        return elements[e.arriving].segment.tangent(at: 1)
    }
}
