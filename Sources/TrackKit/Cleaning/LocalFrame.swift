import Foundation

/// A local east/north plane in metres around an origin, for filtering positions of one segment.
///
/// An equirectangular projection: within the few tens of kilometres of an activity its distortion is far
/// below GPS noise, and it inverts exactly, so points the cleaner leaves alone keep their coordinates.
struct LocalFrame: Sendable {
    static let earthRadius = 6_371_008.8
    private static let metresPerDegree = earthRadius * Double.pi / 180

    let originLatitude: Double
    let originLongitude: Double
    private let eastScale: Double

    init(latitude: Double, longitude: Double) {
        originLatitude = latitude
        originLongitude = longitude
        eastScale = Self.metresPerDegree * max(cos(latitude * Double.pi / 180), 1e-6)
    }

    func project(latitude: Double, longitude: Double) -> (x: Double, y: Double) {
        var dLon = longitude - originLongitude
        if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
        return (dLon * eastScale, (latitude - originLatitude) * Self.metresPerDegree)
    }

    func unproject(x: Double, y: Double) -> (latitude: Double, longitude: Double) {
        var longitude = originLongitude + x / eastScale
        if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
        return (originLatitude + y / Self.metresPerDegree, longitude)
    }

    /// Great-circle distance in metres (haversine), the measure the distance figures use.
    static func distance(_ a: TrackPoint, _ b: TrackPoint) -> Double {
        let rad = Double.pi / 180
        let dLat = (b.latitude - a.latitude) * rad
        let dLon = (b.longitude - a.longitude) * rad
        let h = sin(dLat / 2) * sin(dLat / 2)
            + cos(a.latitude * rad) * cos(b.latitude * rad) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * earthRadius * asin(min(1, sqrt(h)))
    }

    /// Length of a run of points in metres.
    static func length(of points: [TrackPoint]) -> Double {
        guard points.count > 1 else { return 0 }
        var total = 0.0
        for i in 1..<points.count { total += distance(points[i - 1], points[i]) }
        return total
    }
}
