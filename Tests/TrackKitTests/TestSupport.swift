import Foundation

@testable import TrackKit

extension NormalizedTrack {
    var codes: Set<String> { Set(issues.map(\.code.rawValue)) }
    var errorCodes: Set<String> { Set(issues.filter { $0.severity == .error }.map(\.code.rawValue)) }
}

/// Tests name codes as users see them (`#expect(error.code == "too-large")`); the sources use the constants.
extension IssueCode: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self.init(rawValue: value) }
}

/// Small GPX documents for tests.
enum SampleGPX {
    static func track(points: Int = 5, extraPointXML: String = "", time: (Int) -> String = { "2024-05-01T07:00:0\($0)Z" }) -> String {
        var body = ""
        for index in 0..<points {
            body += """
                <trkpt lat="\(47.0 + Double(index) * 0.0001)" lon="8.0"><ele>400</ele><time>\(time(index))</time>\(extraPointXML)</trkpt>

                """
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
            <trk><name>Test run</name><type>running</type><trkseg>
            \(body)</trkseg></trk>
            </gpx>

            """
    }
}
