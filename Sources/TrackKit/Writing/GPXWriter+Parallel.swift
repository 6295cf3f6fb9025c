import Foundation
import Synchronization

extension GPXWriter {
    /// From this many points on, `writeInParallel` formats on two threads.
    static let parallelPoints = 50_000
    /// Points per block: while this thread formats one block into the file, a second formats the next
    /// into memory. Small enough that the block in memory stays a few MiB.
    static let blockPoints = 32_768

    /// The same bytes as `write(_:to:)`. For a long track the points are formatted in pairs of blocks:
    /// the first block streams to `out` on this thread while the second is formatted into memory on
    /// another, then appended. Formatting is most of the cost of writing, and blocks do not depend on
    /// each other.
    static func writeInParallel(_ track: Track, to out: inout OutputBuffer) {
        let total = track.segments.reduce(0) { $0 + $1.count }
        guard total >= parallelPoints else {
            write(track, to: &out)
            return
        }
        writeHeader(track, to: &out)
        var start = 0
        while start < total {
            let here = start..<min(start + blockPoints, total)
            let there = here.upperBound..<min(here.upperBound + blockPoints, total)
            let later = there.isEmpty ? nil : SecondThread {
                var buffer = OutputBuffer(capacity: there.count * 120 + 4096)
                writePoints(track, there, to: &buffer)
                return buffer.data()
            }
            writePoints(track, here, to: &out)
            later?.join().withUnsafeBytes { out.append($0) }
            start = max(here.upperBound, there.upperBound)
        }
        writeFooter(to: &out)
    }
}
