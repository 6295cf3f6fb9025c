import Foundation
import Testing

@testable import TrackKit

/// A device at rest under a chipset's smooth error: its fixes wander metres over tens of seconds, at walking pace.
/// `RestStops` finds such a rest by where the fixes get to over a longer time, and never takes a walk for one.
@Suite("Cleaning: rests under a slow wander")
struct RestStopsTests {
    /// A second-order Gauss–Markov error on one axis, 1 s steps: white noise low-passed twice with time constant
    /// `tau`, scaled to a spread of about `sigma` metres (a receiver's tracking filter leaves an error of this shape).
    static func smoothError(_ rng: inout SyntheticRandom, count: Int, sigma: Double, tau: Double) -> [Double] {
        let rho = exp(-1 / tau)
        let energy = (1 - rho) * (1 - rho) * (1 + rho * rho) / pow(1 - rho * rho, 3)
        let drive = sigma / energy.squareRoot()
        var u = 0.0, e = 0.0
        var out: [Double] = []
        for k in 0..<(count + Int(10 * tau)) {
            u = rho * u + drive * rng.gaussian()
            e = rho * e + (1 - rho) * u
            if k >= Int(10 * tau) { out.append(e) }
        }
        return out
    }

    /// Fixes every second along `path` (true position at each second), with a smooth 5 m error over 10 s and 0.3 m
    /// of white noise.
    static func fixes(seed: UInt64, seconds: Int, path: (Double) -> (Double, Double)) -> [CleaningSample] {
        var rng = SyntheticRandom(seed: seed)
        let ex = smoothError(&rng, count: seconds, sigma: 5, tau: 10)
        let ey = smoothError(&rng, count: seconds, sigma: 5, tau: 10)
        return (0..<seconds).map { k in
            let (x, y) = path(Double(k))
            return CleaningSample(
                source: k, t: Double(k), x: x + ex[k] + 0.3 * rng.gaussian(), y: y + ey[k] + 0.3 * rng.gaussian())
        }
    }

    /// A hiker walks 300 s east at 1.2 m/s, rests 420 s (from 300 s to 720 s), and walks 300 s north.
    static func hikeWithARest(_ t: Double) -> (Double, Double) {
        if t < 300 { return (1.2 * t, 0) }
        if t < 720 { return (360, 0) }
        return (360, 1.2 * (t - 720))
    }

    static func length(_ s: [CleaningSample], from: Double, to: Double) -> Double {
        let part = s.filter { $0.t >= from && $0.t <= to }
        return zip(part, part.dropFirst()).reduce(0) { $0 + hypot($1.1.x - $1.0.x, $1.1.y - $1.0.y) }
    }

    @Test(arguments: Array(UInt64(1)...8))
    func aRestUnderASmoothWanderIsFoundAndCollapsed(seed: UInt64) throws {
        let s = Self.fixes(seed: seed, seconds: 1020, path: Self.hikeWithARest)
        let rests = RestStops.find(s, profile: .foot)
        let first = try #require(rests.first), last = try #require(rests.last)
        // Within the stop, never over a step of the walk; and most of it (the test sees 50 s either side, and the
        // wander can leave the box for a while, which splits a rest).
        #expect(first.start >= 300 && last.end <= 720)
        #expect(rests.reduce(0) { $0 + $1.end - $1.start } >= 150)
        #expect(rests.allSatisfy { hypot($0.x - 360, $0.y) < 12 })
        #expect(zip(rests, rests.dropFirst()).allSatisfy { $0.end < $1.start })
        // The wander draws well over 100 m while the hiker stands; a rest draws nothing, and the stop far less.
        let drawn = Self.length(s, from: 300, to: 720)
        #expect(drawn > 100)
        let collapsed = RestStops.collapse(s, rests: rests)
        #expect(collapsed.stops == rests.count)
        #expect(rests.allSatisfy { Self.length(collapsed.samples, from: $0.start, to: $0.end) == 0 })
        #expect(Self.length(collapsed.samples, from: 300, to: 720) < 0.7 * drawn)
        // The walks keep every fix.
        func walked(_ s: [CleaningSample]) -> [[Double]] {
            s.filter { $0.t < first.start || $0.t > last.end }.map { [$0.t, $0.x, $0.y] }
        }
        #expect(walked(collapsed.samples) == walked(s))
        #expect(zip(collapsed.samples, collapsed.samples.dropFirst()).allSatisfy { $0.t < $1.t })
    }

    /// A walk at a little over the slowest pace a foot sport counts as moving, straight on.
    @Test(arguments: [UInt64(5), 6])
    func aSlowWalkIsNeverARest(seed: UInt64) {
        let s = Self.fixes(seed: seed, seconds: 900) { t in (0.35 * t, 0.35 * t) }
        #expect(RestStops.find(s, profile: .foot).isEmpty)
    }

    /// Shuttle runs: back and forth along 30 m at 3 m/s for ten minutes, then on.
    @Test(arguments: [UInt64(7), 8])
    func shuttleRunsAreNeverARest(seed: UInt64) {
        let s = Self.fixes(seed: seed, seconds: 900) { t in
            guard t < 600 else { return (3 * (t - 600), 40) }
            let u = (3 * t).truncatingRemainder(dividingBy: 60)
            return (u < 30 ? u : 60 - u, 0)
        }
        #expect(RestStops.find(s, profile: .foot).isEmpty)
    }

    /// A file that logged a fix a minute: no window holds enough fixes to judge, so nothing is taken.
    @Test func sparseFixesAreNotJudged() {
        let s = (0..<30).map { k in CleaningSample(source: k, t: Double(60 * k), x: Double(k % 2), y: 0) }
        #expect(RestStops.find(s, profile: .foot).isEmpty)
        let dense = (0..<300).map { k in CleaningSample(source: k, t: Double(k), x: Double(k % 2), y: 0) }
        #expect(RestStops.find(dense, profile: .foot).count == 1)
    }

    /// The cleaner takes the rest out, and the hike's length comes out closer to the 720 m walked than without it.
    @Test(arguments: [UInt64(9), 10])
    func theCleanerTakesTheRestOut(seed: UInt64) throws {
        let s = Self.fixes(seed: seed, seconds: 1020, path: Self.hikeWithARest)
        let frame = LocalFrame(latitude: 47.3663, longitude: 8.5415)
        let start = Date(timeIntervalSince1970: 1_794_643_200)
        let points = s.map { sample in
            let (latitude, longitude) = frame.unproject(x: sample.x, y: sample.y)
            return TrackPoint(latitude: latitude, longitude: longitude, time: start.addingTimeInterval(sample.t))
        }
        func length(_ track: Track) -> Double {
            let p = track.segments[0].map { frame.project(latitude: $0.latitude, longitude: $0.longitude) }
            return zip(p, p.dropFirst()).reduce(0) { $0 + hypot($1.1.x - $1.0.x, $1.1.y - $1.0.y) }
        }
        var track = Track(format: .gpx, sport: "hiking", segments: [points])
        var removals: [CleaningRemoval]? = []
        let report = try #require(
            TrackCleaner.clean(&track, options: CleaningOptions(), keepingAtLeast: 2, removals: &removals))
        var withoutRests = Track(format: .gpx, sport: "hiking", segments: [points])
        _ = TrackCleaner.clean(&withoutRests, options: CleaningOptions(collapseRests: false), keepingAtLeast: 2)
        let error = abs(length(track) - 720), errorWithout = abs(length(withoutRests) - 720)
        // 97 and 132 m off without them (seeds 10 and 9), 34 and 77 m with them (53 and 77 m with the 20 m box
        // alone).
        #expect(error < 0.7 * errorWithout)
        // Every removed point is traced, as stop jitter.
        #expect((removals ?? []).count == report.removedTotal)
        #expect((removals ?? []).allSatisfy { $0.reason == .stopJitter })
        // The activity keeps its first and last fix, so its elapsed time.
        #expect(track.segments[0].first?.time == points.first?.time)
        #expect(track.segments[0].last?.time == points.last?.time)
    }

    /// A phone's wander: a first-order Gauss–Markov error per axis (spread `sigma`, correlated over `tau` seconds)
    /// plus `white` metres of white noise, fixes every second along `path`.
    static func phoneFixes(
        seed: UInt64, seconds: Int, sigma: Double, tau: Double, white: Double = 1, path: (Double) -> (Double, Double)
    ) -> [CleaningSample] {
        var rng = SyntheticRandom(seed: seed)
        func wander() -> [Double] {
            let rho = exp(-1 / tau), drive = sigma * (1 - rho * rho).squareRoot()
            var e = sigma * rng.gaussian()
            return (0..<seconds).map { _ in
                e = rho * e + drive * rng.gaussian()
                return e
            }
        }
        let ex = wander(), ey = wander()
        return (0..<seconds).map { k in
            let (x, y) = path(Double(k))
            return CleaningSample(
                source: k, t: Double(k), x: x + ex[k] + white * rng.gaussian(), y: y + ey[k] + white * rng.gaussian())
        }
    }

    /// A hiker rests ten minutes (300 s to 900 s) under a phone's 6 m wander over 20 s, which leaves a 20 m box every
    /// minute or so. The 20 m box alone finds pieces of the rest (47 to 182 s of it on these seeds); the wider boxes
    /// find most of it, and still nothing of the walks either side.
    @Test(arguments: Array(UInt64(1)...6))
    func aRestUnderAPhonesLargerWanderIsFoundInTheWiderBoxes(seed: UInt64) throws {
        let s = Self.phoneFixes(seed: seed, seconds: 1200, sigma: 6, tau: 20) { t in
            if t < 300 { return (1.2 * t, 0) }
            if t < 900 { return (360, 0) }
            return (360, 1.2 * (t - 900))
        }
        func total(_ rests: [RestStops.Rest]) -> Double { rests.reduce(0) { $0 + $1.end - $1.start } }
        let rests = RestStops.find(s, profile: .foot)
        let baseOnly = RestStops.find(s, profile: .foot, wideSides: [])
        #expect(total(baseOnly) < 200)
        #expect(total(rests) >= 400)
        #expect(rests.allSatisfy { $0.start >= 300 && $0.end <= 900 })
        #expect(rests.allSatisfy { hypot($0.x - 360, $0.y) < 12 })
        let collapsed = RestStops.collapse(s, rests: rests).samples
        #expect(Self.length(collapsed, from: 300, to: 900) < 0.4 * Self.length(s, from: 300, to: 900))
    }

    /// A hiker walks 300 s east at 1.2 m/s, rests ten minutes (300 s to 900 s) and walks 300 s north.
    static func tenMinuteRest(_ t: Double) -> (Double, Double) {
        if t < 300 { return (1.2 * t, 0) }
        if t < 900 { return (360, 0) }
        return (360, 1.2 * (t - 900))
    }

    /// That rest under a phone's fast and large wander: 8 m over 5 s, with 2 m of white noise. Its fixes range over
    /// 42 m on each axis in a 200 s window on average, so most such windows leave even the 40 m box, and the boxes
    /// that must hold every fix find 0 to 271 s of the rest on these seeds. With the outermost fixes left out (`trimmedShare`) they find 419 to 493
    /// s of it, and nothing of the walks either side; what the rest draws falls to a third or less.
    @Test(arguments: Array(UInt64(1)...8))
    func aRestUnderAFastLargeWanderIsFoundWithItsOutermostFixesLeftOut(seed: UInt64) throws {
        let s = Self.phoneFixes(seed: seed, seconds: 1200, sigma: 8, tau: 5, white: 2, path: Self.tenMinuteRest)
        func total(_ rests: [RestStops.Rest]) -> Double { rests.reduce(0) { $0 + $1.end - $1.start } }
        let whole = RestStops.find(s, profile: .foot, trimmedShare: 0)
        let rests = RestStops.find(s, profile: .foot)
        #expect(total(rests) >= 400)
        #expect(total(rests) >= total(whole) + 150)
        #expect(rests.allSatisfy { $0.start >= 300 && $0.end <= 900 })
        // A rest of a few fixes has a centroid as noisy as its fixes; the long ones lie where the hiker rested.
        #expect(rests.filter { $0.end - $0.start >= 60 }.allSatisfy { hypot($0.x - 360, $0.y) < 12 })
        let collapsed = RestStops.collapse(s, rests: rests).samples
        #expect(Self.length(collapsed, from: 300, to: 900) < 0.35 * Self.length(s, from: 300, to: 900))
    }

    /// The same rest recorded 20 times a second (each second's fix written 20 times over, with 0.3 m of white noise):
    /// a trimmed box's window then holds 4,000 fixes, more than it sorts (`trimmedSortedValues`), so it sorts every
    /// fourth. That gives the same answer as sorting them all for 99.97 % of the fixes or more on these seeds; the 40 m
    /// box then holds 77 to 79 % of the rest's fixes, and none more than 50 s from it.
    @Test(arguments: [UInt64(1), 2])
    func aRestRecordedTwentyTimesASecondSortsABoundedWindow(seed: UInt64) throws {
        let fixes = Self.phoneFixes(seed: seed, seconds: 1200, sigma: 8, tau: 5, white: 2, path: Self.tenMinuteRest)
        let s = Self.manyTimesASecond(fixes, rate: 20)
        let bounded = RestStops.stillInTrimmedBox(s, side: 40, share: RestStops.trimmedShare, profile: .foot)
        let all = RestStops.stillInTrimmedBox(
            s, side: 40, share: RestStops.trimmedShare, profile: .foot, sortedValues: .max)
        let agree = zip(bounded, all).filter { $0 == $1 }.count
        #expect(Double(agree) >= 0.99 * Double(s.count))
        let resting = s.indices.filter { s[$0].t >= 300 && s[$0].t < 900 }
        #expect(Double(resting.filter { bounded[$0] }.count) >= 0.7 * Double(resting.count))
        #expect(!s.indices.contains { bounded[$0] && (s[$0].t < 250 || s[$0].t > 950) })
    }

    /// A crafted or logger's file at 1,000 Hz, lying still for ten minutes: a trimmed box's window would hold 200,000
    /// fixes, and sorting all of them took minutes. The time limit only guards against that.
    @Test(.timeLimit(.minutes(1))) func aThousandHertzRestDoesNotHang() {
        var rng = SyntheticRandom(seed: 5)
        let s = (0..<600_000).map { k in
            CleaningSample(source: k, t: Double(k) / 1000, x: 3 * rng.gaussian(), y: 3 * rng.gaussian())
        }
        let rests = RestStops.find(s, profile: .foot)
        #expect(rests.count == 1)
    }

    /// `fixes` (one a second) written `rate` times a second, each copy with 0.3 m of white noise.
    static func manyTimesASecond(_ fixes: [CleaningSample], rate: Int) -> [CleaningSample] {
        var rng = SyntheticRandom(seed: 11)
        return fixes.flatMap { fix in
            (0..<rate).map { j in
                CleaningSample(
                    source: fix.source * rate + j, t: fix.t + Double(j) / Double(rate), x: fix.x + 0.3 * rng.gaussian(),
                    y: fix.y + 0.3 * rng.gaussian())
            }
        }
    }

    /// A zigzag into a rest (`zigzagIntoARest`) under a phone's wander (`sigma` metres over `tau` seconds, `white`
    /// metres of white noise). The zigzag stays within a 40 m box, and its legs are too short for the fixes to hold
    /// their direction against such noise, so a rest may take the zigzag's last stretch: up to 47 s of its two minutes
    /// with every fix in the box, up to 59 s once the outermost fixes may be left out (`trimmedShare`), over legs of
    /// 15, 20 and 30 m and these seeds. A limit, measured here so that it does not grow unseen.
    @Test(arguments: [(4.0, 5.0, 1.0), (6.0, 5.0, 2.0), (8.0, 5.0, 2.0), (4.0, 30.0, 1.0)])
    func aZigzagIntoARestLosesAtMostItsLastMinute(sigma: Double, tau: Double, white: Double) {
        func taken(_ rests: [RestStops.Rest]) -> Double {
            rests.reduce(0) { $0 + max(0, min($1.end, 300) - max($1.start, 180)) }
        }
        for leg in [15.0, 20.0, 30.0] {
            for seed in UInt64(1)...8 {
                let s = Self.phoneFixes(
                    seed: seed, seconds: 1200, sigma: sigma, tau: tau, white: white, path: Self.zigzagIntoARest(leg: leg))
                let rests = RestStops.find(s, profile: .foot)
                #expect(taken(rests) <= 60)
                #expect(taken(RestStops.find(s, profile: .foot, trimmedShare: 0)) <= 50)
                // And the rest itself is found, its fixes collapsed where the hiker sat.
                #expect(rests.contains { $0.end > 600 && $0.end <= 900 })
            }
        }
    }

    /// A hiker walks east at 1.2 m/s for 180 s, zigzags up a slope for two minutes (legs of `leg` metres, each 5 m
    /// further up, at 1 m/s), rests ten minutes at the top (300 s to 900 s) and walks off north.
    static func zigzagIntoARest(leg: Double) -> (Double) -> (Double, Double) {
        func walk(_ t: Double) -> (Double, Double) {
            if t < 180 { return (1.2 * t - 216, 0) }
            let rise = 5.0, legTime = hypot(leg, rise)
            let legs = (t - 180) / legTime
            let along = legs - legs.rounded(.down)
            return (Int(legs) % 2 == 0 ? along * leg : (1 - along) * leg, legs * rise)
        }
        let top = walk(300)
        return { t in
            if t < 300 { return walk(t) }
            if t < 900 { return top }
            return (top.0, top.1 + 1.2 * (t - 900))
        }
    }

    /// The cheap pass before the trimmed boxes never rules out a track on which one of their windows fits: on rests
    /// under wanders from small to large, on zigzags, and on the walks either side, at 1 s and 10 s. On a steady run it
    /// rules the track out (a slow walk under noise may pass it: it is a shortcut for tracks that never slow down).
    @Test func theTrimmedBoxesCheapPassNeverRulesOutAWindowThatFits() {
        var fitted = 0
        for (sigma, tau, white) in [(2.0, 30.0, 1.0), (6.0, 20.0, 1.0), (8.0, 5.0, 2.0), (12.0, 5.0, 3.0)] {
            for seed in UInt64(1)...4 {
                for path in [Self.tenMinuteRest, Self.zigzagIntoARest(leg: 20)] {
                    let all = Self.phoneFixes(seed: seed, seconds: 1200, sigma: sigma, tau: tau, white: white, path: path)
                    for s in [all, all.filter { Int($0.t) % 10 == 0 }] {
                        for side in RestStops.wideSides {
                            let fits = RestStops.stillInTrimmedBox(s, side: side, share: 0.05, profile: .foot).contains(true)
                            if fits { fitted += 1 }
                            let may = RestStops.anyTrimmedWindowMayFit(s, side: side, share: 0.05, profile: .foot)
                            #expect(!fits || may)
                        }
                    }
                }
            }
        }
        #expect(fitted >= 100)
        for speed in [2.0, 3.0] {
            let s = Self.phoneFixes(seed: 5, seconds: 3_000, sigma: 4, tau: 10, white: 1) { t in (speed * t, 0.2 * speed * t) }
            let may = RestStops.anyTrimmedWindowMayFit(s, side: 40, share: 0.05, profile: .foot)
            #expect(!may)
        }
    }

    /// The sorted window agrees with sorting the same window's values, far past many insertions and removals.
    @Test func theSortedWindowMatchesSortingTheWindow() {
        var rng = SyntheticRandom(seed: 12)
        let values = (0..<5_000).map { k in k % 7 == 0 ? 3.0 : (rng.gaussian() * 10).rounded() }
        var window = RestStops.SortedWindow()
        var pushed = 0, from = 0, mismatches = 0
        for k in 0..<values.count {
            while pushed < min(values.count, k + 1 + Int(rng.uniform() * 30)) {
                window.insert(values[pushed])
                pushed += 1
            }
            let first = max(from, k - Int(rng.uniform() * 40))
            while from < first {
                window.remove(values[from])
                from += 1
            }
            let sorted = values[from..<pushed].sorted()
            if window.values != sorted { mismatches += 1 }
            let left = sorted.count / 10
            if sorted.count >= 2 && window.extent(leavingOut: left) != sorted[sorted.count - 1 - left] - sorted[left] {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
        #expect(RestStops.SortedWindow().extent(leavingOut: 0) == .infinity)
        // A value never inserted leaves the window as it was.
        var small = RestStops.SortedWindow()
        small.insert(1); small.insert(2)
        small.remove(5); small.remove(.nan)
        #expect(small.values == [1, 2])
        var empty = RestStops.SortedWindow()
        empty.remove(1)
        #expect(empty.values.isEmpty)
    }

    /// A hiker walks 300 s east at 1.2 m/s, rests four minutes (300 to 540 s), runs shuttles along 20 m at `speed`
    /// m/s in the same place for ten minutes (540 to 1,140 s), and walks off north.
    static func shuttlesAfterARest(speed: Double) -> (Double) -> (Double, Double) {
        { t in
            if t < 300 { return (1.2 * t, 0) }
            if t < 540 { return (360, 0) }
            guard t < 1140 else { return (360, 1.2 * (t - 1140)) }
            let u = (speed * (t - 540)).truncatingRemainder(dividingBy: 40)
            return (360 + (u < 20 ? u : 40 - u), 0)
        }
    }

    /// Shuttle runs along 20 m at 2 and 3 m/s for ten minutes, straight after a four-minute rest in the same place.
    /// A 40 m box holds them, and they lie in one run with the rest; what keeps them out is their speed, several
    /// times the rest's wander's, with or without the motion check (`RestStops.moving`). Without either check the rest
    /// runs 150 to 530 s into them.
    @Test(arguments: [2.0, 3.0], Array(UInt64(1)...6))
    func shuttleRunsBesideARestAreNotTakenIntoIt(speed: Double, seed: UInt64) throws {
        let s = Self.fixes(seed: seed, seconds: 1440, path: Self.shuttlesAfterARest(speed: speed))
        let rests = RestStops.find(s, profile: .foot)
        #expect(!rests.isEmpty)
        // The speed is judged over 50 s either side of a fix, so a rest may reach a few seconds past the stop.
        #expect(rests.allSatisfy { $0.start >= 300 && $0.end <= 560 })
        #expect(RestStops.find(s, profile: .foot, motion: false).allSatisfy { $0.start >= 300 && $0.end <= 560 })
        let unchecked = RestStops.find(s, profile: .foot, speedFactor: .infinity, motion: false)
        #expect(unchecked.contains { $0.end > 680 })
    }

    /// A rest where the phone's noise turns loud half-way, as when it is carried from the open into a city and laid
    /// down: 2 m of wander over 30 s and 0.5 m of white noise until 600 s, then 5 m over 10 s and 2 m of white noise.
    /// The quiet part passes in the 20 m box; the loud part's fixes move several times as fast as the quiet ones, by
    /// their noise alone, and only the limit from their own jitter lets the wider boxes take them (without it, 0 to
    /// 66 s of the loud part on these seeds; with it, 255 to 341 s).
    @Test(arguments: Array(UInt64(1)...8))
    func aRestThatTurnsLoudIsFoundThroughItsLoudPart(seed: UInt64) throws {
        var rng = SyntheticRandom(seed: seed)
        func wander(sigma: Double, tau: Double) -> [Double] {
            let rho = exp(-1 / tau), drive = sigma * (1 - rho * rho).squareRoot()
            var e = sigma * rng.gaussian()
            return (0..<1300).map { _ in
                e = rho * e + drive * rng.gaussian()
                return e
            }
        }
        let quietX = wander(sigma: 2, tau: 30), quietY = wander(sigma: 2, tau: 30)
        let loudX = wander(sigma: 5, tau: 10), loudY = wander(sigma: 5, tau: 10)
        let s = (0..<1300).map { k in
            let t = Double(k)
            let (x, y) = t < 300 ? (1.2 * t, 0) : t < 1000 ? (360, 0) : (360, 1.2 * (t - 1000))
            let (ex, ey) = t < 600
                ? (quietX[k] + 0.5 * rng.gaussian(), quietY[k] + 0.5 * rng.gaussian())
                : (loudX[k] + 2 * rng.gaussian(), loudY[k] + 2 * rng.gaussian())
            return CleaningSample(source: k, t: t, x: x + ex, y: y + ey)
        }
        func loudPart(_ rests: [RestStops.Rest]) -> Double {
            rests.reduce(0) { $0 + max(0, $1.end - max($1.start, 600)) }
        }
        let rests = RestStops.find(s, profile: .foot)
        #expect(rests.allSatisfy { $0.start >= 300 && $0.end <= 1000 })
        #expect(loudPart(rests) >= 240)
        #expect(loudPart(RestStops.find(s, profile: .foot, jitterSeconds: .infinity)) < 100)
    }

    /// Shuttle runs along 20 m at 2 and 3 m/s beside a rest, under a phone's 4 m wander over 30 s and 1 m of white
    /// noise, which scatters the fixes more than a receiver's error does. They still move faster than their jitter
    /// covers in `jitterSeconds` and stay out of the rest; a limit of their jitter per second would take 73 to 544 s
    /// of them.
    @Test(arguments: [2.0, 3.0], Array(UInt64(1)...6))
    func shuttleRunsUnderAPhonesNoiseAreNotTakenIntoARest(speed: Double, seed: UInt64) throws {
        let s = Self.phoneFixes(
            seed: seed, seconds: 1440, sigma: 4, tau: 30, path: Self.shuttlesAfterARest(speed: speed))
        let rests = RestStops.find(s, profile: .foot)
        #expect(!rests.isEmpty)
        #expect(rests.allSatisfy { $0.start >= 300 && $0.end <= 580 })
        let looser = RestStops.find(s, profile: .foot, jitterSeconds: 1)
        #expect(looser.contains { $0.end > 600 })
    }

    /// A rest under a city phone's loud noise, 6 m of wander over 10 s and 3 m of white noise, which never lets its
    /// fixes settle in a 20 m box: the base box finds nothing of it on any of these seeds, so a rule that needs a fix
    /// in the base box in every rest found none. The wider boxes, with the fixes' own jitter, find 72 to 457 s of it on
    /// each seed, and nothing of the walks either side.
    @Test func aLoudRestThatNeverSettlesInTheBaseBoxIsFound() throws {
        var found = 0.0
        for seed in UInt64(1)...8 {
            let s = Self.phoneFixes(seed: seed, seconds: 1200, sigma: 6, tau: 10, white: 3) { t in
                if t < 300 { return (1.2 * t, 0) }
                if t < 900 { return (360, 0) }
                return (360, 1.2 * (t - 900))
            }
            #expect(RestStops.find(s, profile: .foot, wideSides: []).isEmpty)
            let rests = RestStops.find(s, profile: .foot)
            #expect(!rests.isEmpty)
            #expect(rests.allSatisfy { $0.start >= 300 && $0.end <= 900 && hypot($0.x - 360, $0.y) < 12 })
            found += rests.reduce(0) { $0 + $1.end - $1.start }
        }
        // 2,756 s of the eight rests' 4,800.
        #expect(found >= 2_000)
    }

    /// A climb on switchbacks: legs of 30 m across the slope, each 5 m further up than the last, walked at 1 m/s for
    /// twenty minutes under a phone's 4 m wander over 30 s and 1 m of white noise. It makes headway at 0.16 m/s, so
    /// the 30 and 40 m boxes hold it, and the walker moves about as fast as the noise's jitter covers in
    /// `jitterSeconds`. It never passes in the 20 m box, and what keeps it out of a rest is that its fixes hold their
    /// direction along a leg: with no check on that (`persistence: .infinity`) rests take 20 to 155 s of it on seven of
    /// these seeds, 638 s in all.
    @Test func aSwitchbackClimbUnderAPhonesNoiseIsNotARest() throws {
        var unchecked = 0.0
        for seed in UInt64(1)...8 {
            let s = Self.phoneFixes(seed: seed, seconds: 1200, sigma: 4, tau: 30) { t in
                let leg = 30.0, rise = 5.0
                let legs = t / hypot(leg, rise)
                let along = legs - legs.rounded(.down)
                return (Int(legs) % 2 == 0 ? along * leg : (1 - along) * leg, legs * rise)
            }
            #expect(RestStops.find(s, profile: .foot, wideSides: []).isEmpty)
            #expect(RestStops.find(s, profile: .foot).isEmpty)
            unchecked += RestStops.find(s, profile: .foot, persistence: .infinity).reduce(0) { $0 + $1.end - $1.start }
        }
        #expect(unchecked >= 300)
    }

    /// A hiker rests ten minutes (300 s to 900 s) between two walks, under noise from a watch's (1.5 m of wander over
    /// 30 s) to a city phone's (6 m over 10 s, 3 m of white noise). `find`'s centred test leaves up to a window's half
    /// of each end of the rest; `takeInEdges` takes in most of what is left, and at most a few seconds of the walks,
    /// and the track drawn is no longer on any seed (shorter on most). Measured on these seeds (stop covered, walk taken
    /// in at most on one seed): city phone 3,983 → 4,551 s of 4,800, 14 s; phone 4,046 → 4,432 s, 14 s; watch 4,227 →
    /// 4,611 s, 3 s; 4 m over 30 s 4,191 → 4,489 s, 6 s. With the rests left as `find` gives them, this test fails.
    @Test(arguments: [(6.0, 10.0, 3.0), (6.0, 20.0, 1.0), (1.5, 30.0, 0.5), (4.0, 30.0, 1.0)])
    func aRestsEdgesAreTakenInWithAFewSecondsOfTheWalkAtMost(sigma: Double, tau: Double, white: Double) {
        func covered(_ rests: [RestStops.Rest]) -> Double {
            rests.reduce(0) { $0 + max(0, min($1.end, 900) - max($1.start, 300)) }
        }
        func walk(_ rests: [RestStops.Rest]) -> Double {
            rests.reduce(0) { $0 + max(0, 300 - $1.start) + max(0, $1.end - 900) }
        }
        var found = 0.0, edged = 0.0
        for seed in UInt64(1)...8 {
            let s = Self.phoneFixes(seed: seed, seconds: 1200, sigma: sigma, tau: tau, white: white) { t in
                if t < 300 { return (1.2 * t, 0) }
                if t < 900 { return (360, 0) }
                return (360, 1.2 * (t - 900))
            }
            let rests = RestStops.find(s, profile: .foot)
            let wider = RestStops.takeInEdges(s, rests: rests, profile: .foot)
            #expect(wider.count == rests.count)
            // The cleaner collapses these.
            let options = CleaningOptions(sport: "hiking")
            #expect(TrackCleaner.restsAndCuts(s, profile: .foot, options: options).rests == wider)
            #expect(zip(wider, rests).allSatisfy {
                $0.start <= $1.start && $0.end >= $1.end && $0.x == $1.x && $0.y == $1.y
            })
            #expect(zip(wider, wider.dropFirst()).allSatisfy { $0.end < $1.start })
            // At most 20 s of the walks, 24 m at the hiker's pace.
            #expect(walk(wider) <= 20)
            found += covered(rests)
            edged += covered(wider)
            let before = Self.length(RestStops.collapse(s, rests: rests).samples, from: 0, to: 1199)
            let after = Self.length(RestStops.collapse(s, rests: wider).samples, from: 0, to: 1199)
            #expect(after <= before)
        }
        #expect(edged >= found + 250)
    }

    /// A rest's edges reach over fixes as near its centre as half its own, but never into the rest beside it, never
    /// across `edgeSeconds` without such a fix (a gap in the recording included; the rests' own fixes here never stray,
    /// so the wait is `edgeSeconds`), and never more than the widest box's half window (100 s on foot) past where
    /// `find` ended it.
    @Test func aRestsEdgesStopAtItsNeighbourAtAGapAndAtTheWidestWindow() {
        // Fixes every second at the rest's centre, 0.1 m either side, from 0 to 1,000 s, but none from 401 to 429 s.
        let s = (0...1000).filter { $0 <= 400 || $0 >= 430 }.map { k in
            CleaningSample(source: k, t: Double(k), x: k % 2 == 0 ? 0.1 : -0.1, y: 0)
        }
        let rests = [
            RestStops.Rest(start: 150, end: 300, x: 0, y: 0), RestStops.Rest(start: 320, end: 380, x: 0, y: 0),
            RestStops.Rest(start: 500, end: 600, x: 0, y: 0),
        ]
        let wider = RestStops.takeInEdges(s, rests: rests, profile: .foot)
        #expect(wider.map(\.start) == [50, 320, 430])
        #expect(wider.map(\.end) == [319, 400, 700])
        // Fixes 5 m out (past the fixes' median of 0.1 m) for more than 10 s: the rest stops at the last fix that near.
        var far = s
        for t in 650...665 { far[far.firstIndex { $0.t == Double(t) }!].x = 5 }
        #expect(RestStops.takeInEdges(far, rests: [rests[2]], profile: .foot).map(\.end) == [649])
        // On a bike the widest window's half is 50 s.
        #expect(RestStops.takeInEdges(s, rests: [rests[2]], profile: .cycling).map(\.end) == [650])
    }

    /// A rest's edge waits for as long as the rest's own fixes once stayed further out than half of them
    /// (`RestStops.longestExcursion`), not just `edgeSeconds`; a loss of signal inside the rest is no excursion; and a
    /// walk away, which does not come back, is not taken in however long the wait.
    @Test func aRestsEdgesWaitAsLongAsItsOwnFixesOnceStayedOut() {
        // Fixes every second from 430 s to 1,000 s, 0.1 m either side of the rest's centre, but 5 m out from 520 to
        // 534 s (its own excursion: near fixes 16 s apart) and none from 570 to 590 s (a loss of signal, 22 s). After
        // the rest found (500 to 600 s), 5 m out from 621 to 634 s (15 s between near fixes) and from 651 to 668 s
        // (19 s), then a walk away at 1.2 m/s from 681 s; before 430 s nothing (the recording starts there).
        let s = (430...1000).filter { $0 < 570 || $0 > 590 }.map { k -> CleaningSample in
            let out = (520...534).contains(k) || (621...634).contains(k) || (651...668).contains(k)
            let x = k > 680 ? 1.2 * Double(k - 680) : out ? 5 : (k % 2 == 0 ? 0.1 : -0.1)
            return CleaningSample(source: k, t: Double(k), x: x, y: 0)
        }
        let rest = RestStops.Rest(start: 500, end: 600, x: 0, y: 0)
        let near = { (k: Int) in abs(s[k].x) }
        let own = s.firstIndex { $0.t == 500 }!...s.firstIndex { $0.t == 600 }!
        #expect(RestStops.longestExcursion(s, own, beyond: 0.1, from: near) == 16)
        // With the wait of `edgeSeconds` alone, the edge ends before the first excursion past the rest.
        #expect(RestStops.takeInEdges(s, rests: [rest], profile: .foot, excursions: false).map(\.end) == [620])
        // Waiting 16 s, it crosses the 15 s excursion and ends before the 19 s one.
        #expect(RestStops.takeInEdges(s, rests: [rest], profile: .foot).map(\.end) == [650])
        #expect(RestStops.takeInEdges(s, rests: [rest], profile: .foot).map(\.start) == [430])
        // Had the loss of signal counted (22 s), the edge would have reached 680 s; the walk is never taken in.
        var longer = s
        for k in longer.indices where (651...668).contains(Int(longer[k].t)) { longer[k].x = 0.1 }
        #expect(RestStops.takeInEdges(longer, rests: [rest], profile: .foot).map(\.end) == [680])
    }

    /// A hiker rests ten minutes (300 s to 900 s) under an error slow enough to keep the resting device's fixes out
    /// past half of them for tens of seconds at a time: a receiver's smooth error (5 m over 10 s, `fixes`) or a
    /// phone's wander over 30 s (8 m, 2 m of white noise). With the wait of `edgeSeconds` alone the edges stopped at
    /// such an excursion; waiting as long as the rest's own longest one, they reach further into the stop, take in at
    /// most 20 s more of the walks on any seed, and the track drawn is no longer. Measured on these seeds (stop
    /// covered, walk taken in): receiver 4,298 → 4,599 s of 4,800, 11 → 51 s (16 s more at most on one seed); phone
    /// 4,314 → 4,599 s, 50 → 71 s (7 s more at most), the drawn length down by up to 307 m at one rest.
    @Test(arguments: ["receiver", "phone"])
    func aRestsEdgesReachFurtherUnderASlowError(error: String) {
        func covered(_ rests: [RestStops.Rest]) -> Double {
            rests.reduce(0) { $0 + max(0, min($1.end, 900) - max($1.start, 300)) }
        }
        func walk(_ rests: [RestStops.Rest]) -> Double {
            rests.reduce(0) { $0 + max(0, 300 - $1.start) + max(0, $1.end - 900) }
        }
        let path = { (t: Double) -> (Double, Double) in
            if t < 300 { return (1.2 * t, 0) }
            if t < 900 { return (360, 0) }
            return (360, 1.2 * (t - 900))
        }
        guard error == "phone" || error == "receiver" else {
            Issue.record("no error named \(error)")
            return
        }
        var short = 0.0, waited = 0.0, walked = 0.0
        for seed in UInt64(1)...8 {
            let s = error == "phone"
                ? Self.phoneFixes(seed: seed, seconds: 1200, sigma: 8, tau: 30, white: 2, path: path)
                : Self.fixes(seed: seed, seconds: 1200, path: path)
            let rests = RestStops.find(s, profile: .foot)
            let before = RestStops.takeInEdges(s, rests: rests, profile: .foot, excursions: false)
            let after = RestStops.takeInEdges(s, rests: rests, profile: .foot)
            #expect(walk(after) - walk(before) <= 20)
            #expect(zip(after, before).allSatisfy { $0.start <= $1.start && $0.end >= $1.end })
            let drawnBefore = Self.length(RestStops.collapse(s, rests: before).samples, from: 0, to: 1199)
            let drawnAfter = Self.length(RestStops.collapse(s, rests: after).samples, from: 0, to: 1199)
            #expect(drawnAfter <= drawnBefore)
            short += covered(before)
            waited += covered(after)
            walked += walk(after) - walk(before)
        }
        #expect(waited >= short + 250)
        #expect(walked <= 60)
    }

    /// The sliding minima and maxima agree with a brute-force scan over the same windows, far past the point where
    /// their storage is compacted.
    @Test func slidingExtremesMatchABruteForceScan() {
        var rng = SyntheticRandom(seed: 11)
        let values = (0..<20_000).map { _ in rng.gaussian() * 10 }
        var low = RestStops.SlidingExtreme(below: true), high = RestStops.SlidingExtreme(below: false)
        var pushed = 0, from = 0
        var mismatches = 0
        for k in 0..<values.count {
            while pushed < min(values.count, k + 1 + Int(rng.uniform() * 30)) {
                low.push(pushed, values[pushed]); high.push(pushed, values[pushed])
                pushed += 1
            }
            from = max(from, k - Int(rng.uniform() * 40))
            let window = values[from..<pushed]
            low.drop(before: from); high.drop(before: from)
            if low.value != window.min()! || high.value != window.max()! { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }
}
