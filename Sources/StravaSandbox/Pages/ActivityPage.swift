import Foundation
import TrackKit

/// The sandbox's page for one activity, as a person wants to see it: name, sport, start, distance, moving
/// and elapsed time, elevation gain, the uploaded track as an SVG map, and the elevation and heart-rate
/// profiles when the file has them. One self-contained page: no tiles, no script, works offline.
struct ActivityPage {
    let activity: Activity

    static let mapWidth = 960.0
    static let mapHeight = 520.0
    static let trackColor = "#fc4c02"

    func html() -> String {
        let start = ISO8601.string(from: activity.startDate)
        var page = ReportHTML.head(title: "\(activity.name) – trackdrop sandbox")
        page += "<p class=\"note\"><a href=\"/\">All activities</a> · trackdrop's Strava sandbox (not strava.com)</p>"
        page += "<h1 id=\"activity-name\">\(HTMLText.escape(activity.name))</h1>"
        page += "<p class=\"verdict\">\(HTMLText.escape(activity.sportType)) · <time datetime=\"\(start)\">\(Self.readableDate(activity.startDate))</time> UTC · activity \(activity.id)</p>"
        if let description = activity.description { page += "<p>\(HTMLText.escape(description))</p>" }
        page += stats()
        page += map()
        page += profiles()
        page += "<footer>Upload \(activity.uploadID) · external id <code>\(HTMLText.escape(activity.externalID))</code>. Distance as the sandbox measured the uploaded file; the map is reduced for drawing.</footer>"
        page += "</body></html>\n"
        return page
    }

    private func stats() -> String {
        let drawing = activity.drawing
        let moving = drawing.map { SVGChart.clock($0.statistics.movingSeconds) } ?? SVGChart.clock(Double(activity.elapsedSeconds))
        let gain = drawing?.statistics.elevationGainMeters.map { SVGNumber.format($0, decimals: 0) + " m" } ?? "–"
        return """
            <ul id="stats" class="stats"><li>Distance<b id="distance">\(ReportHTML.kilometres(activity.distanceMeters))</b></li>\
            <li>Moving time<b id="moving-time">\(moving)</b></li>\
            <li>Elapsed time<b id="elapsed-time">\(SVGChart.clock(Double(activity.elapsedSeconds)))</b></li>\
            <li>Elevation gain<b id="elevation-gain">\(gain)</b></li></ul>
            """
    }

    private func map() -> String {
        guard let drawing = activity.drawing, !drawing.points.isEmpty else {
            return "<p class=\"empty\" id=\"no-map\">No map: \(activity.drawing == nil ? "the sandbox draws GPX and TCX uploads only, or no longer keeps this activity's track" : "the file has no positions").</p>"
        }
        guard let projection = MapProjection(
            fitting: drawing.points.lazy.map { ($0.latitude, $0.longitude) }, width: Self.mapWidth, height: Self.mapHeight)
        else { return "" }
        let line = DrawnPolyline(drawing.points.lazy.map { projection.project(latitude: $0.latitude, longitude: $0.longitude) })
        var svg = "<svg id=\"map\" class=\"map\" viewBox=\"0 0 \(SVGNumber.format(Self.mapWidth)) \(SVGNumber.format(Self.mapHeight))\" role=\"img\" aria-label=\"the activity's track\">"
        svg += "<rect width=\"100%\" height=\"100%\" class=\"ground\"/>"
        svg += "<polyline id=\"activity-track\" class=\"track\" points=\"\(line.svgPoints)\" stroke=\"\(Self.trackColor)\" stroke-width=\"3\" data-vertices=\"\(line.vertices.count)\"/>"
        if let first = line.vertices.first, let last = line.vertices.last {
            svg += "<circle id=\"start\" cx=\"\(SVGNumber.format(first.x))\" cy=\"\(SVGNumber.format(first.y))\" r=\"6\" fill=\"#2b8a3e\" stroke=\"#fff\" stroke-width=\"2\"><title>start</title></circle>"
            svg += "<circle id=\"finish\" cx=\"\(SVGNumber.format(last.x))\" cy=\"\(SVGNumber.format(last.y))\" r=\"6\" fill=\"#c92a2a\" stroke=\"#fff\" stroke-width=\"2\"><title>finish</title></circle>"
        }
        svg += ReportHTML.mapFurniture(projection) + "</svg>"
        return "<section><h2>Map</h2>\(svg)</section>"
    }

    private func profiles() -> String {
        guard let drawing = activity.drawing else { return "" }
        let duration = drawing.statistics.elapsedSeconds
        guard duration > 0 else { return "" }
        var out = ""
        let elevation = drawing.points.compactMap { point in point.t.flatMap { t in point.elevation.map { (t: t, value: $0, weight: 1.0) } } }
        if !elevation.isEmpty {
            let chart = SVGChart(yLabel: "elevation (m)", fitMinimum: true)
            let series = SVGChart.Series(id: "elevation-line", label: "elevation", color: "#5c7cfa", samples: elevation)
            out += "<section><h2>Elevation</h2>\(chart.svg(id: "elevation-profile", series: [series], duration: duration))</section>"
        }
        let heartRate = drawing.points.compactMap { point in point.t.flatMap { t in point.heartRate.map { (t: t, value: Double($0), weight: 1.0) } } }
        if !heartRate.isEmpty {
            let chart = SVGChart(yLabel: "heart rate (bpm)", fitMinimum: true)
            let series = SVGChart.Series(id: "heart-rate-line", label: "heart rate", color: "#e03131", samples: heartRate)
            out += "<section><h2>Heart rate</h2>\(chart.svg(id: "heart-rate-profile", series: [series], duration: duration))</section>"
        }
        return out
    }

    static func readableDate(_ date: Date) -> String {
        let c = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: date)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let month = months[max(0, min(11, (c.month ?? 1) - 1))]
        let minute = c.minute ?? 0
        return "\(c.day ?? 1) \(month) \(c.year ?? 1970), \(c.hour ?? 0):\(minute < 10 ? "0" : "")\(minute)"
    }
}

/// `GET /`: the athlete's activities, newest first, each linked to its page.
struct ActivityIndexPage {
    let activities: [Activity]

    func html() -> String {
        var page = ReportHTML.head(title: "Activities – trackdrop sandbox")
        page += "<h1>Activities</h1><p class=\"note\">trackdrop's Strava sandbox (not strava.com): \(activities.count) activit\(activities.count == 1 ? "y" : "ies").</p>"
        guard !activities.isEmpty else { return page + "<p class=\"empty\">Nothing uploaded yet.</p></body></html>\n" }
        page += "<table id=\"activities\" class=\"list\"><tr><th>Activity</th><th>Sport</th><th>Start (UTC)</th><th>Distance</th><th>Elapsed</th></tr>"
        for activity in activities {
            page += "<tr><td><a href=\"/activities/\(activity.id)\">\(HTMLText.escape(activity.name))</a></td><td>\(HTMLText.escape(activity.sportType))</td>"
            page += "<td>\(ActivityPage.readableDate(activity.startDate))</td><td>\(ReportHTML.kilometres(activity.distanceMeters))</td><td>\(SVGChart.clock(Double(activity.elapsedSeconds)))</td></tr>"
        }
        return page + "</table></body></html>\n"
    }
}
