import CCompositor
import CSDL2
import Engine

// Rectangles of one colour: filled here with SDL's arithmetic instead of by SDL.
extension Compositor {
    /// Draws untextured triangles `idx[0..<count]` into `target` as SDL 2.26's software
    /// renderer would, in order, without SDL: each pair that makes an axis-aligned rectangle
    /// of one colour — which SDL fills as a rectangle (`SDL_RenderGeometry` turns such a
    /// quad into `SDL_RenderFillRect`) — with SDL's rectangle blend (`motionlab_fill_blend`),
    /// every other triangle with its triangle fill (`motionlab_fill_triangle`: the same fill
    /// rule, colours and blend). What cannot be drawn so (corners past what a pixel index
    /// holds) goes to the renderer. Why: SDL fills a translucent rectangle one pixel at a
    /// time with two divisions a channel, and blends each translucent triangle through a
    /// temporary surface it allocates and frees (the path scene's anti-aliased path made
    /// 4,600 allocations a frame).
    ///
    /// - Complexity: O(count + pixels filled).
    func drawFills(_ idx: UnsafePointer<Int32>, count: Int, verts: UnsafeBufferPointer<SDL_Vertex>, renderer: OpaquePointer,
                   target: UnsafeMutablePointer<SDL_Surface>, clip: SDL_Rect?, scale: Float,
                   scratch: inout CompositorScratch, submit: inout Submitter) -> Counts {
        guard count % 3 == 0, Self.indicesInRange(idx, count: count, vertexCount: verts.count), let vbase = verts.baseAddress,
              let pixels = target.pointee.pixels else {
            submit.geometry(renderer, nil, verts.baseAddress, Int32(verts.count), idx, Int32(count))
            return Counts()
        }
        let pixelClip = Self.pixelClip(clip, scale: scale, target: target)
        let pitch = Int(target.pointee.pitch) / 4
        let base = pixels.assumingMemoryBound(to: UInt32.self)
        var counts = Counts()
        // Whether the renderer may hold commands not yet run: they go first.
        var queued = true
        func ownDrawing() {
            if queued {
                SDL_RenderFlush(renderer)
                queued = false
            }
        }
        func toRenderer(_ at: Int, _ n: Int) {
            submit.triangles(renderer, nil, vbase, vertexCount: verts.count, idx + at, count: n, rebased: &scratch.indices)
            queued = true
        }
        func triangle(_ at: Int) {
            guard let xy = Self.trianglePixels(vbase, idx + at, scale: scale) else { return toRenderer(at, 3) }
            ownDrawing()
            let (a, b, c) = (vbase[Int(idx[at])].color, vbase[Int(idx[at + 1])].color, vbase[Int(idx[at + 2])].color)
            // (Tuples of one type are laid out as arrays: no heap.)
            var corners = xy
            var colours = (a.r, a.g, a.b, a.a, b.r, b.g, b.b, b.a, c.r, c.g, c.b, c.a)
            withUnsafePointer(to: &corners) { cp in
                withUnsafePointer(to: &colours) { qp in
                    motionlab_fill_triangle(base, Int32(pitch), pixelClip.x, pixelClip.y, pixelClip.w, pixelClip.h,
                                            UnsafeRawPointer(cp).assumingMemoryBound(to: Int32.self),
                                            UnsafeRawPointer(qp).assumingMemoryBound(to: UInt8.self))
                }
            }
            counts.triangles += 1
        }
        func rectangle(_ at: Int, _ a: Int32, _ b: Int32) {
            guard let dst = Self.fillRect(from: vbase[Int(a)].position, to: vbase[Int(b)].position, scale: scale) else {
                return toRenderer(at, 6)
            }
            ownDrawing()
            let x0 = max(dst.x, pixelClip.x), x1 = min(dst.x + dst.w, pixelClip.x + pixelClip.w)
            let y0 = max(dst.y, pixelClip.y), y1 = min(dst.y + dst.h, pixelClip.y + pixelClip.h)
            if x0 < x1, y0 < y1 {
                let c = vbase[Int(a)].color
                motionlab_fill_blend(base + Int(y0) * pitch + Int(x0), Int32(pitch), x1 - x0, y1 - y0,
                                     UInt32(c.r), UInt32(c.g), UInt32(c.b), UInt32(c.a))
            }
            counts.filled += 1
        }
        Self.walkPairs(idx, count: count, vbase) { step in
            switch step {
            case .single(let at): triangle(at)
            case .rectangle(let at, let a, let b): rectangle(at, a, b)
            }
        }
        return counts
    }

    /// The corners of triangle `at[0..<3]` in whole pixels as SDL's software renderer takes
    /// them (each position scaled, then truncated toward zero); nil when one is not finite or
    /// past what SDL's fixed-point edge values hold (2^28 pixels).
    static func trianglePixels(_ v: UnsafePointer<SDL_Vertex>, _ at: UnsafePointer<Int32>, scale: Float)
        -> (Int32, Int32, Int32, Int32, Int32, Int32)? {
        let limit: Float = 268_435_456
        func px(_ f: Float) -> Int32? {
            let s = f * scale
            guard s.isFinite, abs(s) < limit else { return nil }
            return Int32(s.rounded(.towardZero))
        }
        let a = v[Int(at[0])].position, b = v[Int(at[1])].position, c = v[Int(at[2])].position
        guard let ax = px(a.x), let ay = px(a.y), let bx = px(b.x), let by = px(b.y), let cx = px(c.x), let cy = px(c.y) else {
            return nil
        }
        return (ax, ay, bx, by, cx, cy)
    }

    /// The pixels SDL's software renderer fills for the rectangle from `a` to `b` (points):
    /// scaled, each number truncated, a side at least one pixel (`SW_QueueFillRects`); nil
    /// for an empty or inverted rectangle or numbers past what a pixel index can hold.
    static func fillRect(from a: SDL_FPoint, to b: SDL_FPoint, scale: Float) -> SDL_Rect? {
        let limit: Float = 1_073_741_824  // 2^30, well inside Int32
        let x = a.x * scale, y = a.y * scale, w = (b.x - a.x) * scale, h = (b.y - a.y) * scale
        guard x.isFinite, y.isFinite, w.isFinite, h.isFinite, abs(x) < limit, abs(y) < limit, w > 0, h > 0, w < limit, h < limit else {
            return nil
        }
        return SDL_Rect(x: Int32(x), y: Int32(y), w: max(Int32(w), 1), h: max(Int32(h), 1))
    }
}
