import Songs
import Testing

/// Chords over a lyric, from its caret stops alone: on their characters in either direction,
/// side by side where they would overlap, past the text a space per step, and back.
@Suite struct ChordLineLayoutTests {
    /// "Hello" left to right: 10 pt a character from 8.
    let latin = ChordLineLayout(stops: [8, 18, 28, 38, 48, 58], chordWidth: 40, spaceWidth: 5)
    /// Three Hebrew letters, 10 pt each: the first at the right end (108), the last ending at 78.
    let hebrew = ChordLineLayout(stops: [108, 98, 88, 78], chordWidth: 40, spaceWidth: 5)

    @Test func aChordStartsAtItsCharactersStartInTheWayItRuns() {
        #expect(!latin.readsRightToLeft && hebrew.readsRightToLeft)
        #expect(latin.anchorX(2) == 28)
        // A right-to-left letter's chord ends on its right side.
        #expect(hebrew.anchorX(1) == 98 - 40)
        // Past the text: a space's width per step on, the way the line reads.
        #expect(latin.anchorX(5 + 3) == 58 + 15)
        #expect(hebrew.anchorX(3 + 2) == 78 - 10 - 40)
    }

    @Test func chordsThatWouldOverlapStandSideBySideInReadingOrder() {
        let xs = latin.chordXs([3, 0, 1], lowest: 0, highest: 1000)
        #expect(xs[1] == 8)
        #expect(xs[2] == 8 + 40 + 2)
        #expect(xs[0] == xs[2] + 40 + 2)
        let rtl = hebrew.chordXs([0, 1], lowest: -1000, highest: 1000)
        #expect(rtl[0] == 108 - 40)
        #expect(rtl[1] == rtl[0] - 2 - 40)
    }

    @Test func everyChordStaysWithinItsBounds() {
        let xs = latin.chordXs([1_000_000, 0], lowest: 0, highest: 200)
        #expect(xs == [200, 8])
        #expect(hebrew.chordXs([50], lowest: 0, highest: 200) == [0])
    }

    /// Chords a line's end would pile up are set back from it side by side, in reading order
    /// (a hostile tour found three chords on a Hebrew lyric's last letters, and chords past a
    /// long line's end, all at one place, only the top one to be seen).
    @Test func chordsAtALinesEndStandSideBySideNotPiled() {
        #expect(latin.chordXs([1000, 2000, 3000], lowest: 0, highest: 200) == [116, 158, 200])
        #expect(hebrew.chordXs([1, 2, 3], lowest: 0, highest: 1000) == [84, 42, 0])
        // Without room, they stay within the line all the same.
        #expect(latin.chordXs([1000, 2000, 3000], lowest: 0, highest: 50).allSatisfy { (0...50).contains($0) })
    }

    /// "ab" then a two-letter right-to-left word: the stop after its last (leftmost) letter
    /// is the end of the text, right of it, so the stops alone read that letter as left to
    /// right; the shaper's directions say otherwise.
    @Test func theShapersDirectionsDecideWhereTheStopsCannot() {
        let stops: [Double] = [8, 18, 48, 38, 48]
        let read = ChordLineLayout(stops: stops, chordWidth: 40, spaceWidth: 5)
        let told = ChordLineLayout(stops: stops, chordWidth: 40, spaceWidth: 5, rightToLeft: [false, false, true, true])
        #expect(!read.runsRightToLeft(3) && told.runsRightToLeft(3))
        #expect(told.anchorX(3) == 38 - 40)
        #expect(told.anchor(forX: told.anchorX(3), maxAt: 100) == 3)
        // Directions that do not fit the text are not used.
        #expect(ChordLineLayout(stops: stops, chordWidth: 40, spaceWidth: 5, rightToLeft: [true]).directions == nil)
    }

    /// Chords on the two sides of a change of direction that would meet are set apart, the
    /// first in reading order in its place (a hostile tour found the chord on a Hebrew word
    /// hidden under the one on the Latin word beside it).
    @Test func chordsOfRunsOfBothDirectionsDoNotCoverEachOther() {
        // "abcd" then four Hebrew letters: the chord on the first Hebrew letter ends at its
        // right side, 88; the one on "d" starts at 38 and would cover it.
        let mixed = ChordLineLayout(stops: [8, 18, 28, 38, 88, 78, 68, 58, 88], chordWidth: 40, spaceWidth: 5,
                                    rightToLeft: [false, false, false, false, true, true, true, true])
        let xs = mixed.chordXs([3, 4], lowest: 0, highest: 500)
        #expect(xs[0] == 38, "the first in reading order stays on its letter")
        #expect(abs(xs[0] - xs[1]) >= 42, "\(xs)")
        // A thousand on such a line, far more than there is room for: within the line all the same.
        let crowd = mixed.chordXs(Array(repeating: [1, 2, 5, 6], count: 250).flatMap { $0 }, lowest: 0, highest: 500)
        #expect(crowd.count == 1000 && crowd.allSatisfy { (0...500).contains($0) })
    }

    @Test func textComposedAtTheCaretMovesTheChordsAfterIt() {
        let xs = latin.chordXs([0, 3], shiftingFrom: 2, by: 2, lowest: 0, highest: 1000)
        #expect(xs == [8, 58])
    }

    @Test func aChordMovedToWhereACharactersChordStandsStandsOnIt() {
        for at in 0...7 { #expect(latin.anchor(forX: latin.anchorX(at), maxAt: 100) == at) }
        for at in 0...5 { #expect(hebrew.anchor(forX: hebrew.anchorX(at), maxAt: 100) == at) }
        #expect(latin.anchor(forX: 1e300, maxAt: 100) == 100)
        #expect(latin.anchor(forX: .nan, maxAt: 100) == 0)
    }
}
