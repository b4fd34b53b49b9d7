#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Geometry

extension DragDrop {
    /// Press and hold: a ring fills around each press toward its lift.
    public func drawHoldProgress(into list: inout DrawList, radius: Double = 30, color: Color = .accent) {
        for h in holdProgress {
            let steps = max(2, Int(48 * h.progress))
            let arc = (0...steps).map { k in
                let a = -Double.pi / 2 + 2 * Double.pi * h.progress * Double(k) / Double(steps)
                return h.at + Vec2(cos(a), sin(a)) * radius
            }
            list.polyline(arc, width: 4, color: color, closed: false)
        }
    }
}
