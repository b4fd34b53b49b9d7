import Foundation

extension FontShaper {
    /// Where a caret stands before each character of `text` and after the last, in ems,
    /// from one shaping: each character's glyphs (by HarfBuzz's clusters) span from its
    /// leftmost to its rightmost pen position, and its caret stands at its leading edge — the
    /// left in a left-to-right run, the right in a right-to-left one. Characters the font
    /// draws as one glyph (Arabic's lam-alef, a ligature) share its span in equal parts, so
    /// a caret between them stands inside it (it stood at the ligature's end twice, and a
    /// press of an arrow key did not move it: a tour). A character with no glyph of its own
    /// that draws nothing (a direction mark, a joiner) or lies past the shaped cut stands
    /// where the one before it ends. Cached per text.
    public func caretStops(of text: String) -> [Double] {
        lock.lock()
        defer { lock.unlock() }
        let key = LineKey(text: text, size: -1)
        if let s = stops[key] { return s }
        let shown = Self.cut(text)
        let (starts, left, right) = spans(of: text, shown: shown)
        let n = starts.count
        let rightToLeft = BidiRuns(shown).rightToLeft(atByteStarts: starts)
        // Characters that would be drawn had the font not joined them into the glyph before.
        let drawn = text.map { c in
            c.unicodeScalars.first.map { s in
                let category = s.properties.generalCategory
                return category != .format && category != .control && !s.properties.isDefaultIgnorableCodePoint
            } ?? false
        }
        let shownBytes = shown.utf8.count
        var out = [Double]()
        out.reserveCapacity(n + 1)
        var last = 0, i = 0
        while i < n {
            if left[i] == .max {
                out.append(Double(last) / face.unitsPerEm)
                i += 1
                continue
            }
            var k = i + 1
            while k < n && left[k] == .max && drawn[k] && starts[k] < shownBytes { k += 1 }
            let rtl = rightToLeft[i]
            let lead = Double(rtl ? right[i] : left[i]), trail = Double(rtl ? left[i] : right[i])
            for j in 0..<(k - i) { out.append((lead + (trail - lead) * Double(j) / Double(k - i)) / face.unitsPerEm) }
            last = rtl ? left[i] : right[i]
            i = k
        }
        out.append(Double(last) / face.unitsPerEm)
        remember(bytes: text.utf8.count + out.count * 8)
        stops[key] = out
        return out
    }
}
