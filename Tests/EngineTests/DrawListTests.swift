@testable import Engine
import Foundation
@testable import Geometry
import Testing

@Suite struct DrawListTests {
    @Test(arguments: [1.0, 2.0])
    func circlesAreDividedSoNoChordStraysMoreThanAQuarterPixel(pixelsPerPoint: Double) {
        var list = DrawList()
        list.pixelsPerPoint = pixelsPerPoint
        for r in [1.0, 4, 10, 48, 150, 600, 2000] {
            let n = list.circleSegments(r)
            let sagitta = r * (1 - cos(Double.pi / Double(n))) * pixelsPerPoint
            #expect(sagitta <= 0.25 || n == 512, "r \(r): \(n) sides stray \(sagitta) px")
            // And not wastefully many: one side fewer would stray more.
            if n > 8 && n < 512 { #expect(r * (1 - cos(Double.pi / Double(n - 1))) * pixelsPerPoint > 0.25) }
        }
    }

    @Test func aFilledDiscFadesAcrossOnePixelCentredOnItsRadius() {
        var list = DrawList()
        list.pixelsPerPoint = 2
        list.fillCircle(center: Vec2(50, 50), radius: 20, color: .white)
        let radii = list.vertices.dropFirst().map { (Vec2(Double($0.x), Double($0.y)).distance(to: Vec2(50, 50)), $0.color.a) }
        #expect(radii.filter { $0.1 == 255 }.allSatisfy { abs($0.0 - 19.75) < 1e-4 })
        #expect(radii.filter { $0.1 == 0 }.allSatisfy { abs($0.0 - 20.25) < 1e-4 })
    }

    @Test func aConvexFillIsInsetHalfAPixelWithAFringeHalfAPixelOut() {
        var list = DrawList()
        list.fillConvex([Vec2(10, 10), Vec2(30, 10), Vec2(30, 30), Vec2(10, 30)], color: .white)
        let opaque = list.vertices.filter { $0.color.a == 255 }.map { Vec2(Double($0.x), Double($0.y)) }
        let clear = list.vertices.filter { $0.color.a == 0 }.map { Vec2(Double($0.x), Double($0.y)) }
        #expect(Set(opaque.map { [$0.x, $0.y] }) == [[10.5, 10.5], [29.5, 10.5], [29.5, 29.5], [10.5, 29.5]])
        #expect(Set(clear.map { [$0.x, $0.y] }) == [[9.5, 9.5], [30.5, 9.5], [30.5, 30.5], [9.5, 30.5]])
    }

    @Test func maskedDrawingIsItsOwnCommandAndNotBiased() {
        var list = DrawList()
        list.snapBias = 0.5
        list.fillCircle(center: .zero, radius: 5, color: .white)
        #expect(list.vertices[0].x == 0.5)
        list.beginMask(Textures.photo, in: Rect(x: 0, y: 0, w: 10, h: 10))
        list.fillCircle(center: .zero, radius: 5, color: .white)
        list.endMask()
        #expect(list.commands.count == 2 && list.commands[1].mask == 1)
        #expect(list.vertices[list.commands[1].indexStart == 0 ? 0 : Int(list.indices[list.commands[1].indexStart])].x == 0)
    }
}
