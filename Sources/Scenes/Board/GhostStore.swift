import Engine
import Entities
import Geometry

extension BoardScene {
    /// Who carries a ghost: a pointer (the mouse or a finger), the keyboard or a gamepad.
    public enum Carrier: Hashable, Sendable {
        case pointer(Int)
        case keyboard
        case pad(Int)

        /// For the state dump: "pointer:N", "keyboard" or "pad:N", as the path scene names who
        /// holds a handle.
        public var json: JSONValue {
            switch self {
            case .pointer(let id): .string("pointer:\(id)")
            case .keyboard: .string("keyboard")
            case .pad(let id): .string("pad:\(id)")
            }
        }

        var isPointer: Bool {
            if case .pointer = self { true } else { false }
        }
    }

    /// A placed chord: line index and position in that line's list.
    public struct ChordRef: Equatable, Sendable {
        public var line: Int
        public var index: Int
    }

    /// A card being dragged.
    public struct Ghost: Sendable {
        public enum Source: Equatable, Sendable {
            case strip(item: Int)
            case placed(ChordRef, name: String, x: Double)
        }
        public var name: String
        public var carrier: Carrier
        /// Frame in root (window) space.
        public var frame: Rect
        /// Where in the card it was grabbed.
        public var grab: Vec2
        public var source: Source
        /// The line it would land on if dropped now (highlighted), if any.
        public var targetLine: Int?
        /// Dropping here would delete a placed chord.
        public var willDelete = false
        /// Auto-scroll intent toward each panel's edges (pointer carries only).
        var stripScroll = EdgeAutoScroll()
        var sheetScroll = EdgeAutoScroll()
        /// Flying back after a miss (an animated entity), then removed.
        public var returning: Entity?

        /// Carried now, not flying back.
        public var isCarried: Bool { returning == nil }
        /// The point that carries it: where it was grabbed, in root space.
        public var pointer: Vec2 { frame.origin + grab }
        /// The card's visible body (the box without its transparent margin).
        public var body: Rect { BoardScene.body(of: frame) }
    }

    /// Every ghost on the board, carried or flying back, in the order they were lifted. The
    /// one place that finds a ghost by its carrier or its source.
    public struct GhostStore: RandomAccessCollection, MutableCollection, Sendable {
        private var ghosts: [Ghost] = []

        public init() {}

        public var startIndex: Int { ghosts.startIndex }
        public var endIndex: Int { ghosts.endIndex }
        public subscript(i: Int) -> Ghost {
            get { ghosts[i] }
            set { ghosts[i] = newValue }
        }

        mutating func append(_ g: Ghost) { ghosts.append(g) }
        @discardableResult mutating func remove(at k: Int) -> Ghost { ghosts.remove(at: k) }
        mutating func removeAll(where gone: (Ghost) -> Bool) { ghosts.removeAll(where: gone) }
        mutating func removeAll() { ghosts.removeAll() }

        /// The ghost `carrier` is carrying (not one flying back), if any.
        func index(carriedBy carrier: Carrier) -> Int? {
            ghosts.firstIndex { $0.carrier == carrier && $0.isCarried }
        }

        /// The carried ghosts lifted from placed chords go (an undo replaced the sheet they
        /// came from); those flying back land where they were headed and go as usual.
        mutating func removeCarriedPlaced() {
            ghosts.removeAll { g in
                if case .placed = g.source { g.isCarried } else { false }
            }
        }

        /// Whether a ghost was lifted from `source`; `carriedOnly` leaves out ghosts flying back.
        func lifted(from source: Ghost.Source, carriedOnly: Bool) -> Bool {
            ghosts.contains { $0.source == source && (!carriedOnly || $0.isCarried) }
        }

        /// The placed chord at `r` was removed from its line: ghosts lifted from later chords
        /// of that line keep pointing at the right one.
        mutating func chordRemoved(at r: ChordRef) {
            for i in ghosts.indices {
                if case .placed(var g, let name, let x) = ghosts[i].source, g.line == r.line, g.index > r.index {
                    g.index -= 1
                    ghosts[i].source = .placed(g, name: name, x: x)
                }
            }
        }
    }
}
