import Foundation
@testable import FuzzTargets
import Testing

/// The short deterministic run of every fuzz entry: its committed corpus, then mutations of
/// it made from a fixed seed (`make fuzz` runs the real fuzzer for longer). An input that
/// breaks an entry's invariant stops the test process, as it would stop the fuzzer.
@Suite struct FuzzTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/corpus")

    static func seeds(_ name: String) -> [[UInt8]] {
        FuzzCorpus.files([corpus.appendingPathComponent(name).path]).map { path in
            var bytes: [UInt8] = []
            FuzzCorpus.withContents(of: path) { bytes = Array($0) }
            return bytes
        }
    }

    @Test(arguments: Fuzz.entries.map(\.name))
    func everyEntryTakesItsCorpusAndTenThousandMutations(name: String) {
        let entry = Fuzz.entries.first { $0.name == name }!.run
        let seeds = Self.seeds(name)
        #expect(seeds.count >= 2, "Fuzz/corpus/\(name) holds its seeds")
        for s in seeds { s.withUnsafeBytes(entry) }
        for m in FuzzCorpus.mutations(of: seeds, count: 10_000, seed: 1) { m.withUnsafeBytes(entry) }
    }

    @Test func everyParserHasAnEntryTheFontMetricsAndTheSheetsUnknownFieldsAmongThem() {
        #expect(Fuzz.entries.map(\.name) == ["svg-path", "script", "sheet", "option-values", "font-metrics", "bmp-header", "svg-document", "chordpro"])
        // The sheet's seeds include unknown fields at every level, which the entry checks
        // keep their text.
        let unknown = Self.seeds("sheet").map { String(decoding: $0, as: UTF8.self) }
        #expect(unknown.contains { $0.contains(#""n":9007199254740993"#) && $0.contains(#""z":-0"#) })
    }

    @Test func theMutationsAreTheSameForTheSameSeedAndDifferFromTheSeeds() {
        let seeds = Self.seeds("svg-path")
        let a = FuzzCorpus.mutations(of: seeds, count: 200, seed: 5), b = FuzzCorpus.mutations(of: seeds, count: 200, seed: 5)
        #expect(a == b)
        #expect(a.filter { !seeds.contains($0) }.count > 150)
    }
}
