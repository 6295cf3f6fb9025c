import Foundation

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
