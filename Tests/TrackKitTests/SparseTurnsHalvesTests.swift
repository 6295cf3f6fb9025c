import Foundation
import Testing

@testable import TrackKit

/// A run of `SparseTurns.parallelFixes` fixes or more is smoothed in two overlapping halves on two threads; the positions
/// must be the ones the whole run smoothed at once gives.
@Suite("Cleaning: a long run smoothed in two halves")
struct SparseTurnsHalvesTests {
    /// A run of `count` fixes, 1 s apart with every 500th step 4 s long (where the smoother may take a fix for a turn):
    /// legs of 150 m at `speed` joined by right angles, and across the middle of the run `standing` fixes standing
    /// still (where the prior's velocity changes are smallest and a fix's reach along the run longest). Error: white,
    /// `noise` metres per axis, plus a wander of the same size over about 30 s (deterministic for `seed`).
    static func run(count: Int, speed: Double, noise: Double, standing: Int, seed: UInt64) -> [CleaningSample] {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        func uniform() -> Double {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return (Double(state >> 11) + 0.5) / Double(1 << 53)
        }
        func gaussian() -> Double { (-2 * log(uniform())).squareRoot() * cos(2 * Double.pi * uniform()) }
        var samples: [CleaningSample] = []
        samples.reserveCapacity(count)
        var t = 0.0, x = 0.0, y = 0.0, heading = 0.0, leg = 0.0
        var wanderX = 0.0, wanderY = 0.0
        let stand = (count / 2 - standing / 2)..<(count / 2 + standing / 2)
        for k in 0..<count {
            let dt = k > 0 && k % 500 == 0 ? 4.0 : 1.0
            if k > 0 { t += dt }
            if k > 0, !stand.contains(k) {
                x += speed * dt * cos(heading); y += speed * dt * sin(heading)
                leg += speed * dt
                if leg >= 150 { leg = 0; heading += Double.pi / 2 }
            }
            let keep = exp(-dt / 30), fresh = (1 - keep * keep).squareRoot() * noise
            wanderX = keep * wanderX + fresh * gaussian(); wanderY = keep * wanderY + fresh * gaussian()
            samples.append(CleaningSample(
                source: k, t: t, x: x + wanderX + noise * gaussian(), y: y + wanderY + noise * gaussian()))
        }
        return samples
    }

    /// The largest distance between the positions of two smoothings of the same run.
    static func largestDifference(_ a: [CleaningSample], _ b: [CleaningSample]) -> Double {
        zip(a, b).map { $0.distance(to: $1) }.max() ?? 0
    }

    /// Smooths `samples` as one run, with the halves from `parallelFixes` fixes on, each reaching `overlap` fixes past
    /// the middle.
    static func smoothed(
        _ samples: [CleaningSample], noise: Double, speed: Double, parallelFixes: Int, overlap: Int = SparseTurns.halfOverlap
    ) -> (samples: [CleaningSample], moved: Int) {
        var s = samples
        let moved = SparseTurns.smooth(
            &s, range: s.indices, sigma: noise * 1.4, accelerationNoise: 0.05, initialSpeed: 5,
            scale: SparseTurns.scale(speed: speed, interval: 1), cap: 2, parallelFixes: parallelFixes, overlap: overlap)
        return (s, moved)
    }

    /// From a phone's noise at a run's pace to 100 m at a slow walk, where a fix reaches furthest along the run (with
    /// 2,048 fixes of overlap instead of 4,096 the last case differed by 1.9 µm, with 1,024 by 19 mm).
    @Test(arguments: [(3.0, 3.0), (8.0, 1.2), (50.0, 0.3), (100.0, 0.4)])
    func halvesGiveTheWholeRunsPositions(noise: Double, speed: Double) {
        let samples = Self.run(count: 24_000, speed: speed, noise: noise, standing: 600, seed: 7)
        let whole = Self.smoothed(samples, noise: noise, speed: speed, parallelFixes: .max)
        let halves = Self.smoothed(samples, noise: noise, speed: speed, parallelFixes: 10_000)
        #expect(Self.largestDifference(whole.samples, samples) > noise / 2, "the smoothing moved the fixes")
        #expect(Self.largestDifference(whole.samples, halves.samples) <= 1e-9)
        #expect(whole.moved == halves.moved)
        #expect(whole.samples.map(\.moved) == halves.samples.map(\.moved))
    }

    /// The comparison above sees the join: halves that reach only 64 fixes past the middle leave centimetres to metres
    /// there.
    @Test func halvesWithoutTheirOverlapDiffer() {
        let samples = Self.run(count: 24_000, speed: 1.2, noise: 8, standing: 600, seed: 7)
        let whole = Self.smoothed(samples, noise: 8, speed: 1.2, parallelFixes: .max)
        let halves = Self.smoothed(samples, noise: 8, speed: 1.2, parallelFixes: 10_000, overlap: 64)
        #expect(Self.largestDifference(whole.samples, halves.samples) > 0.1)
    }

    /// A run whose smoothing comes out longer than recorded is left as recorded by the halves too, as by the whole run:
    /// fixes exactly on a line, moving at 5 m/s for 60 s and standing still for 60 s in turn, where each smoothing rounds
    /// the sudden stops and starts and runs past them and back.
    @Test func aRunTheSmoothingLengthensIsLeftAsRecorded() {
        let samples = (0..<12_000).map { k in
            let cycle = Double(k / 120), second = Double(k % 120)
            return CleaningSample(source: k, t: Double(k), x: 300 * cycle + 5 * min(second, 60), y: 0)
        }
        let whole = Self.smoothed(samples, noise: 3, speed: 5, parallelFixes: .max)
        let halves = Self.smoothed(samples, noise: 3, speed: 5, parallelFixes: 10_000)
        #expect(whole.moved == 0 && halves.moved == 0)
        #expect(Self.largestDifference(whole.samples, samples) == 0)
        #expect(Self.largestDifference(halves.samples, samples) == 0)
        #expect(halves.samples.allSatisfy { !$0.moved })
        // The same fixes with a little noise across the line are smoothed, by both alike.
        let noisy = samples.map { CleaningSample(source: $0.source, t: $0.t, x: $0.x, y: $0.source % 2 == 0 ? 2 : -2) }
        let wholeNoisy = Self.smoothed(noisy, noise: 3, speed: 5, parallelFixes: .max)
        let halvesNoisy = Self.smoothed(noisy, noise: 3, speed: 5, parallelFixes: 10_000)
        #expect(wholeNoisy.moved > 10_000)
        #expect(Self.largestDifference(wholeNoisy.samples, halvesNoisy.samples) <= 1e-9)
        #expect(wholeNoisy.moved == halvesNoisy.moved)
    }

    /// The step noise worked out a piece at a time, as each half and the middle do, is the whole run's, to the bit: a
    /// piece reads the points two before its first step and one after its last.
    @Test(arguments: [[1, 2, 3, 200], [1, 100, 101, 200], [1, 57, 143, 199, 200]])
    func stepNoiseInPiecesIsTheWholeRuns(bounds: [Int]) {
        let samples = Self.run(count: 200, speed: 3, noise: 4, standing: 20, seed: 9)
        let whole = SparseTurns.stepNoise(samples, range: samples.indices, scale: 0.05, cap: 0.8)
        var pieces = [Double](repeating: -1, count: samples.count)
        pieces.withUnsafeMutableBufferPointer { noise in
            for (from, to) in zip(bounds, bounds.dropFirst()) {
                SparseTurns.fillStepNoise(
                    noise, steps: from..<to, count: samples.count, scale: 0.05, cap: 0.8, time: { samples[$0].t },
                    position: { (samples[$0].x, samples[$0].y) })
            }
        }
        #expect(pieces.dropFirst() == whole.dropFirst())
        #expect(Set(whole.dropFirst()).count > 100, "the steps' noises differ")
        #expect(whole.contains(0.8), "some steps are capped")
    }

    /// A run too short to leave room for both overlaps is smoothed whole whatever `parallelFixes` says (its halves would
    /// reach past its ends).
    @Test func runsTooShortForTheOverlapsAreSmoothedWhole() {
        let count = 2 * SparseTurns.halfOverlap - 100
        let samples = Self.run(count: count, speed: 3, noise: 4, standing: 300, seed: 8)
        let whole = Self.smoothed(samples, noise: 4, speed: 3, parallelFixes: .max)
        let tooShortToSplit = Self.smoothed(samples, noise: 4, speed: 3, parallelFixes: 1_000)
        #expect(Self.largestDifference(whole.samples, samples) > 1)
        #expect(Self.largestDifference(whole.samples, tooShortToSplit.samples) == 0)
    }
}
