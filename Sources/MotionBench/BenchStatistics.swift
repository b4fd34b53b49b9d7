import Foundation

/// Mean, standard deviation and coefficient of variation of a few numbers (runs of a bench).
public struct Spread: Equatable, Sendable {
    public var mean: Double
    /// Sample standard deviation (n − 1); 0 for a single value.
    public var sd: Double
    /// sd / mean (0 when the mean is 0).
    public var cv: Double

    public init(_ values: [Double]) {
        let n = Double(values.count)
        mean = values.isEmpty ? 0 : values.reduce(0, +) / n
        let m = mean
        sd = values.count > 1 ? (values.reduce(0) { $0 + ($1 - m) * ($1 - m) } / (n - 1)).squareRoot() : 0
        cv = mean != 0 ? sd / mean : 0
    }
}

/// The Mann–Whitney U test of two samples (frame times of two runs): whether one tends to
/// be larger than the other, without assuming a distribution. Normal approximation with a
/// correction for ties and for continuity, fine for the hundreds of frames a bench has.
public struct MannWhitney: Equatable, Sendable {
    /// U of the first sample.
    public var u: Double
    /// The standard normal statistic.
    public var z: Double
    /// Two-sided p-value.
    public var p: Double

    public init(_ a: [Double], _ b: [Double]) {
        let n1 = Double(a.count), n2 = Double(b.count)
        guard n1 > 0, n2 > 0 else { u = 0; z = 0; p = 1; return }
        // Rank everything together; ties share their mean rank.
        let all = (a.map { ($0, 0) } + b.map { ($0, 1) }).sorted { $0.0 < $1.0 }
        var rankSumA = 0.0, tieTerm = 0.0
        var i = 0
        while i < all.count {
            var j = i
            while j + 1 < all.count && all[j + 1].0 == all[i].0 { j += 1 }
            let rank = Double(i + j) / 2 + 1
            let t = Double(j - i + 1)
            if t > 1 { tieTerm += t * t * t - t }
            for k in i...j where all[k].1 == 0 { rankSumA += rank }
            i = j + 1
        }
        u = rankSumA - n1 * (n1 + 1) / 2
        let n = n1 + n2
        let mu = n1 * n2 / 2
        let variance = n1 * n2 / 12 * ((n + 1) - tieTerm / (n * (n - 1)))
        guard variance > 0 else { z = 0; p = 1; return }
        let d = u - mu
        z = (abs(d) - 0.5 > 0 ? (abs(d) - 0.5) : 0) / variance.squareRoot() * (d < 0 ? -1 : 1)
        p = erfc(abs(z) / 2.0.squareRoot())
    }
}
