import Foundation
import Glibc
import GRDB

/// The crash-safe record of every source file, in SQLite (WAL) under the state folder.
public final class Ledger: Sendable {
    let database: DatabasePool
    public let file: URL

    /// Opens (creating and migrating when needed) the ledger at `file`.
    public init(file: URL) throws(LedgerError) {
        self.file = file
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            var configuration = Configuration()
            configuration.busyMode = .timeout(10)
            // Two processes starting together (a daemon and an `upload`) would both switch the file to WAL
            // and migrate it; one at a time, under a lock beside the ledger, neither sees the other half done.
            let lock = open(file.path + ".open.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            if lock >= 0 { flock(lock, LOCK_EX) }
            defer { if lock >= 0 { close(lock) } }
            database = try DatabasePool(path: file.path, configuration: configuration)
            try Self.migrator.migrate(database)
        } catch {
            throw LedgerError(file: file, operation: "open", underlying: error)
        }
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: LedgerEntry.databaseTableName) { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("path", .text).notNull()
                table.column("sha256", .text).notNull()
                table.column("size", .integer).notNull()
                table.column("modified_at", .datetime).notNull()
                table.column("state", .text).notNull().indexed()
                table.column("status", .text)
                table.column("error", .text)
                table.column("upload_id", .integer)
                table.column("activity_id", .integer)
                table.column("external_id", .text).notNull()
                table.column("api_calls", .integer).notNull().defaults(to: 0)
                table.column("normalized_path", .text)
                table.column("data_type", .text)
                table.column("upload_name", .text)
                table.column("sport_type", .text)
                table.column("description", .text)
                table.column("trainer", .boolean).notNull().defaults(to: false)
                table.column("commute", .boolean).notNull().defaults(to: false)
                table.column("start_time", .datetime)
                table.column("duration", .double)
                table.column("track_json", .text)
                table.column("discovered_at", .datetime).notNull()
                table.column("updated_at", .datetime).notNull()
                table.column("submitting_at", .datetime)
                table.column("completed_at", .datetime)
                table.column("reposted", .boolean).notNull().defaults(to: false)
                table.column("sidecar_path", .text)
                table.column("sidecar_written", .boolean).notNull().defaults(to: false)
                table.uniqueKey(["path", "sha256"])
            }
            try db.create(index: "source_file_sha256", on: LedgerEntry.databaseTableName, columns: ["sha256"])
            try db.create(index: "source_file_start", on: LedgerEntry.databaseTableName, columns: ["start_time"])
        }
        migrator.registerMigration("v2-report") { db in
            try db.alter(table: LedgerEntry.databaseTableName) { table in
                table.add(column: "report_path", .text)
            }
        }
        migrator.registerMigration("v3-hardening") { db in
            try db.alter(table: LedgerEntry.databaseTableName) { table in
                // Reads started and reads that returned: more starts than returns means the process died reading.
                table.add(column: "normalize_attempts", .integer).notNull().defaults(to: 0)
                table.add(column: "normalize_finished", .integer).notNull().defaults(to: 0)
                table.add(column: "normalize_started_at", .datetime)
                // Which file this was, beyond size and mtime: a replacement keeping both (`cp -p`) changes these.
                table.add(column: "device", .integer)
                table.add(column: "inode", .integer)
                table.add(column: "changed_at", .datetime)
            }
        }
        migrator.registerMigration("v3-owner") { db in
            try db.alter(table: LedgerEntry.databaseTableName) { table in
                table.add(column: "owner", .text)
            }
        }
        migrator.registerMigration("v4-waiting") { db in
            try db.alter(table: LedgerEntry.databaseTableName) { table in
                table.add(column: "waiting_reason", .text)
            }
        }
        return migrator
    }

    func read<T: Sendable>(_ operation: String, _ body: @Sendable (Database) throws -> T) throws(LedgerError) -> T {
        do {
            return try database.read(body)
        } catch {
            throw LedgerError(file: file, operation: operation, underlying: error)
        }
    }

    func write<T: Sendable>(_ operation: String, _ body: @Sendable (Database) throws -> T) throws(LedgerError) -> T {
        do {
            return try database.write(body)
        } catch {
            throw LedgerError(file: file, operation: operation, underlying: error)
        }
    }

    /// Inserts a new entry and returns it with its id.
    public func insert(_ entry: LedgerEntry) throws(LedgerError) -> LedgerEntry {
        try write("insert \(entry.path)") { db in
            var entry = entry
            try entry.insert(db)
            return entry
        }
    }

    /// Commits the entry's new state if the row is still in state `expected` and still owned by `entry.owner`
    /// (compare-and-swap: `UPDATE ... WHERE id = ? AND state = ? AND owner IS ?`), so that two processes can
    /// never both move one row. Returns the entry as committed; throws `LedgerConflict` when the row moved
    /// meanwhile: re-read it and move on.
    @discardableResult
    public func save(_ entry: LedgerEntry, from expected: LedgerState) throws -> LedgerEntry {
        var entry = entry
        entry.updatedAt = Date()
        let updated = entry
        let swapped = try write("update \(entry.path) from \(expected.rawValue) to \(entry.state.rawValue)") { db -> Bool in
            let values = try updated.databaseDictionary
            let columns = values.keys.filter { $0 != LedgerEntry.Columns.id.rawValue }.sorted()
            let assignments = columns.map { "\($0.quotedDatabaseIdentifier) = ?" }.joined(separator: ", ")
            var arguments = StatementArguments(columns.map { values[$0]! })
            arguments += [updated.id, expected.rawValue, updated.owner]
            try db.execute(
                sql: "UPDATE \(LedgerEntry.databaseTableName) SET \(assignments) WHERE id = ? AND state = ? AND owner IS ?",
                arguments: arguments)
            return db.changesCount == 1
        }
        guard swapped else { throw LedgerConflict(path: entry.path, expected: expected) }
        return updated
    }

    /// Makes `owner` the owner of a row still owned by `previous` (nil: no owner); false when another
    /// process took it first.
    public func claim(_ entry: LedgerEntry, for owner: String) throws(LedgerError) -> LedgerEntry? {
        let id = entry.id
        let previous = entry.owner
        let claimed = try write("take over \(entry.path)") { db -> Bool in
            try db.execute(
                sql: "UPDATE \(LedgerEntry.databaseTableName) SET owner = ? WHERE id = ? AND owner IS ?",
                arguments: [owner, id, previous])
            return db.changesCount == 1
        }
        guard claimed else { return nil }
        var entry = entry
        entry.owner = owner
        return entry
    }

    public func entry(id: Int64) throws(LedgerError) -> LedgerEntry? {
        try read("read entry \(id)") { db in try LedgerEntry.fetchOne(db, key: id) }
    }

    public func entry(path: String, sha256: String) throws(LedgerError) -> LedgerEntry? {
        try read("look up \(path)") { db in
            try LedgerEntry.filter(LedgerEntry.Columns.path == path && LedgerEntry.Columns.sha256 == sha256).fetchOne(db)
        }
    }

    /// The newest entry for a path (any content).
    public func latestEntry(path: String) throws(LedgerError) -> LedgerEntry? {
        try read("look up \(path)") { db in
            try LedgerEntry.filter(LedgerEntry.Columns.path == path).order(LedgerEntry.Columns.id.desc).fetchOne(db)
        }
    }

    public func entries(in states: [LedgerState]) throws(LedgerError) -> [LedgerEntry] {
        try read("list work") { db in
            try LedgerEntry.filter(states.contains(LedgerEntry.Columns.state)).order(LedgerEntry.Columns.id).fetchAll(db)
        }
    }

    /// Other entries with the same content, oldest first.
    public func entries(sha256: String, excluding id: Int64) throws(LedgerError) -> [LedgerEntry] {
        try read("find same content") { db in
            try LedgerEntry.filter(LedgerEntry.Columns.sha256 == sha256 && LedgerEntry.Columns.id != id)
                .order(LedgerEntry.Columns.id).fetchAll(db)
        }
    }

    /// Other entries whose activity starts within `window` seconds of `start`, oldest first.
    public func entries(startingNear start: Date, window: TimeInterval, excluding id: Int64) throws(LedgerError) -> [LedgerEntry] {
        try read("find same activity") { db in
            try LedgerEntry.filter(
                LedgerEntry.Columns.startTime >= start.addingTimeInterval(-window)
                    && LedgerEntry.Columns.startTime <= start.addingTimeInterval(window)
                    && LedgerEntry.Columns.id != id
            ).order(LedgerEntry.Columns.id).fetchAll(db)
        }
    }

    /// Finished entries whose sidecar write did not complete (a crash between commit and write).
    public func entriesMissingSidecar() throws(LedgerError) -> [LedgerEntry] {
        try read("list unwritten sidecars") { db in
            try LedgerEntry.filter(LedgerEntry.Columns.state == LedgerState.done && LedgerEntry.Columns.sidecarWritten == false)
                .order(LedgerEntry.Columns.id).fetchAll(db)
        }
    }

    /// Removes a row this owner still holds in `expected` state (compare-and-swap, as `save`).
    public func removeEntry(_ entry: LedgerEntry, from expected: LedgerState) throws(LedgerError) {
        let id = entry.id
        let owner = entry.owner
        _ = try write("remove entry \(entry.path)") { db in
            try db.execute(
                sql: "DELETE FROM \(LedgerEntry.databaseTableName) WHERE id = ? AND state = ? AND owner IS ?",
                arguments: [id, expected.rawValue, owner])
        }
    }

    /// Number of entries per state, and per final status for finished ones.
    public func counts() throws(LedgerError) -> LedgerCounts {
        try read("count entries") { db in
            var counts = LedgerCounts()
            let rows = try Row.fetchAll(db, sql: "SELECT state, status, COUNT(*) AS n FROM source_file GROUP BY state, status")
            for row in rows {
                let n: Int = row["n"]
                if let state = LedgerState(rawValue: row["state"]) { counts.byState[state, default: 0] += n }
                if let text: String = row["status"], let status = FinalStatus(rawValue: text) { counts.byStatus[status, default: 0] += n }
            }
            return counts
        }
    }

    /// The most recently finished entries, newest first.
    public func latestResults(limit: Int) throws(LedgerError) -> [LedgerEntry] {
        try read("list latest results") { db in
            try LedgerEntry.filter(LedgerEntry.Columns.state == LedgerState.done)
                .order(LedgerEntry.Columns.completedAt.desc, LedgerEntry.Columns.id.desc).limit(limit).fetchAll(db)
        }
    }

    /// Unfinished entries a run left with a reason, most recently changed first.
    public func waitingEntries(limit: Int) throws(LedgerError) -> [LedgerEntry] {
        try read("list waiting entries") { db in
            try LedgerEntry.filter(LedgerEntry.Columns.state != LedgerState.done && LedgerEntry.Columns.waitingReason != nil)
                .order(LedgerEntry.Columns.updatedAt.desc, LedgerEntry.Columns.id.desc).limit(limit).fetchAll(db)
        }
    }
}
