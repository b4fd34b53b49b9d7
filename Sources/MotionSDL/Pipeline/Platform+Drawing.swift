import CCompositor
import CSDL2
import Engine
import Geometry

/// What one renderer reuses from frame to frame to draw a list: the window's renderer has
/// one, and so does each render band's (`RenderBands`).
struct DrawScratch {
    /// Where masked images are composed (`MaskLayer`).
    var layer = MaskLayer()
    /// What `Compositor.draw` reuses.
    var compositor = CompositorScratch()
    /// Every draw call of the frame to SDL, counted.
    var submit = Submitter()
    /// The indices of a command that reach a band (unused when drawing unbanded).
    var bandIndices = ContiguousArray<Int32>()
}

// MARK: Drawing

extension Platform {
    /// Draws `list` with one `SDL_RenderGeometry` call per command (in bands on several
    /// threads when `options.bands` asks for it and the renderer is the software one).
    /// Triangles with a vertex beyond `DrawList.maxCoordinate` (or not finite) are left out
    /// first: SDL's software renderer turns such a vertex into an integer that overflows and
    /// writes outside the window (a crash).
    public func render(_ list: DrawList) {
        // One vectorised pass over the vertices; the list is copied only in a frame that has
        // something to leave out.
        var list = list
        list.cullBeyondDrawingBounds()
        uploadNewGlyphs()
        let scale = Self.scale(of: renderer)
        drawnSize.prepare(list, scale: scale, images: maskImages) { replaceImage(at: $0, with: $1) }
        // Our compositor only with images to composite, and for lists SDL accepts whole.
        let composite = !compositor.isEmpty && Compositor.accepts(list)
        // The software renderer draws into the window surface, so the compositor does too.
        let target = composite ? SDL_GetWindowSurface(window).flatMap {
            Compositor.canDraw(into: $0) ? CompositorTarget(compositor: compositor, surface: $0) : nil
        } : nil
        // Only what changed since the last frame, where the surface is known to show it.
        let key = options.redrawChangesOnly && isSoftware ? target.map {
            FrameDamage.SurfaceKey(pixels: $0.surface.pointee.pixels, w: $0.surface.pointee.w, h: $0.surface.pointee.h,
                                   pitch: $0.surface.pointee.pitch, scale: scale)
        } : nil
        if let key {
            let region = damage.region(for: list, surface: key, remap: drawnSize.remap)
            lastRegion = region
            switch region {
            case .nothing:
                (lastCounts, lastSubmits) = (Compositor.Counts(), SubmitCounts())
                lastFrameBanded = false
                return
            case .rows(let rows):
                var counts = FrameCounts()
                for k in 0..<rows.count {
                    counts += Self.draw(list, renderer: renderer, textures: textures, images: maskImages, remap: drawnSize.remap,
                                        band: rows[k], compositor: target, scratch: &scratch)
                }
                (lastCounts, lastSubmits) = (counts.composited, counts.submitted)
                lastFrameBanded = false
                damage.remember(list, surface: key, remap: drawnSize.remap)
                return
            case .everything: break
            }
        } else {
            lastRegion = .everything
        }
        // What a whole redraw leaves on the surface is what the next frame is compared with.
        defer {
            if let key { damage.remember(list, surface: key, remap: drawnSize.remap) } else { damage.invalidate() }
        }
        // In bands, unless this frame tries one thread alone or that was found faster.
        let choosing = bands != nil && options.chooseBands
        let start = choosing ? MonotonicClock.nanoseconds() : 0
        let inBands = bands != nil && (!choosing || bandChoice.begin(BandChoice.Work(pixels: Int(outputSize.w) * Int(outputSize.h),
                                                                                       vertices: list.vertices.count)))
        defer {
            // A trial's frame counts as drawn the way it was begun, its queue run (the bands
            // run theirs): a frame meant for bands that could not have them is not counted.
            if choosing && inBands == lastFrameBanded {
                if !inBands { SDL_RenderFlush(renderer) }
                bandChoice.end(nanoseconds: MonotonicClock.nanoseconds() - start)
            }
        }
        lastFrameBanded = false
        if inBands, let bands, let counts = bands.render(list, scale: scale, compositor: composite ? compositor : nil,
                                                         remap: drawnSize.remap) {
            (lastCounts, lastSubmits) = (counts.composited, counts.submitted)
            lastFrameBanded = true
            return
        }
        let counts = Self.draw(list, renderer: renderer, textures: textures, images: maskImages, remap: drawnSize.remap,
                               band: nil, compositor: target, scratch: &scratch)
        (lastCounts, lastSubmits) = (counts.composited, counts.submitted)
    }

    /// How many bands frames are drawn in (1 unless `options.bands` applies).
    public var bandCount: Int { bands?.count ?? 1 }
    /// How many threads draw the bands, this one included (1 when frames are not drawn in
    /// bands).
    package var bandThreadCount: Int { bands?.threads ?? 1 }

    /// Frames a trial of bands against one thread takes (`BandChoice`).
    package static let bandTrialFrames = BandChoice.trialFrames

    /// With `options.chooseBands`: what the last trial of bands against this thread alone
    /// measured and kept (nil before the first trial ends).
    package var bandDecision: BandDecision? { bands != nil && options.chooseBands ? bandChoice.decision : nil }

    /// How the last frame's bands were drawn: (band, thread, start, end), nanoseconds on
    /// `MonotonicClock`, thread 0 being the one that submits. Empty when not banded.
    package var lastBandTimings: [(band: Int, thread: Int, start: UInt64, end: UInt64)] {
        guard lastFrameBanded, let bands else { return [] }
        return bands.lastTimings.map { ($0.band, $0.thread, $0.start, $0.end) }
    }

    /// The horizontal scale `renderer` draws at (pixels per point).
    /// Our own clear of `target` (the whole surface, or the pixels SDL's fill of `band`, in
    /// points at `scale`, would take) to `colour`: the same pixel SDL writes, with ordinary
    /// stores (see `motionlab_fill_solid`).
    static func fillBackground(_ colour: Color, into target: UnsafeMutablePointer<SDL_Surface>, band: SDL_Rect?, scale: Float) {
        guard let pixels = target.pointee.pixels else { return }
        var rows = SDL_Rect(x: 0, y: 0, w: target.pointee.w, h: target.pointee.h)
        if let band {
            let y0 = Int32(Float(band.y) * scale), y1 = y0 + Int32(Float(band.h) * scale)
            rows.y = max(0, y0)
            rows.h = min(target.pointee.h, y1) - rows.y
            // A band of damage (`FrameDamage`) may be narrower than the window.
            let x0 = Int32(Float(band.x) * scale), x1 = x0 + Int32(Float(band.w) * scale)
            rows.x = max(0, x0)
            rows.w = min(target.pointee.w, x1) - rows.x
        }
        guard rows.h > 0, rows.w > 0 else { return }
        let pitch = Int(target.pointee.pitch) / 4
        motionlab_fill_solid(pixels.assumingMemoryBound(to: UInt32.self) + Int(rows.y) * pitch + Int(rows.x), Int32(pitch), rows.w, rows.h,
                             SDL_MapRGBA(target.pointee.format, colour.r, colour.g, colour.b, colour.a))
    }

    static func scale(of renderer: OpaquePointer) -> Float {
        var scale: Float = 1
        SDL_RenderGetScale(renderer, &scale, nil)
        return scale
    }

    /// Draws `list` on `renderer` with its `textures` (by id, or for command k by `remap[k]`
    /// where that is not −1: a copy at drawn size), masked images sampled from `images`
    /// (remapped alike), and the image copies SDL would make 1:1 by our `compositor` (only for
    /// lists SDL accepts, `Compositor.accepts`). With a `band` (rows, in points) it draws only there: the
    /// background fills the band instead of clearing the target, every command is clipped to
    /// the band, and only the quads that reach it are passed on. Returns what the compositor
    /// drew, by kind, and what was handed to SDL (`FrameCounts`).
    static func draw(_ list: DrawList, renderer: OpaquePointer, textures: [OpaquePointer?], images: [UnsafeMutablePointer<SDL_Surface>?],
                     remap: ContiguousArray<Int32>, band: SDL_Rect?, compositor: CompositorTarget?, scratch: inout DrawScratch) -> FrameCounts {
        let bg = list.background
        scratch.submit.reset()
        SDL_SetRenderDrawColor(renderer, bg.r, bg.g, bg.b, bg.a)
        SDL_RenderSetClipRect(renderer, nil)
        let scale = Self.scale(of: renderer)
        if let target = compositor?.surface {
            Self.fillBackground(bg, into: target, band: band, scale: scale)
        } else if var band {
            SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
            scratch.submit.fill(renderer, &band)
            SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        } else {
            SDL_RenderClear(renderer)
        }
        guard !list.commands.isEmpty else { return FrameCounts(composited: Compositor.Counts(), submitted: scratch.submit.counts) }
        var clipped = false, counts = Compositor.Counts()
        list.vertices.withUnsafeBufferPointer { vb in
            list.indices.withUnsafeBufferPointer { ib in
                // DrawVertex has SDL_Vertex's layout (checked by a test), so no copy.
                let verts = UnsafeRawPointer(vb.baseAddress!).assumingMemoryBound(to: SDL_Vertex.self)
                let idx = UnsafeRawPointer(ib.baseAddress!).assumingMemoryBound(to: Int32.self)
                let vertices = UnsafeBufferPointer(start: verts, count: vb.count)
                func submit(_ first: UnsafePointer<Int32>, _ count: Int, _ texture: OpaquePointer?, _ id: TextureID, _ clip: SDL_Rect?,
                            _ commandClip: SDL_Rect?) {
                    if let compositor {
                        counts += compositor.compositor.draw(first, count: count, verts: vertices, texture: texture,
                                                             textureIndex: Int(id.raw), renderer: renderer, target: compositor.surface,
                                                             clip: clip, commandClip: commandClip, scale: scale,
                                                             scratch: &scratch.compositor, submit: &scratch.submit)
                    } else {
                        if texture != nil { counts.toSDL += count / 6 }
                        scratch.submit.triangles(renderer, texture, verts, vertexCount: vb.count, first, count: count,
                                                 rebased: &scratch.compositor.indices)
                    }
                }
                for (k, cmd) in list.commands.enumerated() where cmd.indexCount > 0 {
                    // The texture index: the command's, or its copy at drawn size.
                    let copy = k < remap.count ? Int(remap[k]) : -1
                    // The clip: the command's, the band, both, or none.
                    let commandClip = cmd.clip.map(Self.clipRect)
                    var clip = commandClip
                    if let band { clip = clip.map { $0.intersection(band) } ?? band }
                    if var c = clip {
                        if c.w <= 0 || c.h <= 0 { continue }
                        SDL_RenderSetClipRect(renderer, &c)
                        clipped = true
                    } else if clipped {
                        SDL_RenderSetClipRect(renderer, nil)
                        clipped = false
                    }
                    if cmd.mask > 0 {
                        // A masked image: composed offscreen, then drawn clipped as above.
                        let m = list.masks[Int(cmd.mask) - 1]
                        let i = copy >= 0 ? copy : Int(m.image.raw)
                        if scratch.layer.draw(m, image: i > 0 && i < images.count ? images[i] : nil, renderer: renderer, verts: verts,
                                           idx: idx + cmd.indexStart, count: cmd.indexCount, clip: clip,
                                           target: compositor?.surface, submit: &scratch.submit) { counts.masked += 1 }
                        clipped = true
                        continue
                    }
                    let id = copy >= 0 ? TextureID(raw: Int32(copy)) : cmd.texture
                    let texture = texture(id, in: textures)
                    if let band {
                        // A piece at a time, so that each band's copy of the indices stays
                        // small: 64 bands each held the whole of a path of 3.75 million
                        // samples (a hostile tour: 530 MB more than one band). In order, so
                        // the same pixels.
                        var start = 0
                        while start < cmd.indexCount {
                            let n = min(Self.bandPiece, cmd.indexCount - start)
                            collect(idx + cmd.indexStart + start, count: n, verts,
                                    rows: Float(band.y)..<Float(band.y + band.h), into: &scratch.bandIndices)
                            start += n
                            if scratch.bandIndices.isEmpty { continue }
                            scratch.bandIndices.withUnsafeBufferPointer { kept in
                                submit(kept.baseAddress!, kept.count, texture, id, clip, commandClip)
                            }
                        }
                    } else {
                        submit(idx + cmd.indexStart, cmd.indexCount, texture, id, clip, commandClip)
                    }
                }
            }
        }
        return FrameCounts(composited: counts, submitted: scratch.submit.counts)
    }

    /// A clip rect in whole points as SDL takes it (origin rounded down, size up), its numbers
    /// within ±`DrawList.maxCoordinate` so that they fit SDL's integers (a NaN becomes 0).
    static func clipRect(_ c: Rect) -> SDL_Rect {
        let m = Double(DrawList.maxCoordinate)
        func bounded(_ v: Double, _ limit: Double) -> Double { v.isNaN ? 0 : min(max(v, -limit), limit) }
        return SDL_Rect(x: Int32(bounded(c.minX, m).rounded(.down)), y: Int32(bounded(c.minY, m).rounded(.down)),
                        w: Int32(max(0, bounded(c.width, 2 * m).rounded(.up))), h: Int32(max(0, bounded(c.height, 2 * m).rounded(.up))))
    }

    /// How many indices of one command a band collects at a time (a multiple of 6: pairs of
    /// triangles stay together).
    static let bandPiece = 6 * 16_384

    /// The triangles of `idx[0..<count]` that reach `rows`, kept in pairs as they come (SDL's
    /// software renderer draws a pair that forms an axis-aligned rectangle as one blit, so a
    /// quad must not be split), into `out`.
    private static func collect(_ idx: UnsafePointer<Int32>, count: Int, _ verts: UnsafePointer<SDL_Vertex>,
                                rows: Range<Float>, into out: inout ContiguousArray<Int32>) {
        out.removeAll(keepingCapacity: true)
        var i = 0
        while i < count {
            let n = min(6, count - i)
            var top = Float.infinity, bottom = -Float.infinity
            for k in 0..<n {
                let y = verts[Int(idx[i + k])].position.y
                top = min(top, y)
                bottom = max(bottom, y)
            }
            if bottom >= rows.lowerBound && top <= rows.upperBound {
                for k in 0..<n { out.append(idx[i + k]) }
            }
            i += n
        }
    }
}

/// What drawing a frame (or a band of it) did: the compositor's copies, and SDL's draw calls.
struct FrameCounts {
    var composited = Compositor.Counts()
    var submitted = SubmitCounts()

    static func += (a: inout FrameCounts, b: FrameCounts) {
        a.composited += b.composited
        a.submitted += b.submitted
    }
}

extension SDL_Rect {
    /// The part of this rectangle inside `other` (empty if none).
    func intersection(_ other: SDL_Rect) -> SDL_Rect {
        var a = self, b = other, r = SDL_Rect()
        return SDL_IntersectRect(&a, &b, &r) == SDL_TRUE ? r : SDL_Rect()
    }
}
