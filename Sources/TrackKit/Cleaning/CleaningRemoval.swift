import Foundation

/// One point the cleaner removed, where it was and why: what a report marks on the map.
public struct CleaningRemoval: Sendable, Equatable {
    public enum Reason: String, Sendable, CaseIterable {
        /// A GPS spike: an impossible speed, or far out and back between two close neighbours.
        case spike
        /// An inner point of a stop, where the position wandered while the athlete stood still.
        case stopJitter = "stop_jitter"
        /// A second point with the same time as one that was kept.
        case duplicateTime = "duplicate_time"
        /// A point that jumped back in time.
        case outOfOrder = "out_of_order"
    }

    public var latitude: Double
    public var longitude: Double
    public var time: Date?
    public var reason: Reason

    public init(latitude: Double, longitude: Double, time: Date?, reason: Reason) {
        self.latitude = latitude
        self.longitude = longitude
        self.time = time
        self.reason = reason
    }

    init(_ point: TrackPoint, _ reason: Reason) {
        self.init(latitude: point.latitude, longitude: point.longitude, time: point.time, reason: reason)
    }

    /// The points of `segment` that timestamp repair left out of `kept`: out of order when putting the
    /// segment in time order dropped them, a duplicate time when merging equal times did. The order step is run
    /// again to tell the two apart (only for a report, and only when something was removed).
    static func timestampRemovals(_ segment: [TrackPoint], kept: [TrackPoint]) -> [CleaningRemoval] {
        let ordered = TimestampRepair.restoreOrder(segment)
        return ordered.droppedIndices.map { CleaningRemoval(segment[$0], .outOfOrder) }
            + missing(from: ordered.points, in: kept, reason: .duplicateTime)
    }

    /// The points of `all` that `kept` does not hold, matched by time and position (merging fills in sensor
    /// values, so whole points do not compare equal).
    private static func missing(from all: [TrackPoint], in kept: [TrackPoint], reason: Reason) -> [CleaningRemoval] {
        guard all.count != kept.count else { return [] }
        struct Key: Hashable {
            var time: UInt64, latitude: UInt64, longitude: UInt64
            init(_ point: TrackPoint) {
                time = point.time!.timeIntervalSinceReferenceDate.bitPattern
                latitude = point.latitude.bitPattern
                longitude = point.longitude.bitPattern
            }
        }
        var remaining: [Key: Int] = [:]
        for point in kept { remaining[Key(point), default: 0] += 1 }
        var removals: [CleaningRemoval] = []
        for point in all {
            let key = Key(point)
            if let left = remaining[key], left > 0 {
                remaining[key] = left - 1
            } else {
                removals.append(CleaningRemoval(point, reason))
            }
        }
        return removals
    }

    /// The samples of `before` that a stage left out of `after` (sources only ever increase in both).
    static func stageRemovals(
        before: [CleaningSample], after: [CleaningSample], points: [TrackPoint], reason: Reason
    ) -> [CleaningRemoval] {
        var removals: [CleaningRemoval] = []
        var next = 0
        for sample in before {
            if next < after.count, after[next].source == sample.source {
                next += 1
            } else {
                removals.append(CleaningRemoval(points[sample.source], reason))
            }
        }
        return removals
    }
}
