import Foundation
import Testing

@testable import TrackKit

/// A phone carried from open sky into a city and back: the noise changes along the track, and each stretch is
/// cleaned with a noise model of its own.
@Suite("Cleaning: stretches of different noise")
struct NoiseStretchTests {
    /// A watch-like noise (2 m wandering over 30 s, 0.5 m white) and a city's (8 m over 10 s, 3 m white).
    static let open = SyntheticNoise(correlatedMeters: 2, correlationSeconds: 30, whiteMeters: 0.5, spikeProbability: 0)
    static let city = SyntheticNoise(correlatedMeters: 8, correlationSeconds: 10, whiteMeters: 3, spikeProbability: 0)

    /// The same activity recorded twice, once with each noise, spliced: the open noise before `from` and after
    /// `to` (seconds), the city's between. Both recordings share the seed, so the athlete is at the same place at the
    /// same time in both.
    static func spliced(
        seed: UInt64, speed: Double, from: Double, to: Double, stop: (at: Double, seconds: Double)? = nil
    ) -> (SyntheticTrack, Track) {
        let quiet = SyntheticTrack(seed: seed, duration: 2700, interval: 1, noise: open, speed: { _ in speed }, stop: stop)
        let loud = SyntheticTrack(seed: seed, duration: 2700, interval: 1, noise: city, speed: { _ in speed }, stop: stop)
        let points = zip(quiet.points, loud.points).map { q, l -> TrackPoint in
            let t = q.time!.timeIntervalSince(SyntheticTrack.start)
            return t >= from && t < to ? l : q
        }
        var track = Track(format: .gpx, sport: speed < 2 ? "walking" : "running", segments: [points])
        track.sport = speed < 2 ? "walking" : "running"
        return (quiet, track)
    }

    static func samples(_ points: [TrackPoint]) -> [CleaningSample] {
        let frame = LocalFrame(latitude: points[0].latitude, longitude: points[0].longitude)
        return points.enumerated().map { index, point in
            let (x, y) = frame.project(latitude: point.latitude, longitude: point.longitude)
            return CleaningSample(source: index, t: point.time!.timeIntervalSinceReferenceDate, x: x, y: y)
        }
    }

    static func error(_ synthetic: SyntheticTrack, _ points: [TrackPoint]) -> Double {
        let truth = BurstTests.pathLength(synthetic, at: synthetic.points)
        return (SyntheticTrack.length(points) - truth) / truth
    }

    /// A run (3 m/s) and a walk (1.2 m/s) of 45 minutes, through the city from minute 15 to minute 30, with a
    /// four-minute stop there. The stretches are found within a minute of where the noise changes. Cleaned as one
    /// (run both ways here), the stop radius came from the open stretches' noise, the city's stop added 79–202 m of
    /// wander and the tracks came out +1.2 to +2.4 % long; in stretches the stop adds 0–68 m of its 1.6 km of raw
    /// wander, and the tracks come out −1.4 to +0.7 %. Since a rest's edges wait as long as its own fixes once stayed
    /// out (`RestStops.longestExcursion`) the rest takes the whole stop in either way on three of the four seeds
    /// (0 m drawn both ways; 15.7 m as one on seed 34, 0 m in stretches), and the tracks come out +0.45 to +2.07 %
    /// as one, +0.20 to +0.87 % in stretches.
    @Test(arguments: [(UInt64(31), 3.0), (32, 3.0), (33, 1.2), (34, 1.2)])
    func aTripThroughACityIsCleanedInThreeStretches(seed: UInt64, speed: Double) throws {
        let (synthetic, track) = Self.spliced(seed: seed, speed: speed, from: 900, to: 1800, stop: (1300, 240))
        let samples = Self.samples(track.segments[0])
        let stretches = NoiseStretches.find(samples, gapSeconds: 60)
        let starts = stretches.map { samples[$0.range.lowerBound].t - samples[0].t }
        try #require(stretches.count == 3, "seed \(seed): stretches start at \(starts) s")
        #expect(abs(starts[1] - 900) <= 60 && abs(starts[2] - 1800) <= 60, "seed \(seed): stretches start at \(starts) s")
        #expect(stretches[1].sigma > 3 * stretches[0].sigma && stretches[1].sigma > 3 * stretches[2].sigma)

        let (asOne, _) = TrackCleaner.clean(track, options: CleaningOptions(noiseStretches: false))
        let (inStretches, report) = TrackCleaner.clean(track)
        let one = Self.error(synthetic, asOne.segments[0]), many = Self.error(synthetic, inStretches.segments[0])
        #expect(report.stretches == 3)
        #expect(abs(many) < abs(one), "seed \(seed): \(one) as one stretch, \(many) in three")
        #expect(abs(many) <= 0.02, "seed \(seed): \(one) as one stretch, \(many) in three")
        let stop = try #require(synthetic.stopPoints)
        let first = synthetic.points[stop.lowerBound].time!, last = synthetic.points[stop.upperBound - 1].time!
        func stopLength(_ points: [TrackPoint]) -> Double {
            SyntheticTrack.length(points.filter { $0.time! >= first && $0.time! <= last })
        }
        let rawStop = stopLength(track.segments[0])
        let stopAsOne = stopLength(asOne.segments[0]), stopInStretches = stopLength(inStretches.segments[0])
        #expect(stopInStretches <= max(10, 0.05 * rawStop), "seed \(seed): the stop adds \(stopInStretches) m of \(rawStop) m")
        #expect(stopInStretches <= stopAsOne / 2, "seed \(seed): the stop adds \(stopInStretches) m, as one \(stopAsOne) m")
    }

    /// Where the noise does not change, the track is one stretch and is cleaned exactly as before: a watch's, a
    /// phone's and a fused provider's noise, every second and smartly recorded, run and walk.
    @Test(arguments: [
        ("watch", SyntheticNoise.watch), ("phone", SyntheticNoise.phone), ("city", city),
        ("fused", SyntheticNoise(correlatedMeters: 1.5, correlationSeconds: 60, whiteMeters: 0.5, spikeProbability: 0)),
    ])
    func steadyNoiseIsOneStretch(label: String, noise: SyntheticNoise) {
        for (seed, speed, smart) in [(UInt64(41), 3.0, false), (42, 1.2, false), (43, 3.0, true)] {
            let synthetic = SyntheticTrack(seed: seed, duration: 3600, interval: 1, noise: noise, speed: { _ in speed })
            var track = synthetic.track
            if smart { track.segments = [BurstTests.smartRecording(synthetic.points)] }
            let stretches = NoiseStretches.find(Self.samples(track.segments[0]), gapSeconds: 60)
            #expect(stretches.count == 1, "\(label), seed \(seed): \(stretches.count) stretches")
            let (with, report) = TrackCleaner.clean(track)
            let (without, _) = TrackCleaner.clean(track, options: CleaningOptions(noiseStretches: false))
            #expect(report.stretches == 0)
            #expect(with.segments[0] == without.segments[0], "\(label), seed \(seed)")
        }
    }

    /// A segment long enough that its stretches are found on a second thread while its rests are found on the calling
    /// one (`TrackCleaner.restsAndCuts`): a walk east at 1.2 m/s, a fix a second for 15.5 hours, 2 m of noise and 8 m
    /// from hour 10 on, with two ten-minute stops before. It gets the same rests and the same cut as when both are found
    /// one after the other, and it has both.
    @Test func aLongSegmentsStretchesFoundBesideItsRestsAreTheSame() throws {
        var random = SyntheticRandom(seed: 61)
        let stops: [Range<Double>] = [5_000..<5_600, 25_000..<25_600]
        var x = 0.0
        let samples = (0..<(TrackCleaner.parallelFixes + 6_000)).map { index -> CleaningSample in
            let t = Double(index)
            if !stops.contains(where: { $0.contains(t) }) { x += 1.2 }
            let noise = t >= 36_000 ? 8.0 : 2.0
            return CleaningSample(source: index, t: t, x: x + noise * random.gaussian(), y: noise * random.gaussian())
        }
        let profile = SportProfile(sport: "walking"), options = CleaningOptions(sport: "walking")
        let beside = TrackCleaner.restsAndCuts(samples, profile: profile, options: options)
        let inTurn = TrackCleaner.restsAndCuts(samples, profile: profile, options: options, parallelFixes: .max)
        #expect(beside.rests == inTurn.rests)
        #expect(beside.cuts == inTurn.cuts)
        // Both stops found, each within a minute and a half of its ends (the test is centred on a window either side),
        // and its edges taken in with at most a few seconds of the walk (`RestStops.takeInEdges`).
        try #require(beside.rests.count == 2, "rests \(beside.rests)")
        for (rest, stop) in zip(beside.rests, stops) {
            #expect(rest.start >= stop.lowerBound - 10 && rest.start <= stop.lowerBound + 90, "\(rest) for \(stop)")
            #expect(rest.end <= stop.upperBound + 10 && rest.end >= stop.upperBound - 90, "\(rest) for \(stop)")
        }
        // Cut within a minute of where the noise changes.
        try #require(beside.cuts.count == 1, "cuts at \(beside.cuts.map { samples[$0].t }) s")
        #expect(abs(samples[beside.cuts[0]].t - 36_000) <= 60, "cut at \(samples[beside.cuts[0]].t) s")
    }

    /// Ten minutes of city in the middle of a walk of an hour and a half (white noise 8 m against 2 m): cut at either
    /// end, the city is a fifth of the side it lies in, and the noise of the sides differs by a factor of about 1.3,
    /// under the bar of 1.8. Judged at once, that first cut failed and nothing inside it was looked at, so the walk
    /// stayed one stretch. Judged between its neighbouring cuts, each end's factor is about 4.
    @Test(arguments: [UInt64(71), 72, 73])
    func aShortCityInALongWalkIsCutAtBothEnds(seed: UInt64) throws {
        var random = SyntheticRandom(seed: seed)
        let samples = (0..<5_400).map { index -> CleaningSample in
            let t = Double(index), noise = t >= 2_400 && t < 3_000 ? 8.0 : 2.0
            return CleaningSample(source: index, t: t, x: 1.2 * t + noise * random.gaussian(), y: noise * random.gaussian())
        }
        let stretches = NoiseStretches.find(samples, gapSeconds: 60)
        let starts = stretches.map { samples[$0.range.lowerBound].t }
        try #require(stretches.count == 3, "seed \(seed): stretches start at \(starts) s")
        #expect(abs(starts[1] - 2_400) <= 30 && abs(starts[2] - 3_000) <= 30, "seed \(seed): stretches start at \(starts) s")
        #expect(stretches[1].sigma > 3 * stretches[0].sigma && stretches[1].sigma > 3 * stretches[2].sigma)
    }

    /// A city shorter than a stretch may be (200 s of it, from 900 s, in 45 minutes of open sky): it is cut around, in
    /// a stretch of its own at least five minutes long that holds it, and the track comes out nearer its true length
    /// than cleaned as one. Before the cuts' ratios were judged between neighbouring cuts, a cut at either end of the
    /// city failed the ratio (the city at most a fifth of its side) and the track stayed one stretch; over seeds 35–46,
    /// run and walk, 200 and 250 s of city, cutting brought 41 of 48 tracks nearer their true length and 2 further (sum
    /// of |error| 30.8 points less; `Benchmarks/generalize/experiments/stretch-segmentation/`).
    @Test(arguments: [(UInt64(35), 3.0), (40, 1.2), (44, 1.2)])
    func aShortCityGetsAStretchOfItsOwn(seed: UInt64, speed: Double) throws {
        let (synthetic, track) = Self.spliced(seed: seed, speed: speed, from: 900, to: 1100)
        let samples = Self.samples(track.segments[0])
        let stretches = NoiseStretches.find(samples, gapSeconds: 60)
        let starts = stretches.map { samples[$0.range.lowerBound].t - samples[0].t }
        try #require(stretches.count == 3, "seed \(seed): stretches start at \(starts) s")
        #expect(starts[1] <= 930 && starts[2] >= 1070, "seed \(seed): stretches start at \(starts) s")
        #expect(stretches[1].sigma > 1.8 * stretches[0].sigma && stretches[1].sigma > 1.8 * stretches[2].sigma)
        let (asOne, _) = TrackCleaner.clean(track, options: CleaningOptions(noiseStretches: false))
        let (inStretches, report) = TrackCleaner.clean(track)
        #expect(report.stretches == 3)
        let one = Self.error(synthetic, asOne.segments[0]), many = Self.error(synthetic, inStretches.segments[0])
        #expect(abs(many) < abs(one), "seed \(seed): \(one) as one stretch, \(many) in three")
    }
}
