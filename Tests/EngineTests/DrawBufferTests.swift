@testable import Engine
@testable import Geometry
import Testing

@Suite struct DrawBufferTests {
    @Test func appendsKeepTheirOrderThroughGrowth() {
        var b = DrawBuffer<Int32>()
        for k in 0..<1000 { b.append(Int32(k)) }
        let p = b.appendUninitialized(3)
        p[0] = -1; p[1] = -2; p[2] = -3
        b.append(contentsOf: [7, 8])
        #expect(b.count == 1005)
        #expect(Array(b.prefix(3)) == [0, 1, 2])
        #expect(Array(b.suffix(5)) == [-1, -2, -3, 7, 8])
        b.withUnsafeBufferPointer { #expect($0.count == 1005 && $0[999] == 999) }
    }

    @Test func aCopyIsUnchangedByMutatingTheOriginal() {
        var a = DrawBuffer<Int32>()
        a.append(contentsOf: [1, 2, 3])
        let copy = a
        a.append(4)
        let p = a.appendUninitialized(1)
        p[0] = 5
        #expect(Array(copy) == [1, 2, 3])
        #expect(Array(a) == [1, 2, 3, 4, 5])
        // Emptying a buffer that shares its storage leaves the other's elements alone too.
        var b = a
        b.removeAll()
        #expect(b.isEmpty)
        #expect(Array(a) == [1, 2, 3, 4, 5])
    }

    @Test func aDrawListReusedAfterResetStartsEmpty() {
        var list = DrawList()
        list.fillRect(Rect(x: 0, y: 0, w: 10, h: 10), color: .white)
        let frame = list
        list.reset()
        list.fillRect(Rect(x: 5, y: 5, w: 1, h: 1), color: .white)
        #expect(list.vertices.count == 4 && list.indices.count == 6)
        #expect(list.vertices[0].x == 5)
        #expect(frame.vertices[0].x == 0)
    }
}
