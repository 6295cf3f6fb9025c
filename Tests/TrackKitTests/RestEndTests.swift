import Foundation
import Testing

@testable import TrackKit

/// A collapsed rest's first and last fix are put where the athlete stood (`CleaningSample.atRest`), and there they are
/// not moving: the smoothing reads their speed at those fixes as zero (`KalmanSmoother.restSpeedNoise`). Without that
/// reading the way in keeps its pace up to the rest's first fix, and noise that runs ahead of the athlete there is
/// drawn on past the rest and back again, the way out started behind it.
@Suite("Cleaning: a rest's ends are where the athlete stands")
struct RestEndTests {
    /// A walker at 1.5 m/s east for 60 s (3 m of white noise), then a rest's first fix at 90 m, where they stand from
    /// 60 s on: marked as a rest's end or not.
    static func wayIn(seed: UInt64, marked: Bool) -> [CleaningSample] {
        var rng = SyntheticRandom(seed: seed)
        var s = (0..<60).map { k in
            CleaningSample(source: k, t: Double(k), x: 1.5 * Double(k) + 3 * rng.gaussian(), y: 3 * rng.gaussian())
        }
        var end = CleaningSample(source: 60, t: 60, x: 90, y: 0, moved: true)
        end.atRest = marked
        s.append(end)
        return s
    }

    /// The smoothed east state of every fix of `s` (one run).
    static func smoothedEast(_ s: [CleaningSample]) -> [KalmanSmoother.AxisState] {
        let buffers = KalmanSmoother.Buffers()
        s.withUnsafeBufferPointer {
            KalmanSmoother.smoothedStates(
                $0, range: 0..<s.count, sigma: 3, accelerationNoise: 0.05, initialSpeed: 6, stepNoise: nil,
                into: buffers)
        }
        return buffers.ex
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func theSpeedIsZeroAtARestsEnd(seed: UInt64) throws {
        let marked = Self.smoothedEast(Self.wayIn(seed: seed, marked: true))
        let unmarked = Self.smoothedEast(Self.wayIn(seed: seed, marked: false))
        let stop = try #require(marked.last), carriedOn = try #require(unmarked.last)
        #expect(abs(stop.v) < 3 * KalmanSmoother.restSpeedNoise, "seed \(seed): \(stop.v) m/s")
        #expect(carriedOn.v > 1, "seed \(seed): \(carriedOn.v) m/s")
        // Ten seconds before, the walker is still walking under both.
        #expect(marked[50].v > 0.8 && unmarked[50].v > 0.8)
        // The same run backwards in time: the way out of a rest starts from standing.
        let out = Self.wayIn(seed: seed, marked: true).reversed().enumerated().map { k, sample in
            var copy = sample
            copy.t = Double(k)
            return copy
        }
        let leaving = Self.smoothedEast(out)
        #expect(abs(leaving[0].v) < 3 * KalmanSmoother.restSpeedNoise)
        #expect(leaving[10].v < -0.8)
    }

    /// A first-order Gauss–Markov error on one axis, 1 s steps: a phone's wander of `sigma` metres over `tau` seconds.
    static func wander(_ rng: inout SyntheticRandom, count: Int, sigma: Double, tau: Double) -> [Double] {
        let phi = exp(-1 / tau)
        var e = sigma * rng.gaussian()
        return (0..<count).map { _ in
            e = phi * e + sigma * (1 - phi * phi).squareRoot() * rng.gaussian()
            return e
        }
    }

    /// `RestStopsTests.hikeWithARest` (east 300 s at 1.2 m/s, a rest of 420 s, north 300 s) under a phone's 6 m
    /// wander over 5 s and 1 m of white noise, one fix a second.
    static func hike(seed: UInt64) -> [CleaningSample] {
        var rng = SyntheticRandom(seed: seed)
        let ex = wander(&rng, count: 1020, sigma: 6, tau: 5), ey = wander(&rng, count: 1020, sigma: 6, tau: 5)
        return (0..<1020).map { k in
            let (x, y) = RestStopsTests.hikeWithARest(Double(k))
            return CleaningSample(source: k, t: Double(k), x: x + ex[k] + rng.gaussian(), y: y + ey[k] + rng.gaussian())
        }
    }

    /// The rest found, its edges taken in and collapsed (as `TrackCleaner` does), and each run between gaps smoothed,
    /// with the rest's ends marked or not.
    static func cleaned(_ s: [CleaningSample], marked: Bool) -> [CleaningSample] {
        let rests = RestStops.takeInEdges(s, rests: RestStops.find(s, profile: .foot), profile: .foot)
        var out = RestStops.collapse(s, rests: rests).samples
        if !marked { for k in out.indices { out[k].atRest = false } }
        var start = 0
        for end in 1...out.count where end == out.count || out[end].t - out[end - 1].t > 60 {
            KalmanSmoother.smooth(&out, range: start..<end, sigma: 6, accelerationNoise: 0.05, initialSpeed: 6)
            start = end
        }
        return out
    }

    /// Over eight hikes, the length drawn from a minute before the rest to a minute after it (true: 144 m; the wander
    /// on the move, which this smoothing with one fixed noise does not take out, leaves it 143-209 m) is shorter with
    /// the rest's ends read as standing on every hike, and nearer the truth by more than a tenth over the eight (on
    /// this machine 2-9 m a hike, 236 m off in all against 272 m).
    @Test func aRestDrawsLessWhereTheAthleteStands() {
        var marked = 0.0, unmarked = 0.0
        for seed in UInt64(1)...8 {
            let s = Self.hike(seed: seed)
            let with = RestStopsTests.length(Self.cleaned(s, marked: true), from: 240, to: 780)
            let without = RestStopsTests.length(Self.cleaned(s, marked: false), from: 240, to: 780)
            #expect(with < without, "seed \(seed): \(with) m, \(without) m unmarked")
            marked += abs(with - 144)
            unmarked += abs(without - 144)
        }
        #expect(marked < 0.9 * unmarked, "\(marked) m off, \(unmarked) m unmarked")
    }

    @Test func aSampleStaysThirtyTwoBytes() {
        #expect(MemoryLayout<CleaningSample>.stride == 32)
    }
}
