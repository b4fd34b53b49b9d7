import CSDL2

/// What a frame handed to SDL to draw: draw calls (each `SDL_RenderGeometry`,
/// `SDL_RenderCopy` and `SDL_RenderFillRect`; what the compositor drew itself is not one),
/// the vertices and indices they carried, and how often the texture changed from one call
/// to the next. With OpenGL, SDL makes one draw call of each run of these with the same
/// texture and clip (SDL 2.26's `GL_RunCommandQueue`), so these are an upper bound there.
package struct SubmitCounts: Equatable, Sendable {
    /// Calls made to SDL to draw.
    package var drawCalls = 0
    /// Vertices those calls carried.
    package var vertices = 0
    /// Indices those calls carried.
    package var indices = 0
    /// Calls whose texture (or none) differed from the call before.
    package var textureSwitches = 0

    /// Nothing counted.
    package init() {}

    static func += (a: inout SubmitCounts, b: SubmitCounts) {
        a.drawCalls += b.drawCalls; a.vertices += b.vertices; a.indices += b.indices; a.textureSwitches += b.textureSwitches
    }
}

/// Hands draw calls to SDL and counts them (`SubmitCounts`): every call the platform makes
/// goes through one of these, one per renderer, started afresh each frame.
struct Submitter {
    private(set) var counts = SubmitCounts()
    /// The texture of the last call (nil: untextured), and whether there was one.
    private var texture: OpaquePointer?
    private var started = false

    /// Counts afresh, for a new frame.
    mutating func reset() { self = Submitter() }

    private mutating func count(_ texture: OpaquePointer?, vertices: Int, indices: Int) {
        counts.drawCalls += 1
        counts.vertices += vertices
        counts.indices += indices
        if started && texture != self.texture { counts.textureSwitches += 1 }
        self.texture = texture
        started = true
    }

    mutating func geometry(_ renderer: OpaquePointer, _ texture: OpaquePointer?, _ vertices: UnsafePointer<SDL_Vertex>?,
                           _ vertexCount: Int32, _ indices: UnsafePointer<Int32>?, _ indexCount: Int32) {
        SDL_RenderGeometry(renderer, texture, vertices, vertexCount, indices, indexCount)
        count(texture, vertices: Int(vertexCount), indices: Int(indexCount))
    }

    /// The triangles `indices[0..<count]` of `vertices` (`vertexCount` of them), handed over
    /// with only the vertices they use, their indices rebased onto them (in `rebased`, reused)
    /// where they do not start at the first vertex. Why: SDL checks every vertex it is handed
    /// on every call (its texture coordinates, SDL 2.26's `SDL_RenderGeometryRaw`), so handing
    /// each command the whole list made a frame's checking grow with commands × vertices — a
    /// command that alternates copies and scaled sprites was quadratic (10,000 sprites, half
    /// of them 1:1: 360 ms a frame). An index outside the vertices goes to SDL as it is, with
    /// the whole list, so that SDL refuses the call as it would have.
    mutating func triangles(_ renderer: OpaquePointer, _ texture: OpaquePointer?, _ vertices: UnsafePointer<SDL_Vertex>, vertexCount: Int,
                            _ indices: UnsafePointer<Int32>, count: Int, rebased: inout ContiguousArray<Int32>) {
        guard count > 0 else { return }
        var lo = Int32.max, hi = Int32.min
        for i in 0..<count {
            lo = min(lo, indices[i])
            hi = max(hi, indices[i])
        }
        guard lo >= 0, Int(hi) < vertexCount else {
            geometry(renderer, texture, vertices, Int32(clamping: vertexCount), indices, Int32(clamping: count))
            return
        }
        guard lo > 0 else {
            geometry(renderer, texture, vertices, hi + 1, indices, Int32(count))
            return
        }
        rebased.removeAll(keepingCapacity: true)
        for i in 0..<count { rebased.append(indices[i] - lo) }
        rebased.withUnsafeBufferPointer {
            geometry(renderer, texture, vertices + Int(lo), hi - lo + 1, $0.baseAddress, Int32(count))
        }
    }

    mutating func copy(_ renderer: OpaquePointer, _ texture: OpaquePointer?, _ src: inout SDL_Rect, _ dst: inout SDL_FRect) {
        SDL_RenderCopyF(renderer, texture, &src, &dst)
        count(texture, vertices: 4, indices: 6)
    }

    mutating func fill(_ renderer: OpaquePointer, _ rect: inout SDL_Rect) {
        SDL_RenderFillRect(renderer, &rect)
        count(nil, vertices: 4, indices: 6)
    }
}
