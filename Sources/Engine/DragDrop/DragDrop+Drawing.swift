import Geometry

extension DragDrop {
    /// Press and hold: a ring fills around each press toward its lift (`DrawList.holdRing`).
    public func drawHoldProgress(into list: inout DrawList, radius: Double = 30, color: Color = .accent) {
        for h in holdProgress {
            list.holdRing(center: h.at, radius: radius, progress: h.progress, width: 4, color: color)
        }
    }
}
