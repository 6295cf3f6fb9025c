import Foundation
import Testing

@testable import TrackKit

/// Running in place beside a rest: shuttle runs along a few metres stay in `RestStops`' 20 m box for minutes, and only
/// the fixes' motion (`RestStops.moving`) tells them from a device lying still.
@Suite("Cleaning: running in place beside a rest")
struct RestMotionTests {
    /// A hiker walks 300 s east at 1.2 m/s, rests four minutes (300 to 540 s), runs shuttles along `length` metres at
    /// `speed` m/s in the same place for ten minutes (540 to 1,140 s), and walks off north.
    static func shuttles(length: Double, speed: Double) -> (Double) -> (Double, Double) {
        { t in
            if t < 300 { return (1.2 * t, 0) }
            if t < 540 { return (360, 0) }
            guard t < 1140 else { return (360, 1.2 * (t - 1140)) }
            let u = (speed * (t - 540)).truncatingRemainder(dividingBy: 2 * length)
            return (360 + (u < length ? u : 2 * length - u), 0)
        }
    }

    /// Seconds of `rests` between `from` and `to`.
    static func within(_ rests: [RestStops.Rest], from: Double, to: Double) -> Double {
        rests.reduce(0) { $0 + max(0, min($1.end, to) - max($1.start, from)) }
    }

    /// The share of the fixes of `s` between `from` and `to` that `flags` marks.
    static func share(_ flags: [Bool], _ s: [CleaningSample], from: Double, to: Double) -> Double {
        let inside = s.indices.filter { s[$0].t >= from && s[$0].t < to }
        return Double(inside.filter { flags[$0] }.count) / Double(max(1, inside.count))
    }

    /// Shuttles along 15 m at 2 m/s under a receiver's smooth error (5 m over 10 s, 0.3 m of white noise) stay in the
    /// 20 m box, and without the motion check the rest took 544 to 550 s of the ten minutes on three of these six seeds
    /// (9 to 62 s on the others). Seen moving (every one of the shuttles' fixes on these seeds), they stay out: at
    /// most 1 s, and the rest beside them is still found.
    @Test(arguments: Array(UInt64(1)...6))
    func shuttlesUnderAReceiversErrorAreNotTakenIntoTheRestBesideThem(seed: UInt64) {
        let s = RestStopsTests.fixes(seed: seed, seconds: 1440, path: Self.shuttles(length: 15, speed: 2))
        let rests = RestStops.find(s, profile: .foot), unchecked = RestStops.find(s, profile: .foot, motion: false)
        #expect(Self.within(rests, from: 540, to: 1140) <= 30)
        #expect(Self.within(rests, from: 300, to: 540) >= 150)
        #expect(Self.within(rests, from: 300, to: 540) >= Self.within(unchecked, from: 300, to: 540) - 10)
        #expect(Self.share(RestStops.moving(s), s, from: 560, to: 1120) >= 0.9)
    }

    /// Over the six seeds above, the rests without the motion check take far more of the shuttles: the check is what
    /// keeps them out.
    @Test func withoutTheMotionCheckTheRestTakesTheShuttles() {
        var unchecked = 0.0
        for seed in UInt64(1)...6 {
            let s = RestStopsTests.fixes(seed: seed, seconds: 1440, path: Self.shuttles(length: 15, speed: 2))
            unchecked += Self.within(RestStops.find(s, profile: .foot, motion: false), from: 540, to: 1140)
        }
        #expect(unchecked >= 1000)
    }

    /// A device at rest for ten minutes under a receiver's smooth error and under phones' wanders from fast and rough
    /// (8 m over 5 s, 2 m of white noise) to slow (8 m over 120 s): a wander's steps are rough against its jitter, or
    /// slow, and at most 3 % of the rest's fixes are seen moving (none under the phones'); the rests found are the same
    /// as without the check. A walk at 1.2 m/s under the receiver's error is seen moving (two thirds and more of it).
    @Test(arguments: [(8.0, 5.0, 2.0), (4.0, 5.0, 1.0), (6.0, 10.0, 3.0), (6.0, 20.0, 1.0), (2.0, 30.0, 0.5),
                      (4.0, 30.0, 1.0), (8.0, 120.0, 3.0)])
    func aDeviceAtRestIsNotSeenMoving(sigma: Double, tau: Double, white: Double) {
        for seed in UInt64(1)...4 {
            let s = RestStopsTests.phoneFixes(
                seed: seed, seconds: 1200, sigma: sigma, tau: tau, white: white, path: RestStopsTests.tenMinuteRest)
            #expect(Self.share(RestStops.moving(s), s, from: 300, to: 900) <= 0.01)
            #expect(RestStops.find(s, profile: .foot) == RestStops.find(s, profile: .foot, motion: false))
        }
    }

    @Test(arguments: Array(UInt64(1)...6))
    func aDeviceAtRestUnderAReceiversErrorIsNotSeenMoving(seed: UInt64) {
        let s = RestStopsTests.fixes(seed: seed, seconds: 1200, path: RestStopsTests.tenMinuteRest)
        let moving = RestStops.moving(s)
        #expect(Self.share(moving, s, from: 300, to: 900) <= 0.05)
        #expect(Self.share(moving, s, from: 0, to: 290) >= 0.6)
        #expect(RestStops.find(s, profile: .foot) == RestStops.find(s, profile: .foot, motion: false))
    }

    /// `fixes` as a device that smooths its own positions gives them: each axis exponentially smoothed, `weight` on
    /// the newest fix.
    static func smoothed(_ fixes: [CleaningSample], weight: Double) -> [CleaningSample] {
        var out = fixes
        for k in out.indices.dropFirst() {
            out[k].x = weight * fixes[k].x + (1 - weight) * out[k - 1].x
            out[k].y = weight * fixes[k].y + (1 - weight) * out[k - 1].y
        }
        return out
    }

    /// A fast, large wander (5 m over 5 s with 1 m of white noise, 8 m over 5 s with 2 m) that the device then smooths
    /// (weight 0.3 on the newest fix) moves the fixes of a ten-minute rest smoothly and faster than 1.2 m/s. It moves
    /// them every way, and the check of the way they move keeps most of it a rest: at most 11 % of its fixes seen
    /// moving on these eight seeds, 110 s and 98 s of rest lost over the eight against the rests found without the
    /// check. Without that part of the check (`axisRatio` 1) 14 and 16 times as many of the rest's seconds are seen
    /// moving (2,450 s and 4,656 s over the eight), and the rests lose more than 1,800 s.
    @Test(arguments: [(5.0, 1.0), (8.0, 2.0)])
    func aFastWanderSmoothedByTheDeviceStaysARest(sigma: Double, white: Double) {
        var lost = 0.0, most = 0.0, seen = 0.0, seenWithoutTheAxis = 0.0
        for seed in UInt64(1)...8 {
            let raw = RestStopsTests.phoneFixes(
                seed: seed, seconds: 1200, sigma: sigma, tau: 5, white: white, path: RestStopsTests.tenMinuteRest)
            let s = Self.smoothed(raw, weight: 0.3)
            let share = Self.share(RestStops.moving(s), s, from: 300, to: 900)
            most = max(most, share)
            seen += 600 * share
            seenWithoutTheAxis += 600 * Self.share(RestStops.moving(s, axisRatio: 1), s, from: 300, to: 900)
            lost += Self.within(RestStops.find(s, profile: .foot, motion: false), from: 300, to: 900)
                - Self.within(RestStops.find(s, profile: .foot), from: 300, to: 900)
        }
        #expect(most <= 0.2)
        #expect(lost <= 200)
        #expect(seenWithoutTheAxis >= 5 * seen + 300)
    }

    /// Shuttles along 10 m under a receiver's error at 2 and 3 m/s: a third and none of their fixes were seen moving
    /// when the smooth part had to be 8/3 of the squared jitter (`smoothRatio`; a root mean squared step speed twice
    /// the jitter), and the rest took 240 to 560 s of the ten minutes. At `motionSmoothRatio` nearly all are seen
    /// moving, and the rest takes at most 30 s of them.
    @Test(arguments: [2.0, 3.0], Array(UInt64(1)...6))
    func tenMetreShuttlesUnderAReceiversErrorAreSeenMoving(speed: Double, seed: UInt64) {
        let s = RestStopsTests.fixes(seed: seed, seconds: 1440, path: Self.shuttles(length: 10, speed: speed))
        let share = Self.share(RestStops.moving(s), s, from: 560, to: 1120)
        let stricter = Self.share(RestStops.moving(s, smoothRatio: 8.0 / 3), s, from: 560, to: 1120)
        #expect(share >= 0.9)
        #expect(stricter <= 0.6)
        #expect(Self.within(RestStops.find(s, profile: .foot), from: 540, to: 1140) <= 30)
        #expect(Self.within(RestStops.find(s, profile: .foot), from: 300, to: 540) >= 150)
    }

    /// Shuttles along 10, 15 and 20 m at 2 and 3 m/s under a quiet phone's error (2 m over 30 s, 0.5 m of white
    /// noise): 96 % of their fixes and more are seen moving over six seeds, and the rest takes at most 41 s of the ten
    /// minutes on any seed, where without the check it takes 553 to 564 s of them along 10 and 15 m.
    @Test(arguments: [10.0, 15.0, 20.0], [2.0, 3.0])
    func shuttlesUnderAQuietPhonesErrorAreSeenMoving(length: Double, speed: Double) {
        var shares = 0.0, most = 0.0
        for seed in UInt64(1)...6 {
            let path = Self.shuttles(length: length, speed: speed)
            let s = RestStopsTests.phoneFixes(seed: seed, seconds: 1440, sigma: 2, tau: 30, white: 0.5, path: path)
            shares += Self.share(RestStops.moving(s), s, from: 560, to: 1120)
            most = max(most, Self.within(RestStops.find(s, profile: .foot), from: 540, to: 1140))
        }
        #expect(shares / 6 >= 0.9)
        #expect(most <= 70)
    }

    /// Fixes no device should write, but a crafted file could: times out of order, repeated, infinite; positions not
    /// numbers or infinite. `moving` reads them without failing, one answer per fix, and a track of them is never a
    /// run of moving fixes where its numbers are not finite.
    @Test func craftedFixesAreReadWithoutFailing() {
        let good = RestStopsTests.fixes(seed: 3, seconds: 200, path: Self.shuttles(length: 15, speed: 2))
        var backwards = good
        backwards.reverse()
        var repeated = good
        for k in repeated.indices { repeated[k].t = 100 }
        var notNumbers = good
        for k in stride(from: 0, to: notNumbers.count, by: 7) { notNumbers[k].x = .nan; notNumbers[k].y = .infinity }
        var infiniteTimes = good
        infiniteTimes[50].t = .infinity
        infiniteTimes[51].t = -.infinity
        for crafted in [backwards, repeated, notNumbers, infiniteTimes] {
            #expect(RestStops.moving(crafted).count == crafted.count)
            _ = RestStops.find(crafted, profile: .foot)
        }
        #expect(!RestStops.moving(repeated).contains(true))
        #expect(!RestStops.moving(notNumbers).contains(true))
    }

    /// The same shuttles recorded twice a second (`RestStopsTests.manyTimesASecond`: each fix again half a second
    /// later, both with 0.3 m more white noise) are judged on fixes a second apart, and are seen moving as at one fix
    /// a second: every one of them on this seed. Thinned to a fix every 3 s, no fix has neighbours close enough to
    /// measure its jitter, and none is judged moving: a sparse recording's shuttles are left to the boxes.
    @Test func denseShuttlesAreSeenMovingAndSparseOnesAreNotJudged() {
        let fixes = RestStopsTests.fixes(seed: 2, seconds: 1440, path: Self.shuttles(length: 15, speed: 2))
        let dense = RestStopsTests.manyTimesASecond(fixes, rate: 2)
        #expect(Self.share(RestStops.moving(fixes), fixes, from: 560, to: 1120) >= 0.9)
        #expect(Self.share(RestStops.moving(dense), dense, from: 560, to: 1120) >= 0.9)
        let sparse = fixes.enumerated().filter { $0.offset % 3 == 0 }.map(\.element)
        #expect(!RestStops.moving(sparse).contains(true))
        #expect(RestStops.moving(Array(fixes.prefix(2))) == [false, false])
    }
}
