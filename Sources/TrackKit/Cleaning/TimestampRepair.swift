import Foundation

/// Puts the points of a segment in time order: swaps undone, backward jumps dropped, duplicate times merged.
enum TimestampRepair {
    /// A point out of order by at most this many places is put back; further away, it is dropped.
    static let maxSwapDistance = 3
    /// Times closer than this (seconds) are the same time.
    static let sameTime = 0.0005
    /// Positions closer than this (metres) at the same time are an exact duplicate.
    static let samePosition = 0.05
    /// Points put back stay in their places, with their times in order, only where that path is shorter than the
    /// time order's by more than this (metres): a phone's fixes are 5–10 m off each, so between near neighbours either
    /// reading can come out a few metres shorter by chance.
    static let clearSaving = 20.0

    struct Result {
        var points: [TrackPoint]
        var duplicates = 0
        var outOfOrder = 0
        var reordered = 0
    }

    /// `points` must all carry a time.
    static func repair(_ points: [TrackPoint]) -> Result {
        let ordered = restoreOrder(points)
        var result = Result(points: [], outOfOrder: ordered.dropped, reordered: ordered.reordered)
        let merged = mergeDuplicateTimes(ordered.points)
        result.points = merged.points
        result.duplicates = merged.dropped
        return result
    }

    /// Keeps the longest time-ordered subsequence; of the rest, points only a few places from where they
    /// belong (a local swap) go back in, the others (jumps back in time) are dropped. A point put back was either
    /// written out of its place with its own time, or written in its place with a neighbour's time (an app that
    /// swaps two times): the first reading moves it, the second keeps the points where they are and gives them their
    /// times in order. Each block of points put back takes the second reading where its path is clearly the shorter
    /// (`keepPlacesWhereShorter`): the wrong reading goes there and back, as far as the athlete went between the
    /// swapped points: tens of metres between fixes 10 s apart, hundreds across a gap. `droppedIndices` are the
    /// dropped points' places in `points`, in order.
    static func restoreOrder(
        _ points: [TrackPoint]
    ) -> (points: [TrackPoint], dropped: Int, reordered: Int, droppedIndices: [Int]) {
        let times = points.map { $0.time!.timeIntervalSinceReferenceDate }
        guard zip(times, times.dropFirst()).contains(where: { $0 > $1 }) else { return (points, 0, 0, []) }

        let kept = longestNonDecreasing(times)
        var inSequence = [Bool](repeating: false, count: points.count)
        for i in kept { inSequence[i] = true }
        let keptTimes = kept.map { times[$0] }

        var chosen = kept.map { (index: $0, time: times[$0]) }
        var reordered = 0
        var droppedIndices: [Int] = []
        var keptBefore = 0
        for i in points.indices {
            if inSequence[i] { keptBefore += 1; continue }
            let place = upperBound(keptTimes, times[i])
            if abs(place - keptBefore) <= maxSwapDistance {
                chosen.append((i, times[i]))
                reordered += 1
            } else {
                droppedIndices.append(i)
            }
        }
        chosen.sort { $0.time != $1.time ? $0.time < $1.time : $0.index < $1.index }
        let ordered = keepPlacesWhereShorter(points, timeOrder: chosen.map(\.index))
        return (ordered, droppedIndices.count, reordered, droppedIndices)
    }

    /// `points` in `timeOrder` (indices into `points`, each kept point once), except in each block of it that holds
    /// neighbouring kept points in another order than `points` does, with none dropped between them: there, where
    /// the path through the block and the points either side of it is shorter by more than `clearSaving` with the
    /// points in their places, they stay in their places and take the block's times in order. A point keeps its
    /// sensor values.
    static func keepPlacesWhereShorter(_ points: [TrackPoint], timeOrder: [Int]) -> [TrackPoint] {
        var out = timeOrder.map { points[$0] }
        let places = timeOrder.sorted()
        var rank = [Int](repeating: 0, count: points.count)
        for (r, i) in places.enumerated() { rank[i] = r }
        // A block ends where the points taken so far are exactly the first of `places`.
        var start = 0, highest = -1
        for k in timeOrder.indices {
            highest = max(highest, rank[timeOrder[k]])
            guard highest == k else { continue }
            defer { start = k + 1 }
            guard k > start, places[k] - places[start] == k - start else { continue }
            let inPlace = (start...k).map { j -> TrackPoint in
                var point = points[places[j]]
                point.time = points[timeOrder[j]].time
                return point
            }
            func length(_ block: some Collection<TrackPoint>) -> Double {
                var path = start > 0 ? [out[start - 1]] : []
                path += block
                if k + 1 < timeOrder.count { path.append(points[timeOrder[k + 1]]) }
                return zip(path, path.dropFirst()).reduce(0) { $0 + LocalFrame.distance($1.0, $1.1) }
            }
            if length(out[start...k]) - length(inPlace) > clearSaving {
                out.replaceSubrange(start...k, with: inPlace)
            }
        }
        return out
    }

    /// Indices of a longest non-decreasing subsequence, O(n log n).
    static func longestNonDecreasing(_ values: [Double]) -> [Int] {
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: values.count)
        for i in values.indices {
            var lo = 0, hi = tails.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if values[tails[mid]] <= values[i] { lo = mid + 1 } else { hi = mid }
            }
            if lo > 0 { previous[i] = tails[lo - 1] }
            if lo == tails.count { tails.append(i) } else { tails[lo] = i }
        }
        var result: [Int] = []
        var i = tails.last ?? -1
        while i >= 0 { result.append(i); i = previous[i] }
        return result.reversed()
    }

    private static func upperBound(_ values: [Double], _ value: Double) -> Int {
        var lo = 0, hi = values.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if values[mid] <= value { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Of points sharing one time keeps one: the first if they are the same fix, else the one that fits best
    /// between its neighbours. Sensor values the kept point lacks are taken from the ones dropped.
    static func mergeDuplicateTimes(_ points: [TrackPoint]) -> (points: [TrackPoint], dropped: Int) {
        let distinct = zip(points, points.dropFirst()).allSatisfy { $1.time!.timeIntervalSince($0.time!) >= sameTime }
        if distinct { return (points, 0) }
        var result: [TrackPoint] = []
        result.reserveCapacity(points.count)
        var dropped = 0
        var start = 0
        while start < points.count {
            let time = points[start].time!
            var end = start + 1
            while end < points.count, points[end].time!.timeIntervalSince(time) < sameTime { end += 1 }
            if end - start == 1 {
                result.append(points[start])
            } else {
                let group = Array(points[start..<end])
                var best = pickBest(group, previous: result.last, next: end < points.count ? points[end] : nil)
                for other in group where other != best { fillSensors(&best, from: other) }
                result.append(best)
                dropped += group.count - 1
            }
            start = end
        }
        return (result, dropped)
    }

    private static func pickBest(_ group: [TrackPoint], previous: TrackPoint?, next: TrackPoint?) -> TrackPoint {
        let first = group[0]
        let allSame = group.allSatisfy { LocalFrame.distance($0, first) < samePosition }
        if allSame || (previous == nil && next == nil) { return first }
        func cost(_ p: TrackPoint) -> Double {
            (previous.map { LocalFrame.distance($0, p) } ?? 0) + (next.map { LocalFrame.distance(p, $0) } ?? 0)
        }
        return group.min { cost($0) < cost($1) } ?? first
    }

    private static func fillSensors(_ point: inout TrackPoint, from other: TrackPoint) {
        if point.elevation == nil { point.elevation = other.elevation }
        if point.heartRate == nil { point.heartRate = other.heartRate }
        if point.cadence == nil { point.cadence = other.cadence }
        if point.temperature == nil { point.temperature = other.temperature }
        if point.power == nil { point.power = other.power }
        if point.speed == nil { point.speed = other.speed }
        if point.distance == nil { point.distance = other.distance }
    }
}
