import Foundation
import Testing

@testable import TrackKit

/// `Geodesy.length` reuses each point's latitude cosine; it must still give exactly the sum of
/// `Geodesy.distance` over consecutive points, across segment joins too.
@Suite struct GeodesyTests {
    @Test func lengthIsTheSumOfTheDistances() {
        var random = SyntheticRandom(seed: 21)
        for _ in 0..<20 {
            let segments = (0..<Int(random.uniform() * 4)).map { _ in
                (0..<Int(random.uniform() * 300)).map { _ in
                    TrackPoint(latitude: (random.uniform() - 0.5) * 170, longitude: (random.uniform() - 0.5) * 359.9)
                }
            }
            let track = Track(format: .gpx, segments: segments)
            let points = track.allPoints
            let expected = zip(points, points.dropFirst()).reduce(0.0) { $0 + Geodesy.distance($1.0, $1.1) }
            #expect(Geodesy.length(of: track) == expected)
        }
    }
}
