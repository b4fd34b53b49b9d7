import CSDL2

// The walk over a command's triangles that finds the rectangles SDL would copy or fill.
extension Compositor {
    /// What a walk of the triangle pairs does with a rectangle (`walkRectangles`).
    enum RectangleAction {
        /// Leaves it among the triangles handed to the renderer later, in order.
        case leave
        /// Drew it into the target.
        case drawn
        /// Hands it to the renderer with what follows.
        case toRenderer
    }

    /// Walks the triangles `idx[0..<count]` in pairs, as SDL 2.26's software renderer does:
    /// each pair that makes an axis-aligned rectangle of one colour (`rectangle`) is offered
    /// to `body` with its corners, which draws it into the target or leaves it; everything
    /// else goes to the renderer in order. `body` calls `flush` before it draws, so that what
    /// came before is on the target first. Returns the indices handed to the renderer.
    ///
    /// - Complexity: O(count), plus what `body` does.
    func walkRectangles(_ idx: UnsafePointer<Int32>, count: Int, vbase: UnsafePointer<SDL_Vertex>, vertexCount: Int,
                        texture: OpaquePointer?, renderer: OpaquePointer, rebased: inout ContiguousArray<Int32>,
                        submit: inout Submitter,
                        _ body: (_ a: Int32, _ b: Int32, _ flush: () -> Void) -> RectangleAction) -> Int {
        var handed = 0
        // The first index not yet handed to the renderer, and whether the renderer may hold
        // commands not yet run (so it must be flushed before drawing over them). A triangle on
        // its own stays pending: it goes to the renderer with what follows it.
        var pending = 0, queued = true
        Self.walkPairs(idx, count: count, vbase) { step in
            guard case .rectangle(let at, let a, let b) = step else { return }
            // Triangles at ..< at + 6 are this rectangle; what comes before goes first.
            let action = body(a, b) {
                if at > pending {
                    handed += at - pending
                    submit.triangles(renderer, texture, vbase, vertexCount: vertexCount, idx + pending, count: at - pending,
                                     rebased: &rebased)
                    pending = at
                    queued = true
                }
                if queued {
                    SDL_RenderFlush(renderer)
                    queued = false
                }
            }
            switch action {
            case .leave: break
            case .drawn: pending = at + 6
            case .toRenderer: pending = at
            }
        }
        if count > pending {
            handed += count - pending
            submit.triangles(renderer, texture, vbase, vertexCount: vertexCount, idx + pending, count: count - pending, rebased: &rebased)
        }
        return handed
    }

    /// One step of SDL's walk over a geometry call's triangles (`walkPairs`).
    enum PairStep {
        /// The triangle at `idx[at..<at + 3]`, drawn on its own.
        case single(at: Int)
        /// The two triangles at `idx[at..<at + 6]` make one rectangle of one colour, from
        /// vertex `a` (top left) to `b` (bottom right).
        case rectangle(at: Int, a: Int32, b: Int32)
    }

    /// SDL 2.26's software renderer's walk over triangles `idx[0..<count]`, in order: a
    /// triangle and the next are tried as a rectangle (`rectangle`); if they are not one, the
    /// first is a triangle on its own and the next is tried with the one after.
    ///
    /// - Complexity: O(count), plus what `body` does.
    static func walkPairs(_ idx: UnsafePointer<Int32>, count: Int, _ vbase: UnsafePointer<SDL_Vertex>,
                          _ body: (PairStep) -> Void) {
        var prev = -1
        var t = 0
        while t < count {
            defer { t += 3 }
            guard prev >= 0 else {
                prev = t
                continue
            }
            guard let (a, b) = rectangle((idx[prev], idx[prev + 1], idx[prev + 2]), (idx[t], idx[t + 1], idx[t + 2]), vbase) else {
                body(.single(at: prev))
                prev = t
                continue
            }
            body(.rectangle(at: prev, a: a, b: b))
            prev = -1
        }
        if prev >= 0 { body(.single(at: prev)) }
    }

    /// The top-left and bottom-right vertices of triangles `p` then `k` when SDL's software
    /// renderer takes them for one uniformly coloured axis-aligned rectangle.
    static func rectangle(_ p: (Int32, Int32, Int32), _ k: (Int32, Int32, Int32),
                                  _ v: UnsafePointer<SDL_Vertex>) -> (Int32, Int32)? {
        func isShared(_ q: Int32) -> Int { q == k.0 || q == k.1 || q == k.2 ? 1 : 0 }
        guard isShared(p.0) + isShared(p.1) + isShared(p.2) == 2 else { return nil }
        let p0 = v[Int(k.0)].position, p1 = v[Int(k.1)].position, p2 = v[Int(k.2)].position
        let a = p0.x <= p1.x && p0.y <= p1.y ? (p0.x <= p2.x && p0.y <= p2.y ? k.0 : k.2)
                                              : (p1.x <= p2.x && p1.y <= p2.y ? k.1 : k.2)
        let b = p0.x >= p1.x && p0.y >= p1.y ? (p0.x >= p2.x && p0.y >= p2.y ? k.0 : k.2)
                                              : (p1.x >= p2.x && p1.y >= p2.y ? k.1 : k.2)
        let c = k.0 != a && k.0 != b ? k.0 : (k.1 != a && k.1 != b ? k.1 : k.2)
        let c2 = p.0 != a && p.0 != b ? p.0 : (p.1 != a && p.1 != b ? p.1 : p.2)
        let pa = v[Int(a)].position, pb = v[Int(b)].position
        func corner(_ q: SDL_FPoint) -> Bool { (pa.x == q.x && pb.y == q.y) || (pa.y == q.y && pb.x == q.x) }
        guard corner(v[Int(c)].position), corner(v[Int(c2)].position) else { return nil }
        let colour = v[Int(a)].color
        func same(_ q: SDL_Color) -> Bool { q.r == colour.r && q.g == colour.g && q.b == colour.b && q.a == colour.a }
        guard same(v[Int(b)].color), same(v[Int(c)].color), same(v[Int(c2)].color) else { return nil }
        return (a, b)
    }
}
