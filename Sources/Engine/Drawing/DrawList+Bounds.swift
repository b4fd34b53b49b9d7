import Geometry

// MARK: Bounds at the renderer

extension DrawList {
    /// How far from the origin (points, on either axis) a vertex, or a masked image's rect,
    /// may be when the list reaches a renderer: 2^24. That is a thousand windows past the
    /// largest one (16,384 points a side), yet small enough for SDL's software renderer, which
    /// turns a position into pixels × 2 in a 32-bit integer and shifts differences of those
    /// once more: up to 4 pixels per point nothing overflows. (A chord placed at x = 1e39
    /// became an infinite float, and SDL wrote outside the window.)
    public static let maxCoordinate: Float = 16_777_216

    /// Whether every vertex and every masked image's rect is finite and within
    /// ±`maxCoordinate`.
    /// - Complexity: O(vertices), branch-free so that it vectorises.
    public var isWithinDrawingBounds: Bool {
        let m = Self.maxCoordinate
        let outside = vertexBuffer.withUnsafeBufferPointer { vertices -> UInt8 in
            var flags: UInt8 = 0
            for v in vertices { flags |= (abs(v.x) <= m ? 0 : 1) | (abs(v.y) <= m ? 0 : 1) }
            return flags
        }
        return outside == 0 && maskList.allSatisfy { Self.isDrawable($0.rect) }
    }

    /// Whether `r`'s corners are within ±`maxCoordinate` (false for a NaN).
    static func isDrawable(_ r: Rect) -> Bool {
        let m = Double(maxCoordinate)
        return abs(r.minX) <= m && abs(r.minY) <= m && abs(r.maxX) <= m && abs(r.maxY) <= m
    }

    /// Leaves out every triangle with a vertex that is not finite, is beyond ±`maxCoordinate`
    /// or does not exist, and every masked image whose rect is beyond: what no renderer should
    /// be handed. Returns how many triangles were left out. The vertices stay where they are;
    /// the commands keep their order, and one left with no triangles draws nothing.
    /// - Complexity: O(vertices) when all is within bounds (the usual frame, left untouched,
    ///   so a copy of the list is not copied); else O(vertices + indices), in place.
    @discardableResult
    public mutating func cullBeyondDrawingBounds() -> Int {
        guard !isWithinDrawingBounds else { return 0 }
        let m = Self.maxCoordinate
        indexBuffer.prepare(0)  // unshared: the indices are compacted in place
        let idx = indexBuffer.base, verts = vertexBuffer.base, vertexCount = vertexBuffer.count
        @inline(__always) func inside(_ i: Int32) -> Bool {
            guard i >= 0, Int(i) < vertexCount else { return false }
            let v = verts[Int(i)]
            return abs(v.x) <= m && abs(v.y) <= m
        }
        // Commands cover consecutive runs of the indices, so the kept triangles move down
        // (never up) over ones already read.
        var write = 0, dropped = 0
        for c in commandList.indices {
            let cmd = commandList[c]
            let maskInside = cmd.mask == 0 || Self.isDrawable(maskList[Int(cmd.mask) - 1].rect)
            let start = write
            var t = cmd.indexStart
            while t + 3 <= cmd.indexStart + cmd.indexCount {
                if maskInside && inside(idx[t]) && inside(idx[t + 1]) && inside(idx[t + 2]) {
                    idx[write] = idx[t]
                    idx[write + 1] = idx[t + 1]
                    idx[write + 2] = idx[t + 2]
                    write += 3
                } else {
                    dropped += 1
                }
                t += 3
            }
            commandList[c].indexStart = start
            commandList[c].indexCount = write - start
        }
        indexBuffer.removeLast(indexBuffer.count - write)
        return dropped
    }
}
