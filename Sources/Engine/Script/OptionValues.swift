/// The option values the command line parses itself (argument-parser parses the rest): kept
/// here, outside the executable, so that they can be tested and fuzzed on their own.
package enum OptionValues {
    /// A window size "WxH" (either case of x), each side 64…16384.
    package static func parseSize(_ s: String) -> (w: Int, h: Int)? {
        let parts = s.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count <= 6, parts[1].count <= 6,
              let w = Int(parts[0]), let h = Int(parts[1]), (64...16384).contains(w), (64...16384).contains(h) else { return nil }
        return (w, h)
    }

    /// A comma-separated list of finite numbers ("0,0.25, 1"), or the first entry that is not one.
    package static func parseNumbers(_ s: String) -> Result<[Double], NotANumber> {
        var out: [Double] = []
        for part in s.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = part.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed()
            guard let d = Double(String(trimmed)), d.isFinite else { return .failure(NotANumber(text: String(part))) }
            out.append(d)
        }
        return .success(out)
    }

    package struct NotANumber: Error, Equatable { package let text: String }
}
