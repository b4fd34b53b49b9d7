@testable import Engine
@testable import Entities
import Foundation
@testable import Geometry
@testable import Motion
@testable import Paths
@testable import Scenes
import Testing

@Suite struct ArrowShapeTests {
    func arrow(length: Double, head: Double) -> ArrowShape {
        ArrowShape(center: .zero, outerRadius: 100, thickness: 40, startRadians: 0, lengthRadians: length, headLengthRadians: head)
    }

    @Test func theHeadIsClippedToTheLengthAndTakesItsSign() {
        #expect(arrow(length: 1, head: 0.2).clippedHeadLengthRadians == 0.2)
        #expect(arrow(length: 0.1, head: 0.2).clippedHeadLengthRadians == 0.1)
        #expect(arrow(length: -1, head: 0.2).clippedHeadLengthRadians == -0.2)
        #expect(arrow(length: -0.1, head: 0.2).clippedHeadLengthRadians == -0.1)
        // Clipped, the head starts exactly at the start: no sliver of tail.
        #expect(arrow(length: 0.1, head: 0.2).headRadians == 0)
    }

    @Test func aNegativeLengthDrawsTheOtherWay() {
        let pos = arrow(length: 1, head: 0.2), neg = arrow(length: -1, head: 0.2)
        let tipPos = pos.outline()[0], tipNeg = neg.outline()[0]
        #expect(tipPos.y > 0 && tipNeg.y < 0)
        #expect(abs(tipPos.x - tipNeg.x) < 1e-9)
        #expect(abs(tipPos.length - 80) < 1e-9)  // the tip sits mid-ring
    }

    @Test func zeroLengthDrawsNothing() {
        var list = DrawList()
        arrow(length: 0, head: 0.2).fill(into: &list, color: .white)
        #expect(list.indices.isEmpty)
    }

    @Test func theFilledAreaMatchesTheRingSegmentPlusTheHead() {
        // Area of the triangles: a ring segment over the tail and a triangle for the head.
        let a = arrow(length: 2, head: 0.5)
        var list = DrawList()
        a.fill(into: &list, color: .white, tolerance: 0.01)
        var area = 0.0
        for k in stride(from: 0, to: list.indices.count, by: 3) {
            let p = list.indices[k..<(k + 3)].map { Vec2(Double(list.vertices[Int($0)].x), Double(list.vertices[Int($0)].y)) }
            area += abs((p[1] - p[0]).cross(p[2] - p[0])) / 2
        }
        let ring = 0.5 * 1.5 * (100 * 100 - 60 * 60)
        let headBase = Vec2(cos(1.5), sin(1.5)) * 100 - Vec2(cos(1.5), sin(1.5)) * 60
        let tip = Vec2(cos(2.0), sin(2.0)) * 80
        let head = abs((Vec2(cos(1.5), sin(1.5)) * 60 - Vec2(cos(1.5), sin(1.5)) * 100).cross(tip - Vec2(cos(1.5), sin(1.5)) * 100)) / 2
        _ = headBase
        #expect(abs(area - (ring + head)) / (ring + head) < 0.002)
    }

    @Test func textureCoordinatesMapTheImageRectSoTheArrowMasksIt() {
        var list = DrawList()
        let rect = Rect(x: -100, y: -100, w: 200, h: 200)
        arrow(length: 3, head: 0.3).fill(into: &list, color: .white, texture: Textures.photo, imageRect: rect)
        #expect(list.commands.allSatisfy { $0.texture == Textures.photo })
        for v in list.vertices {
            #expect(abs(Double(v.u) - (Double(v.x) + 100) / 200) < 1e-5)
            #expect(abs(Double(v.v) - (Double(v.y) + 100) / 200) < 1e-5)
        }
    }
}
