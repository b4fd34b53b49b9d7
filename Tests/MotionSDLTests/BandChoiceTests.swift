@testable import MotionSDL
import Testing

/// Bands or one thread, chosen by trying both (`BandChoice`): the trial's frames alternate,
/// the faster way is kept, and the trial runs again when the work changes.
@Suite struct BandChoiceTests {
    /// Runs `frames` frames of `work`; a banded frame takes `banded` ms and one alone `alone`
    /// ms (with a little spread). Returns how many frames were banded.
    @discardableResult
    static func run(_ choice: inout BandChoice, frames: Int, work: BandChoice.Work = .init(pixels: 640 * 480, vertices: 40_000),
                    banded: Double, alone: Double) -> Int {
        var count = 0
        for k in 0..<frames {
            let inBands = choice.begin(work)
            if inBands { count += 1 }
            let ms = (inBands ? banded : alone) * (1 + 0.02 * Double(k % 3))
            choice.end(nanoseconds: UInt64(ms * 1e6))
        }
        return count
    }

    @Test func theTrialTriesBothWaysInTurnsThenKeepsTheFaster() {
        var choice = BandChoice()
        let banded = Self.run(&choice, frames: BandChoice.trialFrames, banded: 3, alone: 5)
        #expect(banded == BandChoice.trialFrames / 2)
        let d = try? #require(choice.decision)
        #expect(d?.banded == true)
        #expect(abs((d?.bandedMilliseconds ?? 0) - 3.06) < 0.07 && abs((d?.aloneMilliseconds ?? 0) - 5.1) < 0.11, "\(String(describing: d))")
        #expect(Self.run(&choice, frames: 100, banded: 3, alone: 5) == 100)
    }

    @Test func oneThreadIsKeptWhenBandsAreSlowerOrBarelyFaster() {
        var slower = BandChoice()
        Self.run(&slower, frames: BandChoice.trialFrames, banded: 4.4, alone: 4)
        #expect(slower.decision?.banded == false)
        #expect(Self.run(&slower, frames: 100, banded: 4.4, alone: 4) == 0)
        // 1 % faster in bands is not worth a second processor.
        var barely = BandChoice()
        Self.run(&barely, frames: BandChoice.trialFrames, banded: 3.96, alone: 4)
        #expect(barely.decision?.banded == false)
    }

    @Test func aChangeOfWorkTriesAgain() {
        var choice = BandChoice()
        Self.run(&choice, frames: BandChoice.trialFrames + 10, banded: 4.4, alone: 4)
        #expect(choice.decision?.banded == false)
        // A bigger window: bands now pay.
        let big = BandChoice.Work(pixels: 1920 * 1080, vertices: 40_000)
        Self.run(&choice, frames: BandChoice.trialFrames, work: big, banded: 6, alone: 11)
        #expect(choice.decision?.banded == true)
        // Twice the sprites in the same window: tried again, and one thread wins again.
        let more = BandChoice.Work(pixels: 1920 * 1080, vertices: 90_000)
        let banded = Self.run(&choice, frames: BandChoice.trialFrames, work: more, banded: 9, alone: 8)
        #expect(banded == BandChoice.trialFrames / 2 && choice.decision?.banded == false)
        // A small change is not a new trial.
        let similar = BandChoice.Work(pixels: 1920 * 1080, vertices: 100_000)
        #expect(Self.run(&choice, frames: 40, work: similar, banded: 1, alone: 8) == 0)
    }

    @Test func theChoiceIsMadeAgainAfterAWhile() {
        var choice = BandChoice()
        Self.run(&choice, frames: BandChoice.trialFrames, banded: 4.4, alone: 4)
        Self.run(&choice, frames: BandChoice.retrialEvery, banded: 4.4, alone: 4)
        #expect(choice.decision?.banded == false)
        Self.run(&choice, frames: BandChoice.trialFrames, banded: 2, alone: 4)
        #expect(choice.decision?.banded == true)
    }
}
