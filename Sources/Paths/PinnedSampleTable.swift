import Geometry

/// A copy of a non-empty table's samples, runs and segments in one block of memory that
/// stays where it is until this object goes, with a view of it (`view`) valid for exactly
/// that long.
///
/// For a pool that keeps a table's view from one step to the next, as the tween system's
/// paced path tracks do: a view lent by `SampleTable.withUnsafeView` lasts one call, and
/// reading a table out of storage retains its arrays on every read, which for 100,000 tweens
/// a step was most of the step's cost. The owner holds the pinned table beside whatever reads
/// its view, and when the owner lets go the block is freed with it — no manual memory
/// crosses a module.
public final class PinnedSampleTable: @unchecked Sendable {
    /// The copy's view, itself in the block: valid, and where it is, for as long as this
    /// object lives. (A reader that keeps the pointer copies one word, not the view's twelve.)
    public let view: UnsafePointer<SampleTable.UnsafeView>
    private let block: UnsafeMutableRawPointer

    /// Copies `table` (not empty).
    public init(_ table: SampleTable) {
        precondition(!table.isEmpty, "a pinned copy of an empty sample table")
        var size = 0
        func place<T>(_ type: T.Type, _ count: Int) -> Int {
            let at = (size + MemoryLayout<T>.alignment - 1) / MemoryLayout<T>.alignment * MemoryLayout<T>.alignment
            size = at + MemoryLayout<T>.stride * count
            return at
        }
        let n = table.count, segments = table.segments.count
        let v = place(SampleTable.UnsafeView.self, 1)
        let p = place(Vec2.self, n), t = place(Vec2.self, n), d = place(Double.self, n)
        let r = place(SampleTable.Run.self, table.runs.count), b = place(SampleBracket.self, n)
        let s = place(PathSegment.self, segments), l = place(Double.self, segments)
        let block = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        // Plain data only (no references), so the block is freed without deinitializing.
        func copy<C: Collection>(_ a: C, to offset: Int) -> UnsafeBufferPointer<C.Element> {
            let dst = (block + offset).bindMemory(to: C.Element.self, capacity: a.count)
            let buffer = UnsafeMutableBufferPointer(start: dst, count: a.count)
            _ = buffer.initialize(from: a)
            return UnsafeBufferPointer(buffer)
        }
        let view = SampleTable.UnsafeView(points: copy(table.points, to: p), tangents: copy(table.tangents, to: t),
                                      distances: copy(table.distances, to: d), runs: copy(table.runs, to: r),
                                      brackets: copy(table.brackets, to: b).baseAddress!,
                                      segments: copy(table.segments, to: s).baseAddress!,
                                      segmentLengths: copy(table.segmentLengths, to: l).baseAddress!, length: table.length)
        let at = (block + v).bindMemory(to: SampleTable.UnsafeView.self, capacity: 1)
        at.initialize(to: view)
        self.view = UnsafePointer(at)
        self.block = block
    }

    deinit { block.deallocate() }
}
