import Geometry
import Paths

/// Plain-data forms of the most common tracks, for the tween system's per-step loop.
///
/// Loading a track that holds arrays out of storage retains and releases every array it
/// holds; with 100,000 animations a step that is most of the cost. A sampler holds no
/// references — a two-value scalar track keeps its ends and curve, a paced path on one run
/// keeps a view of a `PinnedSampleTable` its pool slot holds — so the loop reads it for
/// free. Tracks it cannot describe fall back to the track itself.
enum TrackSampler {
    /// Use the track (rare shapes: many keyframes, several subpaths, linear path mode).
    case general
    case scalarLine(from: Double, to: Double, curve: TimingFunction)
    /// A paced path track on a table of one run, read through the pinned copy's `view` at
    /// arc length `start + span·u` — the table's own lookup (`SampleTable.UnsafeView`).
    /// `start` and `span` are `PathTrack.from` and `to − from` times the length.
    case pacedPath(UnsafePointer<SampleTable.UnsafeView>, start: Double, span: Double, rotation: RotationMode)
}

extension PathTrack {
    /// A paced single-run track's sampler and the pinned copy of its table it reads, or nil
    /// when the general path is needed.
    func makeSampler() -> (TrackSampler, PinnedSampleTable)? {
        guard mode == .paced, table.runs.count == 1, table.count > 0 else { return nil }
        let length = table.runs[0].length
        let pinned = PinnedSampleTable(table)
        return (.pacedPath(pinned.view, start: from * length, span: (to - from) * length, rotation: rotationMode), pinned)
    }
}

extension KeyframeTrack where Value == Double {
    /// The two ends and the curve of a two-value track whose value is a straight blend.
    var lineSampler: TrackSampler {
        // A two-value cubic track (Kochanek–Bartels with clamped ends) is sampled the general
        // way: it is a straight blend only where its tangents match the chord.
        guard values.count == 2, mode == .linear || mode == .paced else { return .general }
        let curve = mode == .paced || timingFunctions.isEmpty ? TimingFunction.linear : timingFunctions[0]
        return .scalarLine(from: values[0], to: values[1], curve: curve)
    }
}
