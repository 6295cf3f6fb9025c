import Foundation
import TestSupport
import Glibc
import Testing
import TrackKit
@testable import TrackDrop

/// Files and folders as device mounts, sync tools and careless people make them, built for real (FIFOs,
/// symbolic-link loops, sparse files, gzip bombs, bytes that once crashed the FIT reader, names with
/// newlines) and fed to the built binary: `check`, `upload --dry-run` and the daemon (`watch --once`).
/// The daemon must answer every other file, each file with exactly one final sidecar, and stay bounded.
@Suite("hostile files and folders fed to the built binary", .serialized)
struct HostileInputProcessTests {
    static let regressions = BinaryProcess.repositoryRoot.appendingPathComponent("Tests/Regressions")
    static let crashingFIT = regressions.appendingPathComponent("fit-compressed-timestamp-overflow.fit")

    /// A sparse file of `size` bytes, optionally starting with `head`: no disk space, no time.
    static func sparse(_ url: URL, size: Int64, head: [UInt8] = []) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        if !head.isEmpty { _ = head.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } }
        try #require(ftruncate(descriptor, off_t(size)) == 0)
    }

    /// `gzip` of a GPX opening and `megabytes` MiB of `pattern`, made in one pass through a pipe.
    static func gzipBomb(_ url: URL, pattern: String, megabytes: Int) throws {
        let opening = #"<?xml version="1.0"?><gpx version="1.1" creator="bomb"><trk><trkseg>"#
        let script = "{ echo '\(opening)'; yes '\(pattern)' | head -c \(megabytes)M; } | gzip -6 > '\(url.path)'"
        let result = try BinaryProcess.run("/bin/sh", arguments: ["-c", script])
        try #require(result.status == 0, "\(result.errors)")
    }

    /// The peak resident memory of the largest child this test process has waited for, in MiB.
    static func childrenPeakMiB() -> Int {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
        return usage.ru_maxrss / 1024
    }

    func writeConfig(_ setup: DaemonProcessTests.Setup, extra: [String: Any]) throws {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: setup.config)) as? [String: Any])
        object.merge(extra) { _, new in new }
        try JSONSerialization.data(withJSONObject: object).write(to: setup.config)
    }

    @Test func checkAnswersEveryHostileFileWithoutBlockingOrCrashing() async throws {
        let folder = try TemporaryFolder("trackdrop-hostile")
        defer { folder.remove() }
        let fifo = folder.file("pipe.gpx")
        try #require(mkfifo(fifo.path, 0o644) == 0)
        try Self.sparse(folder.file("sparse.fit"), size: 8 << 30)
        try Self.sparse(folder.file("sparse-small.fit"), size: 200 << 20)
        try FileManager.default.copyItem(at: Self.crashingFIT, to: folder.file("crash.fit"))
        try ActivityFilesByStart.gpx(start: ActivityFilesByStart.start(1), points: 2000).write(to: folder.file("run.gpx"))
        let names = ["pipe.gpx", "sparse.fit", "sparse-small.fit", "crash.fit"]
        // A blocking open of the FIFO would never return: the safety net is the exit wait.
        let process = try BinaryProcess(arguments: ["check", "--json"] + names.map { folder.file($0).path })
        let status = await process.waitForExit(timeout: .seconds(60))
        #expect(status == 1, "check did not answer (or crashed): \(process.lines.suffix(5))")
        let result = try BinaryProcess.capturingOutput(arguments: ["check", "--json"] + names.map { folder.file($0).path })
        let reports = result.output.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        try #require(reports.count == names.count, "\(result.output)\n\(result.errors)")
        func codes(_ index: Int) -> [String] { (reports[index]["issues"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String } }
        #expect(codes(0) == ["not-a-file"])
        #expect(codes(1) == ["too-large"])
        #expect(codes(2) == ["fit-header"])
        #expect(reports[3]["format"] as? String == "fit")
        let limited = try BinaryProcess.capturingOutput(arguments: ["check", "--max-file-mib", "1", "--json", folder.file("sparse-small.fit").path])
        #expect(limited.output.contains("too-large") && limited.output.contains("--max-file-mib"), "\(limited.output)")
        let usable = try BinaryProcess.capturingOutput(arguments: ["check", "--max-file-mib", "1", folder.file("run.gpx").path])
        #expect(usable.status == 0, "\(usable.output)")
        let refused = try BinaryProcess.capturingOutput(arguments: ["check", "--max-file-mib", "0", folder.file("run.gpx").path])
        #expect(refused.status != 0 && refused.errors.contains("--max-file-mib"))
        // Nothing was read whole: an 8 GiB file read into memory would show here.
        #expect(Self.childrenPeakMiB() < 1024)
    }

    @Test func daemonAnswersTheOtherFilesAndGivesEachExactlyOneSidecar() async throws {
        let setup = try await DaemonProcessTests.Setup.make()
        try await setup.scoped {
            let inbox = setup.inbox
            let outside = try TemporaryFolder("trackdrop-outside")
            defer { outside.remove() }
            try ActivityFilesByStart.gpx(start: ActivityFilesByStart.start(700)).write(to: inbox.file("good-1.gpx"))
            try ActivityFilesByStart.gpx(start: ActivityFilesByStart.start(701)).write(to: inbox.file("good-2.gpx"))
            try ActivityFilesByStart.gpx(start: ActivityFilesByStart.start(702)).write(to: inbox.file("evil\nname.gpx"))
            try FileManager.default.copyItem(at: Self.crashingFIT, to: inbox.file("crash.fit"))
            try Self.sparse(inbox.file("sparse.fit"), size: 8 << 30)
            try Self.gzipBomb(inbox.file("bomb.gpx.gz"), pattern: "<trkpt lat=\"47.1\" lon=\"8.5\"><time>2024-05-01T07:00:00Z</time></trkpt>", megabytes: 300)
            try #require(mkfifo(inbox.file("pipe.gpx").path, 0o644) == 0)
            // Two links back to the folder: before, every file was seen again through every path of the loop.
            try FileManager.default.createSymbolicLink(atPath: inbox.file("a").path, withDestinationPath: ".")
            try FileManager.default.createSymbolicLink(atPath: inbox.file("b").path, withDestinationPath: inbox.path)
            // A link to a file outside the watched folder is not taken without follow_symlinks.
            try ActivityFilesByStart.gpx(start: ActivityFilesByStart.start(703)).write(to: outside.file("secret.gpx"))
            try FileManager.default.createSymbolicLink(atPath: inbox.file("secret.gpx").path, withDestinationPath: outside.file("secret.gpx").path)

            let process = try BinaryProcess(arguments: ["watch", "--once", "--config", setup.config.path])
            let status = await process.waitForExit(timeout: .seconds(120))
            try #require(status != nil, "watch --once did not finish: \(process.lines.suffix(10))")
            let log = process.lines.joined(separator: "\n")

            for name in ["good-1.gpx", "good-2.gpx", "evil\nname.gpx"] {
                let sidecar = try #require(setup.finalSidecar(name), "\(name) has no final sidecar:\n\(log)")
                #expect(sidecar.status == "uploaded", "\(name): \(sidecar.status) \(sidecar.error ?? "")")
            }
            let sparse = try #require(setup.finalSidecar("sparse.fit"))
            #expect(sparse.status == "invalid" && sparse.error?.contains("max_file_mib") == true, "\(sparse.error ?? "")")
            let bomb = try #require(setup.finalSidecar("bomb.gpx.gz"))
            #expect(bomb.status == "invalid" && bomb.error?.contains("inflates more than") == true, "\(bomb.error ?? "")")
            let crash = try #require(setup.finalSidecar("crash.fit"))
            #expect(["invalid", "uploaded", "rejected"].contains(crash.status))
            #expect(setup.finalSidecar("pipe.gpx") == nil)
            #expect(setup.finalSidecar("secret.gpx") == nil)
            #expect(process.lines.filter { $0.contains("pipe.gpx") && $0.contains("FIFO") }.count == 1, "\(log)")
            #expect(process.lines.contains { $0.contains("secret.gpx") && $0.contains("follow_symlinks") }, "\(log)")
            // The newline in a name never starts a line of its own.
            #expect(!process.lines.contains { $0.hasPrefix("name.gpx") }, "\(log)")
            #expect(process.lines.contains { $0.contains(#"evil\nname.gpx"#) }, "\(log)")

            // One ledger row per real file, none through the loop's paths.
            let ledger = try Ledger(file: setup.paths.ledgerFile)
            let rows = try ledger.entries(in: LedgerState.allCases)
            #expect(rows.count == 6, "\(rows.map(\.path))")
            #expect(!rows.contains { $0.path.contains("/a/") || $0.path.contains("/b/") })
            let sidecars = try FileManager.default.contentsOfDirectory(atPath: inbox.path).filter { $0.hasSuffix(".result.json") }
            #expect(sidecars.count == 6, "\(sidecars)")
            #expect(Self.childrenPeakMiB() < 1024)

            // upload --dry-run walks the same loops and ends.
            let dryRun = try BinaryProcess.capturingOutput(arguments: ["upload", "--dry-run", "--config", setup.config.path, inbox.path])
            #expect(dryRun.output.contains("6 file(s) checked"), "\(dryRun.output)\n\(dryRun.errors)")
        }
    }

    @Test func aFileThatKilledTheReaderTwiceIsQuarantinedAndTheQueueGoesOn() async throws {
        let setup = try await DaemonProcessTests.Setup.make()
        try await setup.scoped {
            let poison = setup.inbox.file("poison.gpx")
            try ActivityFilesByStart.gpx(start: ActivityFilesByStart.start(710)).write(to: poison)
            try ActivityFilesByStart.gpx(start: ActivityFilesByStart.start(711)).write(to: setup.inbox.file("behind.gpx"))
            // The ledger as two runs that died inside the reader left it: two reads begun, none returned.
            let ledger = try Ledger(file: setup.paths.ledgerFile)
            let stamp = try #require(FileSystem.stamp(poison.path))
            var entry = LedgerEntry(
                path: poison.standardizedFileURL.path, sha256: try ContentHash.sha256(of: poison), size: stamp.size,
                modifiedAt: stamp.modified, folder: nil)
            // One crash counted by an earlier start, and the crash guard's marker naming it for the last one.
            entry.normalizeAttempts = 2
            entry.normalizeFinished = 0
            entry.normalizeStartedAt = Date()
            entry = try ledger.insert(entry)
            var crashedID = entry.id!
            let marker = setup.paths.stateFolder.appendingPathComponent("reader-crash")
            try Data(bytes: &crashedID, count: 8).write(to: marker)

            let process = try BinaryProcess(arguments: ["watch", "--once", "--config", setup.config.path])
            let status = await process.waitForExit(timeout: .seconds(120))
            try #require(status != nil, "\(process.lines.suffix(10))")
            let quarantined = try #require(setup.finalSidecar("poison.gpx"))
            #expect(quarantined.status == "invalid")
            #expect(quarantined.error?.hasPrefix("reader-crashed:") == true, "\(quarantined.error ?? "")")
            #expect(setup.finalSidecar("behind.gpx")?.status == "uploaded")
            #expect(process.lines.filter { $0.contains("poison.gpx") && $0.contains("reader-crashed") }.count == 1)
            let row = try #require(try Ledger(file: setup.paths.ledgerFile).entries(in: [.done]).first { $0.path.hasSuffix("poison.gpx") })
            #expect(row.normalizeAttempts == 2 && row.crashedReads == 0)
            // Once quarantined, a restart does not read it again.
            let again = try BinaryProcess(arguments: ["watch", "--once", "--config", setup.config.path])
            _ = await again.waitForExit(timeout: .seconds(60))
            let after = try #require(try Ledger(file: setup.paths.ledgerFile).entries(in: [.done]).first { $0.path.hasSuffix("poison.gpx") })
            #expect(after.normalizeAttempts == 2)
        }
    }

    @Test func everyReadIsRecordedBeforeItStarts() async throws {
        let setup = try await DaemonProcessTests.Setup.make()
        try await setup.scoped {
            try ActivityFilesByStart.gpx(start: ActivityFilesByStart.start(720)).write(to: setup.inbox.file("counted.gpx"))
            let process = try BinaryProcess(arguments: ["watch", "--once", "--config", setup.config.path])
            _ = await process.waitForExit(timeout: .seconds(120))
            let row = try #require(try Ledger(file: setup.paths.ledgerFile).entries(in: [.done]).first)
            #expect(row.normalizeAttempts == 1 && row.normalizeFinished == 1 && row.normalizeStartedAt != nil)
        }
    }
}

/// Names that are not UTF-8 are processed like any other, by their bytes.
@Suite("file names as bytes, through the built binary", .serialized)
struct RawFileNameProcessTests {
    /// Writes `data` to `folder/<bytes>` by the name's bytes.
    static func write(_ data: Data, named bytes: [UInt8], in folder: URL) throws -> String {
        let name = FileName.decode(bytes)
        let descriptor = FileName.withPath(folder.path + "/" + name) { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        _ = data.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        return name
    }

    @Test func aNameThatIsNotUTF8GetsItsSidecarBesideItUnderTheSameBytes() async throws {
        let setup = try await DaemonProcessTests.Setup.make()
        try await setup.scoped {
            let bytes = Array("lauf-".utf8) + [0xE9, 0xFF] + Array(".gpx".utf8)  // Latin-1 "é", then a byte no encoding uses
            let name = try Self.write(ActivityFilesByStart.gpx(start: ActivityFilesByStart.start(730)), named: bytes, in: setup.inbox.url)
            #expect(FileName.bytes(name) == bytes)
            let process = try BinaryProcess(arguments: ["watch", "--once", "--config", setup.config.path])
            _ = await process.waitForExit(timeout: .seconds(120))
            let log = process.lines.joined(separator: "\n")
            let sidecarPath = setup.inbox.path + "/" + FileName.decode(bytes + Array(".result.json".utf8))
            var info = stat()
            try #require(FileName.withPath(sidecarPath) { stat($0, &info) } == 0, "no sidecar under the same bytes:\n\(log)")
            let descriptor = FileName.withPath(sidecarPath) { open($0, O_RDONLY) }
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            let sidecar = try JSONDecoder().decode(Sidecar.self, from: handle.readDataToEndOfFile())
            #expect(sidecar.status == "uploaded", "\(sidecar.error ?? "")\n\(log)")
            #expect(sidecar.source == #"lauf-\xE9\xFF.gpx"#)
            #expect(process.lines.contains { $0.contains(#"lauf-\xE9\xFF.gpx"#) }, "\(log)")
            #expect(!log.contains("\u{FFFD}"))
            let rows = try Ledger(file: setup.paths.ledgerFile).entries(in: LedgerState.allCases)
            #expect(rows.count == 1 && rows.first.map { FileName.bytes($0.path).suffix(bytes.count) == bytes[...] } == true)
        }
    }

    /// As a user that is not root (root reads a file whatever its mode, so a root test run switches to
    /// `nobody`): a file that cannot be read yet is skipped with a log line, and taken by the running daemon
    /// as soon as its mode changes (inotify IN_ATTRIB), without a restart or a rescan.
    @Test(.timeLimit(.minutes(2))) func aFileThatCannotBeReadYetIsTakenOnceItsModeChanges() async throws {
        let folder = try TemporaryFolder("trackdrop-permission")
        defer { folder.remove() }
        let inbox = folder.file("inbox"), home = folder.file("home")
        for made in [inbox, home] { try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true) }
        let file = inbox.appendingPathComponent("locked.gpx")
        try ActivityFilesByStart.gpx(start: ActivityFilesByStart.start(740)).write(to: file)
        var runAs: [String] = []
        if getuid() == 0 {
            let nobody: uid_t = 65534
            for path in [folder.path, inbox.path, home.path, file.path] { #expect(chown(path, nobody, gid_t(nobody)) == 0) }
            runAs = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        }
        #expect(chmod(file.path, 0) == 0)
        let daemon = try BinaryProcess(
            arguments: ["watch", "--sandbox", inbox.path],
            environment: ["HOME": home.path, "TMPDIR": home.path, "XDG_CONFIG_HOME": home.path, "XDG_STATE_HOME": home.path],
            runAs: runAs)
        let skipped = await daemon.waitForLine(containing: "cannot be read")
        #expect(skipped, "\(daemon.lines.joined(separator: "\n"))")
        #expect(!FileManager.default.fileExists(atPath: file.path + ".result.json"))
        #expect(chmod(file.path, 0o644) == 0)
        let sidecar = file.path + ".result.json"
        try await Eventually.until("the sidecar once the file is readable") {
            guard let data = FileManager.default.contents(atPath: sidecar),
                  let decoded = try? JSONDecoder().decode(Sidecar.self, from: data) else { return false }
            return decoded.status != "pending"
        }
        let decoded = try JSONDecoder().decode(Sidecar.self, from: Data(contentsOf: URL(fileURLWithPath: sidecar)))
        #expect(decoded.status == "uploaded", "\(decoded.error ?? "")\n\(daemon.lines.joined(separator: "\n"))")
        daemon.signal(SIGTERM)
        #expect(await daemon.waitForExit(timeout: .seconds(30)) != nil)
    }
}
