import CLibXML2
import Foundation

/// Start and end of elements: the element stack, points, segments, laps.
extension SAXTrackParser {
    var top: ElementKind { depth >= 1 ? stack[depth - 1] : .other }
    var parent: ElementKind { depth >= 2 ? stack[depth - 2] : .other }
    var grandparent: ElementKind { depth >= 3 ? stack[depth - 3] : .other }

    mutating func startElement(
        _ localName: UnsafePointer<xmlChar>, attributeCount: Int, attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    ) {
        guard failure == nil else { return }
        guard depth < LibXML.maximumDepth else {
            refuseUnsafe("elements nested deeper than \(LibXML.maximumDepth) levels")
            return
        }
        let kind = kinds.kind(localName)
        let attributes = SAXAttributes(count: attributeCount, values: attributes)
        stack[depth] = kind
        depth += 1
        text.removeAll(keepingCapacity: true)
        collecting = kind.carriesText

        guard sawRoot else {
            sawRoot = true
            switch kind {
            case .gpx:
                format = .gpx
                formatName = "GPX"
                result.track.creator = attributes.string("creator")
            case .trainingCenterDatabase:
                format = .tcx
                formatName = "TCX"
            default:
                refuse(TrackError(
                    code: .notATrack,
                    message: "not a GPX or TCX file: the root element is <\(String(cString: localName))>; export the activity as GPX, TCX or FIT"))
            }
            return
        }
        switch kind {
        case .trkpt, .trackpoint:
            inPoint = true
            pointLine = line
            point = TrackPoint(latitude: .nan, longitude: .nan, sourceLine: pointLine)
            if kind == .trkpt { readCoordinates(attributes) }
        case .trk:
            trackCount += 1
        case .trkseg:
            flushSegment()
        case .wpt:
            result.waypointCount += 1
        case .rtept:
            result.routePointCount += 1
        case .activity:
            if result.track.sport == nil { result.track.sport = attributes.string("Sport") }
        case .course:
            result.isCourse = true
        case .lap:
            flushSegment()
            if parent == .course {
                lap = nil
            } else {
                let start = attributes.string("StartTime").flatMap(TextScanner.time(string:))
                lap = Lap(startTime: Date(timeIntervalSince1970: start?.seconds ?? 0), totalTimeSeconds: 0, distanceMeters: 0)
            }
        default:
            break
        }
    }

    mutating func endElement() {
        guard failure == nil, depth > 0 else { return }
        let kind = top
        if collecting {
            text.withUnsafeBufferPointer { handleText(kind, $0) }
            collecting = false
        }
        depth -= 1
        switch kind {
        case .trkpt, .trackpoint:
            inPoint = false
            finishPoint()
        case .trkseg:
            flushSegment()
        case .lap:
            if var finished = lap {
                finished.points = segment
                result.track.laps.append(finished)
                lap = nil
            }
            flushSegment()
        default:
            break
        }
    }

    mutating func flushSegment() {
        if continuesSegment {
            continuesSegment = false
            result.track.segments.append(segment)
            segment = []
        } else if !segment.isEmpty {
            result.track.segments.append(segment)
            segment = []
        }
    }

    mutating func finishPoint() {
        guard point.latitude.isFinite, point.longitude.isFinite else {
            result.pointsWithoutPosition += 1
            if result.firstPointWithoutPositionLine == nil { result.firstPointWithoutPositionLine = pointLine }
            if let time = point.time {
                result.timedWithoutPosition += 1
                result.firstTimeWithoutPosition = min(result.firstTimeWithoutPosition ?? time, time)
                result.lastTimeWithoutPosition = max(result.lastTimeWithoutPosition ?? time, time)
            }
            if let distance = point.distance, distance.isFinite {
                result.distanceWithoutPosition = max(result.distanceWithoutPosition ?? 0, distance)
            }
            return
        }
        segment.append(point)
    }

    mutating func readCoordinates(_ attributes: SAXAttributes) {
        for index in 0..<attributes.count {
            let name = attributes.name(index)
            if name[0] == UInt8(ascii: "l"), name[1] == UInt8(ascii: "a"), name[2] == UInt8(ascii: "t"), name[3] == 0 {
                point.latitude = TextScanner.double(attributes.value(index)) ?? .nan
            } else if name[0] == UInt8(ascii: "l"), name[1] == UInt8(ascii: "o"), name[2] == UInt8(ascii: "n"), name[3] == 0 {
                point.longitude = TextScanner.double(attributes.value(index)) ?? .nan
            }
        }
    }
}
