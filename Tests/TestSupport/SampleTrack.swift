import Foundation

/// Small activity files made in the tests.
public enum SampleTrack {
    /// A GPX track of `points` points one second apart, heading north from `latitude`.
    public static func gpx(start: Date = Date(timeIntervalSince1970: 1_763_708_531), points: Int = 20,
                    latitude: Double = 47.37, timed: Bool = true, name: String? = nil) -> Data {
        let formatter = Date.ISO8601FormatStyle()
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<gpx version=\"1.1\" creator=\"trackdrop tests\" xmlns=\"http://www.topografix.com/GPX/1/1\">",
            "<trk>" + (name.map { "<name>\($0)</name>" } ?? "") + "<type>running</type><trkseg>",
        ]
        for index in 0..<points {
            let lat = latitude + Double(index) * 0.00003
            let time = timed ? "<time>\(formatter.format(start.addingTimeInterval(Double(index))))</time>" : ""
            lines.append("<trkpt lat=\"\(lat)\" lon=\"8.54\"><ele>410</ele>\(time)</trkpt>")
        }
        lines.append("</trkseg></trk></gpx>")
        return Data(lines.joined(separator: "\n").utf8)
    }
}

extension SampleTrack {
    /// A 12-minute run heading north at 3 m/s, a fix every second with about a metre of noise, through which the
    /// fixes jump `burstMetres` east (across the way) for `holdSeconds`, then jump back: one burst of reflected
    /// signal, as a watch records it beside tall buildings. The same bytes on every call.
    public static func gpxWithBurst(
        start: Date = Date(timeIntervalSince1970: 1_763_708_531), burstAt: Double = 240, holdSeconds: Double = 30,
        burstMetres: Double = 35, latitude: Double = 47.37
    ) -> Data {
        let rise = 2.0, fall = 3.0
        return runNorth(name: "Burst", start: start, latitude: latitude) { t in
            let s = t - burstAt
            let weight = s <= 0 || s >= rise + holdSeconds + fall ? 0
                : s < rise ? s / rise : s <= rise + holdSeconds ? 1 : (rise + holdSeconds + fall - s) / fall
            return weight * burstMetres
        }
    }

    /// The same run, through which a phone's fused location drifts east (across the way) at `metresPerSecond` for
    /// `driftSeconds` from `driftAt`, then jumps back at once: one drift that ends in a jump, as a phone records it
    /// when it coasts without satellites. The same bytes on every call.
    public static func gpxWithDrift(
        start: Date = Date(timeIntervalSince1970: 1_763_708_531), driftAt: Double = 240, driftSeconds: Double = 30,
        metresPerSecond: Double = 1, latitude: Double = 47.37
    ) -> Data {
        runNorth(name: "Drift", start: start, latitude: latitude) { t in
            let s = t - driftAt
            return s > 0 && s < driftSeconds ? s * metresPerSecond : 0
        }
    }

    /// A run north at 3 m/s for 30 minutes whose noise is six times larger in the middle ten minutes (a phone carried
    /// through a city between two parks): cleaning finds three stretches of noise.
    public static func gpxWithNoiseChange(start: Date = Date(timeIntervalSince1970: 1_763_708_531)) -> Data {
        runNorth(name: "Park, city, park", start: start, latitude: 47.37, seconds: 1800, noise: { t in t >= 600 && t < 1200 ? 6 : 1 })
    }

    /// Eight laps of lane 1 of a standard 400 m athletics track at 4 m/s (801 fixes a second apart, 3,200 m), with about
    /// a metre of noise (a fixed sequence) and an error that wanders 3 m east and back over five minutes: cleaning puts
    /// it on the running line of lane 1. The same bytes on every call.
    public static func gpxOnAnAthleticsTrack(start: Date = Date(timeIntervalSince1970: 1_763_708_531)) -> Data {
        fixes(name: "Track session", start: start, latitude: 47.37, seconds: 801) { t, noise in
            let p = Stadium.point(4 * t)
            return (p.x + 3 * sin(2 * Double.pi * t / 300) + noise.unit() + noise.unit(), p.y + noise.unit() + noise.unit())
        }
    }

    /// 720 fixes one second apart of a run north at 3 m/s with about a metre of noise (a fixed sequence), each
    /// moved `east(t)` metres east.
    private static func runNorth(name: String, start: Date, latitude: Double, east: (Double) -> Double) -> Data {
        runNorth(name: name, start: start, latitude: latitude, seconds: 720, noise: { _ in 1 }, east: east)
    }

    /// `seconds` fixes one second apart of a run north at 3 m/s with `noise(t)` times about a metre of noise (a fixed
    /// sequence), each moved `east(t)` metres east.
    private static func runNorth(
        name: String, start: Date, latitude: Double, seconds: Int, noise: (Double) -> Double,
        east: (Double) -> Double = { _ in 0 }
    ) -> Data {
        fixes(name: name, start: start, latitude: latitude, seconds: seconds) { t, sequence in
            let north = 3 * t + noise(t) * (sequence.unit() + sequence.unit())
            let eastward = east(t) + noise(t) * (sequence.unit() + sequence.unit())
            return (eastward, north)
        }
    }

    /// A fixed sequence of numbers, uniform in [-1, 1) (a linear congruential generator), the same on every run.
    public struct FixedNoise {
        private var state: UInt64 = 0x9E37_79B9_7F4A_7C15

        public mutating func unit() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53) * 2 - 1
        }
    }

    /// A GPX run of `seconds` fixes one second apart, each `position(t, noise)` metres east and north of
    /// (`latitude`, 8.54), the noise drawn from one `FixedNoise` in order.
    private static func fixes(
        name: String, start: Date, latitude: Double, seconds: Int,
        position: (Double, inout FixedNoise) -> (east: Double, north: Double)
    ) -> Data {
        let formatter = Date.ISO8601FormatStyle()
        let metre = 1 / 111_195.0
        let eastMetre = metre / cos(latitude * Double.pi / 180)
        var noise = FixedNoise()
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<gpx version=\"1.1\" creator=\"trackdrop tests\" xmlns=\"http://www.topografix.com/GPX/1/1\">",
            "<trk><name>\(name)</name><type>running</type><trkseg>",
        ]
        for second in 0..<seconds {
            let t = Double(second)
            let (east, north) = position(t, &noise)
            let lat = latitude + north * metre, lon = 8.54 + east * eastMetre
            lines.append(String(format: "<trkpt lat=\"%.7f\" lon=\"%.7f\"><ele>410</ele><time>%@</time></trkpt>",
                                lat, lon, formatter.format(start.addingTimeInterval(t))))
        }
        lines.append("</trkseg></trk></gpx>")
        return Data(lines.joined(separator: "\n").utf8)
    }
}
