import Foundation

/// A line chart over time drawn as inline SVG (no script, no external file): axes with round ticks and
/// one polyline per series. Series are averaged into at most `columns` columns, so a 500,000-point
/// activity draws as fast as a short one; the figures shown elsewhere never come from these averages.
public struct SVGChart: Sendable {
    /// One line of the chart: `(seconds from start, value, weight)`; a column shows the weighted mean of the
    /// samples that fall in it (weight 1 for a plain mean; a speed weighted by its time step gives the
    /// column's true average speed).
    public struct Series: Sendable {
        public var id: String
        public var label: String
        public var color: String
        public var samples: [(t: Double, value: Double, weight: Double)]
        public var dashed: Bool

        public init(id: String, label: String, color: String, samples: [(t: Double, value: Double, weight: Double)], dashed: Bool = false) {
            self.id = id
            self.label = label
            self.color = color
            self.samples = samples
            self.dashed = dashed
        }
    }

    public var width: Double = 960
    public var height: Double = 220
    public var columns = 600
    public var yLabel: String
    /// The y axis stops here (values above are drawn at the top); nil: the largest column value.
    public var yMaximum: Double?
    /// The y axis starts here; nil: 0, or the smallest column value when `fitMinimum`.
    public var fitMinimum = false

    public init(yLabel: String, yMaximum: Double? = nil, fitMinimum: Bool = false) {
        self.yLabel = yLabel
        self.yMaximum = yMaximum
        self.fitMinimum = fitMinimum
    }

    /// Averages a series into columns over `0...duration`; columns without samples are nil (gaps stay gaps).
    public func columnize(_ series: Series, duration: Double) -> [Double?] {
        guard duration > 0 else { return [] }
        var sums = [Double](repeating: 0, count: columns)
        var weights = [Double](repeating: 0, count: columns)
        for sample in series.samples where sample.value.isFinite && sample.weight > 0 && sample.t.isFinite {
            let column = min(columns - 1, max(0, Int(sample.t / duration * Double(columns))))
            sums[column] += sample.value * sample.weight
            weights[column] += sample.weight
        }
        return zip(sums, weights).map { $1 > 0 ? $0 / $1 : nil }
    }

    /// The chart as an `<svg>` element; `id` names it for the page and for tests.
    public func svg(id: String, series: [Series], duration: Double) -> String {
        let left = 56.0, right = 12.0, top = 12.0, bottom = 30.0
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        let columned = series.map { columnize($0, duration: duration) }
        let values = columned.flatMap { $0.compactMap { $0 } }
        var yMax = yMaximum ?? (values.max() ?? 1)
        var yMin = fitMinimum ? (values.min() ?? 0) : 0
        if !(yMax > yMin) { yMax = yMin + 1 }
        let yStep = Self.niceStep((yMax - yMin) / 4)
        yMin = (yMin / yStep).rounded(.down) * yStep
        yMax = (yMax / yStep).rounded(.up) * yStep
        func px(_ column: Int) -> Double { left + (Double(column) + 0.5) / Double(columns) * plotWidth }
        func py(_ value: Double) -> Double { top + plotHeight - (min(value, yMax) - yMin) / (yMax - yMin) * plotHeight }

        var out = "<svg id=\"\(id)\" class=\"chart\" viewBox=\"0 0 \(SVGNumber.format(width)) \(SVGNumber.format(height))\" role=\"img\" aria-label=\"\(HTMLText.escape(yLabel)) over time\">"
        out += "<rect x=\"\(SVGNumber.format(left))\" y=\"\(SVGNumber.format(top))\" width=\"\(SVGNumber.format(plotWidth))\" height=\"\(SVGNumber.format(plotHeight))\" class=\"plot\"/>"
        var tick = yMin
        while tick <= yMax + yStep / 2 {
            let y = py(tick)
            out += "<line x1=\"\(SVGNumber.format(left))\" x2=\"\(SVGNumber.format(left + plotWidth))\" y1=\"\(SVGNumber.format(y))\" y2=\"\(SVGNumber.format(y))\" class=\"grid\"/>"
            out += "<text x=\"\(SVGNumber.format(left - 6))\" y=\"\(SVGNumber.format(y + 4))\" text-anchor=\"end\">\(SVGNumber.format(tick, decimals: yStep < 1 ? 1 : 0))</text>"
            tick += yStep
        }
        let timeStep = Self.niceTimeStep(duration / 6)
        var t = 0.0
        while t <= duration + 0.001, timeStep > 0 {
            let x = left + t / duration * plotWidth
            out += "<text x=\"\(SVGNumber.format(x))\" y=\"\(SVGNumber.format(height - 10))\" text-anchor=\"middle\">\(Self.clock(t))</text>"
            t += timeStep
        }
        out += "<text x=\"14\" y=\"\(SVGNumber.format(top + plotHeight / 2))\" transform=\"rotate(-90 14 \(SVGNumber.format(top + plotHeight / 2)))\" text-anchor=\"middle\">\(HTMLText.escape(yLabel))</text>"
        for (line, columns) in zip(series, columned) {
            // Each run of filled columns is its own polyline: a pause is a gap, not a straight line.
            var runs: [[(x: Double, y: Double)]] = []
            var current: [(x: Double, y: Double)] = []
            for (column, value) in columns.enumerated() {
                if let value {
                    current.append((px(column), py(value)))
                } else if !current.isEmpty {
                    runs.append(current)
                    current = []
                }
            }
            if !current.isEmpty { runs.append(current) }
            let dash = line.dashed ? " stroke-dasharray=\"4 3\"" : ""
            out += "<g id=\"\(line.id)\" class=\"series\" stroke=\"\(line.color)\"\(dash)>"
            for run in runs {
                let points = run.count == 1 ? [run[0], (run[0].x + 0.5, run[0].y)] : run
                out += "<polyline points=\"\(DrawnPolyline(points, minimumStep: 0).svgPoints)\"/>"
            }
            out += "</g>"
        }
        out += "</svg>"
        return out
    }

    /// 1, 2 or 5 × a power of ten, at least `raw`.
    static func niceStep(_ raw: Double) -> Double {
        guard raw > 0, raw.isFinite else { return 1 }
        let power = pow(10, log10(raw).rounded(.down))
        return [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= raw } ?? 10 * power
    }

    static func niceTimeStep(_ raw: Double) -> Double {
        let steps: [Double] = [10, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400]
        return steps.first { $0 >= raw } ?? 86400 * (raw / 86400).rounded(.up)
    }

    /// `1:05:00` or `12:30` for seconds from the start.
    public static func clock(_ seconds: Double) -> String {
        let total = Int(max(0, seconds.isFinite ? seconds : 0).rounded())
        let h = total / 3600, m = (total % 3600) / 60, s = total % 60
        let mm = m < 10 ? "0\(m)" : "\(m)", ss = s < 10 ? "0\(s)" : "\(s)"
        return h > 0 ? "\(h):\(mm):\(ss)" : "\(m):\(ss)"
    }
}
