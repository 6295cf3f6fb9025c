import Foundation
import TestSupport
import Testing

@testable import TrackKit

/// An interval session recorded at one fix every 10 s, 400 m repetitions round a track from a rest back to it: a run of
/// two or three of a repetition's fixes on the far side of the track has anchors round the bend from each other, as
/// close as the run's fixes are far from them, and eight steps either side that are mostly the rest's. The step into
/// its first anchor and the step out of its last are the repetition's: the athlete was moving at both, and that pace
/// is what its fixes' distance from the anchors is judged against (`SpikeFilter.movingAtBoth`). Fixes thrown out at
/// rest, as the athlete sets off, or off a repetition beyond what its pace allows are still spikes, and so are fixes
/// whose anchors have steps thrown out beside them.
@Suite("Cleaning: a run of fixes judged by the pace at both its anchors")
struct SpikeMovingAtBothTests {
    /// Rests of uneven length, so that the fixes fall at a different place of each repetition.
    static let rests = [123.0, 97.0, 131.0, 104.0, 116.0, 90.0, 127.0]

    /// Arc along lane 1 at time `t`: each rest of `rests`, then a lap at `pace`; a last rest of 120 s.
    static func arc(at t: Double, pace: Double) -> Double {
        let lap = Stadium.lap(radius: 36.8)
        var start = 0.0
        for (done, rest) in rests.enumerated() {
            let off = start + rest, back = off + lap / pace
            if t < off { return Double(done) * lap }
            if t < back { return Double(done) * lap + pace * (t - off) }
            start = back
        }
        return Double(rests.count) * lap
    }

    static func duration(pace: Double) -> Double {
        rests.reduce(0, +) + Double(rests.count) * Stadium.lap(radius: 36.8) / pace + 120
    }

    /// The session's fixes every 10 s, `noise` metres of white noise on each, from a phone that smooths its positions
    /// on its own: each second it moves `1 / lag` of the way from where it was to where the athlete is (lagging `lag`
    /// seconds behind and cutting the bends, as a fused location does).
    static func session(pace: Double, seed: UInt64, noise: Double = 3, lag: Double = 1) -> [CleaningSample] {
        var rng = SyntheticRandom(seed: seed)
        var x = 0.0, y = 0.0
        var fixes: [CleaningSample] = []
        for second in 0...Int(duration(pace: pace)) {
            let p = Stadium.point(arc(at: Double(second), pace: pace), radius: 36.8, centreNorth: 36.8)
            if second == 0 { (x, y) = p } else { x += (p.x - x) / lag; y += (p.y - y) / lag }
            guard second % 10 == 0 else { continue }
            fixes.append(CleaningSample(
                source: fixes.count, t: Double(second), x: x + noise * rng.gaussian(), y: y + noise * rng.gaussian()))
        }
        return fixes
    }

    /// A repetition recorded by a phone that smooths its positions (the benchmark's `fused` generator,
    /// `track-400-repeats` every 10 s, seed 2952, 570–840 s, metres east and north of the start line): the fixes drift
    /// 17 m off at the end of the rest, the fix at 680 s lags 33 m behind the athlete and cuts the first bend, so the
    /// anchors of the run of 690 and 700 s lie 50 m apart for the 190 m the athlete ran between them, and the eight
    /// steps either side are mostly the rest's. The steps into 680 s and out of 710 s go at 5 and 5.7 m/s: none of the
    /// repetition's fixes is a spike (the cleaner read the top speed as 6.5 m/s), where main's filter took 680–720 s.
    @Test func aLaggingPhonesRepetitionIsNoSpike() {
        let fixes: [(Double, Double, Double)] = [
            (570, 0.0, -0.2), (580, -1.0, 0.1), (590, 0.5, -0.4), (600, 0.7, -0.8), (610, 1.1, 0.3), (620, 2.2, -0.7),
            (630, -0.4, -1.2), (640, -0.1, -1.3), (650, 0.5, -2.4), (660, -3.8, 6.3), (670, -9.0, 14.8),
            (680, 39.6, 22.3), (690, 114.7, 11.6), (700, 101.3, 69.3), (710, 32.4, 71.6), (720, -29.9, 60.1),
            (730, -20.3, 1.6), (740, -0.9, -2.9), (750, -2.0, -2.4), (760, -2.5, -0.5), (770, -1.8, -1.0),
            (780, -1.7, 1.1), (790, -1.3, 0.2), (800, -0.9, -0.3), (810, -1.1, -0.8), (820, 0.2, -0.5),
            (830, -0.8, 0.4), (840, -1.2, 0.3),
        ]
        let s = fixes.enumerated().map { index, fix in CleaningSample(source: index, t: fix.0, x: fix.1, y: fix.2) }
        let (kept, removed) = SpikeFilter.filter(s, profile: .foot, topSpeed: 6.5)
        #expect(removed == 0, "fixes at \(Set(s.map(\.t)).subtracting(kept.map(\.t)).sorted()) s taken for spikes")
    }

    /// No fix of any repetition is taken for a spike, given the athlete's top speed (their repetitions' pace, as the
    /// cleaner reads it from the session's fastest 10 s windows), whether the phone lags or not. A guard: main's filter
    /// (the pace across the anchors, `SpikePaceTests`) passes it too.
    @Test(arguments: [5.0, 5.5, 6.0, 6.5, 7.0, 7.5], [1.0, 3, 5])
    func aRepetitionsFixesAreNoSpikes(pace: Double, lag: Double) {
        let s = Self.session(pace: pace, seed: UInt64(10 * pace + lag), lag: lag)
        let (kept, removed) = SpikeFilter.filter(s, profile: .foot, topSpeed: pace)
        let gone = Set(s.map(\.t)).subtracting(kept.map(\.t)).sorted()
        #expect(removed == 0, "pace \(pace), lag \(lag) s: fixes at \(gone) s taken for spikes")
    }

    /// Two fixes thrown 60 m out in the middle of the last rest and held there (a reflection) are still spikes: the
    /// steps beside their anchors are the rest's. So is a fix thrown 120 m off a repetition on the far straight, out of
    /// the track: the athlete was moving at both its anchors, and the way through it needs more than half as much again
    /// as their top speed covers (`isDetourTooFast`), as on a run without rests. And so is a fix thrown out at the
    /// rest's end, a step before the athlete leaves: the athlete was moving at one of its anchors only.
    @Test(arguments: [UInt64(37), 38, 39])
    func fixesThrownOutAreStillSpikes(seed: UInt64) {
        let pace = 6.0
        var held = Self.session(pace: pace, seed: seed)
        let first = held.count - 7  // 60 s before the end, in the last rest
        held[first].y -= 60
        held[first + 1].y -= 61
        held[first + 1].x += 2
        let (keptHeld, removedHeld) = SpikeFilter.filter(held, profile: .foot, topSpeed: pace)
        #expect(removedHeld == 2 && !keptHeld.contains { $0.t == held[first].t || $0.t == held[first + 1].t })

        var thrown = Self.session(pace: pace, seed: seed)
        // The second repetition's fix on the far straight (y 73.6 m), thrown north, away from the infield.
        guard let far = thrown.indices.first(where: { thrown[$0].t > Self.rests[0] + 100 && thrown[$0].y > 65 }) else {
            Issue.record("no fix on the far straight")
            return
        }
        thrown[far].y += 120
        let (keptThrown, removedThrown) = SpikeFilter.filter(thrown, profile: .foot, topSpeed: pace)
        #expect(removedThrown == 1 && !keptThrown.contains { $0.t == thrown[far].t }, "fix at \(thrown[far].t) s")

        // The rest's last fix but one before the first repetition (110 s; it leaves at 123 s) thrown 60 m south: the
        // step out of its second anchor is the repetition's, the step into its first the rest's.
        var leaving = Self.session(pace: pace, seed: seed)
        let before = 11
        leaving[before].y -= 60
        let (keptLeaving, removedLeaving) = SpikeFilter.filter(leaving, profile: .foot, topSpeed: pace)
        #expect(removedLeaving == 1 && !keptLeaving.contains { $0.t == leaving[before].t })
    }

    /// Steps thrown out beside a run's anchors are no pace: at rest, fixes thrown 100 m east and west just outside the
    /// anchors of two fixes thrown 60 m north make steps of 10 m/s into the first anchor and out of the last, faster
    /// than the way through a fix may go (1.5 times the 6 m/s top speed); one pass finds all four.
    @Test func thrownStepsBesideTheAnchorsAreNoPace() {
        var s = (0..<40).map { CleaningSample(source: $0, t: 10 * Double($0), x: 0.5 * Double($0 % 3), y: 0) }
        s[19].x += 100
        s[21].y += 60
        s[22].y += 61
        s[24].x -= 100
        #expect(SpikeFilter.findSpikes(s, profile: .foot, topSpeed: 6) == [19, 21, 22, 24])
    }
}
