import Geometry

extension DrawList {
    /// Strokes the outline of `r`.
    public mutating func strokeRect(_ r: Rect, width: Double, color: Color) {
        polyline([Vec2(r.minX, r.minY), Vec2(r.maxX, r.minY), Vec2(r.maxX, r.maxY), Vec2(r.minX, r.maxY)],
                 width: width, color: color, closed: true)
    }

    /// Press and hold's progress: an arc from the top, clockwise, `progress` (0…1) of the
    /// way round a circle of `radius` about `center` — the one ring every hold fills (a card
    /// lifting, a basket ball, an anchor about to be deleted). `segments` divide a whole turn.
    public mutating func holdRing(center: Vec2, radius: Double, progress: Double, width: Double, color: Color, segments: Int = 48) {
        let n = max(2, Int(Double(segments) * progress))
        let arc = (0...n).map { k in
            center + Vec2.unit(angle: -Double.pi / 2 + 2 * Double.pi * progress * Double(k) / Double(n)) * radius
        }
        polyline(arc, width: width, color: color, closed: false)
    }

    /// Strokes `outline` — points made in a unit square — scaled into `frame`.
    public mutating func strokeOutline(_ outline: [Vec2], in frame: Rect, width: Double, color: Color) {
        polyline(outline.lazy.map { frame.origin + Vec2($0.x * frame.width, $0.y * frame.height) }, width: width, color: color, closed: true)
    }
}

extension BitmapFont {
    /// `text` cut to fit `width` with a trailing "…" (whole as it is when it fits).
    public func fitted(_ text: String, width: Double) -> String {
        guard self.width(of: text) > width else { return text }
        if shaper != nil {
            // The most whole characters (grapheme clusters) that fit with the "…", found by
            // halving: widths come from the shaper, and a prefix never grows narrower.
            let chars = Array(text)
            var lo = 0, hi = chars.count
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if self.width(of: String(chars[..<mid]) + "…") <= width { lo = mid } else { hi = mid - 1 }
            }
            return String(chars[..<lo]) + "…"
        }
        let fit = max(0, Int(width / cellWidth) - 1)
        // The first `fit` cells, each with the marks that sit on it.
        var out = String.UnicodeScalarView(), cells = 0
        for c in text.unicodeScalars {
            if BitmapFont.advances(c) {
                if cells == fit { break }
                cells += 1
            }
            out.append(c)
        }
        return String(out) + "…"
    }

    /// `text` broken at spaces into at most `maxLines` lines of at most `width` points each;
    /// a word longer than a line is broken (after a "/" or "-" where one fits: a file's path
    /// between its folders), and what does not fit in the last line ends in "…".
    public func wrapped(_ text: String, width: Double, maxLines: Int) -> [String] {
        guard maxLines > 1, self.width(of: text) > width else { return [fitted(text, width: width)] }
        var lines: [String] = [], line = ""
        var words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)[...]
        while let word = words.first, lines.count < maxLines - 1 {
            let candidate = line.isEmpty ? word : line + " " + word
            // A word wider than a line on its own fills this one from where it stands.
            if self.width(of: candidate) <= width || line.isEmpty || self.width(of: word) > width {
                line = candidate
                words.removeFirst()
                if self.width(of: line) > width {
                    // (Cut before: an export's file name lost its end at 480×320.)
                    let chars = Array(line), k = fittingStart(chars, width: width)
                    lines.append(String(chars[..<k]))
                    line = ""
                    let rest = String(chars[k...].drop { $0 == " " })
                    if !rest.isEmpty { words.insert(rest, at: words.startIndex) }
                }
            } else {
                lines.append(line)
                line = ""
            }
        }
        let rest = ([line].filter { !$0.isEmpty } + words).joined(separator: " ")
        if !rest.isEmpty { lines.append(fitted(rest, width: width)) }
        return lines
    }

    /// How many of `chars` (at least one) start a line of at most `width` points, where a
    /// word too long for a line is broken: the most that fit, found by halving (a start
    /// never grows narrower), or fewer, up to a "/" or "-" in their last half.
    public func fittingStart(_ chars: [Character], width: Double) -> Int {
        var lo = 1, hi = chars.count
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if self.width(of: String(chars[..<mid])) <= width { lo = mid } else { hi = mid - 1 }
        }
        if let k = chars[lo / 2..<lo].lastIndex(where: { $0 == "/" || $0 == "-" }), k + 1 < chars.count { return k + 1 }
        return lo
    }
}
