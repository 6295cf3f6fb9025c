import Foundation
import Testing

@testable import TrackKit

/// A track recorded many times a second is cleaned one second at a time, a walker's two (`DenseRecording`), so it
/// measures no more than the same walk at one fix a second, and every fix keeps its time and sensor data.
@Suite("Cleaning: tracks recorded many times a second")
struct DenseRecordingTests {
    static let frame = LocalFrame(latitude: 59.3326, longitude: 18.0649)
    static let start = Date(timeIntervalSince1970: 1_794_643_200)

    /// The samples as a hike's track, each point with a heart rate of its own.
    static func track(_ s: [CleaningSample]) -> Track {
        let points = s.enumerated().map { index, sample in
            let (latitude, longitude) = frame.unproject(x: sample.x, y: sample.y)
            return TrackPoint(
                latitude: latitude, longitude: longitude, time: start.addingTimeInterval(sample.t),
                heartRate: 90 + index % 60)
        }
        return Track(format: .gpx, sport: "hiking", segments: [points])
    }

    /// The true length of `RestStopsTests.tenMinuteRest` over its 1,200 s: 300 s at 1.2 m/s either side of the rest.
    static let tenMinuteRestLength = 720.0

    static func length(_ points: [TrackPoint]) -> Double {
        let xy = points.map { frame.project(latitude: $0.latitude, longitude: $0.longitude) }
        return zip(xy, xy.dropFirst()).reduce(0) { $0 + hypot($1.1.x - $1.0.x, $1.1.y - $1.0.y) }
    }

    /// A hike with a ten-minute rest under a phone's wander (8 m over 5 s with 2 m of white noise, or 6 m over 20 s
    /// with 1 m), at one fix a second and written ten times a second (each second's fix ten times over, 0.3 m apart).
    /// Cleaned fix by fix, the dense file kept the rest's wander: 1.6 to 4.1 % longer than the one-a-second file under
    /// the slower wander on these seeds, 43 to 54 % under the faster one, up to 427 m drawn during the rest. Cleaned a
    /// second at a time it measured within 1 % of the one-a-second file. A walker's groups are two seconds long: it is
    /// now no longer than the one-a-second file by more than 1.4 m, and shorter by up to 61 m (the true path is 720 m;
    /// the one-a-second file measures 752 to 816 m, the dense one 733 to 787 m), and draws at most 16 m more during the
    /// rest. These compare with the one-a-second file cleaned without its rests' edges taken in
    /// (`CleaningOptions.restEdges`): a walker's skeleton finds the rest in pieces, which the edges do not join, so the
    /// one-a-second file gains more from them (on seed 4 under the faster wander 786 → 732 m, the dense file 787 → 784 m,
    /// 54 m drawn during the rest against none).
    @Test(arguments: [(8.0, 5.0, 2.0), (6.0, 20.0, 1.0)], Array(UInt64(1)...4))
    func aHikeRecordedTenTimesASecondMeasuresNoLongerThanAtOneASecond(
        noise: (Double, Double, Double), seed: UInt64
    ) throws {
        let once = RestStopsTests.phoneFixes(
            seed: seed, seconds: 1200, sigma: noise.0, tau: noise.1, white: noise.2, path: RestStopsTests.tenMinuteRest)
        let dense = RestStopsTests.manyTimesASecond(once, rate: 10)
        let (cleanedOnce, _) = TrackCleaner.clean(Self.track(once), options: CleaningOptions(restEdges: false))
        let (cleanedDense, report) = TrackCleaner.clean(Self.track(dense))
        let lengthOnce = Self.length(cleanedOnce.segments[0]), lengthDense = Self.length(cleanedDense.segments[0])
        #expect(lengthDense <= 1.01 * lengthOnce && lengthDense >= Self.tenMinuteRestLength)
        func duringTheRest(_ track: Track) -> Double {
            let from = Self.start.addingTimeInterval(300), to = Self.start.addingTimeInterval(900)
            return Self.length(track.segments[0].filter { $0.time! >= from && $0.time! <= to })
        }
        #expect(duringTheRest(cleanedDense) <= duringTheRest(cleanedOnce) + 20)
        // The rest is collapsed, and counted in fixes of the file, not of the seconds.
        #expect(report.stops >= 1)
        #expect((report.removed[CleaningReport.Reason.jitter] ?? 0) > 10 * 300)
    }

    /// Every fix kept keeps its own time and heart rate, and every fix removed is traced with its reason, as counted.
    @Test(arguments: [UInt64(1), 2])
    func everyFixKeepsItsTimeAndSensorDataAndEveryRemovalIsTraced(seed: UInt64) throws {
        let once = RestStopsTests.phoneFixes(
            seed: seed, seconds: 1200, sigma: 6, tau: 20, white: 1, path: RestStopsTests.tenMinuteRest)
        var dense = RestStopsTests.manyTimesASecond(once, rate: 5)
        // Two fixes thrown 300 m within their seconds: a spike a skeleton's median does not follow.
        dense[2_003].x += 300
        dense[4_502].y -= 300
        let recorded = Self.track(dense)
        var track = recorded
        var removals: [CleaningRemoval]? = []
        let report = try #require(TrackCleaner.clean(&track, options: CleaningOptions(), keepingAtLeast: 2, removals: &removals))
        let kept = track.segments[0]
        #expect(kept.count + (removals ?? []).count == recorded.segments[0].count)
        #expect((removals ?? []).count == report.removedTotal)
        #expect(report.removedTotal > 0)
        let heartRate = Dictionary(uniqueKeysWithValues: recorded.segments[0].map { ($0.time!, $0.heartRate) })
        #expect(kept.allSatisfy { heartRate[$0.time!] == $0.heartRate })
        #expect(zip(kept, kept.dropFirst()).allSatisfy { $0.time! < $1.time! })
        // No kept fix lies out where a thrown one was (660 m east, 300 m south): all stay near the path.
        let xy = kept.map { Self.frame.project(latitude: $0.latitude, longitude: $0.longitude) }
        #expect(xy.allSatisfy { $0.x > -60 && $0.x < 420 && $0.y > -60 && $0.y < 420 })
    }

    /// With smoothing switched off, a fix is moved only where a stage moved its second's skeleton fix: a walk at ten
    /// fixes a second with nothing to take out keeps every fix where it was recorded; a 40 m burst is taken out of
    /// its fixes, each still keeping its own offset from its neighbours.
    @Test func withSmoothingOffEachFixKeepsItsOwnPositionBarWhatAStageMoved() throws {
        var rng = SyntheticRandom(seed: 4)
        let walk = (0..<6_000).map { k in
            CleaningSample(source: k, t: Double(k) / 10, x: 0.12 * Double(k) + 0.3 * rng.gaussian(), y: 0.3 * rng.gaussian())
        }
        let recorded = Self.track(walk)
        let options = CleaningOptions(smooth: false)
        let (kept, _) = TrackCleaner.clean(recorded, options: options)
        #expect(kept.segments[0].count == recorded.segments[0].count)
        #expect(zip(kept.segments[0], recorded.segments[0]).allSatisfy {
            $0.latitude == $1.latitude && $0.longitude == $1.longitude
        })
        // The same walk with 40 m north added from 200 s to 230 s.
        let burst = walk.map { sample in
            var moved = sample
            if sample.t >= 200 && sample.t < 230 { moved.y += 40 }
            return moved
        }
        let (corrected, report) = TrackCleaner.clean(Self.track(burst), options: options)
        #expect(report.bursts == 1)
        let xy = corrected.segments[0].map { Self.frame.project(latitude: $0.latitude, longitude: $0.longitude) }
        let times = corrected.segments[0].map { $0.time!.timeIntervalSince(Self.start) }
        let inside = xy.indices.filter { times[$0] >= 202 && times[$0] < 228 }
        #expect(inside.count > 200)
        #expect(inside.allSatisfy { abs(xy[$0].y) < 5 })
    }

    /// Each cleaned fix is where the rider was at its own time, at any rate: a skeleton fix's time is the median of its
    /// fixes' times, as its position is the median of their positions. A ride at 10 m/s along a gentle curve, recorded
    /// two, four or ten times a second with 0.5 m of white noise: the kept fixes lie on average within 0.2 m along the
    /// way of where the rider was at their times (0.012 m at most on these seeds). With the middle fix's time (the
    /// later of the middle two in an even group) they lay 2.50, 1.24 and 0.49 m behind: a quarter, an eighth, a
    /// twentieth of a second late.
    @Test(arguments: [2, 4, 10])
    func eachFixIsWhereTheRiderWasAtItsTime(rate: Int) throws {
        var rng = SyntheticRandom(seed: UInt64(rate))
        let radius = 2_000.0, speed = 10.0
        func along(_ t: Double) -> (Double, Double) {
            let angle = speed * t / radius
            return (radius * sin(angle), radius * (1 - cos(angle)))
        }
        let fixes = (0..<(600 * rate)).map { k in
            let t = Double(k) / Double(rate)
            let (x, y) = along(t)
            return CleaningSample(source: k, t: t, x: x + 0.5 * rng.gaussian(), y: y + 0.5 * rng.gaussian())
        }
        let points = Self.track(fixes).segments[0]
        let (cleaned, _) = TrackCleaner.clean(Track(format: .gpx, sport: "cycling", segments: [points]))
        let kept = cleaned.segments[0]
        #expect(kept.count > 590 * rate)
        // How far along the curve each kept fix lies, against where the rider was at its time.
        let offsets = kept.map { point -> Double in
            let (x, y) = Self.frame.project(latitude: point.latitude, longitude: point.longitude)
            let arc = radius * atan2(x, radius - y)
            return arc - speed * point.time!.timeIntervalSince(Self.start)
        }
        let mean = offsets.reduce(0, +) / Double(offsets.count)
        #expect(abs(mean) < 0.2, "kept fixes lie \(mean) m along the way from where the rider was at their times")
    }

    /// A skeleton fix is the median of its second's fixes: one fix of a run thrown 300 m moves it by less than a metre.
    @Test func oneFixThrownFarWithinItsSecondDoesNotMoveItsSkeletonFix() throws {
        var rng = SyntheticRandom(seed: 3)
        var s = (0..<600).map { k in
            CleaningSample(source: k, t: Double(k) / 10, x: 0.3 * Double(k) + 0.3 * rng.gaussian(), y: 0.3 * rng.gaussian())
        }
        s[305].x += 300
        let dense = try #require(DenseRecording(s, gapSeconds: 60))
        #expect(dense.seconds == 1)
        #expect(dense.skeleton.count == 60)
        #expect(dense.groups.allSatisfy { $0.count == 10 })
        let fix = dense.skeleton[30]
        #expect(abs(fix.x - 3 * fix.t) < 1 && abs(fix.y) < 1)
    }

    /// A walker's skeleton is made of two-second groups, a runner's of one-second groups: the pace is read on the
    /// one-second skeleton, the boundary is where people change from walking to running (2 m/s).
    @Test(arguments: [(0.8, 2.0), (1.4, 2.0), (1.9, 2.0), (2.2, 1.0), (3.5, 1.0), (10.0, 1.0)])
    func aWalkersSkeletonHasTwoSecondGroupsARunnersOne(pace: (speed: Double, seconds: Double)) throws {
        var rng = SyntheticRandom(seed: 5)
        let s = (0..<4_000).map { k in
            let t = Double(k) / 5
            return CleaningSample(source: k, t: t, x: pace.speed * t + 2 * rng.gaussian(), y: 2 * rng.gaussian())
        }
        let dense = try #require(DenseRecording(s, gapSeconds: 60))
        #expect(dense.seconds == pace.seconds)
        #expect(dense.skeleton.count == Int(800 / pace.seconds))
        #expect(dense.groups.allSatisfy { $0.count == Int(5 * pace.seconds) })
    }

    /// Where the pace cannot be read the groups stay one second long: a segment of eight seconds (a file interpolated
    /// between two places, as gpsbabel's `interptrack.gpx`), or a device that never moves faster than 0.3 m/s.
    @Test func aPaceThatCannotBeReadKeepsOneSecondGroups() throws {
        let short = (0..<40).map { CleaningSample(source: $0, t: Double($0) / 5, x: 1_000 * Double($0), y: 0) }
        #expect(try #require(DenseRecording(short, gapSeconds: 60)).seconds == 1)
        var rng = SyntheticRandom(seed: 9)
        let still = (0..<3_000).map { k in
            CleaningSample(source: k, t: Double(k) / 5, x: 0.05 * rng.gaussian(), y: 0.05 * rng.gaussian())
        }
        #expect(try #require(DenseRecording(still, gapSeconds: 60)).seconds == 1)
    }

    /// A hike with a ten-minute rest under a phone's fast, large wander (8 m over 5 s, 2 m of white noise), written
    /// twice a second by a device that writes a fix between its solutions: with the later solution's error (`stepped`),
    /// or halfway between the two (`blended`). Neighbouring seconds' medians then share a solution's error. On
    /// one-second groups the stages took that error for motion: the hikes came out 108 to 144 m longer than the same
    /// hikes at one fix a second (blended 38 to 122 m; the true path is 720 m), with 159 to 178 m drawn during the rest
    /// (blended 92 to 171 m). On two-second groups they come out at most 18 m longer (four of the eight shorter, by up
    /// to 49 m), and the rest draws 16 to 35 m. Compared with the one-a-second file cleaned without its rests' edges
    /// taken in, as the test above.
    @Test(arguments: [false, true], Array(UInt64(1)...4))
    func aWalkWrittenBetweenItsSolutionsMeasuresNoLongerThanAtOneASecond(blended: Bool, seed: UInt64) throws {
        let solutions = RestStopsTests.phoneFixes(
            seed: seed, seconds: 1201, sigma: 8, tau: 5, white: 2, path: RestStopsTests.tenMinuteRest)
        func error(_ k: Int) -> (Double, Double) {
            let (x, y) = RestStopsTests.tenMinuteRest(Double(k))
            return (solutions[k].x - x, solutions[k].y - y)
        }
        let once = Array(solutions.prefix(1200))
        let twice = (0..<2400).map { j -> CleaningSample in
            let k = j / 2, t = Double(j) / 2
            let (x, y) = RestStopsTests.tenMinuteRest(t)
            guard j % 2 == 1 else { return CleaningSample(source: j, t: t, x: solutions[k].x, y: solutions[k].y) }
            let (later, earlier) = (error(k + 1), error(k))
            let (ex, ey) = blended ? ((later.0 + earlier.0) / 2, (later.1 + earlier.1) / 2) : later
            return CleaningSample(source: j, t: t, x: x + ex, y: y + ey)
        }
        let truth = Self.tenMinuteRestLength
        let (cleanedOnce, _) = TrackCleaner.clean(Self.track(once), options: CleaningOptions(restEdges: false))
        let (cleanedTwice, _) = TrackCleaner.clean(Self.track(twice))
        let lengthOnce = Self.length(cleanedOnce.segments[0]), lengthTwice = Self.length(cleanedTwice.segments[0])
        #expect(lengthTwice - lengthOnce <= 0.04 * truth, "\(lengthTwice) m against \(lengthOnce) m at one a second")
        let from = Self.start.addingTimeInterval(300), to = Self.start.addingTimeInterval(900)
        let rest = Self.length(cleanedTwice.segments[0].filter { $0.time! >= from && $0.time! <= to })
        #expect(rest <= 60, "\(rest) m drawn during the rest")
    }

    /// One fix a second, or a phone app's clock (0.75 to 1.25 s apart, now and then a second or two missed), is not
    /// dense: cleaned fix by fix as before. Two a second is, in groups of two.
    @Test func onlyTracksMostlyFasterThanTwoFixesASecondAreDense() throws {
        var rng = SyntheticRandom(seed: 7)
        var t = 0.0
        let irregular = (0..<600).map { k in
            t += rng.uniform() < 0.04 ? 2 + rng.uniform() : 0.75 + 0.5 * rng.uniform()
            return CleaningSample(source: k, t: t, x: Double(k), y: 0)
        }
        #expect(DenseRecording(irregular, gapSeconds: 60) == nil)
        let everySecond = (0..<600).map { CleaningSample(source: $0, t: Double($0), x: Double($0), y: 0) }
        #expect(DenseRecording(everySecond, gapSeconds: 60) == nil)
        let twice = (0..<600).map { CleaningSample(source: $0, t: Double($0) / 2, x: 2 * Double($0), y: 0) }
        let dense = try #require(DenseRecording(twice, gapSeconds: 60))
        #expect(dense.groups.count == 300 && dense.groups.allSatisfy { $0.count == 2 })
        // Cleaning the one-a-second track cleans it fix by fix: what `DenseRecording` leaves alone is left alone.
        let (cleaned, _) = TrackCleaner.clean(Self.track(everySecond))
        #expect(cleaned.segments[0].count == everySecond.count)
    }
}
