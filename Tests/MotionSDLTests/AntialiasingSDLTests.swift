import CSDL2
import Engine
import Geometry
@testable import MotionSDL
import Scenes
import Testing

/// Golden images for anti-aliased drawing with SDL's software renderer, against coverage
/// computed analytically (16×16 samples a pixel), with the tolerances stated per check.
extension SDLTests {
    @Suite struct AntialiasingSDLTests {
        static let bg = Color(20, 24, 32)

        /// Renders `draw` on a flat background and returns the pixels of `area` (points = pixels).
        func render(_ app: HeadlessApp, area: SDL_Rect, _ draw: (inout DrawList) -> Void) -> [Color] {
            var list = DrawList()
            list.background = Self.bg
            // As the frame driver sets it for this renderer.
            list.snapBias = app.platform.truncatesVertices ? 0.5 : 0
            draw(&list)
            app.platform.render(list)
            return app.platform.readPixels(area)
        }

        /// The fraction of pixel (x, y) inside `inside`, from 16×16 samples (5×5 first: a pixel
        /// they agree on is taken as wholly in or out).
        func coverage(_ x: Int, _ y: Int, _ inside: (Vec2) -> Bool) -> Double {
            let probe = (0..<25).map { inside(Vec2(Double(x) + Double($0 % 5) / 4, Double(y) + Double($0 / 5) / 4)) }
            if probe.allSatisfy({ $0 }) { return 1 }
            if probe.allSatisfy({ !$0 }) { return 0 }
            var n = 0
            for i in 0..<16 { for j in 0..<16 where inside(Vec2(Double(x) + (Double(i) + 0.5) / 16, Double(y) + (Double(j) + 0.5) / 16)) { n += 1 } }
            return Double(n) / 256
        }

        /// How much of `over` shows in `px` over the background: the least-squares blend factor.
        func measured(_ px: Color, over: Color) -> Double? {
            let d = [Double(over.r) - Double(Self.bg.r), Double(over.g) - Double(Self.bg.g), Double(over.b) - Double(Self.bg.b)]
            let m = [Double(px.r) - Double(Self.bg.r), Double(px.g) - Double(Self.bg.g), Double(px.b) - Double(Self.bg.b)]
            let dd = d[0] * d[0] + d[1] * d[1] + d[2] * d[2]
            guard dd > 60 * 60 else { return nil }
            return (m[0] * d[0] + m[1] * d[1] + m[2] * d[2]) / dd
        }

        @Test func theArrowMaskMatchesItsAnalyticCoverageAndShowsThePictureUnchangedInside() throws {
            let app = try HeadlessApp(scenes: [PatternScene()], size: Vec2(400, 400))
            // The picture 1:1 (256 px) at whole pixels, so the reference needs no resampling.
            let rect = Rect(x: 72, y: 72, w: 256, h: 256)
            let arrow = ArrowShape(center: rect.center, outerRadius: 128, thickness: 44, startRadians: -.pi / 2,
                                   lengthRadians: 2.3, headLengthRadians: 0.6)
            let area = SDL_Rect(x: 72, y: 72, w: 256, h: 256)
            let masked = render(app, area: area) { arrow.fill(into: &$0, color: .white, texture: Textures.photo, imageRect: rect) }
            let source = render(app, area: area) { $0.image(Textures.photo, in: rect) }
            #expect(masked.count == 256 * 256 && source.count == masked.count)
            let outline = arrow.outline(tolerance: 0.01)
            func inside(_ p: Vec2) -> Bool {
                // Even-odd rule on the exact (finely divided) outline.
                var c = false
                for i in outline.indices {
                    let a = outline[i], b = outline[(i + 1) % outline.count]
                    if (a.y > p.y) != (b.y > p.y), p.x < a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x) { c.toggle() }
                }
                return c
            }
            var edgeErrors: [Double] = [], worstInside = 0, outsideWrong = 0, deep = 0
            // Coverage of pixels 71…328 each way, computed once.
            let grid = (0..<(258 * 258)).map { coverage(71 + $0 % 258, 71 + $0 / 258, inside) }
            func cached(_ x: Int, _ y: Int) -> Double { grid[(y - 71) * 258 + (x - 71)] }
            for y in 0..<256 {
                for x in 0..<256 {
                    let k = y * 256 + x
                    let cov = cached(x + 72, y + 72)
                    let px = masked[k], src = source[k]
                    // A pixel whose neighbours are all wholly inside is away from the edge (the
                    // fringe's mitred corners reach a little farther than a pixel).
                    let ring = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)].map { cached(x + 72 + $0.0, y + 72 + $0.1) }
                    if cov == 1, ring.allSatisfy({ $0 == 1 }) {
                        deep += 1
                        worstInside = max(worstInside, abs(Int(px.r) - Int(src.r)), abs(Int(px.g) - Int(src.g)), abs(Int(px.b) - Int(src.b)))
                    } else if cov == 0, ring.allSatisfy({ $0 == 0 }) {
                        if px != Self.bg.withAlpha(255) { outsideWrong += 1 }
                    } else if let m = measured(px, over: src) {
                        edgeErrors.append(abs(m - cov))
                    }
                }
            }
            // Inside: the picture itself, within 2 levels (no seams where triangles meet).
            #expect(deep > 5000)
            #expect(worstInside <= 2, "worst difference inside: \(worstInside) levels")
            // Outside: nothing at all.
            #expect(outsideWrong == 0)
            // On the edge: the fringe's alpha follows the true coverage (a linear ramp across
            // one pixel: within 0.1 on average, 0.35 at worst at the sharp corners; measured
            // 0.028 and 0.27 over 1,840 edge pixels, and 0 levels off inside).
            let mean = edgeErrors.reduce(0, +) / Double(max(1, edgeErrors.count))
            #expect(edgeErrors.count > 400)
            #expect(mean <= 0.1, "mean coverage error \(mean)")
            #expect(edgeErrors.max() ?? 0 <= 0.35, "worst coverage error \(edgeErrors.max() ?? 0)")
        }

        /// SDL's software renderer truncates each vertex to a whole pixel before it rasterizes
        /// geometry, so a fringe drawn through it lands up to a pixel off (masks are
        /// rasterized by `CoverageRaster` and are exact): the checks here say so.
        @Test func ringEdgesBlendAcrossAPixelAndCirclesAreNotFaceted() throws {
            let app = try HeadlessApp(scenes: [PatternScene()], size: Vec2(400, 400))
            let white = Color(255, 255, 255)
            let area = SDL_Rect(x: 0, y: 0, w: 400, h: 400)
            let c = Vec2(200.3, 199.6), r = 150.0
            let px = render(app, area: area) { $0.fillCircle(center: c, radius: r, color: white) }
            func alpha(_ p: Vec2) -> Double { measured(px[Int(p.y) * 400 + Int(p.x)], over: white) ?? 0 }
            // Along a ray every degree: the edge is where alpha falls through one half, and it
            // falls through intermediate values, not in one step.
            var offsets: [Double] = [], ramps = 0
            for deg in 0..<360 {
                let d = Vec2(cos(Double(deg) * .pi / 180), sin(Double(deg) * .pi / 180))
                var last = 1.0, crossing: Double?
                var sawPartial = false
                for k in stride(from: r - 4, through: r + 4, by: 0.125) {
                    let a = alpha(c + d * k)
                    if a > 0.1 && a < 0.9 { sawPartial = true }
                    if crossing == nil, last >= 0.5, a < 0.5 { crossing = k }
                    last = a
                }
                if sawPartial { ramps += 1 }
                if let crossing { offsets.append(crossing - r) }
            }
            #expect(offsets.count == 360)
            // The true edge within a pixel all round (a 12-gon of this radius strays 5 px), and
            // no faceting: the offsets do not swing with the polygon's sides.
            // Measured with SDL 2.26's software renderer: offsets −1.0…0.875 px, a ramp on 299
            // of 360 rays (where both fringe vertices truncate to one pixel it is a step).
            #expect(offsets.allSatisfy { abs($0) <= 1.0 }, "\(offsets.min()!)…\(offsets.max()!)")
            #expect(ramps >= 270, "intermediate alpha on \(ramps) of 360 rays")
            // A stroked ring: intermediate values on both its edges along a radius.
            let ring = render(app, area: area) { $0.strokeCircle(center: Vec2(200, 200), radius: 100, width: 6, color: white) }
            let row = (290..<312).map { measured(ring[200 * 400 + $0], over: white) ?? 0 }
            #expect(row.filter { $0 > 0.1 && $0 < 0.9 }.count >= 2, "\(row)")
            #expect(row.contains { $0 > 0.98 })
        }
    }
}
