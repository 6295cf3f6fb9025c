import Foundation
import Testing

@testable import TrackKit

/// `AthleticsTrack.bridge`: the fixes of an excursion off the line (a burst of reflected signal the run was joined
/// over) are put where their times say the athlete was along the line, not at the line's nearest point.
@Suite("Cleaning: an excursion off the track is put where the athlete was along it")
struct TrackBridgeTests {
    static let frame = AthleticsTrack.Line(x: 0, y: 0, angle: 0, offset: 0)

    /// A session on lane 1 of a track at the frame's middle, a fix a second, going round the way `way` says (1:
    /// counterclockwise); `progress(t)` is the athlete's progress along the line. From `burst.lowerBound` to
    /// `burst.upperBound` seconds each fix is pulled `depth` metres towards the infield's middle and past it (the
    /// line's inward normal), where the far side of the line is nearer than the near one. Returns the fixes and where
    /// the athlete truly was.
    static func session(
        seconds: Int, way: Double = 1, burst: ClosedRange<Double>, depth: Double = 40, _ progress: (Double) -> Double
    ) -> (fixes: [CleaningSample], truth: [(x: Double, y: Double)]) {
        var fixes: [CleaningSample] = []
        var truth: [(x: Double, y: Double)] = []
        for k in 0..<seconds {
            let t = Double(k)
            let p = frame.point(along: way * progress(t))
            truth.append(p)
            var x = p.x, y = p.y + 0.3 * sin(t / 5)
            if burst.contains(t) {
                let n = frame.normal(p.x, p.y)
                x -= depth * n.x
                y -= depth * n.y
            }
            fixes.append(CleaningSample(source: k, t: t, x: x, y: y))
        }
        return (fixes, truth)
    }

    static func length(_ s: ArraySlice<CleaningSample>) -> Double {
        zip(s, s.dropFirst()).reduce(0) { $0 + hypot($1.1.x - $1.0.x, $1.1.y - $1.0.y) }
    }

    /// The setting of the test: a fix pulled 40 m in from the line is nearer its far side (33.6 m across a track 73.6 m
    /// wide), so its nearest point of the line is the other straight.
    @Test func aFixPulledFortyMetresInIsNearerTheFarSide() {
        let p = Self.frame.point(along: 30)
        let n = Self.frame.normal(p.x, p.y)
        let pulled = (x: p.x - 40 * n.x, y: p.y - 40 * n.y)
        let nearest = Self.frame.project(pulled.x, pulled.y)
        #expect(hypot(nearest.x - p.x, nearest.y - p.y) > 70)
    }

    /// Three laps at 4 m/s, two minutes standing, a lap on; 40 s into the rest the fixes are pulled 40 m into the
    /// infield for 30 s. From 5 s before the rest to 5 s after it the fixes draw the 40 m run into and out of it
    /// (under 2 m more), and every fix of the burst lies within 3 m of where the athlete stood; projected onto the
    /// nearest point of the line, the burst's fixes went to the far straight and back (main drew 178 and 187 m there).
    @Test(arguments: [1.0, -1.0])
    func aBurstAtRestStaysWhereTheAthleteStood(way: Double) throws {
        let (fixes, truth) = Self.session(seconds: 560, way: way, burst: 340...369) { t in
            30 + (t < 300 ? 4 * t : t < 420 ? 1200 : 1200 + 4 * (t - 420))
        }
        var samples = fixes
        let found = try #require(AthleticsTrack.apply(&samples, gapSeconds: 60))
        #expect(found.line.lane == 1)
        let drawn = Self.length(samples[295...425])
        #expect(drawn < 42, "the rest draws \(drawn) m for the 40 m run into and out of it")
        for k in 340...369 {
            let off = hypot(samples[k].x - truth[k].x, samples[k].y - truth[k].y)
            #expect(off < 3, "fix \(k) is \(off) m from where the athlete stood")
        }
    }

    /// Running at 4 m/s, a burst of 25 s pulls the fixes 40 m in, on a straight and on a bend, either way round: each
    /// of its fixes is put within 3 m of where the athlete was, and the 100 m run over it is drawn within 3 m.
    @Test(arguments: [(150.0, 1.0), (150.0, -1.0), (185.0, 1.0), (185.0, -1.0)])
    func aBurstOnTheMoveIsPutOnTheAthletesWay(start: Double, way: Double) throws {
        let burst = start...(start + 24)
        let (fixes, truth) = Self.session(seconds: 400, way: way, burst: burst) { t in 10 + 4 * t }
        var samples = fixes
        try #require(AthleticsTrack.apply(&samples, gapSeconds: 60) != nil)
        for k in Int(burst.lowerBound)...Int(burst.upperBound) {
            let off = hypot(samples[k].x - truth[k].x, samples[k].y - truth[k].y)
            #expect(off < 3, "fix \(k) is \(off) m from where the athlete was")
        }
        let from = Int(burst.lowerBound) - 1, to = Int(burst.upperBound) + 1
        let drawn = Self.length(samples[from...to])
        #expect(abs(drawn - 4 * Double(to - from)) < 3, "\(drawn) m drawn for \(4 * (to - from)) m run")
    }

    /// At 7 m/s a burst of 58 s covers 406 m, more than a lap: from the fix before it to the fix after, the line goes
    /// 6 m on, and the pace around it says a lap more. The burst is drawn as the 413 m run (within 5 m), not 6 m.
    @Test func aBurstLongerThanALapKeepsTheLap() throws {
        let burst = 200.0...257.0
        let (fixes, _) = Self.session(seconds: 460, burst: burst) { t in 7 * t }
        var samples = fixes
        try #require(AthleticsTrack.apply(&samples, gapSeconds: 60) != nil)
        let drawn = Self.length(samples[199...258])
        #expect(abs(drawn - 7 * 59) < 5, "\(drawn) m drawn for \(7 * 59) m run")
    }

    /// At 6 m/s the athlete runs into a burst of 46 s, stops 10 s into it and stands two minutes; for 10 s after the
    /// burst the fixes are 12 m in and out by turns (off the line but not far in), so the pace is read before the
    /// burst only, and over the 47 s from the fix before it to the fix after it covers 282 m, nearer a lap more than
    /// the 66 m between the two. From 5 s before the burst to the end of the rest the 90 m run is drawn within 10 m, not
    /// with a lap more; either way round. (The candidate that took the one pace's laps drew a lap more here.)
    @Test(arguments: [1.0, -1.0])
    func aRestBeginningInsideABurstGetsNoLap(way: Double) throws {
        var (fixes, _) = Self.session(seconds: 560, way: way, burst: 300...345) { t in
            t < 310 ? 6 * t : t < 430 ? 1860 : 1860 + 6 * (t - 430)
        }
        for k in 346...355 {
            let p = Self.frame.point(along: way * 1860)
            let n = Self.frame.normal(p.x, p.y)
            let off = k % 2 == 0 ? 12.0 : -12.0
            fixes[k].x = p.x - off * n.x
            fixes[k].y = p.y - off * n.y
        }
        var samples = fixes
        try #require(AthleticsTrack.apply(&samples, gapSeconds: 60) != nil)
        let drawn = Self.length(samples[295...429])
        #expect(abs(drawn - 90) < 10, "\(drawn) m drawn for the 90 m run into the rest")
    }

    /// Three laps at 4 m/s, then the athlete turns and walks 90 m back at 1.5 m/s (an interval session's walk back to
    /// the start), and runs on; 20 s of the walk back are a burst. The burst's fixes go back along the line with the
    /// athlete (each within 3 m), not on round the lap the other way: the 31.5 m walked over it is drawn within 3 m.
    @Test func aBurstOnAWalkBackGoesBack() throws {
        let burst = 320.0...339.0
        let (fixes, truth) = Self.session(seconds: 480, burst: burst) { t in
            t < 300 ? 4 * t : t < 360 ? 1200 - 1.5 * (t - 300) : 1110 + 4 * (t - 360)
        }
        var samples = fixes
        try #require(AthleticsTrack.apply(&samples, gapSeconds: 60) != nil)
        for k in Int(burst.lowerBound)...Int(burst.upperBound) {
            let off = hypot(samples[k].x - truth[k].x, samples[k].y - truth[k].y)
            #expect(off < 3, "fix \(k) is \(off) m from where the athlete was")
        }
        let drawn = Self.length(samples[319...340])
        #expect(abs(drawn - 1.5 * 21) < 3, "\(drawn) m drawn for \(1.5 * 21) m walked")
    }

    /// Running at 5 m/s, a burst of 8 s pulls the fixes 40 m in (past the infield's middle), and the 3 fixes either
    /// side of it 15 m in: off the line, not far enough in to count with the burst, so no pace is read beside the
    /// burst, and the 45 m between those two neighbours is more than no pace covers. Each fix at its nearest point of
    /// the line steps to the far straight and back (main drew two steps of about 74 m). Decided again from the fixes
    /// on the line either side, each fix of the stretch lies within 3 m of where the athlete was, no step is longer
    /// than 10 m, and the 75 m run is drawn within 3 m (main: 165–213 m); on either straight and on a bend, either way
    /// round.
    @Test(arguments: [(160.0, 1.0), (160.0, -1.0), (200.0, 1.0), (150.0, 1.0), (150.0, -1.0)])
    func aBurstWithItsNeighboursOffTheLineIsNotDrawnAcross(start: Double, way: Double) throws {
        var (fixes, truth) = Self.session(seconds: 400, way: way, burst: start...(start + 7)) { t in 10 + 5 * t }
        let neighbours = Array(Int(start) - 3..<Int(start)) + Array(Int(start) + 8...Int(start) + 10)
        for k in neighbours {
            let n = Self.frame.normal(truth[k].x, truth[k].y)
            fixes[k].x = truth[k].x - 15 * n.x
            fixes[k].y = truth[k].y - 15 * n.y
        }
        var samples = fixes
        try #require(AthleticsTrack.apply(&samples, gapSeconds: 60) != nil)
        let from = Int(start) - 4, to = Int(start) + 11
        for k in from...to {
            let off = hypot(samples[k].x - truth[k].x, samples[k].y - truth[k].y)
            #expect(off < 3, "fix \(k) is \(off) m from where the athlete was")
        }
        for k in (from + 1)...to {
            let step = hypot(samples[k].x - samples[k - 1].x, samples[k].y - samples[k - 1].y)
            #expect(step < 10, "fix \(k) is \(step) m from the one before it, a second earlier")
        }
        let drawn = Self.length(samples[from...to])
        #expect(abs(drawn - 5 * Double(to - from)) < 3, "\(drawn) m drawn for \(5 * (to - from)) m run")
    }

    /// Fixes pulled off the line but not far inside it (12 m out, 12 m in, 30 m out: an outside fix's nearest point of
    /// the line is on its own side) keep their own place along it: over a rest's last 10 s and the 15 s the athlete
    /// speeds up from it (0.4 m/s²), where the time between the fixes either side would put them up to 20 m from where
    /// the athlete was, each lies within 0.5 m of it. (Main projects them too and passes; a bridge over every fix off
    /// the line fails.)
    @Test(arguments: [-12.0, 12.0, -30.0])
    func aFixNotFarInKeepsItsPlace(depth: Double) throws {
        let pulled = 350.0...374.0
        let (fixes, truth) = Self.session(seconds: 480, burst: pulled, depth: depth) { t in
            t < 300 ? 4 * t : t < 360 ? 1200 : t < 375 ? 1200 + 0.2 * (t - 360) * (t - 360) : 1245 + 6 * (t - 375)
        }
        var samples = fixes
        try #require(AthleticsTrack.apply(&samples, gapSeconds: 60) != nil)
        for k in Int(pulled.lowerBound)...Int(pulled.upperBound) {
            let off = hypot(samples[k].x - truth[k].x, samples[k].y - truth[k].y)
            #expect(off < 0.5, "fix \(k) is \(off) m from where the athlete was")
        }
    }
}
