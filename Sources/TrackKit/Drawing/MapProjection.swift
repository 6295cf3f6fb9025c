import Foundation

/// Places latitude/longitude on a flat drawing with equal scale in both directions: an equirectangular
/// projection around the middle latitude of the area (a metre east and a metre north are the same length on
/// the page, which is what a person reads a running route by), fitted into `width` × `height` pixels.
public struct MapProjection: Sendable, Equatable {
    public let width: Double
    public let height: Double
    /// Pixels per metre.
    public let scale: Double
    private let centerLatitude: Double
    private let centerLongitude: Double
    private let metresPerDegreeLongitude: Double
    private static let metresPerDegreeLatitude = 6_371_008.8 * Double.pi / 180

    /// A projection that fits every finite position of `points` (with `padding` pixels around), or nil when
    /// there is none.
    public init?(fitting points: some Sequence<(latitude: Double, longitude: Double)>, width: Double, height: Double, padding: Double = 16) {
        var minLat = Double.infinity, maxLat = -Double.infinity
        var minLon = Double.infinity, maxLon = -Double.infinity
        for point in points where point.latitude.isFinite && point.longitude.isFinite {
            minLat = min(minLat, point.latitude)
            maxLat = max(maxLat, point.latitude)
            minLon = min(minLon, point.longitude)
            maxLon = max(maxLon, point.longitude)
        }
        guard minLat <= maxLat, minLon <= maxLon else { return nil }
        let centerLatitude = (minLat + maxLat) / 2
        let perLongitude = Self.metresPerDegreeLatitude * max(cos(centerLatitude * Double.pi / 180), 0.01)
        // At least 50 m across, so a track that barely moved is not blown up into noise.
        let spanX = max((maxLon - minLon) * perLongitude, 50)
        let spanY = max((maxLat - minLat) * Self.metresPerDegreeLatitude, 50)
        self.width = width
        self.height = height
        self.scale = min((width - 2 * padding) / spanX, (height - 2 * padding) / spanY)
        self.centerLatitude = centerLatitude
        self.centerLongitude = (minLon + maxLon) / 2
        self.metresPerDegreeLongitude = perLongitude
    }

    /// Pixel position (y down) of a latitude/longitude.
    @inline(__always)
    public func project(latitude: Double, longitude: Double) -> (x: Double, y: Double) {
        let east = (longitude - centerLongitude) * metresPerDegreeLongitude
        let north = (latitude - centerLatitude) * Self.metresPerDegreeLatitude
        return (width / 2 + east * scale, height / 2 - north * scale)
    }

    /// A round length (1, 2 or 5 × a power of ten metres) that spans about a fifth of the drawing, and its
    /// length in pixels: the scale bar.
    public var scaleBar: (meters: Double, pixels: Double) {
        let target = width / 5 / scale
        let power = pow(10, (log10(target)).rounded(.down))
        let meters = [5.0, 2, 1].map { $0 * power }.first { $0 <= target } ?? power
        return (meters, meters * scale)
    }
}
