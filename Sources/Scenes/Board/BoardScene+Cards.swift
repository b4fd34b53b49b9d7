import Engine

extension BoardScene {
    /// A placed chord: line index and position in that line's list.
    public struct ChordRef: Equatable, Sendable {
        public var line: Int
        public var index: Int
    }

    /// What the board's drag and drop lifts: a card from the strip (a copy is carried), or a
    /// chord placed on the sheet (it is moved), with its name and character as it was lifted.
    public enum Card: Equatable, Sendable {
        case strip(item: Int, name: String)
        case placed(ChordRef, name: String, at: Int)

        public var name: String {
            switch self {
            case .strip(_, let name): name
            case .placed(_, let name, _): name
            }
        }

        /// The placed chord it was lifted from, if any.
        public var placed: ChordRef? {
            if case .placed(let r, _, _) = self { r } else { nil }
        }
    }

    /// A card or chord being carried (a ghost).
    public typealias Ghost = Carry<Card>
}

extension Carry where Item == BoardScene.Card {
    public var name: String { item.name }
}
