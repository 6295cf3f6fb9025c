import Foundation
import TestSupport
import Glibc
import Testing
import TrackKit
@testable import TrackDrop

/// Hostile folders as the watcher meets them, in the test process: a file replaced in place keeping its size
/// and modification time is still noticed, and folders linked in loops are visited once.
@Suite("files replaced in place and folders linked in loops", .serialized)
struct FileIdentityTests {
    @Test func aReplacementKeepingSizeAndModificationTimeIsNoticed() throws {
        let folder = try TemporaryFolder("trackdrop-replace")
        defer { folder.remove() }
        let file = folder.file("run.gpx")
        try Data(repeating: 0x41, count: 100).write(to: file)
        let before = try #require(FileSystem.stamp(file.path))
        let known = LedgerEntry(path: file.path, sha256: "x", size: before.size, modifiedAt: before.modified, folder: nil)
        var recorded = known
        recorded.device = Int64(bitPattern: before.identity.device)
        recorded.inode = Int64(bitPattern: before.identity.inode)
        recorded.changedAt = before.changed
        #expect(Pipeline.isSameFile(recorded, ReadyFile(url: file, folder: FolderConfiguration(path: folder.url), stamp: before)))
        // What `cp -p` does: new bytes of the same size, then the old modification time put back.
        let copy = folder.file("copy.gpx")
        try Data(repeating: 0x42, count: 100).write(to: copy)
        var times = [timespec(tv_sec: Int(before.modifiedNanoseconds / 1_000_000_000), tv_nsec: Int(before.modifiedNanoseconds % 1_000_000_000)),
                     timespec(tv_sec: Int(before.modifiedNanoseconds / 1_000_000_000), tv_nsec: Int(before.modifiedNanoseconds % 1_000_000_000))]
        try #require(rename(copy.path, file.path) == 0)
        try #require(utimensat(AT_FDCWD, file.path, &times, 0) == 0)
        let after = try #require(FileSystem.stamp(file.path))
        #expect(after.size == before.size && after.modifiedNanoseconds == before.modifiedNanoseconds)
        #expect(!Pipeline.isSameFile(recorded, ReadyFile(url: file, folder: FolderConfiguration(path: folder.url), stamp: after)))
    }

    @Test func followedFolderLinksAreVisitedOnceByInode() throws {
        let folder = try TemporaryFolder("trackdrop-links")
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.file("sub"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: folder.file("sub/run.gpx"))
        try FileManager.default.createSymbolicLink(atPath: folder.file("sub/up").path, withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: folder.file("again").path, withDestinationPath: "sub")
        for follow in [false, true] {
            var walk = FolderWalk(followSymlinks: follow, roots: [folder.path])
            var taken: [String] = []
            func visit(_ path: String) {
                for entry in FileSystem.entries(of: path) {
                    let child = path + "/" + entry.name
                    if entry.isDirectory {
                        if walk.descends(into: entry, at: child) { visit(child) }
                    } else if walk.takes(entry, at: child) {
                        taken.append(child)
                    }
                }
            }
            let entered = walk.enterRoot(folder.path)
            #expect(entered)
            visit(folder.path)
            #expect(taken.count == 1, "follow_symlinks \(follow): \(taken)")
        }
    }
}

/// Names that are not UTF-8 are processed like any other, by their bytes.
@Suite("file names as bytes", .serialized)
struct RawFileNameTests {
    /// The results folder mirrors a source folder whose name is not UTF-8 byte for byte, and an earlier
    /// sidecar there is read back through the same bytes (as the intake does to never send a file twice).
    @Test func theResultsFolderMirrorsNamesThatAreNotUTF8() throws {
        let scratch = try TemporaryFolder("trackdrop-mirror")
        defer { scratch.remove() }
        let folderName = FileName.decode(Array("GARMIN-".utf8) + [0xE9])
        let source = URL(fileURLWithPath: scratch.path + "/" + folderName + "/" + FileName.decode(Array("lauf-".utf8) + [0xFF] + Array(".fit".utf8)))
        let writer = SidecarWriter(resultsFolder: scratch.url.appendingPathComponent("results"))
        let location = writer.mirroredLocation(for: source, name: SidecarWriter.sidecarName(for: source))
        #expect(RawPath.makeFolders(location.deletingLastPathComponent().path))
        let data = Data(#"{"schema":"trackdrop.result/1"}"#.utf8)
        try AtomicFile.write(data, to: location)
        #expect(RawPath.contents(of: location.path) == data)
        // On disk: the mirrored folder's name is the raw bytes, never replacement characters.
        var folder = location.deletingLastPathComponent().path
        while !folder.hasSuffix("/results") {
            let name = (folder as NSString).lastPathComponent
            #expect(!name.contains("\u{FFFD}"))
            folder = (folder as NSString).deletingLastPathComponent
        }
        let mirroredParent = location.deletingLastPathComponent().deletingLastPathComponent().path
        let names = FileSystem.entries(of: mirroredParent).map { FileName.bytes($0.name) }
        #expect(names.contains(Array("GARMIN-".utf8) + [0xE9]), "\(names)")
    }

    @Test func namesRoundTripThroughTheirBytes() {
        let cases: [[UInt8]] = [
            Array("plain.gpx".utf8), Array("zürich.gpx".utf8), [0xE9, 0x2E, 0x67], [0xC3], [0xED, 0xA0, 0x80],
            Array("\u{10FCE9}".utf8), [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF],
        ]
        for bytes in cases {
            let name = FileName.decode(bytes)
            #expect(FileName.bytes(name) == bytes, "\(bytes)")
        }
        #expect(FileName.decode(Array("zürich.gpx".utf8)) == "zürich.gpx")
        #expect(FileName.display(FileName.decode([0x61, 0xE9])) == #"a\xE9"#)
    }
}
