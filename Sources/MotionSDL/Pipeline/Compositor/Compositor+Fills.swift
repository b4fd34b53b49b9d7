import CCompositor
import CSDL2
import Engine

// Rectangles of one colour: filled here with SDL's arithmetic instead of by SDL.
extension Compositor {
    /// Draws untextured triangles `idx[0..<count]` into `target`: each pair that makes an
    /// axis-aligned rectangle of one colour — which SDL 2.26's software renderer fills as a
    /// rectangle (`SDL_RenderGeometry` turns such a quad into `SDL_RenderFillRect`) — filled
    /// here with SDL's blend (`motionlab_fill_blend`), the rest through the renderer, in
    /// order. Why: SDL fills a translucent rectangle one pixel at a time with two divisions
    /// a channel; the help overlay's dimming of a 3840×2160 window took most of its frame.
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
        _ = walkRectangles(idx, count: count, vbase: vbase, vertexCount: verts.count, texture: nil, renderer: renderer,
                           rebased: &scratch.indices, submit: &submit) { a, b, flush in
            guard let dst = Self.fillRect(from: vbase[Int(a)].position, to: vbase[Int(b)].position, scale: scale) else { return .leave }
            flush()
            let x0 = max(dst.x, pixelClip.x), x1 = min(dst.x + dst.w, pixelClip.x + pixelClip.w)
            let y0 = max(dst.y, pixelClip.y), y1 = min(dst.y + dst.h, pixelClip.y + pixelClip.h)
            if x0 < x1, y0 < y1 {
                let c = vbase[Int(a)].color
                motionlab_fill_blend(base + Int(y0) * pitch + Int(x0), Int32(pitch), x1 - x0, y1 - y0,
                                     UInt32(c.r), UInt32(c.g), UInt32(c.b), UInt32(c.a))
            }
            counts.filled += 1
            return .drawn
        }
        return counts
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
