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
            // The fill's triangles (the fringe's reach a transparent outer vertex).
            guard list.indices[k..<(k + 3)].allSatisfy({ list.vertices[Int($0)].color.a == 255 }) else { continue }
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

    @Test func withATextureTheArrowIsTheMaskOfTheImageInItsRect() {
        var list = DrawList()
        let rect = Rect(x: -100, y: -100, w: 200, h: 200)
        arrow(length: 3, head: 0.3).fill(into: &list, color: Color(200, 220, 255), texture: Textures.photo, imageRect: rect)
        #expect(list.masks == [MaskedImage(image: Textures.photo, rect: rect, tint: Color(200, 220, 255))])
        #expect(!list.commands.isEmpty && list.commands.allSatisfy { $0.mask == 1 && $0.texture == .none })
        // White coverage: opaque inside, the fringe fading to nothing.
        #expect(list.vertices.allSatisfy { $0.color.r == 255 && $0.color.g == 255 && $0.color.b == 255 })
        #expect(list.vertices.contains { $0.color.a == 0 })
        // What follows is not part of the mask.
        list.fillRect(rect, color: .red)
        #expect(list.commands.last?.mask == 0)
    }

    @Test func theFringeStraddlesTheOutlineByHalfAPixelEachSide() {
        for ppp in [1.0, 2.0] {
            var list = DrawList()
            list.pixelsPerPoint = ppp
            let a = arrow(length: 2, head: 0.5)
            a.fill(into: &list, color: .white)
            // The transparent vertices along the outer arc are half a pixel outside it (the
            // corners' mitred ones a little farther), the opaque ones half a pixel inside.
            let radii = { (alpha: UInt8) in list.vertices.filter { $0.color.a == alpha }.map { Vec2(Double($0.x), Double($0.y)).length }.filter { $0 > 99 && $0 < 102 }.sorted() }
            let outside = radii(0), inside = list.vertices.filter { $0.color.a == 255 }.map { Vec2(Double($0.x), Double($0.y)).length }.filter { $0 > 99 && $0 < 100 }.sorted()
            #expect(outside.count > 10 && inside.count > 10)
            #expect(abs(outside[outside.count / 2] - (100 + 0.5 / ppp)) < 0.01, "at \(ppp) px/pt")
            #expect(outside.allSatisfy { $0 >= 100 + 0.5 / ppp - 0.01 })
            #expect(abs(inside[inside.count / 2] - (100 - 0.5 / ppp)) < 0.01, "at \(ppp) px/pt")
        }
    }
}
