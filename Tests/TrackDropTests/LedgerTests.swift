import Foundation
import TestSupport
import Testing
@testable import TrackDrop

@Suite("Ledger (real SQLite)")
struct LedgerTests {
    @Test func entriesSurviveReopeningInEveryState() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.file("state/ledger.sqlite")
        var ids: [LedgerState: Int64] = [:]
        do {
            let ledger = try Ledger(file: file)
            for (index, state) in LedgerState.allCases.enumerated() {
                var entry = LedgerEntry(path: "/w/\(state.rawValue).gpx", sha256: String(repeating: "\(index)", count: 64), size: 10, modifiedAt: Date(), folder: nil)
                entry = try ledger.insert(entry)
                entry.state = state
                if state == .submitted { entry.uploadID = 8_919_698_041 }
                if state == .done {
                    entry.status = .uploaded
                    entry.activityID = 12_345_678_901
                }
                try ledger.save(entry, from: .discovered)
                ids[state] = entry.id
            }
        }
        let reopened = try Ledger(file: file)
        for state in LedgerState.allCases {
            let entry = try #require(try reopened.entry(id: ids[state]!))
            #expect(entry.state == state)
        }
        #expect(try reopened.entries(in: [.submitted]).first?.uploadID == 8_919_698_041)
        #expect(try reopened.entries(in: [.done]).first?.activityID == 12_345_678_901)
        let counts = try reopened.counts()
        #expect(counts.total == LedgerState.allCases.count)
        #expect(counts.byStatus[.uploaded] == 1)
    }

    @Test func samePathWithNewContentIsNewWork() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let ledger = try Ledger(file: folder.file("ledger.sqlite"))
        let first = try ledger.insert(LedgerEntry(path: "/w/a.gpx", sha256: "aa", size: 1, modifiedAt: Date(), folder: nil))
        let second = try ledger.insert(LedgerEntry(path: "/w/a.gpx", sha256: "bb", size: 2, modifiedAt: Date(), folder: nil))
        #expect(first.id != second.id)
        #expect(try ledger.latestEntry(path: "/w/a.gpx")?.sha256 == "bb")
        #expect(throws: LedgerError.self) {
            try ledger.insert(LedgerEntry(path: "/w/a.gpx", sha256: "aa", size: 1, modifiedAt: Date(), folder: nil))
        }
    }

    @Test func findsTheSameActivityByStartTime() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let ledger = try Ledger(file: folder.file("ledger.sqlite"))
        let start = Date(timeIntervalSince1970: 1_760_000_000)
        var gpx = LedgerEntry(path: "/w/run.gpx", sha256: "aa", size: 1, modifiedAt: Date(), folder: nil)
        gpx.startTime = start
        gpx.duration = 3600
        gpx = try ledger.insert(gpx)
        var fit = LedgerEntry(path: "/w/run.fit", sha256: "bb", size: 1, modifiedAt: Date(), folder: nil)
        fit.startTime = start.addingTimeInterval(30)
        fit = try ledger.insert(fit)
        var other = LedgerEntry(path: "/w/other.gpx", sha256: "cc", size: 1, modifiedAt: Date(), folder: nil)
        other.startTime = start.addingTimeInterval(600)
        other = try ledger.insert(other)
        let near = try ledger.entries(startingNear: fit.startTime!, window: 60, excluding: fit.id!)
        #expect(near.map(\.path) == ["/w/run.gpx"])
    }
}
