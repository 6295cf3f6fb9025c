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

/// A polyline reduced for drawing: a point is kept when it lies at least `minimumStep` pixels from the
/// last kept one (first and last always kept). Nothing that is visible at this size is lost, and a
/// 500,000-point track becomes a few thousand vertices. A track that goes round the same loop hundreds of
/// times would still give hundreds of thousands: the step then doubles until at most `maximumVertices`
/// remain. The figures are never computed from it.
public struct DrawnPolyline: Sendable, Equatable {
    public private(set) var vertices: [(x: Double, y: Double)] = []

    public static let maximumVertices = 12_000

    public static func == (lhs: DrawnPolyline, rhs: DrawnPolyline) -> Bool {
        lhs.vertices.count == rhs.vertices.count && zip(lhs.vertices, rhs.vertices).allSatisfy { $0 == $1 }
    }

    public init() {}

    public init(
        _ points: some Collection<(x: Double, y: Double)>, minimumStep: Double = 0.75,
        maximumVertices: Int = DrawnPolyline.maximumVertices
    ) {
        var step = minimumStep
        self.init(reducing: points, step: step)
        while vertices.count > maximumVertices, step > 0 {
            step *= 2
            self.init(reducing: points, step: step)
        }
    }

    private init(reducing points: some Sequence<(x: Double, y: Double)>, step minimumStep: Double) {
        var pending: (x: Double, y: Double)?
        let step2 = minimumStep * minimumStep
        for point in points where point.x.isFinite && point.y.isFinite {
            guard let last = vertices.last else {
                vertices.append(point)
                continue
            }
            let dx = point.x - last.x, dy = point.y - last.y
            if dx * dx + dy * dy >= step2 {
                vertices.append(point)
                pending = nil
            } else {
                pending = point
            }
        }
        if let pending { vertices.append(pending) }
    }

    /// The SVG `points` attribute value, one decimal.
    public var svgPoints: String {
        var text = ""
        text.reserveCapacity(vertices.count * 12)
        for (index, vertex) in vertices.enumerated() {
            if index > 0 { text += " " }
            text += SVGNumber.format(vertex.x) + "," + SVGNumber.format(vertex.y)
        }
        return text
    }
}

/// Numbers as SVG and HTML want them: one decimal, no exponent, no `-0.0`.
public enum SVGNumber {
    public static func format(_ value: Double, decimals: Int = 1) -> String {
        guard value.isFinite else { return "0" }
        let factor = pow(10, Double(decimals))
        let rounded = (value * factor).rounded() / factor
        if rounded == rounded.rounded() { return String(Int64(rounded)) }
        let text = String(format: "%.\(decimals)f", rounded)
        return text == "-0.0" ? "0" : text
    }
}
