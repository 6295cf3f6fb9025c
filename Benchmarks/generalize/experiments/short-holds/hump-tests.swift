import Foundation
import Testing

@testable import TrackKit

// The unit tests written with the candidate, kept here since it did not land (it is not part of the suite): copy this
// file into Tests/TrackKitTests with `variants.patch` applied and run `swift test --filter HumpTests`. With the
// candidate, five of the six short holds pass; the sixth (walking, held 12 s, decaying over 8 s: seed 538) is left
// 29.3 m off with no burst found. Without the patch the file does not build (`Finder.humps()` is the patch's).

/// Short bursts found whole, as a hump on the athlete's line (`BurstFilter+Humps.swift`).
@Suite("Humps")
struct HumpTests {
    /// A straight road walked (or run) for `seconds` at `speed`, with one burst of `size` metres at `degrees` from the
    /// way, taken up over `rise` seconds from second 150 as the benchmark's multipath generator takes one up, held
    /// until `duration` seconds from its start, then decaying with time constant `decay`; its hold wobbles by 15 % of
    /// itself over 5 s. A watch's noise, one fix a second.
    struct Case: CustomTestStringConvertible, Sendable {
        var sport: String
        var speed: Double
        var duration: Double
        var decay: Double
        var size: Double
        var degrees: Double
        var seed: UInt64
        var testDescription: String {
            "\(sport) held \(Int(duration)) s, decaying over \(Int(decay)) s, \(Int(size)) m at \(Int(degrees))°"
        }

        static let start = 150.0
        static let rise = 4.0
        var seconds: Double { Self.start + duration + 6 * decay + 150 }

        var synthetic: SyntheticTrack {
            SyntheticTrack(seed: seed, duration: seconds, interval: 1, noise: .watch, speed: { [speed] _ in speed },
                           path: SlowFallTests.road(metres: Int(speed * seconds) + 50))
        }

        func track(_ synthetic: SyntheticTrack) -> Track {
            let a = degrees * Double.pi / 180
            let wobble = SlowFallTests.DecayingBurst.wobble(
                seed: seed &+ 7, seconds: Int(duration + 6 * decay) + 4, sigma: 0.15, tau: 5)
            let burst = SlowFallTests.DecayingBurst(
                start: Self.start - 1, rise: Self.rise, hold: duration - Self.rise, decay: decay,
                dx: size * cos(a), dy: size * sin(a), wobble: wobble)
            var track = synthetic.track
            track.sport = sport
            track.segments = [SlowFallTests.inject([burst], into: synthetic.points)]
            return track
        }
    }

    /// Cases from the sweep in `Benchmarks/generalize/experiments/short-holds`: each left 26–42 m off by the passes
    /// before this one (no straight window inside the hold keeps the athlete's velocity, so neither jump is clear).
    static let cases = [
        Case(sport: "walking", speed: 1.2, duration: 8, decay: 2, size: 35, degrees: 200, seed: 441),
        Case(sport: "walking", speed: 1.2, duration: 8, decay: 2, size: 50, degrees: 90, seed: 442),
        Case(sport: "walking", speed: 1.2, duration: 12, decay: 5, size: 35, degrees: 90, seed: 529),
        Case(sport: "walking", speed: 1.2, duration: 12, decay: 8, size: 35, degrees: 90, seed: 538),
        Case(sport: "walking", speed: 1.2, duration: 16, decay: 2, size: 35, degrees: 90, seed: 601),
        Case(sport: "running", speed: 3.0, duration: 12, decay: 5, size: 35, degrees: 200, seed: 855),
    ]

    /// The largest distance of a point from where the athlete truly was, from 5 s before the burst to 5 s after its
    /// fall has settled.
    static func worst(_ c: Case, _ synthetic: SyntheticTrack, _ points: [TrackPoint]) -> Double {
        points.compactMap { p -> Double? in
            let t = p.time!.timeIntervalSince(SyntheticTrack.start)
            guard t >= Case.start - 5, t <= Case.start + c.duration + 6 * c.decay + 5 else { return nil }
            let q = SyntheticTrack.toLocal(p)
            let truth = SyntheticTrack.position(on: synthetic.path, at: synthetic.arcAtTime[p.time!]!)
            return hypot(q.x - truth.x, q.y - truth.y)
        }.max() ?? 0
    }

    static func length(_ points: [TrackPoint]) -> Double {
        let q = points.map(SyntheticTrack.toLocal)
        return zip(q, q.dropFirst()).reduce(0) { $0 + hypot($1.1.x - $1.0.x, $1.1.y - $1.0.y) }
    }

    /// The fixes of `points` as the burst filter sees them (no spike among them to take out first).
    static func samples(_ points: [TrackPoint]) -> [CleaningSample] {
        points.enumerated().map { i, p in
            let q = SyntheticTrack.toLocal(p)
            return CleaningSample(source: i, t: p.time!.timeIntervalSince(SyntheticTrack.start), x: q.x, y: q.y)
        }
    }

    static func humps(_ points: [TrackPoint]) -> [BurstFilter.Flash] {
        let s = samples(points)
        let sigma = NoiseEstimator.sigma(s, gapSeconds: 60)
        let interval = TrackCleaner.typicalInterval(s[...], gapSeconds: .infinity)
        return BurstFilter.Finder(s, range: 0..<s.count, interval: interval, sigma: sigma).humps()
    }

    @Test("A short hold on a straight is taken out", arguments: cases)
    func shortHoldTakenOut(_ c: Case) {
        let synthetic = c.synthetic
        let track = c.track(synthetic)
        #expect(Self.worst(c, synthetic, track.segments[0]) > 35)
        let (cleaned, report) = TrackCleaner.clean(track)
        #expect(report.bursts >= 1)
        #expect(Self.worst(c, synthetic, cleaned.segments[0]) < 12)
        // The distance is what the same walk or run without the burst cleans to, within a few metres.
        var clean = synthetic.track
        clean.sport = c.sport
        let (without, _) = TrackCleaner.clean(clean)
        #expect(abs(Self.length(cleaned.segments[0]) - Self.length(without.segments[0])) < 5)
    }

    @Test("Found as one hump between the lines either side")
    func foundAsOneHump() throws {
        let c = Self.cases[4]
        let found = Self.humps(c.track(c.synthetic).segments[0])
        #expect(found.count == 1)
        let hump = try #require(found.first)
        // From the line's last fix before the rise (second 149) to the first after the fall (2 s decay, 16 s hold).
        #expect(hump.last >= Int(Case.start) - 8 && hump.last <= Int(Case.start))
        #expect(hump.first >= Int(Case.start + c.duration) && hump.first <= Int(Case.start + c.duration) + 16)
        #expect(hump.size > 30)
    }

    @Test("No hump in turns, in a walker's sidestep, or in noise alone", arguments: ["running", "walking"])
    func noHumpWithoutBurst(_ sport: String) {
        let speed = sport == "walking" ? 1.2 : 3.0
        // The loop's right angles, 45° bends and hairpin, with a watch's noise and with a phone's (no spikes: the spike
        // filter takes those first).
        let phone = SyntheticNoise(correlatedMeters: 7, correlationSeconds: 30, whiteMeters: 4, spikeProbability: 0)
        for (seed, noise) in [(UInt64(11), SyntheticNoise.watch), (12, phone)] {
            let loop = SyntheticTrack(seed: seed, duration: 2400 / speed, interval: 1, noise: noise,
                                      speed: { _ in speed }, path: SyntheticTrack.loopPath(laps: 1))
            #expect(Self.humps(loop.points).isEmpty, "loop, noise \(noise.whiteMeters) m")
        }
        // A sidestep at the athlete's own pace: 20 m across the road and back, on a straight.
        var path: [(x: Double, y: Double)] = (0...300).map { (Double($0), 0.0) }
        path += (1...20).map { (300.0, Double($0)) } + (1...20).map { (300.0, 20 - Double($0)) }
        path += (1...300).map { (300 + Double($0), 0.0) }
        let sidestep = SyntheticTrack(seed: 13, duration: 640 / speed, interval: 1, noise: .watch,
                                      speed: { _ in speed }, path: path)
        #expect(Self.humps(sidestep.points).isEmpty)
    }

    @Test("Two fixes thrown out apart are not one hump")
    func twoThrownFixesApart() {
        // A walk along a straight road; at 150 s and at 180 s one fix each thrown 35 m to the same side.
        let synthetic = SyntheticTrack(seed: 21, duration: 400, interval: 1, noise: .watch, speed: { _ in 1.2 },
                                       path: SlowFallTests.road(metres: 600))
        let thrown = BurstTests.offset(synthetic.points, by: [150.0, 180.0].map { at in
            (weight: { t in abs(t - at) < 0.5 ? 1 : 0 }, dx: 0, dy: 35)
        })
        let found = Self.humps(thrown)
        // Each thrown fix may be put back on its own; none spans from one to the other.
        #expect(found.allSatisfy { thrown[$0.first].time!.timeIntervalSince(thrown[$0.last].time!) < 20 })
        #expect(!found.contains { $0.last < 150 && $0.first > 180 })
    }
}
