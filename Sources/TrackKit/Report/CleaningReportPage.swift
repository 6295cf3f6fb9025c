import Foundation

/// The self-contained HTML page that shows what cleaning did to one activity: the track as recorded and as
/// cleaned drawn over each other on one map, every removed point marked by its reason, the distance before
/// and after, and speed over time before and after. No script, no external file: it opens offline.
///
/// Drawing is reduced (`DrawnPolyline`, one marker per reason and 2-pixel cell, columns in the charts) so a
/// 500,000-point activity stays a page of a few hundred kilobytes; every figure is computed from all points.
public struct CleaningReportPage: Sendable {
    public var fileName: String
    public var format: TrackFormat
    public var sport: String?
    /// The track as read (after the checks dropped unusable positions), before any cleaning.
    public var recorded: Track
    /// The track as written; nil when the file is refused before cleaning.
    public var cleaned: Track?
    public var removals: [CleaningRemoval]
    public var issues: [TrackIssue]
    public var usable: Bool
    /// Points the checks dropped before cleaning (positions outside the valid range).
    public var invalidPositions: Int
    /// What cleaning moved back onto the track without removing a point, by kind (`CleaningReport.Correction`).
    public var corrected: [String: Int]
    /// A sentence under the verdict, e.g. why there is no track to draw.
    public var note: String?

    static let mapWidth = 960.0
    static let mapHeight = 600.0
    /// Markers closer than this (pixels) with the same reason are drawn once.
    static let markerCell = 2.0

    public static let recordedColor = "#e8590c"
    public static let cleanedColor = "#1c5fd4"
    static let reasonStyle: [CleaningRemoval.Reason: (label: String, color: String)] = [
        .spike: ("spike", "#c92a2a"),
        .stopJitter: ("stop jitter", "#7b2cbf"),
        .duplicateTime: ("duplicate time", "#2b8a3e"),
        .outOfOrder: ("out of order", "#d6336c"),
    ]

    public init(
        fileName: String, format: TrackFormat, sport: String?, recorded: Track, cleaned: Track?,
        removals: [CleaningRemoval], issues: [TrackIssue], usable: Bool, invalidPositions: Int = 0,
        corrected: [String: Int] = [:], note: String? = nil
    ) {
        self.corrected = corrected
        self.note = note
        // A name that is not UTF-8 shows its raw bytes as \xNN, never as private-use characters.
        self.fileName = FileName.display(fileName)
        self.format = format
        self.sport = sport
        self.recorded = recorded
        self.cleaned = cleaned
        self.removals = removals
        self.issues = issues
        self.usable = usable
        self.invalidPositions = invalidPositions
    }

    public func html() -> String {
        let before = TrackStatistics(recorded)
        let after = cleaned.map(TrackStatistics.init)
        var page = ReportHTML.head(title: "trackdrop: cleaning of \(fileName)")
        page += "<h1>Cleaning of <span class=\"file\">\(HTMLText.escape(fileName))</span></h1>"
        page += "<p class=\"verdict \(usable ? "ok" : "bad")\">\(usable ? "Usable for Strava" : "Not usable for Strava") · \(format.rawValue.uppercased())\(sport.map { " · " + HTMLText.escape($0) } ?? "")</p>"
        if let note { page += "<p class=\"note\">\(HTMLText.escape(note))</p>" }
        page += figures(before: before, after: after)
        page += map()
        page += speedChart(before: before)
        page += issueList()
        page += "<footer>Written by trackdrop check. Distances and times are computed from every point; the map and the chart are reduced for drawing only.</footer>"
        page += "</body></html>\n"
        return page
    }

    private func figures(before: TrackStatistics, after: TrackStatistics?) -> String {
        var rows = "<table id=\"figures\" class=\"figures\"><tr><th></th><th>as recorded</th><th>after cleaning</th></tr>"
        let distanceAfter = after.map { ReportHTML.kilometres($0.distanceMeters) } ?? "–"
        var change = ""
        if let after, before.distanceMeters > 0 {
            let percent = (after.distanceMeters - before.distanceMeters) / before.distanceMeters * 100
            change = " <span class=\"change\">(\(percent >= 0 ? "+" : "")\(SVGNumber.format(percent)) %)</span>"
        }
        rows += "<tr><th>distance</th><td id=\"distance-recorded\">\(ReportHTML.kilometres(before.distanceMeters))</td><td id=\"distance-cleaned\">\(distanceAfter)\(change)</td></tr>"
        rows += "<tr><th>points</th><td>\(before.pointCount)</td><td>\(after.map { String($0.pointCount) } ?? "–")</td></tr>"
        rows += "<tr><th>moving time</th><td>\(SVGChart.clock(before.movingSeconds))</td><td>\(after.map { SVGChart.clock($0.movingSeconds) } ?? "–")</td></tr>"
        rows += "<tr><th>elapsed time</th><td>\(SVGChart.clock(before.elapsedSeconds))</td><td>\(after.map { SVGChart.clock($0.elapsedSeconds) } ?? "–")</td></tr>"
        rows += "</table>"
        var counts = "<ul id=\"removed\" class=\"removed\">"
        for reason in CleaningRemoval.Reason.allCases {
            let style = Self.reasonStyle[reason]!
            let count = removals.lazy.filter { $0.reason == reason }.count
            counts += "<li><span class=\"swatch\" style=\"background:\(style.color)\"></span>\(style.label): <b data-reason=\"\(reason.rawValue)\">\(count)</b></li>"
        }
        let bursts = corrected[CleaningReport.Correction.bursts] ?? 0
        counts += "<li id=\"corrected-bursts\">bursts of reflected signal moved back onto the track (no point removed): <b data-corrected=\"\(CleaningReport.Correction.bursts)\">\(bursts)</b></li>"
        let drifts = corrected[CleaningReport.Correction.drifts] ?? 0
        counts += "<li id=\"corrected-drifts\">drifts that ended in a jump moved back onto the track (no point removed): <b data-corrected=\"\(CleaningReport.Correction.drifts)\">\(drifts)</b></li>"
        if let tracks = corrected[CleaningReport.Correction.athleticsTrack], tracks > 0 {
            counts += "<li id=\"corrected-athletics-track\">runs on a 400 m athletics track put on its running line (no point removed): <b data-corrected=\"\(CleaningReport.Correction.athleticsTrack)\">\(tracks)</b></li>"
        }
        if invalidPositions > 0 { counts += "<li>invalid positions dropped before cleaning: <b>\(invalidPositions)</b></li>" }
        counts += "</ul>"
        return "<section class=\"summary\">\(rows)\(counts)</section>"
    }

    private func map() -> String {
        let shown = cleaned ?? recorded
        let fitted = MapProjection(
            fitting: shown.segments.lazy.joined().map { ($0.latitude, $0.longitude) },
            width: Self.mapWidth, height: Self.mapHeight)
        guard let projection = fitted else {
            return "<p class=\"empty\">No positions to draw.</p>"
        }
        var svg = "<svg id=\"map\" class=\"map\" viewBox=\"0 0 \(SVGNumber.format(Self.mapWidth)) \(SVGNumber.format(Self.mapHeight))\" role=\"img\" aria-label=\"recorded and cleaned track\">"
        svg += "<rect width=\"100%\" height=\"100%\" class=\"ground\"/>"
        let recordedLine = Self.polyline(recorded, projection)
        svg += "<polyline id=\"recorded-track\" class=\"track\" points=\"\(recordedLine.svgPoints)\" stroke=\"\(Self.recordedColor)\" stroke-width=\"1.5\" stroke-opacity=\"0.85\" data-vertices=\"\(recordedLine.vertices.count)\"/>"
        if let cleaned {
            let cleanedLine = Self.polyline(cleaned, projection)
            svg += "<polyline id=\"cleaned-track\" class=\"track\" points=\"\(cleanedLine.svgPoints)\" stroke=\"\(Self.cleanedColor)\" stroke-width=\"2.5\" data-vertices=\"\(cleanedLine.vertices.count)\"/>"
        }
        var outside = 0
        for reason in CleaningRemoval.Reason.allCases {
            let style = Self.reasonStyle[reason]!
            var cells = Set<Int64>()
            var marks = ""
            for removal in removals where removal.reason == reason {
                let (x, y) = projection.project(latitude: removal.latitude, longitude: removal.longitude)
                guard x >= 0, y >= 0, x <= Self.mapWidth, y <= Self.mapHeight else {
                    outside += 1
                    continue
                }
                let cell = Int64(x / Self.markerCell) << 32 | Int64(y / Self.markerCell)
                guard cells.insert(cell).inserted else { continue }
                marks += Self.marker(reason, x: x, y: y)
            }
            svg += "<g id=\"removed-\(reason.rawValue)\" class=\"marks\" fill=\"\(style.color)\" data-drawn=\"\(cells.count)\">\(marks)</g>"
        }
        svg += ReportHTML.mapFurniture(projection)
        svg += "</svg>"
        var legend = "<ul class=\"legend\"><li><span class=\"line\" style=\"background:\(Self.recordedColor)\"></span>as recorded</li>"
        if cleaned != nil { legend += "<li><span class=\"line thick\" style=\"background:\(Self.cleanedColor)\"></span>after cleaning</li>" }
        for reason in CleaningRemoval.Reason.allCases {
            let style = Self.reasonStyle[reason]!
            legend += "<li><svg class=\"key\" viewBox=\"0 0 12 12\" fill=\"\(style.color)\">\(Self.marker(reason, x: 6, y: 6))</svg>removed: \(style.label)</li>"
        }
        legend += "</ul>"
        let note = outside > 0 ? "<p class=\"note\">\(outside) removed point(s) lie outside the map (far-off spikes); they are counted above.</p>" : ""
        return "<section><h2>Map</h2>\(svg)\(legend)\(note)</section>"
    }

    private func speedChart(before: TrackStatistics) -> String {
        guard let start = before.startTime, before.elapsedSeconds > 0 else {
            return "<section><h2>Speed</h2><p class=\"empty\">The file has no times, so no speed.</p></section>"
        }
        let recordedSeries = SVGChart.Series(
            id: "speed-recorded", label: "as recorded", color: Self.recordedColor,
            samples: Self.speedSamples(recorded, start: start))
        var series = [recordedSeries]
        var chart = SVGChart(yLabel: "km/h")
        if let cleaned {
            let cleanedSeries = SVGChart.Series(
                id: "speed-cleaned", label: "after cleaning", color: Self.cleanedColor,
                samples: Self.speedSamples(cleaned, start: start))
            series.append(cleanedSeries)
            // Spikes give speeds of hundreds of km/h: scale to the cleaned speeds and let the rest touch the top.
            let columns = chart.columnize(cleanedSeries, duration: before.elapsedSeconds).compactMap { $0 }
            if let top = columns.max(), top > 0 { chart.yMaximum = top * 1.5 }
        }
        let svg = chart.svg(id: "speed", series: series, duration: before.elapsedSeconds)
        var legend = "<ul class=\"legend\"><li><span class=\"line\" style=\"background:\(Self.recordedColor)\"></span>as recorded</li>"
        if cleaned != nil { legend += "<li><span class=\"line thick\" style=\"background:\(Self.cleanedColor)\"></span>after cleaning</li>" }
        legend += "</ul>"
        return "<section><h2>Speed over time</h2>\(svg)\(legend)</section>"
    }

    private func issueList() -> String {
        guard !issues.isEmpty else { return "<section><h2>Checks</h2><p>No issues found.</p></section>" }
        var list = "<section><h2>Checks</h2><ul id=\"issues\" class=\"issues\">"
        for issue in issues {
            list += "<li class=\"\(issue.severity.rawValue)\"><code>\(HTMLText.escape(issue.code.rawValue))</code> \(HTMLText.escape(issue.message))</li>"
        }
        return list + "</ul></section>"
    }

    /// Speed of each step in km/h, weighted by its duration, in file order (a step back in time is skipped).
    static func speedSamples(_ track: Track, start: Date) -> [(t: Double, value: Double, weight: Double)] {
        var samples: [(t: Double, value: Double, weight: Double)] = []
        samples.reserveCapacity(track.segments.reduce(0) { $0 + $1.count })
        for segment in track.segments {
            for (a, b) in zip(segment, segment.dropFirst()) {
                guard let ta = a.time, let tb = b.time else { continue }
                let dt = tb.timeIntervalSince(ta)
                guard dt > 0, dt <= TrackStatistics.longestStep * 4 else { continue }
                samples.append((tb.timeIntervalSince(start), Geodesy.distance(a, b) / dt * 3.6, dt))
            }
        }
        return samples
    }

    static func polyline(_ track: Track, _ projection: MapProjection) -> DrawnPolyline {
        DrawnPolyline(track.segments.lazy.joined().map { projection.project(latitude: $0.latitude, longitude: $0.longitude) })
    }

    static func marker(_ reason: CleaningRemoval.Reason, x: Double, y: Double) -> String {
        let cx = SVGNumber.format(x), cy = SVGNumber.format(y)
        switch reason {
        case .spike:
            return "<circle cx=\"\(cx)\" cy=\"\(cy)\" r=\"4\"/>"
        case .stopJitter:
            return "<rect x=\"\(SVGNumber.format(x - 2.5))\" y=\"\(SVGNumber.format(y - 2.5))\" width=\"5\" height=\"5\"/>"
        case .duplicateTime:
            return "<path d=\"M\(cx) \(SVGNumber.format(y - 4))l4 4l-4 4l-4 -4z\"/>"
        case .outOfOrder:
            return "<path d=\"M\(cx) \(SVGNumber.format(y - 4))l4 7h-8z\"/>"
        }
    }
}
