import Foundation
import Testing

@testable import TrackKit

/// `AthleticsTrack.oneWay`: on the track the fixes never go back a few metres against the way the run goes round.
@Suite("Cleaning: a run on the track goes one way round")
struct TrackOneWayTests {
    /// A line that is not at the frame's origin, turned, in lane 2.
    static let line = AthleticsTrack.Line(x: 12, y: -7, angle: 0.7, offset: AthleticsTrack.laneOffset(2))

    /// Fixes on `line` at the progress `progress(t)` gives, one a second from 0 to `seconds`.
    static func fixes(seconds: Int, _ progress: (Double) -> Double) -> [CleaningSample] {
        (0..<seconds).map { t in
            let p = line.point(along: progress(Double(t)))
            return CleaningSample(source: t, t: Double(t), x: p.x, y: p.y)
        }
    }

    static func length(_ s: ArraySlice<CleaningSample>) -> Double {
        zip(s, s.dropFirst()).reduce(0) { $0 + hypot($1.1.x - $1.0.x, $1.1.y - $1.0.y) }
    }

    /// `point(along:)` is the point `along` measures, every 3.7 m round the lap and beyond it either way, on the line.
    @Test func aPointAlongTheLineIsWhereItsProgressSays() {
        let length = Self.line.length
        for s in stride(from: -length, to: 2 * length, by: 3.7) {
            let p = Self.line.point(along: s)
            var back = Self.line.along(p.x, p.y) - s
            back -= length * (back / length).rounded()
            #expect(abs(back) < 1e-6, "\(s) m comes back as \(back) m off")
            #expect(abs(Self.line.residual(p.x, p.y)) < 1e-6, "\(s) m lies off the line")
        }
    }

    /// 60 s at 4 m/s, 120 s standing while the fixes go up to `wander` metres back and forth along the line round
    /// where the athlete stands, 60 s at 4 m/s on; the same the other way round the track. From 5 s before the rest to
    /// 5 s after it the fixes draw what the athlete ran (40 m; under a metre more), where before they drew the wander's
    /// back and forth too (12 times its reach); no fix more than 5 s from the rest moves.
    @Test(arguments: [(8.0, 1.0), (8.0, -1.0), (4.5, 1.0)])
    func aRestsWanderAlongTheLineIsTakenOut(wander: Double, way: Double) {
        func progress(_ t: Double) -> Double {
            let at: Double
            if t < 60 { at = 4 * t } else if t < 180 { at = 240 + wander * sin(2 * Double.pi * (t - 60) / 40) } else {
                at = 240 + 4 * (t - 180)
            }
            return 30 + way * at
        }
        var samples = Self.fixes(seconds: 240, progress)
        let before = samples
        let moved = AthleticsTrack.oneWay(&samples, run: 0..<samples.count, line: Self.line)
        #expect(moved > 0)
        #expect(Self.length(before[55...185]) > 4 * 2 * wander + 40)
        #expect(Self.length(samples[55...185]) < 41, "the rest draws \(Self.length(samples[55...185])) m")
        for i in Array(0..<55) + Array(186..<240) {
            #expect(samples[i].x == before[i].x && samples[i].y == before[i].y, "fix \(i) moved")
        }
    }

    /// An athlete who runs 60 s, turns and walks 60 m back, and runs on: the walk back is more than `backtrackMeters`
    /// and stays, every fix where it was.
    @Test func aWalkBackStays() {
        var samples = Self.fixes(seconds: 240) { t in
            t < 60 ? 4 * t : t < 120 ? 240 - (t - 60) : 180 + 4 * (t - 120)
        }
        let before = samples
        #expect(AthleticsTrack.oneWay(&samples, run: 0..<samples.count, line: Self.line) == 0)
        #expect(zip(samples, before).allSatisfy { $0.x == $1.x && $0.y == $1.y })
    }

    /// Through the whole stage (`AthleticsTrack.apply`): three laps at 4 m/s, two minutes standing while the fixes go
    /// 9 m back and forth along the line, a lap on. From 5 s before the rest to 5 s after it the fixes draw under 2 m
    /// more than the athlete ran (40 m); with only the still stretches put in one place (`standStill`, `oneWay` taken
    /// out) they drew 104 m.
    @Test func anIntervalSessionsRestDrawsNoWander() throws {
        let lap = AthleticsTrack.lapLength
        var samples = (0..<560).map { k -> CleaningSample in
            let t = Double(k)
            let at = t < 300 ? 4 * t : t < 420 ? 1200 + 9 * sin(2 * Double.pi * (t - 300) / 60) : 1200 + 4 * (t - 420)
            let line = AthleticsTrack.Line(x: 0, y: 0, angle: 0, offset: 0)
            let p = line.point(along: at.truncatingRemainder(dividingBy: lap))
            return CleaningSample(source: k, t: t, x: p.x, y: p.y + 0.3 * sin(t / 5))
        }
        let found = try #require(AthleticsTrack.apply(&samples, gapSeconds: 60))
        #expect(found.line.lane == 1)
        let drawn = Self.length(samples[295...425])
        #expect(drawn < 42, "the rest draws \(drawn) m for the 40 m run into and out of it")
    }
}
