import Foundation
import Testing

@testable import TrackKit

/// Bursts whose pair of jumps cannot be found (`BurstFilter+SlowFalls.swift`): the fixes jump aside within seconds,
/// hold for less than a line's length or wobble while they hold, and let go slowly, the offset decaying with a time
/// constant of several seconds.
@Suite("Cleaning: bursts with a slow fall")
struct SlowFallTests {
    /// A burst as a receiver makes it: from `start` (seconds from the first point) the offset rises linearly to
    /// (dx, dy) over `rise` seconds, holds for `hold` seconds (swinging by `wobble`, a fraction of itself for each
    /// second), then decays as exp(-t / `decay`) and is gone after six time constants.
    struct DecayingBurst {
        var start: Double
        var rise: Double
        var hold: Double
        var decay: Double
        var dx: Double
        var dy: Double
        /// The hold's swing, as a fraction of the offset for each whole second from the start (none if empty).
        var wobble: [Double] = []

        func offset(at t: Double) -> Double {
            let s = t - start
            if s <= 0 || s >= rise + hold + 6 * decay { return 0 }
            if s < rise { return s / rise }
            let swing = wobble.isEmpty ? 0 : wobble[min(wobble.count - 1, Int(s))]
            if s <= rise + hold { return 1 + swing }
            return exp(-(s - rise - hold) / decay) * (1 + swing)
        }

        /// A swing that wanders as a reflection's does: first-order Gauss–Markov, `sigma` of the offset, correlated
        /// over `tau` seconds.
        static func wobble(seed: UInt64, seconds: Int, sigma: Double, tau: Double) -> [Double] {
            var random = SyntheticRandom(seed: seed)
            let rho = exp(-1 / tau)
            var e = sigma * random.gaussian()
            return (0..<seconds).map { _ in
                defer { e = rho * e + sigma * (1 - rho * rho).squareRoot() * random.gaussian() }
                return e
            }
        }
    }

    static func inject(_ bursts: [DecayingBurst], into points: [TrackPoint]) -> [TrackPoint] {
        BurstTests.offset(points, by: bursts.map { burst in (burst.offset(at:), burst.dx, burst.dy) })
    }

    /// A walk along a straight road, 1 m a step.
    static func road(metres: Int) -> [(x: Double, y: Double)] {
        (0...metres).map { (Double($0), 0.0) }
    }

    /// A walk at 1.2 m/s with a watch's noise past five bursts of 25–40 m across the road, taken up within 1–3 s,
    /// held 15–35 s while the offset wanders by 15 % of itself (over 5 s, as a reflection's does), and let go with
    /// time constants of 5–8 s. The pair search misses some: the wander inside a hold looked like a jump left
    /// behind, and the fall is spread over more than `maxFallSeconds`. With both of those fixed the track came
    /// out 2.2–2.5 % long; with the wander still refused it was 4.3 % long on seed 32, and without slow falls
    /// 4.0–4.5 % on seeds 31 and 33 (each measured by taking that part out of the filter).
    @Test(arguments: [UInt64(31), 32, 33])
    func aWalkPastBurstsThatFallSlowlyKeepsToTheRoad(seed: UInt64) {
        let synthetic = SyntheticTrack(
            seed: seed, duration: 1500, interval: 1, noise: .watch, speed: { _ in 1.2 }, path: Self.road(metres: 2000))
        var track = synthetic.track
        track.sport = "walking"
        let shapes: [(start: Double, rise: Double, hold: Double, decay: Double, dy: Double)] = [
            (200, 2, 20, 6, 30), (450, 1, 30, 8, -35), (700, 3, 15, 5, 25), (950, 2, 35, 7, -40), (1200, 2, 25, 8, 32),
        ]
        let bursts = shapes.enumerated().map { index, shape in
            DecayingBurst(
                start: shape.start, rise: shape.rise, hold: shape.hold, decay: shape.decay, dx: 0, dy: shape.dy,
                wobble: DecayingBurst.wobble(seed: seed &* 10 &+ UInt64(index), seconds: 100, sigma: 0.15, tau: 5))
        }
        track.segments = [Self.inject(bursts, into: synthetic.points)]
        let (cleaned, report) = TrackCleaner.clean(track)
        let out = cleaned.segments[0]
        let error = (SyntheticTrack.length(out) - synthetic.trueLength) / synthetic.trueLength
        #expect(report.bursts >= 4, "seed \(seed): \(report.bursts) bursts found")
        #expect(abs(error) <= 0.03, "seed \(seed): distance error \(error)")
    }

    /// A burst taken up just before a right-angle turn and let go of on the new road. A line carried from inside
    /// the burst through the turn can miss the fixes after it by as much as the burst, and a walker's velocity
    /// changes by little more than the tolerance in such a turn, so a return may be read there (on 4 of these 8
    /// seeds). Where one is, the fixes it moves come out nearer the path on the whole (their summed distance from
    /// it fell by 15–84 %), and no fix further from it by more than the smallest jump: on two seeds a fix came out
    /// 12–13 m further off than it went in, while the burst's 30 m were taken out. (Where none is read there is
    /// nothing to check; a change that reads none on any seed leaves this test with nothing to say.)
    @Test func aSlowFallReadAcrossATurnMovesNoFixAwayFromThePath() {
        var path = Self.road(metres: 300)
        for i in 1...300 { path.append((300, Double(i))) }
        for seed in UInt64(51)...58 {
            let synthetic = SyntheticTrack(seed: seed, duration: 480, interval: 1, noise: .watch, speed: { _ in 1.2 }, path: path)
            // The turn is at 250 s; the fixes jump across the first road at 240 s and are back by about 290 s.
            let burst = DecayingBurst(start: 240, rise: 2, hold: 5, decay: 7, dx: 0, dy: -30)
            let points = Self.inject([burst], into: synthetic.points)
            let samples = Self.samples(points)
            let finder = BurstFilter.Finder(samples, range: 0..<points.count, interval: 1, sigma: 2.5)
            for found in finder.slowFallBursts() {
                var before = 0.0, after = 0.0
                for i in (found.entry.last + 1)..<found.exit.first {
                    let (ox, oy) = BurstFilter.offset(of: found, at: i, in: samples)
                    var moved = points[i]
                    (moved.latitude, moved.longitude) = SyntheticTrack.toLatLon(x: samples[i].x - ox, y: samples[i].y - oy)
                    let raw = synthetic.maxDeviation(of: [points[i]]), corrected = synthetic.maxDeviation(of: [moved])
                    #expect(corrected <= raw + finder.floor(1), "seed \(seed): a fix at \(samples[i].t) s moved from \(raw) to \(corrected) m off")
                    before += raw
                    after += corrected
                }
                #expect(after < before, "seed \(seed): the fixes moved are no nearer the path")
            }
        }
    }

    /// A runner crossing a road and back (`BurstTests.aSidestepAndBackIsKept`) moves at their own pace: no step
    /// between neighbouring fixes goes further than three quarters of the smallest jump beyond their velocity,
    /// where a reflection's entry does.
    @Test func aRunnersSidestepIsNotAbrupt() {
        for seed in UInt64(91)...93 {
            let synthetic = SyntheticTrack(seed: seed, duration: 400, interval: 1, noise: .watch, path: BurstTests.sidestepPath())
            let finder = BurstFilter.Finder(
                Self.samples(synthetic.points), range: 0..<synthetic.points.count, interval: 1, sigma: 2.5)
            for jump in finder.clearJumps() {
                #expect(finder.abruptStep(jump) < BurstFilter.slowFallAbruptness * finder.floor(1), "seed \(seed)")
            }
            #expect(finder.slowFallBursts().isEmpty, "seed \(seed): the sidestep was taken for a slow fall")
        }
        // A walker's reflection, for contrast: 30 m within 2 s.
        let synthetic = SyntheticTrack(
            seed: 94, duration: 400, interval: 1, noise: .watch, speed: { _ in 1.2 }, path: Self.road(metres: 600))
        let points = Self.inject([DecayingBurst(start: 200, rise: 2, hold: 6, decay: 6, dx: 0, dy: 30)], into: synthetic.points)
        let finder = BurstFilter.Finder(Self.samples(points), range: 0..<points.count, interval: 1, sigma: 2.5)
        let entries = finder.clearJumps().filter { finder.abruptStep($0) >= BurstFilter.slowFallAbruptness * finder.floor(1) }
        #expect(entries.count == 1, "\(entries.count) abrupt entries")
    }

    /// The points as the cleaner's samples, in a local frame of metres.
    static func samples(_ points: [TrackPoint]) -> [CleaningSample] {
        points.enumerated().map { index, p in
            let (x, y) = SyntheticTrack.toLocal(p)
            return CleaningSample(source: index, t: p.time!.timeIntervalSince(SyntheticTrack.start), x: x, y: y)
        }
    }
}

