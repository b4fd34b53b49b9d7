import CText

/// One font file as HarfBuzz shapes it and FreeType rasterises it.
///
/// Why not SDL2_ttf: version 2.20 (Debian 12's) hands shaped text back only as a whole
/// line's surface, and rasterises single glyphs only by code point. A line a frame would
/// then be an image a frame (the HUD's numbers change every frame), and a combining mark or
/// an Arabic letter's joined form, which have no code point of their own, could not be
/// cached. So the two libraries SDL2_ttf is made of are used directly: HarfBuzz turns a line
/// into glyph indices and positions, FreeType renders each glyph index once per size into
/// the atlas (`GlyphAtlas`).
///
/// Not thread-safe: `FontShaper` calls it under its lock.
final class FontFace {
    /// The file's bytes, which both libraries read in place for as long as the face lives.
    private let bytes: UnsafeMutableRawBufferPointer
    private var library: FT_Library?
    private var face: FT_Face?
    private let blob: OpaquePointer
    private let hbFace: OpaquePointer
    private let font: OpaquePointer
    private let buffer: OpaquePointer
    /// Font units per em: HarfBuzz's positions are in these (its scale is one em).
    let unitsPerEm: Double
    /// How far the letters reach above and below the baseline, in ems (both positive).
    let ascent: Double, descent: Double
    /// The size FreeType is set to, in 1/64 pixel (0: none yet).
    private var rasterSize = 0

    /// Why a font file was refused.
    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    /// The face in `data`, the file at `path` (named in a refusal: not a font FreeType reads,
    /// no glyphs, or a table HarfBuzz cannot use); `index` picks a face of a collection (.ttc).
    init(_ data: [UInt8], path: String, index: Int = 0) throws(Refusal) {
        guard !data.isEmpty else { throw Refusal(description: "\(path): the file is empty, not a font") }
        bytes = .allocate(byteCount: data.count, alignment: 16)
        bytes.copyBytes(from: data)
        var lib: FT_Library?
        var ftFace: FT_Face?
        var err = FT_Init_FreeType(&lib)
        if err == 0 { err = FT_New_Memory_Face(lib, bytes.baseAddress!.assumingMemoryBound(to: FT_Byte.self), FT_Long(data.count), FT_Long(index), &ftFace) }
        let chars = UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self)
        blob = hb_blob_create(chars, UInt32(data.count), HB_MEMORY_MODE_READONLY, nil, nil)
        hbFace = hb_face_create(blob, UInt32(clamping: index))
        font = hb_font_create(hbFace)
        buffer = hb_buffer_create()
        library = lib
        face = ftFace
        let upem = Double(hb_face_get_upem(hbFace))
        unitsPerEm = upem > 0 ? upem : 1000
        hb_font_set_scale(font, Int32(unitsPerEm), Int32(unitsPerEm))
        var extents = hb_font_extents_t()
        hb_font_get_h_extents(font, &extents)
        ascent = Double(extents.ascender) / unitsPerEm
        descent = -Double(extents.descender) / unitsPerEm
        guard err == 0, ftFace != nil else {
            throw Refusal(description: "\(path): not a font FreeType can read (FreeType error \(err))")
        }
        guard ftFace!.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 else {
            throw Refusal(description: "\(path): a bitmap font, drawn at fixed sizes only")
        }
        guard hb_face_get_glyph_count(hbFace) > 1, upem > 0 else {
            throw Refusal(description: "\(path): the font has no glyphs or no units per em")
        }
        guard ascent.isFinite, descent.isFinite, ascent > 0, ascent + descent > 0, ascent + descent < 4 else {
            throw Refusal(description: "\(path): the font's ascent and descent (\(extents.ascender), \(extents.descender) of \(Int(upem)) units) are not usable")
        }
    }

    deinit {
        hb_buffer_destroy(buffer)
        hb_font_destroy(font)
        hb_face_destroy(hbFace)
        hb_blob_destroy(blob)
        if let face { FT_Done_Face(face) }
        if let library { FT_Done_FreeType(library) }
        bytes.deallocate()
    }

    /// Whether the font has a glyph of its own for `scalar` (HarfBuzz's cmap lookup).
    func covers(_ scalar: Unicode.Scalar) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar.value, &glyph) != 0 && glyph != 0
    }

    /// A glyph as shaped: its index in the font, how far it moves the pen and how far it is
    /// moved from the pen (HarfBuzz's offsets, y up), in font units.
    struct Shaped {
        var glyph: UInt32
        /// Which of the shaper's faces the glyph is from (0: the font itself).
        var face: UInt8 = 0
        /// The UTF-8 offset in the text of the character the glyph belongs to.
        var cluster: UInt32 = 0
        var advance: Int32
        var dx: Int32
        var dy: Int32
    }

    /// `text` shaped, into `out` (emptied first), glyphs in visual order (left to right), each
    /// piece with the face `faceOf` names for it (`faces[0]` is the font itself; positions
    /// come out in its units).
    ///
    /// A line may mix directions ("Verse 2: שלום עולם"), so it is cut into runs of one
    /// direction first (`BidiRuns`), each shaped with the whole line as context (Arabic letters
    /// join across a run's edge as they would within it), and the runs laid out in visual
    /// order (a number in a right-to-left line is a run of its own). Within a run, each stretch of
    /// characters one face draws is shaped with that face (`pieces`: UTF-8 ranges and faces
    /// in logical order), and a right-to-left run lays its stretches out from the right.
    /// A stretch is cut where its script changes (`Scripts`): Hebrew then Arabic is one
    /// right-to-left run that one font draws, and shaped as Hebrew (the first letter's
    /// script) its Arabic letters did not join (a hostile tour's "שלום مرحبا").
    static func shape(_ text: String, faces: [FontFace], pieces: [(start: Int, end: Int, face: UInt8)], into out: inout [Shaped]) {
        out.removeAll(keepingCapacity: true)
        let runs = BidiRuns(text)
        let scripts = Scripts(text)
        var text = text
        text.withUTF8 { utf8 in
            guard let base = utf8.baseAddress, !utf8.isEmpty else { return }
            let chars = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
            for run in runs.visual.map({ runs.runs[$0] }) {
                var stretches: [(start: Int, end: Int, face: UInt8)] = []
                // The pieces are in order: the run's first found by bisection, then those up
                // to its end (a scan of every piece for every run was quadratic on a line
                // alternating directions and fallback faces, the second review argued).
                for p in pieces[firstIndex(pieces.count) { pieces[$0].end > run.start }...] {
                    guard p.start < run.end else { break }
                    guard p.end > run.start else { continue }
                    let start = max(p.start, run.start), end = min(p.end, run.end)
                    if let last = stretches.last, last.face == p.face, last.end == start { stretches[stretches.count - 1].end = end } else {
                        stretches.append((start, end, p.face))
                    }
                }
                if stretches.isEmpty { stretches = [(run.start, run.end, 0)] }
                if scripts.cuts.isEmpty {
                    // One script (nearly every line): no cut, nothing more made.
                    for s in run.rightToLeft ? stretches.reversed() : stretches {
                        faces[Int(s.face)].shapeRun(chars, count: utf8.count, start: s.start, end: s.end, rightToLeft: run.rightToLeft,
                                                    script: scripts.first, as: s.face, inUnitsOf: faces[0].unitsPerEm, into: &out)
                    }
                    continue
                }
                var scripted: [(start: Int, end: Int, face: UInt8, script: hb_script_t)] = []
                for s in stretches {
                    var start = s.start, k = scripts.firstCut(after: start), script = scripts.script(at: start)
                    while k < scripts.cuts.count && scripts.cuts[k].at < s.end {
                        scripted.append((start, scripts.cuts[k].at, s.face, script))
                        (start, script) = scripts.cuts[k]
                        k += 1
                    }
                    scripted.append((start, s.end, s.face, script))
                }
                for s in run.rightToLeft ? scripted.reversed() : scripted {
                    faces[Int(s.face)].shapeRun(chars, count: utf8.count, start: s.start, end: s.end, rightToLeft: run.rightToLeft,
                                                script: s.script, as: s.face, inUnitsOf: faces[0].unitsPerEm, into: &out)
                }
            }
        }
    }

    /// Bytes `start..<end` of the UTF-8 text `chars` (`count` bytes, the whole line as
    /// context) shaped with this face, appended to `out` as face `index`, with positions
    /// in units of `unitsPerEm` (the line's first face's).
    private func shapeRun(_ chars: UnsafePointer<CChar>, count: Int, start: Int, end: Int, rightToLeft: Bool,
                          script: hb_script_t, as index: UInt8, inUnitsOf units: Double, into out: inout [Shaped]) {
        hb_buffer_clear_contents(buffer)
        hb_buffer_add_utf8(buffer, chars, Int32(count), UInt32(start), Int32(end - start))
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        // (HB_SCRIPT_INVALID: none known, HarfBuzz guesses it with the language.)
        if script != HB_SCRIPT_INVALID { hb_buffer_set_script(buffer, script) }
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font, buffer, nil, 0)
        var n: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &n), let positions = hb_buffer_get_glyph_positions(buffer, nil) else { return }
        out.reserveCapacity(out.count + Int(n))
        let k = units / unitsPerEm
        func scaled(_ v: Int32) -> Int32 { k == 1 ? v : Int32(clamping: Int((Double(v) * k).rounded())) }
        for i in 0..<Int(n) {
            out.append(Shaped(glyph: infos[i].codepoint, face: index, cluster: infos[i].cluster, advance: scaled(positions[i].x_advance),
                              dx: scaled(positions[i].x_offset), dy: scaled(positions[i].y_offset)))
        }
    }

    /// The scripts of a line: its first letter's (`first`; HB_SCRIPT_INVALID with no letter),
    /// and where it changes (`cuts`: UTF-8 offsets where a letter of another script than the
    /// letters before it begins, with that script, the first at 0; empty for a line of one
    /// script, so nearly every line makes no array). Characters of no script of their own
    /// (spaces, digits, punctuation, combining marks: Common and Inherited) go with the
    /// letters before them, as UAX #24 resolves them.
    struct Scripts {
        var first = HB_SCRIPT_INVALID
        var cuts: [(at: Int, script: hb_script_t)] = []

        init(_ text: String) {
            let funcs = hb_unicode_funcs_get_default()
            var current = HB_SCRIPT_INVALID, offset = 0
            for s in text.unicodeScalars {
                let script = hb_unicode_script(funcs, s.value)
                if script != HB_SCRIPT_COMMON && script != HB_SCRIPT_INHERITED && script != HB_SCRIPT_UNKNOWN && script != current {
                    if current == HB_SCRIPT_INVALID {
                        first = script
                    } else {
                        if cuts.isEmpty { cuts.append((0, first)) }
                        cuts.append((offset, script))
                    }
                    current = script
                }
                offset += UTF8.width(s)
            }
        }

        /// The index of the first cut after UTF-8 offset `at`.
        func firstCut(after at: Int) -> Int { firstIndex(cuts.count) { cuts[$0].at > at } }

        /// The script in force at UTF-8 offset `at`.
        func script(at: Int) -> hb_script_t {
            let k = firstCut(after: at)
            return k == 0 ? first : cuts[k - 1].script
        }
    }

    /// A glyph rendered to 8-bit coverage: rows `pitch` bytes apart, placed `left` pixels right
    /// of the pen and `top` pixels above the baseline.
    struct Bitmap {
        var width: Int, height: Int, pitch: Int, left: Int, top: Int
        var pixels: UnsafePointer<UInt8>?
    }

    /// `glyph` rendered at `pixelSize` pixels per em (valid until the next call), or nil when
    /// FreeType cannot render it (a damaged outline): the caller draws a box.
    func render(_ glyph: UInt32, pixelSize: Double) -> Bitmap? {
        guard let face else { return nil }
        let size = Int((pixelSize * 64).rounded())
        if size != rasterSize {
            guard FT_Set_Char_Size(face, 0, FT_F26Dot6(size), 72, 72) == 0 else { return nil }
            rasterSize = size
        }
        guard FT_Load_Glyph(face, glyph, motionlab_ft_load_light_render()) == 0, let slot = face.pointee.glyph else { return nil }
        let b = slot.pointee.bitmap
        guard b.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) || b.width == 0 || b.rows == 0 else { return nil }
        return Bitmap(width: Int(b.width), height: Int(b.rows), pitch: Int(b.pitch), left: Int(slot.pointee.bitmap_left),
                      top: Int(slot.pointee.bitmap_top), pixels: b.buffer.map { UnsafePointer($0) })
    }
}

/// The first index below `count` where `isPast` holds, by bisection (`count` when none does):
/// `isPast` must be false up to some index and true from it on, as it is along offsets in order.
private func firstIndex(_ count: Int, where isPast: (Int) -> Bool) -> Int {
    var lo = 0, hi = count
    while lo < hi {
        let mid = (lo + hi) / 2
        if isPast(mid) { hi = mid } else { lo = mid + 1 }
    }
    return lo
}
