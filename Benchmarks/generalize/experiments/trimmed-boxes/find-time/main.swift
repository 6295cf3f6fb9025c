// How long `RestStops.find` takes on 500,000 fixes of a track that never stops (a run at 3 m/s, a walk at 1 m/s, 3 m
// of noise), without the trimmed boxes (`trimmedShare: 0`) and with them. Built from the repository's root with
//   swiftc -O -module-name TrackKit Sources/TrackKit/Model/*.swift Sources/TrackKit/Threads/*.swift \
//     Sources/TrackKit/Cleaning/*.swift Benchmarks/generalize/experiments/trimmed-boxes/find-time/main.swift -o find-time
import Foundation

func samples(count: Int, speed: Double) -> [CleaningSample] {
    var out: [CleaningSample] = []
    out.reserveCapacity(count)
    var x = 0.0, y = 0.0, heading = 0.0
    var g = SystemRandomNumberGenerator()
    for k in 0..<count {
        heading += Double.random(in: -0.03...0.03, using: &g)
        x += speed * cos(heading)
        y += speed * sin(heading)
        out.append(CleaningSample(
            source: k, t: Double(k), x: x + Double.random(in: -3...3, using: &g), y: y + Double.random(in: -3...3, using: &g)))
    }
    return out
}

for (name, speed) in [("run 3 m/s", 3.0), ("walk 1 m/s", 1.0)] {
    let s = samples(count: 500_000, speed: speed)
    for round in 0..<2 {
        for share in [0.0, RestStops.trimmedShare] {
            let start = Date()
            let rests = RestStops.find(s, profile: .foot, trimmedShare: share)
            print("\(name), round \(round), trimmedShare \(share): \(String(format: "%.3f", Date().timeIntervalSince(start))) s, \(rests.count) rests")
        }
    }
}
