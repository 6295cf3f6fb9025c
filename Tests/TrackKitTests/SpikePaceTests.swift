import Foundation
import TestSupport
import Testing

@testable import TrackKit

/// An interval session recorded at one fix every 10 s: 400 m repetitions round a track, each from a rest at the start
/// line back to it. Eight steps either side of a repetition's first fixes are the rest's 80 s, so the pace read from
/// them is a standstill, and a repetition's fixes (60 m apart, up to 130 m from the rest) look far out for it; the
/// spike filter reads the pace also from the run's two anchors. What that reading must not take for a pace: an anchor
/// thrown out itself, and noisy anchors a second or two apart.
@Suite("Cleaning: spikes and the athlete's pace across them")
struct SpikePaceTests {
    static let rest = 120.0, pace = 6.0, repetitions = 3

    /// Arc along lane 1 at time `t`: a rest of `rest` seconds, then a lap at `pace`, `repetitions` times, then a rest.
    static func arc(at t: Double) -> Double {
        let lap = Stadium.lap(radius: 36.8), run = lap / pace
        let cycle = rest + run
        let done = min(Double(repetitions), (t / cycle).rounded(.down))
        let within = t - done * cycle
        guard done < Double(repetitions), within > rest else { return 0 }
        return pace * (within - rest)
    }

    /// The session's fixes, `noise` metres of white noise on each.
    static func session(seed: UInt64, noise: Double = 3) -> [CleaningSample] {
        var rng = SyntheticRandom(seed: seed)
        let end = Double(repetitions) * (rest + Stadium.lap(radius: 36.8) / pace) + rest
        return stride(from: 0.0, through: end, by: 10).enumerated().map { index, t in
            let p = Stadium.point(arc(at: t), radius: 36.8, centreNorth: 36.8)
            return CleaningSample(source: index, t: t, x: p.x + noise * rng.gaussian(), y: p.y + noise * rng.gaussian())
        }
    }

    static func length(_ s: [CleaningSample]) -> Double {
        zip(s, s.dropFirst()).reduce(0) { $0 + hypot($1.1.x - $1.0.x, $1.1.y - $1.0.y) }
    }

    /// Every repetition's fixes are kept: the anchors a repetition's first (or last) fixes are judged between lie as
    /// far apart as the athlete ran, and that is their pace, not the rest's.
    @Test(arguments: [UInt64(21), 22, 23])
    func aRepetitionLeavingARestIsNoSpike(seed: UInt64) {
        let s = Self.session(seed: seed)
        let (kept, removed) = SpikeFilter.filter(s, profile: .foot)
        #expect(removed == 0, "seed \(seed): \(removed) fixes taken for spikes")
        // Three laps of 400 m, cut to chords 60 m long on the bends, and the rests' jitter.
        #expect(Self.length(kept) > 1100, "seed \(seed): \(Self.length(kept)) m")
    }

    /// The whole cleaner on the session keeps the three laps: within 10 % of the noise-free fixes' length (1135 m: the
    /// chords of fixes 60 m apart cut the bends), where with the pace read from the rests alone it left none (the
    /// session one stop); and it adds none (no more than the 1200 m run).
    @Test(arguments: [UInt64(21), 22, 23])
    func theSessionKeepsItsLaps(seed: UInt64) {
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        let track = { (samples: [CleaningSample]) in
            Track(format: .gpx, segments: [samples.map { sample in
                let (latitude, longitude) = SyntheticTrack.toLatLon(x: sample.x, y: sample.y)
                return TrackPoint(latitude: latitude, longitude: longitude, time: start.addingTimeInterval(sample.t))
            }])
        }
        let floor = SyntheticTrack.length(track(Self.session(seed: seed, noise: 0)).segments[0])
        let options = CleaningOptions(sport: "running")
        let (cleaned, _) = TrackCleaner.clean(track(Self.session(seed: seed)), options: options)
        let length = cleaned.segments.reduce(0) { $0 + SyntheticTrack.length($1) }
        #expect(length > 0.9 * floor && length < 1200, "seed \(seed): \(length) m, noise-free \(floor) m")
    }

    /// A fix thrown 60 m out in the middle of a rest is still a spike: the rest's fixes either side are where the
    /// athlete stood, and the anchors lie together.
    @Test(arguments: [UInt64(24), 25, 26])
    func aFixThrownOutAtRestIsStillASpike(seed: UInt64) {
        var s = Self.session(seed: seed)
        let last = s.count - 6  // 50 s before the end, in the last rest
        s[last].y -= 60
        #expect(SpikeFilter.findSpikes(s, profile: .foot) == [last])
    }

    /// A receiver's first fixes after a gap, far off and coming back (a car's logger switched on again after 130 s
    /// parked): the first is thrown 310 m out, the next 1 s later 180 m, 14 s later the car is 60 m from where it stood
    /// and drives off at 4.5 m/s. The anchors of the run of the second fix lie 250 m apart, as if the car went 17 m/s
    /// in those 15 s, but no step beside them is that fast: both fixes are still spikes.
    @Test func aFirstFixAfterAGapThrownOutIsStillASpike() {
        var s: [CleaningSample] = []
        for k in 0..<30 { s.append(CleaningSample(source: s.count, t: Double(k), x: 0.3 * Double(k % 3), y: 0)) }
        for (t, x, y) in [(159.0, -294.5, 110.0), (160, -168, 61.5), (174, -59, 10), (190, -53, 5.5)] {
            s.append(CleaningSample(source: s.count, t: t, x: x, y: y))
        }
        for k in 1...30 {
            s.append(CleaningSample(source: s.count, t: 190 + Double(k), x: -53 + 4.5 * Double(k), y: 5.5))
        }
        let (kept, removed) = SpikeFilter.filter(s, profile: .unknown)
        #expect(removed == 2)
        #expect(!kept.contains { $0.t == 159 || $0.t == 160 })
    }

    /// A hiker's phone with heavy-tailed noise, a fix a second (the fixes from a benchmark hike, `heavy` at irregular
    /// times, around a fix of it thrown out): two fixes thrown 40–65 m out between two fixes thrown 17 and 24 m the
    /// other ways, whose distance (30 m in 4.5 s: 7 m/s) is noise, not the hiker's pace. Less the filter's noise
    /// allowance the anchors' pace is 4.5 m/s, and both fixes are spikes.
    @Test func noisyAnchorsASecondApartAreNoPace() {
        var rng = SyntheticRandom(seed: 27)
        var s: [CleaningSample] = []
        for k in 0..<10 {
            s.append(CleaningSample(source: s.count, t: Double(k), x: 230 + rng.gaussian(), y: -385 + rng.gaussian()))
        }
        let fixes: [(Double, Double, Double)] = [
            (10, 227.54, -386.66), (11.2, 225.14, -387.51), (12.24, 228.19, -385.29), (13.44, 244.79, -383.04),
            (14.56, 185.75, -354.32), (15.74, 182.14, -357.33), (17.95, 226.21, -358.88), (18.95, 234.22, -381.29),
            (19.92, 233.58, -383.95), (20.91, 234.48, -380.60),
        ]
        for (t, x, y) in fixes { s.append(CleaningSample(source: s.count, t: t, x: x, y: y)) }
        for k in 22..<32 {
            s.append(CleaningSample(source: s.count, t: Double(k), x: 232 + rng.gaussian(), y: -383 + rng.gaussian()))
        }
        #expect(SpikeFilter.findSpikes(s, profile: .foot).isSuperset(of: [14, 15]))
    }
}
