import CSDL2
import Foundation
import Engine
import Geometry

/// Copies of images at the size they are drawn, for the commands that draw an image smaller
/// than it is (`ImageDownsample` says why: linear filtering alone skips pixels, and a
/// one-pixel line flickers as the image moves).
///
/// How: before a frame is drawn, `prepare` looks at each image command's first triangle —
/// the pixels per image pixel across and down, from its positions and texture coordinates,
/// so rotated quads count too — and at a masked image's rectangle. Where that is below 1
/// (and every triangle of the command agrees, so one copy serves them all), the command is
/// drawn from a copy at that size instead: texture coordinates are fractions of the image,
/// so they address the copy unchanged. A whole number of pixels is kept exactly (a sprite, a
/// picture of fixed size: drawn 1:1 from the copy); any other size is rounded up to steps of
/// 2^(1/24) (3 %), so a picture whose size changes every frame (a ghost shrinking in flight)
/// makes a new copy only every few frames, and what remains for the renderer's filter is a
/// shrink of at most 3 %. The copies live in `slotCount` texture indices after the catalogue's, the least
/// recently used replaced first.
struct DrawnSizeImages {
    /// How many copies are kept.
    static let slotCount = 8
    /// Steps per doubling that copy sizes are rounded up to.
    static let stepsPerDoubling = 24.0

    /// The texture index of the first slot.
    let base: Int
    private struct Slot {
        var source = -1
        var width = 0, height = 0
        var lastUsed = -1
    }
    private var slots = [Slot](repeating: Slot(), count: DrawnSizeImages.slotCount)
    private var frame = 0
    /// Per command of the list last prepared: the texture index to draw it with instead, or −1.
    private(set) var remap = ContiguousArray<Int32>()
    /// Where each catalogue image's nearest-sampled texture is (at `nearestBase` + its
    /// index), with renderers that filter on their own; nil with the software renderer.
    ///
    /// Why: a command that draws an image at its own size, axis-aligned, samples it at
    /// texel centres, so linear filtering gives the pixels nearest sampling gives, plus a
    /// blur where the quad sits between pixels — and on Mesa's llvmpipe it cost: 10,000
    /// sprites at 1280×720 took 106 ms a frame to rasterize filtered against 81 ms nearest.
    /// Drawn nearest, such an image lands on whole pixels, as the software renderer draws it.
    var nearestBase: Int?

    init(base: Int) { self.base = base }

    /// Decides which commands of `list` (drawn at `scale` pixels per point) use a copy,
    /// making the copies missing from `images` (by texture index; copies are ARGB8888) and
    /// handing each new one to `replace(index, copy)`, which takes ownership.
    mutating func prepare(_ list: DrawList, scale: Float, images: [UnsafeMutablePointer<SDL_Surface>?],
                          replace: (Int, UnsafeMutablePointer<SDL_Surface>) -> Void) {
        frame += 1
        remap.removeAll(keepingCapacity: true)
        list.vertices.withUnsafeBufferPointer { vb in
            list.indices.withUnsafeBufferPointer { ib in
                for cmd in list.commands {
                    remap.append(-1)
                    let id = Int(cmd.mask > 0 ? list.masks[Int(cmd.mask) - 1].image.raw : cmd.texture.raw)
                    guard id > 0, id < base, id < images.count, let image = images[id], cmd.indexCount >= 3 else { continue }
                    let w = Double(image.pointee.w), h = Double(image.pointee.h)
                    let size: (Double, Double)?
                    if cmd.mask > 0 {
                        let r = list.masks[Int(cmd.mask) - 1].rect
                        size = (r.width * Double(scale), r.height * Double(scale))
                    } else {
                        if let nearestBase, Self.isOwnSize(ib.baseAddress! + cmd.indexStart, count: cmd.indexCount, vb.baseAddress!,
                                                            texels: (w, h), pixelsPerPoint: Double(scale)) {
                            remap[remap.count - 1] = Int32(nearestBase + id)
                            continue
                        }
                        size = Self.uniformScale(ib.baseAddress! + cmd.indexStart, count: cmd.indexCount, vb.baseAddress!,
                                                 texels: (w, h), pixelsPerPoint: Double(scale)).map { ($0.0 * w * Double(scale), $0.1 * h * Double(scale)) }
                    }
                    guard let (dw, dh) = size, let width = Self.copySize(dw, of: w), let height = Self.copySize(dh, of: h),
                          width < Int(w) || height < Int(h) else { continue }
                    remap[remap.count - 1] = Int32(slot(for: id, width: width, height: height, image: image, replace: replace))
                }
            }
        }
    }

    /// The size a copy for `drawn` pixels of an image `size` pixels long has: a whole number
    /// of pixels exactly (then the copy is drawn 1:1 — by our compositor with the software
    /// renderer, with no scaling left at all), else rounded up to a step; never more than the
    /// image; nil when not drawn at a finite positive size.
    static func copySize(_ drawn: Double, of size: Double) -> Int? {
        guard drawn.isFinite, drawn > 0 else { return nil }
        if abs(drawn - drawn.rounded()) < 1e-6 { return max(1, min(Int(size), Int(drawn.rounded()))) }
        let steps = (Foundation.log2(drawn / size) * stepsPerDoubling).rounded(.up)
        return max(1, min(Int(size), Int((size * Foundation.exp2(steps / stepsPerDoubling) - 1e-9).rounded(.up))))
    }

    /// Drawn points per image pixel across and down, when the image is drawn smaller than
    /// it is (at `pixelsPerPoint`) and every triangle of `idx[0..<count]` agrees to within 1 %; nil when they
    /// do not, or a triangle's texture coordinates span no area.
    private static func uniformScale(_ idx: UnsafePointer<Int32>, count: Int, _ v: UnsafePointer<DrawVertex>,
                                     texels: (Double, Double), pixelsPerPoint: Double) -> (Double, Double)? {
        guard let first = scale(idx, v, texels) else { return nil }
        // Nothing is shrunk: no copy, and no need to look further.
        guard first.0 * pixelsPerPoint < 1 || first.1 * pixelsPerPoint < 1 else { return nil }
        var k = 3
        while k + 2 < count {
            guard let s = scale(idx + k, v, texels), abs(s.0 - first.0) <= 0.01 * first.0,
                  abs(s.1 - first.1) <= 0.01 * first.1 else { return nil }
            k += 3
        }
        return (first.0, first.1)
    }

    /// Whether every triangle of `idx[0..<count]` draws its image at its own size (one pixel
    /// per image pixel at `pixelsPerPoint`), unturned and unflipped, to within 0.1 %.
    private static func isOwnSize(_ idx: UnsafePointer<Int32>, count: Int, _ v: UnsafePointer<DrawVertex>,
                                  texels: (Double, Double), pixelsPerPoint: Double) -> Bool {
        var k = 0
        while k + 2 < count {
            guard let (across, down) = map(idx + k, v, texels) else { return false }
            let a = across * pixelsPerPoint, d = down * pixelsPerPoint
            guard abs(a.x - 1) < 1e-3, abs(a.y) < 1e-3, abs(d.y - 1) < 1e-3, abs(d.x) < 1e-3 else { return false }
            k += 3
        }
        return count >= 3
    }

    /// One triangle's map from image pixels to points: where one pixel across and one down go.
    private static func map(_ i: UnsafePointer<Int32>, _ v: UnsafePointer<DrawVertex>, _ texels: (Double, Double)) -> (Vec2, Vec2)? {
        let a = v[Int(i[0])], b = v[Int(i[1])], c = v[Int(i[2])]
        let e1 = Vec2(Double(b.x - a.x), Double(b.y - a.y)), e2 = Vec2(Double(c.x - a.x), Double(c.y - a.y))
        let f1 = Vec2(Double(b.u - a.u) * texels.0, Double(b.v - a.v) * texels.1)
        let f2 = Vec2(Double(c.u - a.u) * texels.0, Double(c.v - a.v) * texels.1)
        let det = f1.x * f2.y - f1.y * f2.x
        guard abs(det) > 1e-9 else { return nil }
        return ((e1 * f2.y - e2 * f1.y) / det, (e2 * f1.x - e1 * f2.x) / det)
    }

    /// One triangle's points per image pixel along the image's x and y: the lengths of the
    /// columns of the map from texture to screen.
    private static func scale(_ i: UnsafePointer<Int32>, _ v: UnsafePointer<DrawVertex>, _ texels: (Double, Double)) -> (Double, Double)? {
        guard let (across, down) = map(i, v, texels) else { return nil }
        let sx = across.length, sy = down.length
        return sx.isFinite && sy.isFinite && sx > 0 && sy > 0 ? (sx, sy) : nil
    }

    /// The texture index of the copy of image `id` at `width` × `height`, made if missing.
    private mutating func slot(for id: Int, width: Int, height: Int, image: UnsafeMutablePointer<SDL_Surface>,
                               replace: (Int, UnsafeMutablePointer<SDL_Surface>) -> Void) -> Int {
        if let k = slots.firstIndex(where: { $0.source == id && $0.width == width && $0.height == height }) {
            slots[k].lastUsed = frame
            return base + k
        }
        guard let argb = SDL_ConvertSurfaceFormat(image, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else { return -1 }
        defer { SDL_FreeSurface(argb) }
        guard let copy = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue),
              let from = argb.pointee.pixels, let to = copy.pointee.pixels else { return -1 }
        ImageDownsample.downsample(from.assumingMemoryBound(to: UInt32.self), sourceWidth: Int(argb.pointee.w),
                                   sourceHeight: Int(argb.pointee.h), sourcePitch: Int(argb.pointee.pitch) / 4,
                                   into: to.assumingMemoryBound(to: UInt32.self), width: width, height: height)
        let k = slots.indices.min { slots[$0].lastUsed < slots[$1].lastUsed }!
        slots[k] = Slot(source: id, width: width, height: height, lastUsed: frame)
        replace(base + k, copy)
        return base + k
    }
}
