import Engine
import Entities
import Geometry
import Paths

/// Scene "path": technique 1 — handles dragged along a path.
///
/// Two handles ride the path; each pointer can drag one, so two fingers drag both at once.
/// The gamepad's left stick and triggers (or the arrow keys) orbit the focused handle.
public final class PathScene: Scene {
    public let name = "path"
    public let title = "Path"

    public private(set) var shape: Shape = .figure8
    public internal(set) var shapeBounds = Rect(x: 0, y: 0, w: 1280, h: 680)
    public internal(set) var tables: [SampleTable] = []
    public let world = World()
    public let followers: Storage<PathFollower>
    /// How each ring is shown: offset, heading and the lap count (same entities as `followers`).
    public let poses: Storage<PathPose>
    public private(set) var ride = Ride.onPath
    public internal(set) var debug = false
    public internal(set) var focused = 0
    /// Whether the focused ring's outline shows (after keyboard or gamepad use only).
    public internal(set) var focusRing = FocusVisibility()
    let customPath: Path?
    let spacing: Double
    /// The path as drawn: thinned and cut for the renderer (`DrawnPath`).
    var drawn = DrawnPath()
    /// Whether the path is shown smaller than its area would fit it (`DrawnPath.smaller`).
    var shownSmaller = false
    /// The info line, kept while the table and the laps stay.
    var infoMemo = TextMemo<(Double, Int, Int, Int, Int), String>()
    var sceneBounds = Rect(x: 0, y: 40, w: 1280, h: 680)
    var handles: [Entity] = []
    private var schedule = SceneSchedule<PathScene>()
    var shapeButton = Button(rect: .zero, label: "")
    var debugButton = Button(rect: .zero, label: "Debug")
    var rideButton = Button(rect: .zero, label: "")
    /// The Edit button, shown in both modes.
    var editButton = Button(rect: .zero, label: "Edit")
    /// Where the buttons go out of edit mode (the shape keeps clear of these and the
    /// editor's, so it does not move when the mode changes).
    var normalLayout: [Rect] = []
    /// Whether edit mode is on.
    public internal(set) var editing = false
    /// The editor's own state: its path, history, buttons and what hands hold
    /// (`PathEditSession`).
    lazy var session = PathEditSession(scene: self)
    /// Snap dragged and moved points to a grid of `gridStep` points.
    public var snap: Bool { session.snap }
    /// A smooth point's handles stay in line when one is dragged (else each moves alone).
    public var linkedHandles: Bool { session.linkedHandles }
    /// Called with the path's SVG data (in its own coordinates) after each finished edit;
    /// returns a problem to show, or nil when saved (`--path-file` write-back).
    public var onEdited: ((String) -> String?)?
    /// Called with the path's SVG data by Export; returns what to show (where it went) and
    /// whether a file now holds it.
    public var onExport: ((String) -> PathExport)?
    /// Keeps now, as the run's end would, path edits kept nowhere else (`unkeptEdits`): called
    /// with the shape and its SVG data when Escape or the window's close would quit;
    /// returns why they could not be kept, or nil when they were (a window's run: an export
    /// in the app's folder). Nil: nothing is kept before the run ends.
    public var keepUnkeptNow: ((Shape, String) -> String?)?
    /// The path data the last Export produced.
    public internal(set) var lastExport: String?
    /// Each ring's colour, by handle.
    static let ringColors = [Color.red, Color(hex: 0x3a86ff)]
    /// The pointers holding a ring, and the rings they let go this step (thrown at the speed
    /// each had along the path).
    var hands = PathHands()
    /// Maximum orbit speed at full deflection, points per second.
    public static let orbitSpeed = 420.0
    public static let handleRadius = 13.0
    /// A ring's radius here: `handleRadius`, or 2 % of the shape's smaller side where that is
    /// more (a ring stays in proportion to a 4K figure 8). Presses reach `PointerDevice.hitSlop`
    /// further, so a finger's target is at least 70 pt across.
    public var ringRadius: Double { max(Self.handleRadius, 0.02 * min(shapeBounds.width, shapeBounds.height)) }

    /// - Parameters:
    ///   - customPath: an SVG path from the command line; becomes the "custom" shape.
    ///   - spacing: sample spacing in points.
    public init(customPath: Path? = nil, spacing: Double = 1, startShape: Shape? = nil) {
        self.customPath = customPath
        self.spacing = spacing
        followers = world.makeStorage()
        poses = world.makeStorage()
        if let startShape { shape = startShape } else if customPath != nil { shape = .custom }
        schedule.add("input") { s, ctx in s.routeInput(ctx) }
        schedule.add("edit") { s, ctx in s.session.stepEditor(ctx) }
        schedule.add("orbit") { s, ctx in s.applyOrbit(ctx) }
        schedule.add("followers") { s, ctx in
            let tables = s.tables
            s.followers.store.withDense { dense, _ in PathFollowerSystem.step(&dense, tables: tables, dt: ctx.dt) }
        }
        schedule.add("track") { s, ctx in
            if let t = s.tables.first { s.hands.track(s.followers.store, on: t, input: ctx.input) }
        }
        schedule.add("coast") { s, _ in s.hands.throwLetGo(&s.followers.store, on: s.tables.first) }
        schedule.add("poses") { s, ctx in
            PathPoseSystem.step(&s.poses.store, followers: &s.followers.store, tables: s.tables, dt: ctx.dt)
        }
        if shape == .custom {
            // A custom path is built once, where the first layout fits it to the window (a
            // path at the limits takes seconds to measure); until then the handles sit on a
            // stand-in at the same fractions.
            tables = [SampleTable(path: .figureEight(in: Rect(x: 0, y: 0, w: 100, h: 100)), spacing: spacing)]
        } else {
            rebuild(keepingFractions: nil)
        }
        for f in [0.0, 0.5] {
            let e = world.spawn()
            let t = tables[0]
            let follower = PathFollower(table: 0, index: t.isEmpty ? 0 : t.index(atDistance: f * t.length), on: t)
            followers.store.insert(follower, for: e)
            poses.store.insert(PathPose(at: follower.point), for: e)
            handles.append(e)
        }
        setRide(.onPath)
    }

    public var systemNames: [String] { schedule.names }
    public var availableShapes: [Shape] { Shape.allCases.filter { $0 != .custom || customPath != nil } }

    public func layout(bounds: Rect) {
        sceneBounds = bounds
        // Wide enough for their longest labels; a second row where one does not fit.
        normalLayout = Button.flow([192, 64, 208, 64], in: bounds)
        session.editLayout = Button.flow([192, 64, 64, 64, 64, 160, 80], in: bounds)
        placeButtons()
        rebuild(keepingFractions: fractions())
    }

    /// Sets how the rings ride the path; each keeps its place.
    public func setRide(_ r: Ride) {
        ride = r
        rideButton.label = "Ride: \(r.rawValue) ▸"
        poses.store.withDense { dense, _ in
            for i in dense.indices {
                dense[i].offset = r.offset
                dense[i].heading = r.heading
            }
        }
    }

    public func nextShape(_ delta: Int = 1) {
        let all = availableShapes
        let i = all.firstIndex(of: shape) ?? 0
        // Each shape keeps its edits (and their undo steps) for when it comes back; what is
        // held is let go first.
        session.finishGesture()
        session.pendingDrag = nil
        if let e = session.editor, e.changed { session.edits[shape] = e }
        shape = all[positiveModulo(i + delta, all.count)]
        session.editor = session.edits[shape]
        rebuild(keepingFractions: fractions())
        // Along another shape a hand's sweep so far says nothing of the ring's speed (the new
        // path may even run the other way): each held ring's track starts again here.
        hands.retrack { track, _ in track.reset() }
        if editing && session.editor == nil { session.editor = session.freshEditor() }
    }

    public func step(_ context: inout StepContext) {
        schedule.run(self, world: world, context: &context)
    }
}

/// What an Export did (`PathScene.onExport`): what to show, and whether a file now holds the
/// data — one of its own (`overwrites` false: every Export a new file) or the one file each
/// Export writes over (`--export FILE`: only the last is kept).
public struct PathExport: Sendable, Equatable {
    public var said: String
    public var kept: Bool
    public var overwrites: Bool
    public init(said: String, kept: Bool, overwrites: Bool = false) {
        (self.said, self.kept, self.overwrites) = (said, kept, overwrites)
    }
}
