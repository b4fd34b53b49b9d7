import Engine
import Geometry

/// Where a line's chords stand over its lyric, and which character a chord moved to a place
/// stands on: the typography of a chord sheet, apart from any window.
///
/// A chord stands over the start of the character it is on (`SheetDocument.Chord.at`): its
/// left edge on a left-to-right character's left side, its right edge on a right-to-left
/// character's right side (Hebrew, Arabic). Past the text it stands a space's width per step
/// on from the text's end, the way the line reads.
public struct ChordLineLayout: Sendable {
    /// Where the caret stands before each character of the lyric and after its last
    /// (points, in the line's space), as the shaper placed them.
    public let stops: [Double]
    /// The line reads right to left: its first character is its right end (the shaper lays
    /// a line out in the direction of its first strong letter).
    public let readsRightToLeft: Bool
    /// The text's left and right ends.
    public let minX: Double, maxX: Double
    /// A chord's width.
    public let chordWidth: Double
    /// A space's width: the step of a chord's `at` past the end of the text.
    public let spaceWidth: Double
    /// Each character's direction as the shaper laid it out, where known (else read from the
    /// stops, which cannot tell it for the last letter of a right-to-left run followed by
    /// left-to-right text: the stop after it is the next run's).
    public let directions: [Bool]?

    /// The layout of a lyric whose caret stops are `stops`, for chords `chordWidth` wide;
    /// `rightToLeft`, each character's direction where the shaper knows it, and
    /// `readsRightToLeft`, the line's, where it knows that (else read from the stops).
    public init(stops: [Double], chordWidth: Double, spaceWidth: Double, rightToLeft: [Bool]? = nil, readsRightToLeft: Bool? = nil) {
        self.stops = stops
        self.chordWidth = chordWidth
        self.spaceWidth = spaceWidth
        directions = rightToLeft.flatMap { $0.count == stops.count - 1 ? $0 : nil }
        minX = stops.min() ?? 0
        maxX = stops.max() ?? 0
        self.readsRightToLeft = readsRightToLeft ?? Self.readsRightToLeft(stops)
    }

    /// Whether a line whose caret stops are `stops` reads right to left: the shaper lays a
    /// line out in the direction of its first strong letter, so its first stop is then its
    /// right end.
    public static func readsRightToLeft(_ stops: [Double]) -> Bool {
        guard let first = stops.first, let widest = stops.max(), let least = stops.min() else { return false }
        return widest > least && first == widest
    }

    /// Whether character `i` runs right to left (the stop after it is left of the one
    /// before it). A character of no width (a mark on the one before, a direction mark, a
    /// ligature's second letter) goes the way of the nearest one that has width; past the
    /// text, the way the line reads.
    public func runsRightToLeft(_ i: Int) -> Bool {
        let last = stops.count - 1
        guard i < last else { return readsRightToLeft }
        if let directions { return directions[max(0, i)] }
        var j = max(0, i)
        while j < last - 1, stops[j + 1] == stops[j] { j += 1 }
        if stops[j + 1] == stops[j] {
            j = max(0, i)
            while j > 0, stops[j + 1] == stops[j] { j -= 1 }
        }
        return stops[j + 1] == stops[j] ? readsRightToLeft : stops[j + 1] < stops[j]
    }

    /// The left edge of a chord standing on character `at`.
    public func anchorX(_ at: Int) -> Double {
        let last = stops.count - 1
        if at >= last {
            let past = Double(at - last) * spaceWidth
            return readsRightToLeft ? minX - past - chordWidth : maxX + past
        }
        return runsRightToLeft(at) ? stops[max(0, at)] - chordWidth : stops[max(0, at)]
    }

    /// Each chord's left edge, for chords on characters `ats` (in the line's order). Chords
    /// on characters from `from` on stand `by` characters further (text being composed at
    /// the caret moves them as typing would). Two chords that would overlap are set side by
    /// side, in the order of their characters: a run on left-to-right characters rightward,
    /// one on right-to-left ones leftward. Every edge is kept within `lowest...highest`; a
    /// run that reaches that end is set back from it side by side, not piled on it (chords
    /// past a long line's end, or on the last letters of a right-to-left lyric that starts
    /// at the line's left), while there is room; chords of different runs that meet are set
    /// apart, the later in reading order moving to the nearest free place over the text.
    public func chordXs(_ ats: [Int], shiftingFrom from: Int = .max, by: Int = 0, lowest: Double, highest: Double) -> [Double] {
        let order = ats.indices.sorted { (ats[$0], $0) < (ats[$1], $1) }
        var xs = [Double](repeating: 0, count: ats.count)
        // Where each run of one direction begins in `order`, and which way it goes.
        var runs: [(start: Int, leftward: Bool)] = []
        var right = -Double.infinity, left = Double.infinity, previous = -1
        for (n, k) in order.enumerated() {
            let on = ats[k] >= from ? ats[k] + by : ats[k]
            let rtl = runsRightToLeft(on)
            // A new run where the direction changes, between the chords' characters too:
            // "2" and "chorus" in "שיר 2 chorus" are two runs of one direction that stand in
            // the other order (a tour saw the chord on "c" pushed right of the one on "2").
            let sameRun = rtl == runs.last?.leftward && (previous + 1..<max(previous + 1, on)).allSatisfy { runsRightToLeft($0) == rtl }
            if !sameRun {
                (right, left) = (-.infinity, .infinity)
                runs.append((n, rtl))
            }
            previous = on
            let a = anchorX(on)
            let x = clamp(rtl ? min(a, left - 2 - chordWidth) : max(a, right + 2), lowest, highest)
            xs[k] = x
            right = x + chordWidth
            left = x
        }
        // Back from the end each run went toward: its last chords, piled there, side by side.
        for (r, run) in runs.enumerated() {
            let end = r + 1 < runs.count ? runs[r + 1].start : order.count
            var bound = run.leftward ? lowest : highest
            for n in stride(from: end - 1, through: run.start, by: -1) {
                let k = order[n]
                if run.leftward {
                    xs[k] = min(max(xs[k], bound), highest)
                    bound = xs[k] + chordWidth + 2
                } else {
                    xs[k] = max(min(xs[k], bound), lowest)
                    bound = xs[k] - 2 - chordWidth
                }
            }
        }
        guard runs.count > 1 else { return xs }
        // Chords of runs of different directions can still meet (a chord on a Hebrew letter
        // ends where one on the Latin word beside it starts): in reading order, each keeps its
        // place if it is free, else takes the nearest free one within the bounds.
        var placed: [Double] = []  // left edges, sorted
        for k in order {
            // (Within the text's span, or no further out than it stood.)
            let x = xs[k], inner = (max(lowest, minX - chordWidth), min(highest, maxX))
            xs[k] = nearestFree(x, among: placed, lowest: min(x, inner.0), highest: max(x, inner.1))
            // No free place over the text: anywhere within the bounds rather than on another
            // chord (one was drawn hidden under another: a tour).
            if !isFree(xs[k], among: placed) { xs[k] = nearestFree(x, among: placed, lowest: lowest, highest: highest) }
            var at = placed.count
            while at > 0, placed[at - 1] > xs[k] { at -= 1 }
            placed.insert(xs[k], at: at)
        }
        return xs
    }

    /// Whether a chord at `x` meets none of those at `placed`.
    func isFree(_ x: Double, among placed: [Double]) -> Bool { !placed.contains { abs($0 - x) < chordWidth + 2 - 1e-9 } }

    /// The left edge nearest `x` where a chord meets none of those at `placed` (left edges,
    /// sorted) within `lowest...highest`; `x` itself when none is.
    func nearestFree(_ x: Double, among placed: [Double], lowest: Double, highest: Double) -> Double {
        let gap = chordWidth + 2
        // The first placed edge past `v`.
        func after(_ v: Double) -> Int {
            var lo = 0, hi = placed.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if placed[mid] > v { hi = mid } else { lo = mid + 1 }
            }
            return lo
        }
        let first = after(x - gap)
        guard first < placed.count, placed[first] < x + gap else { return x }
        // Past the chords it meets, rightward, and leftward.
        var right = x, j = first
        while j < placed.count, placed[j] < right + gap {
            right = max(right, placed[j] + gap)
            j += 1
        }
        var left = x, i = after(x + gap - 1e-9) - 1
        while i >= 0, placed[i] > left - gap {
            left = min(left, placed[i] - gap)
            i -= 1
        }
        let r = right <= highest ? right : nil, l = left >= lowest ? left : nil
        switch (r, l) {
        case let (r?, l?): return r - x <= x - l ? r : l
        case let (r?, nil): return r
        case let (nil, l?): return l
        case (nil, nil): return x
        }
    }

    /// The character a chord whose left edge is at `x` stands on: the one whose chord would
    /// be drawn nearest `x` (`anchorX`; the first of equals); beyond the text's end (on the
    /// side the line reads toward), the nearest space's step, at most `maxAt`. In a line of
    /// one direction that is the character whose start is nearest the chord's left edge (or,
    /// right to left, its right edge); in a mixed one, where a run's letters stand in the
    /// other order, it is still the character the chord lands over.
    public func anchor(forX x: Double, maxAt: Int) -> Int {
        let last = stops.count - 1
        guard x.isFinite else { return 0 }
        let limit = Double(maxAt - last)
        if readsRightToLeft {
            if x + chordWidth < minX - spaceWidth / 2 {
                return last + Int(min(((minX - (x + chordWidth)) / spaceWidth).rounded(), limit))
            }
        } else if x > maxX + spaceWidth / 2 {
            return last + Int(min(((x - maxX) / spaceWidth).rounded(), limit))
        }
        var best = 0, bestDistance = Double.infinity
        for c in 0...max(0, last) {
            let d = abs(anchorX(c) - x)
            if d < bestDistance { (best, bestDistance) = (c, d) }
        }
        return best
    }
}
