import Foundation

/// Distances on the WGS84 mean sphere, as Strava and most tools compute them.
enum Geodesy {
    static let earthRadiusMeters = 6_371_008.8

    /// Great-circle (haversine) distance between two points in metres.
    @inline(__always)
    static func distance(_ a: TrackPoint, _ b: TrackPoint) -> Double {
        let toRadians = Double.pi / 180
        let lat1 = a.latitude * toRadians
        let lat2 = b.latitude * toRadians
        let dLat = lat2 - lat1
        let dLon = (b.longitude - a.longitude) * toRadians
        let sinLat = sin(dLat / 2)
        let sinLon = sin(dLon / 2)
        let h = sinLat * sinLat + cos(lat1) * cos(lat2) * sinLon * sinLon
        return 2 * earthRadiusMeters * asin(min(1, h.squareRoot()))
    }

    /// Length of the track through every point in file order: the sum of `distance` over consecutive
    /// points, with each point's latitude cosine computed once rather than twice (the same arithmetic,
    /// so the same result to the last bit).
    static func length(of track: Track) -> Double {
        let toRadians = Double.pi / 180
        var total = 0.0
        var hasPrevious = false
        var previousLatitude = 0.0, previousLongitude = 0.0, previousCosine = 0.0
        for segment in track.segments {
            for point in segment {
                let latitude = point.latitude * toRadians
                let cosine = cos(latitude)
                if hasPrevious {
                    let sinLat = sin((latitude - previousLatitude) / 2)
                    let sinLon = sin((point.longitude - previousLongitude) * toRadians / 2)
                    let h = sinLat * sinLat + previousCosine * cosine * sinLon * sinLon
                    total += 2 * earthRadiusMeters * asin(min(1, h.squareRoot()))
                }
                hasPrevious = true
                previousLatitude = latitude
                previousLongitude = point.longitude
                previousCosine = cosine
            }
        }
        return total
    }
}
