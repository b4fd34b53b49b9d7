import Engine

extension SheetDocument {
    /// Whether `text` is a sheet of this version that failed to parse for what it holds (an
    /// unknown chord, a bad `at`), rather than some other file or a newer version's sheet:
    /// valid JSON, an object with `"version"` 1 or 2 and a `"lines"` member. Only such a file is
    /// ours to move aside; anything else is left exactly as it is.
    public static func isDamagedSheet(_ text: String) -> Bool {
        guard let json = try? JSONParser.parse(withoutByteOrderMark(text)), let v = json["version"]?.doubleValue, v == 1 || v == 2 else { return false }
        return json["lines"] != nil
    }

    /// `text` without a byte order mark an editor put first (`parse` and `isDamagedSheet` read
    /// the sheet after it; the next save writes none).
    static func withoutByteOrderMark(_ text: String) -> String {
        text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
    }
}
