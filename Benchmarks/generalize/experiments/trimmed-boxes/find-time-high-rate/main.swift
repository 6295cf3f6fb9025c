// How long `RestStops.find` takes on recordings many times a second (3 m of noise): a device lying still for an hour at
// 100 Hz, walking at 1 m/s for an hour at 100 Hz, lying still for an hour at 10 Hz, and, given any argument, lying
// still for ten minutes at 1,000 Hz; without the trimmed boxes (`trimmedShare: 0`) and with them. Built from the
// repository's root with
//   swiftc -O -module-name TrackKit Sources/TrackKit/Model/*.swift Sources/TrackKit/Threads/*.swift \
//     Sources/TrackKit/Cleaning/*.swift Benchmarks/generalize/experiments/trimmed-boxes/find-time-high-rate/main.swift \
//     -o find-time-high-rate
import Foundation

func samples(count: Int, hz: Double, still: Bool) -> [CleaningSample] {
    var out: [CleaningSample] = []
    out.reserveCapacity(count)
    var g = SystemRandomNumberGenerator()
    for k in 0..<count {
        let t = Double(k) / hz
        out.append(CleaningSample(
            source: k, t: t, x: (still ? 0 : t) + Double.random(in: -3...3, using: &g),
            y: Double.random(in: -3...3, using: &g)))
    }
    return out
}

var cases = [
    ("still 100 Hz 60 min", 360_000, 100.0, true), ("walking 100 Hz 60 min", 360_000, 100.0, false),
    ("still 10 Hz 60 min", 36_000, 10.0, true),
]
if CommandLine.arguments.count > 1 { cases.append(("still 1,000 Hz 10 min", 600_000, 1000.0, true)) }
for (name, count, hz, still) in cases {
    let s = samples(count: count, hz: hz, still: still)
    for share in [0.0, RestStops.trimmedShare] {
        let start = Date()
        let rests = RestStops.find(s, profile: .foot, trimmedShare: share)
        let seconds = String(format: "%.3f", Date().timeIntervalSince(start))
        print("\(name), trimmedShare \(share): \(seconds) s, \(rests.count) rests")
    }
}
