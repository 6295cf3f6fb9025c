import Foundation
import TestSupport
import Testing

@testable import TrackKit

/// A ride recorded at one fix every 10 s: a rider covers 100 m a step, so a fix thrown 150 m off is no farther from
/// its neighbours than twice the steps, and the excursion test (`SpikeFilter.excursionFactor`) keeps it. The way from
/// the fix before through it to the fix after is what gives it away: more than half as long again as the rider's top
/// speed covers in that time. What that test must not take: a hairpin, where the way is as long as the rider went, and a
/// runner's strides over a bend between jogs, faster than the session's top speed (the strides are too few to be it)
/// but no faster than the anchors either side lie apart.
@Suite("Cleaning: spikes told by the way through them")
struct SpikeDetourTests {
    static let radius = 2000.0, speed = 10.0

    /// A ride round a circle of `radius` metres at `speed`, one fix every 10 s for 20 minutes, `noise` metres of white
    /// noise on each.
    static func ride(seed: UInt64, noise: Double = 3) -> [CleaningSample] {
        var rng = SyntheticRandom(seed: seed)
        return stride(from: 0.0, through: 1200, by: 10).enumerated().map { index, t in
            let angle = speed * t / radius
            return CleaningSample(
                source: index, t: t, x: radius * sin(angle) + noise * rng.gaussian(),
                y: radius * (1 - cos(angle)) + noise * rng.gaussian())
        }
    }

    static func topSpeed(_ s: [CleaningSample]) -> Double? {
        SparseTurns.typicalAndTopSpeed(
            s, gapSeconds: CleaningOptions().gapSeconds, topQuantile: TrackCleaner.topSpeedQuantile
        ).top
    }

    /// A fix thrown 200 m off the ride, slanting ahead or back (under 200 m, the excursion test's reach, from one
    /// neighbour: straight across, 224 m from both, the excursion test takes it already; straight ahead or back it
    /// stays near the line between its neighbours, and the smoother takes it): a spike with the top speed known, not
    /// without it. (Thrown 150 m back at 135° it was not taken: its way, 337 m less the 20 m allowance, is within a
    /// few metres of the 300 m that half as fast again covers in 20 s, and the fixes' noise decides.)
    @Test(arguments: [45.0, 120.0, 135.0, 225.0, 240.0, 315.0])
    func aFixThrownOffARideEvery10sIsASpike(direction: Double) {
        var s = Self.ride(seed: 31)
        let k = 60
        let heading = Self.speed * s[k].t / Self.radius
        let a = heading + direction * Double.pi / 180
        s[k].x += 200 * cos(a)
        s[k].y += 200 * sin(a)
        let top = Self.topSpeed(s)
        #expect(top.map { $0 > 9 && $0 < 11 } == true, "top speed \(String(describing: top))")
        #expect(SpikeFilter.findSpikes(s, profile: .cycling, topSpeed: top) == [k], "direction \(direction)°")
        #expect(!SpikeFilter.findSpikes(s, profile: .cycling).contains(k), "direction \(direction)°: found without the way")
    }

    /// A fix thrown 370 m back and to the side (350 m back along the way, 120 m across): the real fix before it, 100 m
    /// from its own neighbour before, lies 277 m from it, and the way through that real fix to it is longer than the
    /// rider goes in 20 s at half as fast again. The thrown fix is the one reached from its next neighbour at no speed
    /// the rider goes: it is the spike, and the real fix stays.
    @Test(arguments: [UInt64(41), 42, 43])
    func aRealFixBesideASpikeIsNoSpike(seed: UInt64) {
        var s = Self.ride(seed: seed)
        let k = 60
        let heading = Self.speed * s[k].t / Self.radius
        s[k].x += -350 * cos(heading) - 120 * sin(heading)
        s[k].y += -350 * sin(heading) + 120 * cos(heading)
        #expect(SpikeFilter.findSpikes(s, profile: .cycling, topSpeed: Self.topSpeed(s)) == [k], "seed \(seed)")
    }

    /// The whole cleaner on the ride with three such fixes: none of its output more than 25 m off the circle.
    @Test(arguments: [UInt64(32), 33, 34])
    func theCleanedRideHasNoFixFarOff(seed: UInt64) {
        var s = Self.ride(seed: seed)
        for (k, direction) in [(25, 100.0), (60, 250.0), (95, 130.0)] {
            let a = Self.speed * s[k].t / Self.radius + direction * Double.pi / 180
            s[k].x += 160 * cos(a)
            s[k].y += 160 * sin(a)
        }
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        let track = Track(format: .gpx, segments: [s.map { sample in
            let (latitude, longitude) = SyntheticTrack.toLatLon(x: sample.x, y: sample.y)
            return TrackPoint(latitude: latitude, longitude: longitude, time: start.addingTimeInterval(sample.t))
        }])
        let (cleaned, report) = TrackCleaner.clean(track, options: CleaningOptions(sport: "cycling"))
        let off = cleaned.segments.flatMap { $0 }.map { p in
            let q = SyntheticTrack.toLocal(p)
            return abs(hypot(q.x, q.y - Self.radius) - Self.radius)
        }.max() ?? .infinity
        #expect(off < 25, "seed \(seed): a fix \(off) m off the way; \(report.removed[CleaningReport.Reason.spikes] ?? 0) spikes")
    }

    /// A ride out and back along a road at 10 m/s, turning round a hairpin of 10 m radius, fixes every 10 s: the fix at
    /// the turn is as far along the way as the rider went, and none is a spike.
    @Test(arguments: [UInt64(35), 36, 37])
    func aHairpinEvery10sIsNoSpike(seed: UInt64) {
        var rng = SyntheticRandom(seed: seed)
        let out = 1200.0, turn = Double.pi * 10
        let s = stride(from: 0.0, through: 2 * (out + turn / 2) / Self.speed, by: 10).enumerated().map { index, t in
            let arc = Self.speed * t
            let p: (x: Double, y: Double)
            if arc < out {
                p = (arc, 0)
            } else if arc < out + turn {
                let angle = (arc - out) / 10 - Double.pi / 2
                p = (out + 10 * cos(angle), 10 + 10 * sin(angle))
            } else {
                p = (out - (arc - out - turn), 20)
            }
            return CleaningSample(source: index, t: t, x: p.x + 3 * rng.gaussian(), y: p.y + 3 * rng.gaussian())
        }
        #expect(SpikeFilter.findSpikes(s, profile: .cycling, topSpeed: Self.topSpeed(s)).isEmpty)
    }

    /// A runner jogging round a track at 2.5 m/s, fixes every 10 s, with four strides at 6 m/s, each 20 s from a fix
    /// just before a bend: the strides are too few for the session's top speed, and the fix in the middle of one is
    /// 50 to 60 m from the fixes at its start and end, off the line between them, the way through it as fast as the
    /// stride, more than twice the jog. The anchors lie as far apart as the stride took
    /// the runner, and that is the pace the fix is judged against: no spike.
    @Test(arguments: [UInt64(38), 39, 40])
    func aStrideOverABendBetweenJogsIsNoSpike(seed: UInt64) {
        var rng = SyntheticRandom(seed: seed)
        let jog = 2.5, stride = 6.0
        var strideStarts: [Double] = []
        var arc = 0.0
        var samples: [CleaningSample] = []
        for step in 0...150 {
            let t = Double(step) * 10
            let p = Stadium.point(arc)
            samples.append(CleaningSample(source: step, t: t, x: p.x + 2 * rng.gaussian(), y: p.y + 2 * rng.gaussian()))
            let intoLap = arc.truncatingRemainder(dividingBy: Stadium.lap())
            let striding = strideStarts.last.map { t < $0 + 20 } ?? false
            if !striding, strideStarts.count < 4, t >= 240 * Double(strideStarts.count + 1), intoLap < 84.39,
               intoLap > 84.39 - jog * 10 {
                strideStarts.append(t)
            }
            arc += (strideStarts.last.map { t < $0 + 20 } ?? false) ? stride * 10 : jog * 10
        }
        #expect(strideStarts.count == 4)
        let top = Self.topSpeed(samples)
        #expect(top.map { $0 < 3.5 } == true, "top speed \(String(describing: top)): the strides set it")
        let spikes = SpikeFilter.findSpikes(samples, profile: .foot, topSpeed: top)
        #expect(spikes.isEmpty, "fixes at \(spikes.sorted().map { samples[$0].t }) s taken for spikes")
    }
}
