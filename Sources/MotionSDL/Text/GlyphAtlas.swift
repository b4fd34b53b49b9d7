/// Glyphs rasterised at the sizes they are shown, packed in square pages (white, the glyph's
/// coverage in alpha, so that a tint colours it) that the platform makes textures of.
///
/// Pages are packed in shelves: a row as tall as its tallest glyph, glyphs left to right,
/// a pixel of clear space around each so that filtering never reads a neighbour. A glyph,
/// once placed, never moves: a frame built on another thread while this one is drawn keeps
/// pointing at the right pixels. When every page is full a new glyph gets no place and is
/// drawn as a box (`PlacedGlyph.texture` `.none`); with `pageSide` 1024 and `maxPages` 8 that
/// is about 12,000 glyphs at 13 pixels per em, 700 at 52.
///
/// Not thread-safe: `FontShaper` uses it under its lock.
package struct GlyphAtlas {
    /// A page's width and height, in pixels.
    package static let pageSide = 1024
    /// Pages at most (each `pageSide`² × 4 bytes here, and again as the platform's image).
    package static let maxPages = 8

    /// Where a glyph's image is: its page, its pixels there, and where it goes relative to
    /// the pen on the baseline.
    struct Slot {
        var page: Int
        var x: Int, y: Int, width: Int, height: Int
        var left: Int, top: Int
    }

    private struct Page {
        let pixels: UnsafeMutablePointer<UInt32>
        var shelfY = 0, shelfHeight = 0, x = 0
        /// Written since the platform last took a copy.
        var dirty = false
    }

    private var pages: [Page] = []

    /// Places a `width` × `height` image and copies it from `coverage` (rows `pitch` bytes
    /// apart), or returns nil when no page has room.
    mutating func place(width: Int, height: Int, coverage: UnsafePointer<UInt8>, pitch: Int, left: Int, top: Int) -> Slot? {
        let side = Self.pageSide
        guard width > 0, height > 0, width + 2 <= side, height + 2 <= side else { return nil }
        // The last page first (earlier ones are full to the height of their last shelf).
        if pages.isEmpty || !fits(width, height, in: pages[pages.count - 1]) {
            guard pages.count < Self.maxPages else { return nil }
            let pixels = UnsafeMutablePointer<UInt32>.allocate(capacity: side * side)
            pixels.initialize(repeating: 0, count: side * side)
            pages.append(Page(pixels: pixels))
        }
        let p = pages.count - 1
        var page = pages[p]
        if page.x + width + 2 > side {
            page.shelfY += page.shelfHeight
            page.shelfHeight = 0
            page.x = 0
        }
        let x = page.x + 1, y = page.shelfY + 1
        for row in 0..<height {
            let src = coverage + row * pitch
            let dst = page.pixels + (y + row) * side + x
            for col in 0..<width { dst[col] = UInt32(src[col]) << 24 | 0xFF_FFFF }
        }
        page.x += width + 2
        page.shelfHeight = max(page.shelfHeight, height + 2)
        page.dirty = true
        pages[p] = page
        return Slot(page: p, x: x, y: y, width: width, height: height, left: left, top: top)
    }

    private func fits(_ width: Int, _ height: Int, in page: Page) -> Bool {
        let side = Self.pageSide
        if page.x + width + 2 <= side { return page.shelfY + max(page.shelfHeight, height + 2) <= side }
        return page.shelfY + page.shelfHeight + height + 2 <= side
    }

    /// Hands each page written since the last call to `body` (its index and pixels,
    /// `pageSide` square), and marks it taken.
    mutating func takeDirtyPages(_ body: (Int, UnsafePointer<UInt32>) -> Void) {
        for i in pages.indices where pages[i].dirty {
            body(i, pages[i].pixels)
            pages[i].dirty = false
        }
    }

    /// Frees the pages.
    mutating func release() {
        for p in pages { p.pixels.deallocate() }
        pages = []
    }
}
