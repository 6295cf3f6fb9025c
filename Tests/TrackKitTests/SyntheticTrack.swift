import Foundation
import TestSupport
import TrackKit

/// A deterministic generator (SplitMix64) so every synthetic track is the same on every run.
struct SyntheticRandom: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func uniform() -> Double { Double(next() >> 11) / Double(1 << 53) }
    mutating func gaussian() -> Double {
        let u = max(uniform(), 1e-12), v = uniform()
        return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
    }
}

/// GPS noise of a device class: a slowly wandering (correlated) error plus white jitter, and spikes.
struct SyntheticNoise: Sendable {
    var correlatedMeters: Double
    var correlationSeconds: Double
    var whiteMeters: Double
    /// Chance per point of a spike of 100–200 m.
    var spikeProbability: Double

    static let none = SyntheticNoise(correlatedMeters: 0, correlationSeconds: 30, whiteMeters: 0, spikeProbability: 0)
    static let watch = SyntheticNoise(correlatedMeters: 2.5, correlationSeconds: 30, whiteMeters: 1.5, spikeProbability: 0)
    static let phone = SyntheticNoise(correlatedMeters: 7, correlationSeconds: 30, whiteMeters: 4, spikeProbability: 0.01)
}

/// A synthetic activity with a known true path: a loop of straights and turns run at a known speed.
struct SyntheticTrack {
    static let origin = (latitude: 47.3663, longitude: 8.5415)  // Zurich, Mythenquai
    static let start = Date(timeIntervalSince1970: 1_794_643_200)  // 2026-11-14T07:00:00Z

    /// The true path, densely sampled (1 m), in local metres.
    var path: [(x: Double, y: Double)]
    /// Metres actually covered in the recording.
    var trueLength: Double
    /// The recorded points.
    var points: [TrackPoint]
    /// Index range of the points recorded during the stop, if any.
    var stopPoints: Range<Int>?
    /// Indices of points that got a spike.
    var spikeIndices: [Int]
    /// Where on the path (metres along it) the athlete truly was at each recorded time.
    var arcAtTime: [Date: Double]

    /// - Parameters:
    ///   - speed: metres per second as a function of elapsed seconds.
    ///   - stop: seconds from start and duration of a stop, if any.
    init(
        seed: UInt64, duration: Double, interval: Double, noise: SyntheticNoise,
        speed: (Double) -> Double = { _ in 3.0 }, stop: (at: Double, seconds: Double)? = nil,
        path: [(x: Double, y: Double)] = Self.loopPath()
    ) {
        var random = SyntheticRandom(seed: seed)
        self.path = path
        let pathLength = Double(path.count - 1)
        var points: [TrackPoint] = []
        var arcs: [Date: Double] = [:]
        var spikes: [Int] = []
        var arc = 0.0
        var time = 0.0
        var ex = 0.0, ey = 0.0
        var stopRange: Range<Int>?
        var stopStart: Int?
        let stepIntegration = 0.1
        var k = 0
        while time <= duration {
            let stopped = stop.map { time >= $0.at && time < $0.at + $0.seconds } ?? false
            if stopped, stopStart == nil { stopStart = k }
            if !stopped, let s = stopStart, stopRange == nil { stopRange = s..<k }
            let rho = exp(-interval / noise.correlationSeconds)
            ex = rho * ex + (1 - rho * rho).squareRoot() * noise.correlatedMeters * random.gaussian()
            ey = rho * ey + (1 - rho * rho).squareRoot() * noise.correlatedMeters * random.gaussian()
            let truth = Self.position(on: path, at: min(arc, pathLength))
            arcs[Self.start.addingTimeInterval(time)] = arc
            var x = truth.x + ex + noise.whiteMeters * random.gaussian()
            var y = truth.y + ey + noise.whiteMeters * random.gaussian()
            if k > 0, random.uniform() < noise.spikeProbability {
                let angle = 2 * Double.pi * random.uniform(), size = 100 + 100 * random.uniform()
                x += size * cos(angle); y += size * sin(angle)
                spikes.append(k)
            }
            let (lat, lon) = Self.toLatLon(x: x, y: y)
            points.append(TrackPoint(
                latitude: lat, longitude: lon, elevation: 400 + 10 * sin(arc / 300),
                time: Self.start.addingTimeInterval(time), heartRate: 120 + k % 40, cadence: 80 + k % 10,
                temperature: 12.5, power: 200 + k % 50))
            // Integrate the speed profile up to the next sample.
            var t = time
            while t < time + interval - 1e-9 {
                let h = min(stepIntegration, time + interval - t)
                let moving = !(stop.map { t >= $0.at && t < $0.at + $0.seconds } ?? false)
                if moving { arc += speed(t) * h }
                t += h
            }
            time += interval
            k += 1
        }
        if let s = stopStart, stopRange == nil { stopRange = s..<k }
        // The length covered up to the last sample (the integration ran one interval beyond it).
        let lastTime = time - interval
        var covered = 0.0
        var t = 0.0
        while t < lastTime - 1e-9 {
            let h = min(stepIntegration, lastTime - t)
            let moving = !(stop.map { t >= $0.at && t < $0.at + $0.seconds } ?? false)
            if moving { covered += speed(t) * h }
            t += h
        }
        trueLength = covered
        self.points = points
        stopPoints = stopRange
        spikeIndices = spikes
        arcAtTime = arcs
    }

    var track: Track { Track(format: .gpx, sport: "running", segments: [points]) }

    /// The length of the athlete's true positions at the recorded times, in straight steps: what a recording sampled
    /// this sparsely can show at best (400 m repetitions at 6.9 m/s every 10 s: 5.5 % short of the path).
    var floorLength: Double {
        let truth = points.map { Self.position(on: path, at: arcAtTime[$0.time!]!) }
        return zip(truth, truth.dropFirst()).reduce(0) { $0 + hypot($1.1.x - $1.0.x, $1.1.y - $1.0.y) }
    }

    /// Laps of a 2.3 km loop of straights, right-angle corners, a gentle bend and a hairpin, 1 m apart.
    static func loopPath(laps: Int = 8) -> [(x: Double, y: Double)] {
        // (length of straight, then turn angle in degrees over a radius of 15 m)
        let legs: [(Double, Double)] = [(500, 90), (250, 45), (150, 45), (300, 180), (200, -90), (350, 90), (100, 0)]
        var result: [(x: Double, y: Double)] = [(0, 0)]
        var x = 0.0, y = 0.0, heading = 0.0
        for (straight, turn) in Array(repeating: legs, count: laps).joined() {
            for _ in 0..<Int(straight) {
                x += cos(heading); y += sin(heading)
                result.append((x, y))
            }
            let arcLength = abs(turn) * Double.pi / 180 * 15
            let steps = Int(arcLength.rounded())
            for _ in 0..<steps {
                heading += (turn * Double.pi / 180) / Double(steps)
                x += arcLength / Double(steps) * cos(heading); y += arcLength / Double(steps) * sin(heading)
                result.append((x, y))
            }
        }
        return result
    }

    /// Laps of a 400 m athletics track, measured as a runner in lane 1 runs it (two 84.39 m straights, two
    /// bends of 36.80 m radius, so that a lap is 400.00 m), one point per metre of the lap: `position(on:at:)`
    /// reads a path's index as metres.
    static func athleticsTrackPath(laps: Int) -> [(x: Double, y: Double)] {
        (0...Int((Double(laps) * Stadium.lap()).rounded(.down))).map { Stadium.point(Double($0)) }
    }

    static func position(on path: [(x: Double, y: Double)], at arc: Double) -> (x: Double, y: Double) {
        let i = min(Int(arc), path.count - 2)
        let f = arc - Double(i)
        return (path[i].x + (path[i + 1].x - path[i].x) * f, path[i].y + (path[i + 1].y - path[i].y) * f)
    }

    static let metresPerDegree = 6_371_008.8 * Double.pi / 180

    static func toLatLon(x: Double, y: Double) -> (Double, Double) {
        (origin.latitude + y / metresPerDegree,
         origin.longitude + x / (metresPerDegree * cos(origin.latitude * Double.pi / 180)))
    }

    static func toLocal(_ p: TrackPoint) -> (x: Double, y: Double) {
        ((p.longitude - origin.longitude) * metresPerDegree * cos(origin.latitude * Double.pi / 180),
         (p.latitude - origin.latitude) * metresPerDegree)
    }

    /// Largest distance of any point from the true path near where the athlete was at its time, metres.
    func maxDeviation(of points: [TrackPoint]) -> Double {
        points.map { p in
            let q = Self.toLocal(p)
            let arc = p.time.flatMap { arcAtTime[$0] } ?? 0
            let low = max(0, Int(arc) - 400), high = min(path.count - 1, Int(arc) + 400)
            var best = Double.infinity
            for i in low..<high {
                best = min(best, Self.segmentDistance(q, path[i], path[i + 1]))
                if best < 0.5 { break }
            }
            return best
        }.max() ?? 0
    }

    static func segmentDistance(
        _ p: (x: Double, y: Double), _ a: (x: Double, y: Double), _ b: (x: Double, y: Double)
    ) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let len2 = dx * dx + dy * dy
        let f = len2 > 0 ? max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2)) : 0
        let ex = p.x - (a.x + f * dx), ey = p.y - (a.y + f * dy)
        return (ex * ex + ey * ey).squareRoot()
    }

    /// Haversine length of a run of points, metres.
    static func length(_ points: [TrackPoint]) -> Double {
        guard points.count > 1 else { return 0 }
        let r = 6_371_008.8, rad = Double.pi / 180
        var total = 0.0
        for i in 1..<points.count {
            let a = points[i - 1], b = points[i]
            let dLat = (b.latitude - a.latitude) * rad, dLon = (b.longitude - a.longitude) * rad
            let h = sin(dLat / 2) * sin(dLat / 2) + cos(a.latitude * rad) * cos(b.latitude * rad) * sin(dLon / 2) * sin(dLon / 2)
            total += 2 * r * asin(min(1, h.squareRoot()))
        }
        return total
    }
}
