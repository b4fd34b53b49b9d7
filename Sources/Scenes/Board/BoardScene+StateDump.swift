import Engine
import Geometry

// The state dump.
extension BoardScene {
    public func stateDump() -> JSONValue {
        .object([
            ("source", .object([
                ("offset", JSONValue(numbers: [strip.offset, 0])),
                ("items", .array(stripNames.indices.map { i in
                    .object([("name", .string(stripNames[i])), ("frame", JSONValue(itemRootFrame(i)))])
                })),
            ])),
            ("target", .object([
                ("offset", JSONValue(numbers: [0, sheet.offset])),
                ("lines", .array(document.lines.indices.map { i in
                    .object([
                        ("text", .string(document.lines[i].text)),
                        ("frame", JSONValue(lineRootFrame(i))),
                        ("chords", .array(document.lines[i].chords.indices.map { ci in
                            .object([("name", .string(document.lines[i].chords[ci].name)),
                                     ("at", JSONValue(document.lines[i].chords[ci].at)),
                                     ("frame", JSONValue(chordRootFrame(ChordRef(line: i, index: ci))))])
                        })),
                    ])
                })),
            ])),
            ("ghosts", drops.ghostsDump),
            ("highlightedLines", .array(highlightedLines.map { JSONValue($0) })),
            ("keyboard", keys.stateDump),
            ("caret", typing.caretDump),
            ("song", songName.map { .string($0) } ?? .null),
            ("songPanel", songs.panelDump),
            ("announcement", .string(announcement)),
            ("banner", bannerJSON),
            ("history", .object([("undo", JSONValue(history.undoCount)), ("redo", JSONValue(history.redoCount))])),
        ])
    }

    /// The banner for the state dump: its text, or null.
    private var bannerJSON: JSONValue { banner.map { .string($0) } ?? .null }
}
