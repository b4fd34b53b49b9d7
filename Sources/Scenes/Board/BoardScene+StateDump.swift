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
            ("ghosts", .array(ghosts.map { g in
                .object([("name", .string(g.name)), ("carriedBy", g.carrier.json), ("frame", JSONValue(g.frame)),
                         ("velocity", JSONValue(g.velocity)),
                         ("flight", g.flight.map { .string($0.kind == .returning ? "returning" : "settling") } ?? .null),
                         ("targetLine", g.target.map { JSONValue($0) } ?? .null),
                         ("willDelete", .bool(g.willRemove))])
            })),
            ("highlightedLines", .array(highlightedLines.map { JSONValue($0) })),
            ("keyboard", .object([
                ("focus", focusJSON),
                ("carrying", keyCarry.flatMap { c in dragDrop.index(carriedBy: c.carrier).map { .string(ghosts[$0].name) } } ?? .null),
                ("carriedBy", keyCarry.map { $0.carrier.json } ?? .null),
                ("focusVisible", .bool(focusVisible)),
            ])),
            ("caret", caretJSON),
            ("song", songName.map { .string($0) } ?? .null),
            ("songPanel", songPanelJSON),
            ("announcement", .string(announcement)),
            ("banner", bannerJSON),
            ("history", .object([("undo", JSONValue(history.undoCount)), ("redo", JSONValue(history.redoCount))])),
        ])
    }

    /// The banner for the state dump: its text, or null.
    private var bannerJSON: JSONValue { banner.map { .string($0) } ?? .null }

    /// The focus for the state dump: `{"card":i}`, `{"line":l,"chord":c}`, or while carrying
    /// `{"line":l,"slot":s}`.
    private var focusJSON: JSONValue {
        if let c = keyCarry { return .object([("line", JSONValue(c.zone)), ("slot", JSONValue(c.slot))]) }
        switch focus {
        case .card(let i): return .object([("card", JSONValue(i))])
        case .chord(let r): return .object([("line", JSONValue(r.line)), ("chord", JSONValue(r.index))])
        }
    }

    /// The songs panel for the state dump: null, or its `names`, the `selected` row and the
    /// new name being typed (`renaming`, else null).
    private var songPanelJSON: JSONValue {
        guard let p = songPanel else { return .null }
        return .object([("names", .array(p.names.map { .string($0) })), ("selected", JSONValue(p.selected)),
                        ("renaming", p.renaming.map { .string($0.text) } ?? .null)])
    }

    /// The caret for the state dump: `{"line":l,"index":i}` (with `"anchor"` when a
    /// selection is made), or null when no lyric is being typed in.
    private var caretJSON: JSONValue {
        guard let e = lyric else { return .null }
        var fields: [(String, JSONValue)] = [("line", JSONValue(e.line)), ("index", JSONValue(e.field.caret))]
        if e.field.hasSelection { fields.append(("anchor", JSONValue(e.field.anchor))) }
        return .object(fields)
    }
}
