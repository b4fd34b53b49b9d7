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
        list.beginMask(TextureID(raw: 1), in: Rect(x: 0, y: 0, w: 10, h: 10))
        list.fillCircle(center: .zero, radius: 5, color: .white)
        list.endMask()
        #expect(list.commands.count == 2 && list.commands[1].mask == 1)
        #expect(list.vertices[list.commands[1].indexStart == 0 ? 0 : Int(list.indices[list.commands[1].indexStart])].x == 0)
    }

    @Test("Triangles with a vertex past DrawList.maxCoordinate or not finite are culled, the rest kept in order")
    func trianglesBeyondTheDrawingBoundsAreCulled() {
        var list = DrawList()
        // Kept: 2 triangles. Then culled: 6 at x = 1e39 (infinite as a Float) and 2 at NaN.
        list.fillRect(Rect(x: 10, y: 10, w: 20, h: 20), color: .white)
        list.polyline([Vec2(1e39, 50), Vec2(1e39, 90)], width: 3, color: .white, closed: false)
        list.fillRect(Rect(x: .nan, y: 0, w: 5, h: 5), color: .white)
        // A command of its own: 2 kept, 2 past ±2^24 culled.
        list.pushClip(Rect(x: 0, y: 0, w: 100, h: 100))
        list.fillRect(Rect(x: 40, y: 40, w: 10, h: 10), color: .black)
        list.fillRect(Rect(x: -3e7, y: 0, w: 10, h: 10), color: .black)
        list.popClip()
        // A mask whose image is out of bounds: all of it culled.
        list.beginMask(TextureID(raw: 1), in: Rect(x: 1e30, y: 0, w: 10, h: 10))
        list.fillCircle(center: Vec2(20, 20), radius: 5, color: .white)
        list.endMask()
        let polylineTriangles = 6, maskTriangles = list.commands.last!.indexCount / 3
        #expect(!list.isWithinDrawingBounds)
        let dropped = list.cullBeyondDrawingBounds()
        #expect(dropped == 2 + 2 + polylineTriangles + maskTriangles)
        #expect(list.indices.count == 4 * 3)
        #expect(list.commands.map(\.indexCount) == [6, 6, 0])
        #expect(list.commands.map(\.indexStart) == [0, 6, 12])
        let m = DrawList.maxCoordinate
        #expect(list.indices.allSatisfy { i in abs(list.vertices[Int(i)].x) <= m && abs(list.vertices[Int(i)].y) <= m })
        // The kept rects are the same triangles as before.
        #expect(Set(list.indices[0..<6].map { [list.vertices[Int($0)].x, list.vertices[Int($0)].y] }) == [[10, 10], [30, 10], [30, 30], [10, 30]])
        // Culling again leaves out nothing more.
        let again = list.cullBeyondDrawingBounds()
        #expect(again == 0 && list.indices.count == 12)
    }

    @Test("A list within the drawing bounds is left as it was")
    func aListWithinTheBoundsIsUntouched() {
        var list = DrawList()
        list.fillRect(Rect(x: -1e6, y: 16_000_000, w: 20, h: 20), color: .white)
        list.polyline([Vec2(0, 0), Vec2(640, 480)], width: 2, color: .white, closed: false)
        #expect(list.isWithinDrawingBounds)
        let before = (Array(list.indices), list.commands)
        let dropped = list.cullBeyondDrawingBounds()
        #expect(dropped == 0)
        #expect(Array(list.indices) == before.0 && list.commands == before.1)
    }
}

/// A glyph's edges in points, multiplied by the scale in floats and truncated as SDL's
/// software renderer does (`SW_QueueCopy`), give back its whole pixels at every scale.
@Suite struct GlyphPixelEdgeTests {
    @Test(arguments: [1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0, 4.0])
    func aGlyphsPositionAndSizeComeBackAsTheSamePixels(scale: Double) {
        let s = Float(scale)
        var misses = 0
        for px in -300..<5000 {
            for w in [1, 2, 7, 9, 13, 26, 31, 64] {
                let x = DrawList.pixelEdge(Double(px) / scale), width = DrawList.pixelEdge(Double(w) / scale)
                if Int32(Float(x) * s) != Int32(px) || Int32(Float(width) * s) != Int32(w) { misses += 1 }
            }
        }
        #expect(misses == 0, "\(misses) glyph edges off by a pixel at \(scale)×")
    }
}
