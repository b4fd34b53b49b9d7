/// A guitar voicing for a chord the voicings file does not list (a transposed Fmaj7 is
/// F♯maj7; a Cadd9 taken up a tone is Dadd9): found by trying every shape a hand can hold in
/// standard tuning and keeping the easiest that plays the chord.
///
/// A shape here sounds the strings from its lowest one up to the high E (or the B, four
/// strings or more, where no shape with the high E plays the chord as easily), the lowest playing
/// the chord's bass (its root, or the note after a slash), every note a tone of the chord and
/// every tone it needs among them (a fifth may go where the chord has four tones or more, as
/// guitarists leave it out). It fits in four frets, with open strings where they ring, and
/// takes at most four fingers, one of them laid across as a barre where five strings or more
/// are fretted, with nothing fretted below it; no three fingers on one fret with an open
/// string ringing between them. (A power chord, which mutes the high strings, is not found,
/// nor a shape with a muted string between sounding ones: F♯9/C♯ has none, and its card
/// shows the name alone.) Of those, the one kept sounds the most strings, sits lowest on the neck,
/// takes the fewest fingers and the narrowest stretch, keeps the fifth where it can and puts
/// no second between its low strings.
enum ChordVoicer {
    /// Standard tuning's open strings as pitch classes, from the low E.
    static let openStrings = [4, 9, 2, 7, 11, 4]
    /// The highest fret a shape's four may start at.
    static let highestPosition = 10

    /// The tones (semitones above the root) a chord of `suffix` needs, and those it may leave
    /// out; nil for a suffix not known here (the card then goes without a diagram).
    static func tones(suffix: String) -> (needed: [Int], optional: [Int])? {
        var s = ""
        for c in suffix where c != "(" && c != ")" && c != "," && c != " " {
            s.append(c == "♯" ? "#" : c == "♭" ? "b" : c == "Δ" || c == "^" ? "Δ" : c)
        }
        let triad: [Int]
        switch s {
        case "", "maj", "M", "Maj", "ma", "MA": triad = [0, 4, 7]
        case "m", "mi", "min", "-", "MI": triad = [0, 3, 7]
        case "dim", "°", "o": return ([0, 3, 6], [])
        case "aug", "+", "#5", "+5": return ([0, 4, 8], [])
        case "sus4", "sus": triad = [0, 5, 7]
        case "sus2": triad = [0, 2, 7]
        default:
            guard let (needed, fifth) = extended[s] else { return nil }
            return fifth ? (needed, [7]) : (needed, [])
        }
        return (triad, [])
    }

    /// Four tones or more: those needed beyond the root, and whether a perfect fifth may
    /// sound too (optional); a chord whose fifth is altered needs it.
    private static let extended: [String: ([Int], Bool)] = {
        var t: [String: ([Int], Bool)] = [:]
        func add(_ names: [String], _ needed: [Int], fifth: Bool = true) { for n in names { t[n] = (needed, fifth) } }
        add(["7", "dom7"], [0, 4, 10])
        add(["m7", "mi7", "min7", "-7"], [0, 3, 10])
        add(["maj7", "M7", "Maj7", "ma7", "MA7", "Δ", "Δ7"], [0, 4, 11])
        add(["mmaj7", "mM7", "mMaj7", "minmaj7", "-Δ7", "mΔ7"], [0, 3, 11])
        add(["dim7", "°7", "o7"], [0, 3, 6, 9], fifth: false)
        add(["m7b5", "ø", "ø7", "-7b5", "mi7b5", "min7b5"], [0, 3, 6, 10], fifth: false)
        add(["aug7", "+7", "7#5", "7+5"], [0, 4, 8, 10], fifth: false)
        add(["7b5"], [0, 4, 6, 10], fifth: false)
        add(["7sus4", "7sus"], [0, 5, 10])
        add(["7sus2"], [0, 2, 10])
        add(["add9", "add2", "2"], [0, 2, 4])
        add(["madd9", "madd2", "m2"], [0, 2, 3])
        add(["6", "M6", "maj6"], [0, 4, 9])
        add(["m6", "mi6", "min6", "-6"], [0, 3, 9])
        add(["69", "6/9", "6add9"], [0, 2, 4, 9])
        add(["9", "7add9"], [0, 2, 4, 10])
        add(["m9", "mi9", "min9", "-9"], [0, 2, 3, 10])
        add(["maj9", "M9", "Maj9", "Δ9"], [0, 2, 4, 11])
        add(["7b9"], [0, 1, 4, 10])
        add(["7#9"], [0, 3, 4, 10])
        return t
    }()

    /// The easiest shape for the chord on `root` (pitch class) of `suffix`, its bass `bass`
    /// (the root when nil), or nil when the suffix is not known or no shape plays it.
    static func voicing(root: Int, suffix: String, bass: Int? = nil) -> ChordDiagrams.Voicing? {
        guard let (neededIntervals, optionalIntervals) = tones(suffix: suffix) else { return nil }
        let needed = Set(neededIntervals.map { (root + $0) % 12 })
        let allowed = needed.union(optionalIntervals.map { (root + $0) % 12 }).union(bass.map { [$0] } ?? [])
        let bassNote = bass ?? root
        var best: (score: Double, frets: [Int?], barre: (fret: Int, from: Int, to: Int)?)?
        var frets = [Int](repeating: 0, count: 6)
        for position in 1...highestPosition {
            for lowest in 0...2 {
                // Every way to fret the strings lowest…5 with a tone of the chord.
                func choose(_ s: Int) {
                    if s == 6 {
                        if let (score, barre) = judge(frets, lowest: lowest, position: position, needed: needed,
                                                      fifth: optionalIntervals.isEmpty ? nil : (root + 7) % 12),
                           best.map({ score < $0.score }) ?? true {
                            best = (score, (0..<6).map { $0 < lowest || frets[$0] < 0 ? nil : frets[$0] }, barre)
                        }
                        return
                    }
                    // The high E may be muted where four strings or more still sound (a maj9's
                    // shapes mostly leave it out): -1.
                    for f in [0] + Array(position...(position + 3)) + (s == 5 && lowest <= 1 ? [-1] : []) {
                        if f < 0 {
                            frets[s] = f
                            choose(s + 1)
                            continue
                        }
                        let pitch = (openStrings[s] + f) % 12
                        guard allowed.contains(pitch), s != lowest || pitch == bassNote else { continue }
                        frets[s] = f
                        choose(s + 1)
                    }
                }
                choose(lowest)
            }
        }
        guard let best else { return nil }
        var v = ChordDiagrams.Voicing(frets: best.frets, barre: best.barre)
        v.baseFret = ChordDiagrams.Voicing.baseFret(frets: v.frets, barre: v.barre)
        return v
    }

    /// A shape's score (lower is easier), and its barre, or nil when a hand cannot hold it
    /// or it leaves out a tone the chord needs.
    private static func judge(_ frets: [Int], lowest: Int, position: Int, needed: Set<Int>,
                              fifth: Int?) -> (Double, (fret: Int, from: Int, to: Int)?)? {
        var sounding = Set<Int>()
        var fretted = 0, opens = 0, low = Int.max, high = 0, seconds = 0
        for s in lowest..<6 where frets[s] >= 0 {
            sounding.insert((openStrings[s] + frets[s]) % 12)
            // A second between two of the three lowest strings sounds muddy (C's x30030 against
            // the x32030 guitarists play).
            if s > lowest && s < lowest + 3 && pitch(s, frets[s]) - pitch(s - 1, frets[s - 1]) <= 2 { seconds += 1 }
            if frets[s] == 0 { opens += 1 } else {
                fretted += 1
                low = min(low, frets[s])
                high = max(high, frets[s])
            }
        }
        guard needed.isSubset(of: sounding) else { return nil }
        var barre: (fret: Int, from: Int, to: Int)?
        var fingers = fretted
        if fretted > 4 {
            // One finger across every string from the lowest on the lowest fret to the
            // highest: none of those strings open, and the rest fretted above it.
            let onLow = (lowest..<6).filter { frets[$0] == low }
            // Nothing fretted below the barre: it lies from the lowest string fretted, as
            // barre chords are played (a review's Badd9 744447 barred above a bass fretted
            // higher); an open bass below it rings (a slash chord's, D9/A).
            guard let from = onLow.first, let to = onLow.last, onLow.count >= 2,
                  (lowest..<from).allSatisfy({ frets[$0] == 0 }),
                  (from...to).allSatisfy({ frets[$0] >= low }) else { return nil }
            barre = (low, from, to)
            fingers = 1 + (lowest..<6).filter { frets[$0] > low }.count
        }
        guard fingers <= 4 else { return nil }
        // Three fingers or more on one fret, not a barre, with an open string ringing between
        // them (G♯dim 420404, A♭maj9 41101x: two reviews) no hand holds.
        for f in Set((lowest..<6).map { frets[$0] }) where f > 0 && f != barre?.fret {
            let on = (lowest..<6).filter { frets[$0] == f }
            if on.count >= 3, let a = on.first, let b = on.last, (a...b).contains(where: { frets[$0] == 0 }) { return nil }
        }
        var score = Double(lowest) * 3 + Double(fingers) + (barre == nil ? 0 : 1.5)
        score += Double(position - 1) * 0.8 + Double(fretted > 0 ? high - low : 0) * 0.5 + Double(opens) * (position <= 2 ? -0.2 : 1.5)
        if let fifth, !sounding.contains(fifth) { score += 1 }
        score += Double(seconds) * 2 + (frets[5] < 0 ? 2.5 : 0)
        return (score, barre)
    }

    /// String `s` at fret `f`, in semitones above the low E.
    private static func pitch(_ s: Int, _ f: Int) -> Int { openPitches[s] + f }
    private static let openPitches = [0, 5, 10, 15, 19, 24]
}
