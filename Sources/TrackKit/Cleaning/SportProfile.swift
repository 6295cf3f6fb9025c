import Foundation

/// How fast and how agile an athlete of a sport can plausibly be; drives spike and stop detection and the
/// smoother's process noise.
struct SportProfile: Sendable, Equatable {
    enum Family: Sendable { case foot, cycling, unknown }

    var family: Family
    /// Fastest plausible speed, metres per second.
    var maxSpeed: Double
    /// Slowest speed that still counts as moving (a steep hike); a stop must last long enough that moving
    /// at this speed would have left its radius.
    var slowestMovingSpeed: Double
    /// Largest spectral density of the white-noise acceleration the smoother may assume, m²/s³; the data
    /// choose the value below it.
    var accelerationNoise: Double

    /// The cap on the acceleration noise for fixes `samplingInterval` seconds apart. `accelerationNoise` is
    /// the cap for 1 s sampling. An acceleration held through a turn departs from straight-line motion by
    /// a·dt²/2 over one interval, which white acceleration noise explains only with a density of about
    /// 3a²·dt/4: the density a real manoeuvre needs grows with the interval. Capped at 1 s values, a 400 m
    /// track recorded every 10 s did not fit the model; the wander model took its bends for a wandering
    /// error and took them out, and the track came out 2–3 % shorter than the straight lines between its own
    /// fixes.
    func accelerationNoise(samplingInterval: Double) -> Double {
        accelerationNoise * min(10, max(1, samplingInterval))
    }

    static let foot = SportProfile(family: .foot, maxSpeed: 12, slowestMovingSpeed: 0.4, accelerationNoise: 1)
    static let cycling = SportProfile(family: .cycling, maxSpeed: 30, slowestMovingSpeed: 0.8, accelerationNoise: 5)
    static let unknown = SportProfile(family: .unknown, maxSpeed: 40, slowestMovingSpeed: 0.4, accelerationNoise: 5)

    /// Reads the sport as files and users spell it: GPX `<type>`, TCX `Sport`, Strava sport types.
    init(sport: String?) {
        let name = (sport ?? "").lowercased()
        let footWords = ["run", "walk", "hik", "trek", "trail", "jog", "foot", "orienteer"]
        let cyclingWords = ["bik", "cycl", "ride", "mtb", "gravel", "velo"]
        if footWords.contains(where: name.contains) {
            self = .foot
        } else if cyclingWords.contains(where: name.contains) {
            self = .cycling
        } else {
            self = .unknown
        }
    }

    private init(family: Family, maxSpeed: Double, slowestMovingSpeed: Double, accelerationNoise: Double) {
        self.family = family
        self.maxSpeed = maxSpeed
        self.slowestMovingSpeed = slowestMovingSpeed
        self.accelerationNoise = accelerationNoise
    }
}
