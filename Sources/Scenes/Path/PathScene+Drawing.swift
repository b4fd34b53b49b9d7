import Engine
import Geometry

extension PathScene {
    public func draw(into list: inout DrawList, context: DrawContext) {
        if editing { session.drawGrid(into: &list, over: shapeBounds) }
        for s in drawn.strokes { list.polyline(s.points, width: 2, color: Color(hex: 0xdfe6ee), closed: s.closed) }
        if debug, let t = tables.first {
            for p in t.points { list.fillRect(Rect(center: p, size: Vec2(1.5, 1.5)), color: Color(hex: 0xffd166)) }
        }
        // A ring a hand holds is drawn where the newest step put it, not interpolated a step
        // behind: it stays under the hand (`DrawContext.alpha`).
        let alpha = context.alpha
        for (k, e) in handles.enumerated() {
            guard let f = followers.store[e], let pose = poses.store[e] else { continue }
            // (In edit mode the keys move anchors: no ring shows the focus.)
            drawRing(f, pose, color: Self.ringColors[k % Self.ringColors.count], focused: k == focused && handles.count > 1 && focusRing.isVisible && !editing,
                     alpha: f.grabbedBy == .none ? alpha : 1, into: &list)
        }
        if editing { session.drawEditor(into: &list) }
        shapeButton.draw(into: &list, font: context.font)
        debugButton.draw(into: &list, font: context.font, highlighted: debug)
        rideButton.draw(into: &list, font: context.font, highlighted: ride != .onPath)
        editButton.draw(into: &list, font: context.font, highlighted: editing)
        session.drawButtons(into: &list, font: context.font)
        if let (lines, color) = statusLines(font: context.font, width: context.bounds.width) {
            let font = context.font
            var y = context.bounds.maxY - 24 - Double(lines.count - 1) * font.cellHeight
            for line in lines {
                list.text(line, at: Vec2(context.bounds.minX + 12, y), font: font, color: color)
                y += font.cellHeight
            }
        } else if let t = tables.first {
            // The laps of the first two rings (there are two), the line made again only when it changes.
            func lap(_ k: Int) -> Int { k < handles.count ? poses.store[handles[k]]?.shownLap ?? -1 : -1 }
            let info = infoMemo.value(for: (t.length, t.count, lap(0), lap(1), handles.count), same: ==) {
                let laps = handles.compactMap { poses.store[$0].map { String($0.shownLap) } }.joined(separator: ", ")
                return "length \(format(t.length, 1)) pt · \(t.count) samples · laps \(laps)"
            }
            list.text(info, at: Vec2(context.bounds.minX + 12, context.bounds.maxY - 24), font: context.font, color: .dimText)
        }
    }

    /// One ring: where it is drawn, what links it to the path and to the finger, which way
    /// it faces, and where it is gliding to.
    private func drawRing(_ f: PathFollower, _ pose: PathPose, color: Color, focused: Bool, alpha: Double, into list: inout DrawList) {
        let r = ringRadius
        let c = pose.position.at(alpha)
        if pose.offset != 0 {
            // The point on the path the ring rides beside, and a stalk to it.
            let onPath = f.position.at(alpha)
            list.polyline([onPath, c], width: 1.5, color: color.withAlpha(120), closed: false)
            list.fillCircle(center: onPath, radius: 2.5, color: color)
        }
        if let target = f.glideTarget, let t = tables.first, target < t.count {
            // A glide: a marker where the ring is going, and a tether to the finger that sent it.
            let normal = Vec2(t.tangents[target].y, -t.tangents[target].x)
            drawMarker(at: t.points[target] + normal * pose.offset, color: color, into: &list)
        }
        if case .hand(.pointer(let id)) = f.grabbedBy, let hand = hands.hand(id), hand.distance(to: c) > r + 6 {
            let towards = (hand - c).normalized()
            list.polyline([c + towards * r, hand], width: 1.5, color: color.withAlpha(150), closed: false)
            list.strokeCircle(center: hand, radius: 6, width: 1.5, color: color.withAlpha(150))
        }
        if f.grabbedBy != .none { list.fillCircle(center: c, radius: r + 2, color: color.withAlpha(70)) }
        list.strokeCircle(center: c, radius: r, width: 2, color: color)
        if pose.heading != .none {
            // A notch pointing the way the ring faces.
            let a = pose.angle(at: alpha)
            let d = Vec2.unit(angle: a), n = d.perpendicular
            list.fillConvex([c + d * (r + 8), c + d * (r - 2) + n * 6, c + d * (r - 2) - n * 6], color: color)
        }
        if focused { list.strokeCircle(center: c, radius: r + 5, width: 1, color: color.withAlpha(120)) }
        if debug {
            list.polyline([f.desired - Vec2(6, 0), f.desired + Vec2(6, 0)], width: 1.5, color: .accent, closed: false)
            list.polyline([f.desired - Vec2(0, 6), f.desired + Vec2(0, 6)], width: 1.5, color: .accent, closed: false)
        }
    }

    /// A hollow diamond with a dot: where a gliding ring will stop.
    private func drawMarker(at p: Vec2, color: Color, into list: inout DrawList) {
        let s = 9.0
        list.polyline([p + Vec2(0, -s), p + Vec2(s, 0), p + Vec2(0, s), p + Vec2(-s, 0)], width: 2, color: color, closed: true)
        list.fillCircle(center: p, radius: 2, color: color)
    }

    public func stateDump() -> JSONValue {
        let t = tables.first
        var hs: [JSONValue] = []
        for e in handles {
            guard let f = followers.store[e] else { continue }
            let pose = poses.store[e]
            let drawn = pose?.position.current ?? f.point
            hs.append(.object([
                ("x", JSONValue(f.point.x)), ("y", JSONValue(f.point.y)), ("s", JSONValue(f.distance)),
                ("index", JSONValue(f.index)), ("lap", JSONValue(f.lap)), ("grabbedBy", f.grabbedBy.json),
                ("lapsShown", JSONValue(pose?.shownLap ?? f.lap)),
                ("drawn", .array([JSONValue(drawn.x), JSONValue(drawn.y)])),
                ("angle", pose.map { $0.heading == .none ? .null : JSONValue($0.angle) } ?? .null),
                ("glideTo", f.glideTarget.map { JSONValue($0) } ?? .null),
                ("velocity", JSONValue(followers.store.denseIndex(of: e).map { hands.speedAlongPath(followers.store.dense[$0]) } ?? 0)),
                ("coasting", .bool(f.grabbedBy == .momentum)),
            ]))
        }
        return .object([
            ("shape", .string(shape.rawValue)),
            ("ride", .string(ride.rawValue)),
            ("bounds", JSONValue(shapeBounds)),
            ("length", JSONValue(t?.length ?? 0)),
            ("samples", JSONValue(t?.count ?? 0)),
            ("handles", .array(hs)),
            ("edit", session.dump()),
        ])
    }
}
