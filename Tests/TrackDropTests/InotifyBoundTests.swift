import Foundation
import TestSupport
import Testing
@testable import TrackDrop

/// The inotify event stream holds a bounded number of events the watcher has not taken yet; past that, events
/// are dropped and one overflow event (a rescan) takes their place, as for the kernel's own queue.
@Suite struct InotifyBoundTests {
    @Test func eventsBeyondTheBoundBecomeOneOverflow() async throws {
        let folder = try TemporaryFolder("trackdrop-inotify")
        defer { folder.remove() }
        let inotify = try Inotify()
        defer { inotify.close() }
        _ = try inotify.addWatch(folder.path)
        // Nobody reads while far more events than the bound arrive (each file: create, modify, close-write).
        let files = Inotify.eventBufferLimit
        for index in 0..<files {
            _ = FileManager.default.createFile(atPath: folder.file("f-\(index).gpx").path, contents: Data("x".utf8))
        }
        let events = inotify.events
        let reader = Task {
            var taken = 0
            var overflows = 0
            var iterator = events.makeAsyncIterator()
            while let event = await iterator.next() {
                taken += 1
                if event.wd == -1, event.has(Inotify.Mask.overflow) {
                    overflows += 1
                    return (taken, overflows)
                }
            }
            return (taken, overflows)
        }
        let watchdog = Task {
            try await Task.sleep(for: .seconds(60))
            reader.cancel()
        }
        let (count, seen) = await reader.value
        watchdog.cancel()
        #expect(seen == 1, "no overflow event after \(count) events")
        #expect(count <= Inotify.eventBufferLimit + 1)
    }
}
