@testable import Entities
import Foundation
@testable import Geometry
@testable import Motion
@testable import Paths
import Testing

@Suite struct PathTrackTests {
    @Test func pacedSpeedIsConstantWithinOnePercentAlongACurvedPath() {
        // A smooth S of two cubics (no corners, where chords would shorten).
        let track = PathTrack(path: try! Path(svg: "M0 0 C100 300 300 -200 400 100 S700 300 800 0"), mode: .paced)
        var steps: [Double] = []
        var prev = track.position(at: 0)
        for k in 1...500 {
            let p = track.position(at: Double(k) / 500)
            steps.append(p.distance(to: prev))
            prev = p
        }
        let mean = steps.reduce(0, +) / Double(steps.count)
        // Chords are a little shorter than arcs where the path bends: within 1%.
        #expect(steps.filter { abs($0 - mean) / mean > 0.01 }.isEmpty)
    }

    @Test func linearModeGivesEveryElementAnEqualShareOfTime() {
        // A long and a short line: linear mode spends half the time on each.
        let path = try! Path(svg: "M0 0 L300 0 L300 100")
        let linear = PathTrack(path: path, mode: .linear), paced = PathTrack(path: path, mode: .paced)
        #expect(linear.position(at: 0.5).distance(to: Vec2(300, 0)) < 1e-9)
        #expect(paced.position(at: 0.75).distance(to: Vec2(300, 0)) < 1e-9)
        // A half circle from 30° is cut at 90° and 180° into three pieces, a third of the time each.
        var p = Path()
        p.move(to: Vec2(cos(.pi / 6), sin(.pi / 6)) * 100)
        p.addEllipticalArc(center: .zero, rx: 100, ry: 100, rotation: 0, start: .pi / 6, sweep: .pi)
        let cg = PathTrack(path: p, mode: .linear)
        #expect(cg.position(at: 1.0 / 3).distance(to: Vec2(0, 100)) < 1e-9)
        #expect(cg.position(at: 2.0 / 3).distance(to: Vec2(-100, 0)) < 1e-9)
    }

    @Test func rotationFollowsTheTangentAndIsContinuousAcrossTheSeam() {
        let circle = Path.ellipse(in: Rect(x: -100, y: -100, w: 200, h: 200))
        let auto = PathTrack(path: circle, rotationMode: .auto)
        let reverse = PathTrack(path: circle, rotationMode: .autoReverse)
        // At the start (angle 0, moving clockwise on screen) the tangent points down: +π/2.
        #expect(abs(auto.rotation(at: 0)! - .pi / 2) < 1e-6)
        func wrapped(_ a: Double) -> Double { atan2(sin(a), cos(a)) }
        #expect(abs(wrapped(auto.rotation(at: 1)! - auto.rotation(at: 0)!)) < 1e-6)
        #expect(abs(wrapped(reverse.rotation(at: 0.3)! - auto.rotation(at: 0.3)! - .pi)) < 1e-9)
        #expect(PathTrack(path: circle).rotation(at: 0.5) == nil)
        // No jumps between nearby progress values anywhere, the seam included.
        for k in 0..<1000 {
            let a = auto.rotation(at: Double(k) / 1000)!, b = auto.rotation(at: Double(k + 1) / 1000)!
            #expect(abs(wrapped(b - a)) < 0.02)
        }
    }

    @Test(arguments: [PathTrack.Mode.paced, .linear])
    func rotationAtAJointIsTheLeavingSegmentsPastOnesOfNoLength(mode: PathTrack.Mode) throws {
        // Lines of no length at the corner and at the end: linear mode gives each of the
        // four elements a quarter of the time, paced mode half to each real side.
        let open = PathTrack(path: try Path(svg: "M0 0 L100 0 L100 0 L100 100 L100 100"), mode: mode, rotationMode: .auto)
        let corner = mode == .paced ? [0.5, 0.5.nextDown] : [0.25, 0.25.nextDown, 0.5, 0.6]
        for u in corner { #expect(abs(open.rotation(at: u)! - .pi / 2) < 1e-9, "\(mode) at \(u)") }
        #expect(abs(open.rotation(at: 0)!) < 1e-9)
        // The end of an open path: the side arriving there.
        #expect(abs(open.rotation(at: 1)! - .pi / 2) < 1e-9, "\(mode)")
        // A closed path's end is its start, and the first side leaves it.
        let closed = PathTrack(path: try Path(svg: "M0 0 L100 0 L100 100 Z"), mode: mode, rotationMode: .auto)
        #expect(abs(closed.rotation(at: 1)!) < 1e-9, "\(mode)")
        #expect(abs(closed.rotation(at: 0)!) < 1e-9, "\(mode)")
    }
}
