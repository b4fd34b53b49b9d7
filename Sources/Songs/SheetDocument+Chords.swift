// The chords over the whole sheet.
extension SheetDocument {
    /// The chords the song uses besides `known`, in the order it first uses them (line by
    /// line, along each line), each once: the first `limit` of them.
    public func chordsInOrderOfUse(besides known: [String], atMost limit: Int) -> [String] {
        var own: [String] = []
        for line in lines {
            for c in line.chords.sorted(by: { $0.at < $1.at }) where !known.contains(c.name) && !own.contains(c.name) {
                own.append(c.name)
                if own.count == limit { return own }
            }
        }
        return own
    }
}
