/// The last value made (text, wrapped lines) and what it was made from, so that what did not
/// change is not made again every frame: building a string allocates, and a scene's status
/// line changes a few times a second, not 120.
public struct TextMemo<Key, Value> {
    private var last: (key: Key, value: Value)?

    /// A memo with nothing made yet.
    public init() {}

    /// The value for `key`: the last one if `same` says the key is the last one's, else
    /// `make()`, kept.
    public mutating func value(for key: Key, same: (Key, Key) -> Bool, make: () -> Value) -> Value {
        if let last, same(last.key, key) { return last.value }
        let value = make()
        last = (key, value)
        return value
    }
}
