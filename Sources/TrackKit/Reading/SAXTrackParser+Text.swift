import CLibXML2
import Foundation

/// Text of elements: names, times, elevations, sensor values.
extension SAXTrackParser {
    mutating func handleText(_ kind: ElementKind, _ bytes: UnsafeBufferPointer<UInt8>) {
        if inPoint {
            pointText(kind, bytes)
            return
        }
        switch kind {
        case .name:
            if parent == .trk, trackCount == 1 || result.track.name == nil {
                result.track.name = Self.string(bytes)
                if trackCount == 1 { firstTrackName = result.track.name }
            } else if parent == .metadata || parent == .gpx, result.track.name == nil {
                result.track.name = Self.string(bytes)
            }
        case .type:
            if parent == .trk, result.track.sport == nil { result.track.sport = Self.string(bytes) }
        case .tcxName:
            if parent == .creator, result.track.creator == nil {
                result.track.creator = Self.string(bytes)
            } else if parent == .course, result.track.name == nil {
                result.track.name = Self.string(bytes)
            }
        default:
            if parent == .lap { lapText(kind, bytes) } else if grandparent == .lap, kind == .value { lapHeartRate(bytes) }
        }
    }

    mutating func lapText(_ kind: ElementKind, _ bytes: UnsafeBufferPointer<UInt8>) {
        guard lap != nil else { return }
        switch kind {
        case .totalTimeSeconds: lap?.totalTimeSeconds = TextScanner.double(bytes) ?? 0
        case .distanceMeters: lap?.distanceMeters = TextScanner.double(bytes) ?? 0
        case .maximumSpeed: lap?.maximumSpeed = TextScanner.double(bytes)
        case .calories: lap?.calories = TextScanner.integer(bytes) ?? 0
        case .intensity: lap?.intensity = Self.string(bytes) ?? "Active"
        case .triggerMethod: lap?.triggerMethod = Self.string(bytes) ?? "Manual"
        case .tcxCadence: lap?.cadence = TextScanner.integer(bytes)
        default: break
        }
    }

    mutating func lapHeartRate(_ bytes: UnsafeBufferPointer<UInt8>) {
        if parent == .averageHeartRateBpm {
            lap?.averageHeartRate = TextScanner.integer(bytes)
        } else if parent == .maximumHeartRateBpm {
            lap?.maximumHeartRate = TextScanner.integer(bytes)
        }
    }

    mutating func pointText(_ kind: ElementKind, _ bytes: UnsafeBufferPointer<UInt8>) {
        switch kind {
        case .time, .tcxTime:
            if parent == .trkpt || parent == .trackpoint { setTime(bytes) }
        case .ele, .altitudeMeters:
            if parent == .trkpt || parent == .trackpoint { point.elevation = TextScanner.double(bytes) }
        case .latitudeDegrees:
            point.latitude = TextScanner.double(bytes) ?? .nan
        case .longitudeDegrees:
            point.longitude = TextScanner.double(bytes) ?? .nan
        case .heartRate:
            point.heartRate = TextScanner.integer(bytes)
        case .value:
            if parent == .heartRateBpm { point.heartRate = TextScanner.integer(bytes) }
        case .cadence, .tcxCadence:
            point.cadence = TextScanner.integer(bytes)
        case .runCadence:
            if point.cadence == nil { point.cadence = TextScanner.integer(bytes) }
        case .temperature:
            point.temperature = TextScanner.double(bytes)
        case .power, .watts:
            point.power = TextScanner.integer(bytes)
        case .speed, .tcxSpeed:
            point.speed = TextScanner.double(bytes)
        case .distance, .distanceMeters:
            point.distance = TextScanner.double(bytes)
        default:
            break
        }
    }

    mutating func setTime(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let time = TextScanner.time(bytes) else {
            result.unreadableTimes += 1
            if result.firstUnreadableTimeLine == nil { result.firstUnreadableTimeLine = pointLine }
            return
        }
        if !time.hadZone {
            result.zonelessTimes += 1
            if result.firstZonelessLine == nil { result.firstZonelessLine = pointLine }
            result.track.hadZonelessTimes = true
        }
        point.time = Date(timeIntervalSince1970: time.seconds)
    }

    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let text = String(decoding: TextScanner.trimmed(bytes), as: UTF8.self)
        return text.isEmpty ? nil : text
    }
}
