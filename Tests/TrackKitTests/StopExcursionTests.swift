import Foundation
import TestSupport
import Testing

@testable import TrackKit

/// A receiver at rest that locks onto a reflection: its fixes leave the stop within seconds, sit tens of metres off,
/// and come back. The stop collapser takes such an excursion into the stop when the athlete could not have made it,
/// and keeps one they walked.
@Suite("Cleaning: excursions from a stop")
struct StopExcursionTests {
    /// A hiker (1.2 m/s) walks 120 s east, stands 240 s, walks 120 s on. While they stand, from `start` to `end`
    /// (seconds into the stop) the fixes sit at `offset(t)` from the stop instead; elsewhere 1.5 m of white noise.
    static func hike(seed: UInt64, offset: (Double) -> (Double, Double)?) -> [CleaningSample] {
        var rng = SyntheticRandom(seed: seed)
        var samples: [CleaningSample] = []
        for second in 0..<480 {
            let t = Double(second)
            var x: Double, y = 0.0
            if t < 120 {
                x = 1.2 * t
            } else if t < 360 {
                x = 144
                if let (dx, dy) = offset(t - 120) { x += dx; y += dy }
            } else {
                x = 144 + 1.2 * (t - 360)
            }
            x += 1.5 * rng.gaussian()
            y += 1.5 * rng.gaussian()
            samples.append(CleaningSample(source: second, t: t, x: x, y: y))
        }
        return samples
    }

    static func length(_ s: [CleaningSample]) -> Double {
        zip(s, s.dropFirst()).reduce(0) { $0 + hypot($1.1.x - $1.0.x, $1.1.y - $1.0.y) }
    }

    /// Length laid down between 125 s and 355 s, while the hiker stands.
    static func stopLength(_ s: [CleaningSample]) -> Double {
        length(s.filter { $0.t >= 125 && $0.t <= 355 })
    }

    /// A reflection: 40 m north within 2 s, held 40 s, back within 4 s.
    static func reflection(_ t: Double) -> (Double, Double)? {
        let start = 90.0, rise = 2.0, hold = 40.0, fall = 4.0
        guard t >= start, t < start + rise + hold + fall else { return nil }
        let level = t < start + rise ? (t - start + 1) / rise
            : t < start + rise + hold ? 1 : 1 - (t - start - rise - hold + 1) / fall
        return (0, 40 * min(1, max(0, level)))
    }

    /// A walk from the stop to a spot 25 m north and back, at the hiker's own pace, 10 s there.
    static func walk(_ t: Double) -> (Double, Double)? {
        let start = 90.0, leg = 25 / 1.2, stay = 10.0
        guard t >= start, t < start + 2 * leg + stay else { return nil }
        let u = t - start
        return (0, u < leg ? 1.2 * u : u < leg + stay ? 25 : 25 - 1.2 * (u - leg - stay))
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func aReflectionAtRestAddsNoDistance(seed: UInt64) {
        let s = Self.hike(seed: seed, offset: Self.reflection)
        let radius = StopCollapser.radius(forNoise: 1.5)
        let without = StopCollapser.collapse(s, radius: radius, profile: .foot)
        let with = StopCollapser.collapse(s, radius: radius, profile: .foot, athleteSpeed: 1.2)
        // Without the athlete's speed the stop is split by the excursion and its 80 m out and back stay.
        #expect(Self.stopLength(without.samples) > 75)
        #expect(Self.stopLength(with.samples) < 5)
        #expect(with.stops == 1)
        // Its first and last fixes keep the time the hiker stood (the stop reaches out to its radius on either side).
        #expect(with.samples.contains { $0.t >= 105 && $0.t <= 125 })
        #expect(with.samples.contains { $0.t >= 355 && $0.t <= 375 })
    }

    @Test(arguments: [UInt64(4), 5, 6])
    func aWalkFromTheStopAndBackIsKept(seed: UInt64) {
        let s = Self.hike(seed: seed, offset: Self.walk)
        let radius = StopCollapser.radius(forNoise: 1.5)
        let with = StopCollapser.collapse(s, radius: radius, profile: .foot, athleteSpeed: 1.2)
        // 50 m walked there and back; the part of it within the stop's radius (about 2 × 9 m) may go with the stop.
        #expect(Self.stopLength(with.samples) > 30)
        #expect(with.samples.count == StopCollapser.collapse(s, radius: radius, profile: .foot).samples.count)
    }

    @Test func anExcursionLongerThanTheLimitIsLeftAlone() {
        // The same reflection held 100 s: longer than `maxExcursionSeconds`, it may be the athlete's own.
        let s = Self.hike(seed: 7) { t in
            guard t >= 60, t < 166 else { return nil }
            return (0, t < 62 ? 20 * (t - 59) : t < 162 ? 40 : 40 - 10 * (t - 161))
        }
        let radius = StopCollapser.radius(forNoise: 1.5)
        let with = StopCollapser.collapse(s, radius: radius, profile: .foot, athleteSpeed: 1.2)
        #expect(Self.stopLength(with.samples) > 75)
    }

    /// An interval session's 400 m repetition at 6 m/s round a track, from a rest at the start line (120 s) back to the
    /// same place (67 s, within `maxExcursionSeconds`) and a rest again, 1.5 m of white noise, one fix a second.
    static func lapBetweenRests(seed: UInt64) -> [CleaningSample] {
        var rng = SyntheticRandom(seed: seed)
        var s: [CleaningSample] = []
        for second in 0..<360 {
            let t = Double(second)
            let arc = t < 120 ? 0 : t < 120 + 400.0 / 6 ? 6 * (t - 120) : 400
            let p = Stadium.point(arc, radius: 36.8, centreNorth: 36.8)
            s.append(CleaningSample(source: second, t: t, x: p.x + 1.5 * rng.gaussian(), y: p.y + 1.5 * rng.gaussian()))
        }
        return s
    }

    /// Length laid down by the repetition (118 s to 190 s).
    static func lap(_ s: [CleaningSample]) -> Double { length(s.filter { $0.t >= 118 && $0.t <= 190 }) }

    /// The fixes of `s` that leave the rest at the origin last before 120 s and come back first after 190 s.
    static func excursion(_ s: [CleaningSample], radius: Double) -> (leaves: Int, back: Int) {
        (s.lastIndex { $0.t < 120 && hypot($0.x, $0.y) <= radius }!, s.firstIndex { $0.t > 190 && hypot($0.x, $0.y) <= radius }!)
    }

    /// Where the rests' jitter has pulled the athlete's typical speed down to 1.5 m/s, the repetition leaves the rest
    /// faster than 2.5 times it, an excursion they could not have made; at 1.25 times their top speed (6 m/s) they
    /// could, and the lap is kept. A reflection at rest still goes with that top speed: 22 m beyond twice the radius
    /// within 2 s.
    @Test(arguments: [UInt64(8), 9, 10])
    func aRepetitionRoundTheTrackIsNoExcursion(seed: UInt64) {
        let s = Self.lapBetweenRests(seed: seed)
        let radius = StopCollapser.radius(forNoise: 1.5)
        let (leaves, back) = Self.excursion(s, radius: radius)
        #expect(StopCollapser.impossibleExcursion(s, after: leaves, backAt: back, centre: (0, 0), radius: radius, speed: 2.5 * 1.5))
        #expect(!StopCollapser.impossibleExcursion(s, after: leaves, backAt: back, centre: (0, 0), radius: radius, speed: 1.25 * 6))
        let top = StopCollapser.collapse(s, radius: radius, profile: .foot, athleteSpeed: 1.5, topSpeed: 6)
        #expect(Self.lap(top.samples) > 380, "seed \(seed): \(Self.lap(top.samples)) m")
        let reflection = Self.hike(seed: seed, offset: Self.reflection)
        let still = StopCollapser.collapse(reflection, radius: radius, profile: .foot, athleteSpeed: 1.2, topSpeed: 6)
        #expect(Self.stopLength(still.samples) < 5)
    }

    /// The same repetition with one fix thrown 60 m out by noise 3 s after it leaves the rest, further than even the
    /// top speed reaches from the rest in that time: its fixes still go round the rest as seen from it (`goesRound`,
    /// half a turn), so the lap is kept. A reflection holds one direction and does not go round.
    @Test(arguments: [UInt64(8), 9, 10])
    func aLapWithAFixThrownOutIsNoExcursion(seed: UInt64) {
        var s = Self.lapBetweenRests(seed: seed)
        s[123].y -= 60
        let radius = StopCollapser.radius(forNoise: 1.5)
        let (leaves, back) = Self.excursion(s, radius: radius)
        #expect(StopCollapser.impossibleExcursion(s, after: leaves, backAt: back, centre: (0, 0), radius: radius, speed: 7.5))
        #expect(StopCollapser.goesRound(s, after: leaves, backAt: back, centre: (0, 0), radius: radius))
        let kept = StopCollapser.collapse(s, radius: radius, profile: .foot, athleteSpeed: 1.5, topSpeed: 6)
        #expect(Self.lap(kept.samples) > 380, "seed \(seed): \(Self.lap(kept.samples)) m")
        let reflection = Self.hike(seed: seed, offset: Self.reflection)
        #expect(!StopCollapser.goesRound(reflection, after: 205, backAt: 260, centre: (144, 0), radius: radius))
    }

    @Test func impossibleExcursionLooksAtBothLegs() {
        // Fixes at rest at the origin, one 30 m out 20 s after the last and 2 s before the first back.
        let s = [
            CleaningSample(source: 0, t: 0, x: 0, y: 0), CleaningSample(source: 1, t: 20, x: 30, y: 0),
            CleaningSample(source: 2, t: 22, x: 0, y: 0),
        ]
        // 18 m beyond twice the radius: out in 20 s is possible at 3 m/s, back in 2 s is not; at 12 m/s both are.
        #expect(StopCollapser.impossibleExcursion(s, after: 0, backAt: 2, centre: (0, 0), radius: 6, speed: 3))
        #expect(!StopCollapser.impossibleExcursion(s, after: 0, backAt: 2, centre: (0, 0), radius: 6, speed: 12))
    }
}
