import Engine
import Geometry

/// The board's bottom bar and the banner over it: the last announcement (or a hint) wrapped
/// to the bar; the Songs, ♭ ♯, Undo and Redo buttons; and a message shown over the board for
/// a few seconds (a sheet that could not be read or saved). A value the board keeps, laid
/// out with it (`layout`) and handed what to say as it draws. How an announcement quotes a
/// lyric line (`quoted`) is here too, beside how the bar wraps it.
struct BoardBar {
    /// Where the bar is (`BoardScene.barFrame`), as last laid out.
    private(set) var frame = Rect.zero
    /// Where the sheet begins: the banner grows up to it, not over the chords' strip.
    private(set) var sheetTop = 0.0
    /// Opens the songs panel (shown with a song shelf only).
    var songs = Button(rect: .zero, label: "Songs")
    /// The song down or up a semitone (`BoardScene.transpose`).
    var transpose = (down: accidental("♭"), up: accidental("♯"))
    /// Undo and Redo, as laid out; the board enables them as its history allows.
    var undoRedo = (undo: Button(rect: .zero, label: "Undo"), redo: Button(rect: .zero, label: "Redo"))
    /// A message shown over the board for a few seconds.
    var banner = TimedMessage()
    /// The bar's and the banner's lines, kept while their text, width and font stay.
    private var linesMemo = TextMemo<(String, Double, Int, Double), [String]>()
    private var bannerMemo = TextMemo<(String, Double, Int, Double), [String]>()

    /// A transpose button: its sign drawn half as large again, as tall as the letters beside it.
    static func accidental(_ sign: String) -> Button {
        var b = Button(rect: .zero, label: sign)
        b.labelScale = 1.5
        return b
    }

    /// Lays the buttons out along the bar's right end, in `bar`: Redo at the end, then Undo,
    /// the transpose pair and Songs.
    mutating func layout(_ bar: Rect, sheetTop: Double) {
        frame = bar
        self.sheetTop = sheetTop
        let w = 72.0, t = 44.0
        undoRedo.redo.rect = Rect(x: bar.maxX - w, y: bar.minY, w: w, h: bar.height)
        undoRedo.undo.rect = Rect(x: bar.maxX - 2 * w - 8, y: bar.minY, w: w, h: bar.height)
        transpose.up.rect = Rect(x: undoRedo.undo.rect.minX - 16 - t, y: bar.minY, w: t, h: bar.height)
        transpose.down.rect = Rect(x: transpose.up.rect.minX - 4 - t, y: bar.minY, w: t, h: bar.height)
        songs.rect = Rect(x: transpose.down.rect.minX - 16 - w, y: bar.minY, w: w, h: bar.height)
    }

    /// The bar: `announcement` (or a hint), the Songs button `withSongs`, ♭ ♯, `undo` and `redo`.
    mutating func draw(into list: inout DrawList, font: BitmapFont, announcement: String, withSongs: Bool, undo: Button, redo: Button) {
        list.fillRect(frame, color: Color.panel.withAlpha(235))
        if withSongs { songs.draw(into: &list, font: font) }
        transpose.down.draw(into: &list, font: font)
        transpose.up.draw(into: &list, font: font)
        undo.draw(into: &list, font: font)
        redo.draw(into: &list, font: font)
        let lines = self.lines(announcement, font: font, withSongs: withSongs)
        var y = frame.midY - Double(lines.count) * font.cellHeight / 2
        for line in lines {
            list.text(line, at: Vec2(frame.minX + 12, y), font: font, color: announcement.isEmpty ? .dimText : .text)
            y += font.cellHeight
        }
    }

    /// The banner, if one shows, centred over the bar in a board of `bounds`, growing upward.
    mutating func drawBanner(into list: inout DrawList, font: BitmapFont, over bounds: Rect, avoiding clear: Rect? = nil) {
        guard let lines = bannerLines(font: font, over: bounds), let r = bannerFrame(font: font, over: bounds, avoiding: clear) else { return }
        // Opaque: lyrics showed through its words (a tour, at 480×320).
        list.fillRect(r, color: Color(hex: 0x7a1f2b))
        for (k, line) in lines.enumerated() {
            list.text(line, at: Vec2(r.minX + 12, r.minY + 8 + Double(k) * font.cellHeight), font: font, color: .white)
        }
    }

    /// Where the banner shows in a board of `bounds`, if one does: as wide as its widest
    /// line, centred, just over the bar. Its sides are on whole points, so that a click is
    /// taken on exactly the pixels drawn (with fractional sides, clicks were taken up to 2 px
    /// right of it: a tour). Where it would cover `clear` (the line typed in) it shows at the
    /// sheet's top instead, if it is clear there (at 480×320 a long one hid the typing: a tour).
    mutating func bannerFrame(font: BitmapFont, over bounds: Rect, avoiding clear: Rect? = nil) -> Rect? {
        guard let lines = bannerLines(font: font, over: bounds) else { return nil }
        var widest = 0.0
        for line in lines { widest = max(widest, font.width(of: line)) }
        let w = (widest + 24).rounded(.up), h = Double(lines.count) * font.cellHeight + 16
        let x = (bounds.midX - w / 2).rounded(.down)
        let low = Rect(x: x, y: frame.minY - 8 - h, w: w, h: h), high = Rect(x: x, y: sheetTop + 8, w: w, h: h)
        guard let clear, !low.intersection(clear).isEmpty, high.intersection(clear).isEmpty, high.maxY <= frame.minY else { return low }
        return high
    }

    /// A press at `p` on the banner puts it away, and is the banner's: what is under it
    /// (a lyric line, a chord) is not pressed. Whether it was on the banner.
    mutating func pressBanner(at p: Vec2, font: BitmapFont, over bounds: Rect, avoiding clear: Rect? = nil) -> Bool {
        guard let r = bannerFrame(font: font, over: bounds, avoiding: clear), r.contains(p) else { return false }
        banner = TimedMessage()
        return true
    }

    /// The banner's text as drawn in a board of `bounds`, if one shows: wrapped, not cut (at
    /// 480×320 "kept as the song …" lost why the sheet was not saved: a tour), onto as many
    /// lines as the sheet holds over the bar, 3 at least and 6 at most (3 still cut a long
    /// file name's reason at 480×320: a tour).
    mutating func bannerLines(font: BitmapFont, over bounds: Rect) -> [String]? {
        guard let text = banner.text else { return nil }
        let width = max(font.cellWidth * 4, bounds.width - 56)
        let room = (frame.minY - 24 - sheetTop) / font.cellHeight
        let most = room.isFinite ? Int(clamp(room, 3, 6)) : 3
        return bannerMemo.value(for: (text, width, most, font.cellWidth), same: ==) {
            Self.directed(font.wrapped(text, width: width, maxLines: most), like: text, font: font)
        }
    }

    /// `lines`, wrapped from `text`, each set to read in `text`'s direction: a line after the
    /// first that begins with a word of the other direction (a Hebrew song's name in an
    /// English message) was laid out as a paragraph of its own, its words in the other order
    /// (a tour). A mark of the paragraph's direction (U+200E or U+200F, drawn as nothing)
    /// goes before such a line.
    static func directed(_ lines: [String], like text: String, font: BitmapFont) -> [String] {
        guard lines.count > 1, let rtl = font.readsRightToLeft(text) else { return lines }
        return lines.enumerated().map { i, line in
            i == 0 || font.readsRightToLeft(line).map({ $0 == rtl }) != false ? line : (rtl ? "\u{200F}" : "\u{200E}") + line
        }
    }

    /// The bar's text as drawn: `announcement` (or a hint), wrapped onto as many lines as the
    /// bar holds rather than cut mid-word, beside the buttons (Songs `withSongs`).
    mutating func lines(_ announcement: String, font: BitmapFont, withSongs: Bool) -> [String] {
        let hint = "Drag a card onto a line · ← → and Space carry from the keyboard"
        let lines = max(1, Int(frame.height / font.cellHeight))
        let text = announcement.isEmpty ? hint : announcement
        let width = (withSongs ? songs.rect.minX : transpose.down.rect.minX) - frame.minX - 24
        return linesMemo.value(for: (text, width, lines, font.cellWidth), same: ==) {
            Self.directed(Self.wrap(text, hint: hint, width: width, lines: lines, font: font), like: text, font: font)
        }
    }

    /// The bar's text wrapped (`lines`): an announcement its last parts left out whole, the
    /// hint in the first of its forms that fits.
    private static func wrap(_ text: String, hint: String, width: Double, lines: Int, font: BitmapFont) -> [String] {
        guard text == hint else {
            // An announcement too long for the bar loses its last parts whole (" · ", a
            // quoted name kept whole), not its words cut: at 480×320 a tour read
            // "Songs · 2 · ↑ ↓ and …".
            var parts = Self.announcementParts(text)
            while parts.count > 1 {
                let shown = parts.joined(separator: " · ")
                let wrapped = font.wrapped(shown, width: width, maxLines: lines)
                // (Whole when its lines are the text again: a cut line ends in "…".)
                if wrapped.joined(separator: " ") == shown { return wrapped }
                parts.removeLast()
            }
            return font.wrapped(parts.joined(separator: " · "), width: width, maxLines: lines)
        }
        // The hint in the first of its forms that is not cut mid-word, or none: a visual
        // tour read "carry fr…" at 480×320, and a review "card ont…" there beside the
        // Songs button.
        for form in [hint, "Drag a card onto a line", "Drag a card"] {
            let wrapped = font.wrapped(form, width: width, maxLines: lines)
            if wrapped.last?.hasSuffix("…") != true { return wrapped }
        }
        return []
    }

    /// The start of a lyric in quotes, as announcements name a line: its first words, up to
    /// about 16 characters, and "…" where it was cut.
    static func quoted(_ text: String) -> String {
        var out = ""
        for word in text.split(separator: " ") {
            if !out.isEmpty && out.count + word.count + 1 > 16 { break }
            out += (out.isEmpty ? "" : " ") + word
            if out.count >= 16 { break }
        }
        let cut = out.count < text.count
        while let last = out.last, cut, ",;:.!?".contains(last) { out.removeLast() }
        if out.count > 24 { out = String(out.prefix(23)) }
        return "'\(out)\(cut || out.count < text.count ? "…" : "")'"
    }

    /// `text`'s parts between " · ", a quoted name (“…”) kept whole. A quote left open (a
    /// song named `Say “Hi`) keeps nothing whole: the parts are then split at every " · ".
    static func announcementParts(_ text: String) -> [Substring] {
        let parts = announcementParts(text, quotes: true)
        return parts.count == 1 && text.contains(" · ") && isLeftOpen(text) ? announcementParts(text, quotes: false) : parts
    }

    /// Whether a “ in `text` has no ” after it.
    private static func isLeftOpen(_ text: String) -> Bool {
        var depth = 0
        for c in text { if c == "“" { depth += 1 } else if c == "”" { depth = max(0, depth - 1) } }
        return depth > 0
    }

    private static func announcementParts(_ text: String, quotes: Bool) -> [Substring] {
        var parts: [Substring] = [], start = text.startIndex, i = text.startIndex, quoted = 0
        while i < text.endIndex {
            if quotes { if text[i] == "“" { quoted += 1 } else if text[i] == "”" { quoted = max(0, quoted - 1) } }
            if quoted == 0, text[i...].hasPrefix(" · ") {
                parts.append(text[start..<i])
                i = text.index(i, offsetBy: 3)
                start = i
                continue
            }
            i = text.index(after: i)
        }
        parts.append(text[start...])
        return parts
    }
}
