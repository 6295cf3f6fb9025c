import Foundation
import TestSupport
import Testing

/// Runs the built `trackdrop check` binary and checks its exit status and JSON.
@Suite struct CheckCommandTests {
    static let binary = TrackdropBinary.url

    struct Run {
        var status: Int32
        var output: String
    }

    static func run(_ arguments: [String]) throws -> Run {
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build trackdrop first: \(binary.path)")
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    static func objects(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    @Test func usableFileExitsZeroWithJSONAndWritesOutput() throws {
        let scratch = try ScratchFolder()
        let out = scratch.url.appendingPathComponent("clean.gpx")
        let input = try DeviceCorpus.file("garmin-edge-800-output.gpx")
        let run = try Self.run(["check", "--json", "--out", out.path, input.path])
        #expect(run.status == 0, "\(run.output)")
        let object = try #require(try Self.objects(run.output).first)
        #expect(object["file"] as? String == input.path)
        #expect(object["valid"] as? Bool == true)
        #expect(object["format"] as? String == "gpx")
        #expect((object["points_in"] as? Int ?? 0) > 100)
        #expect((object["distance_m"] as? Double ?? 0) > 1000)
        #expect(object["start_time"] is String)
        #expect(object["issues"] is [Any])
        let written = try Data(contentsOf: out)
        #expect(written.starts(with: Data("<?xml".utf8)))
    }

    /// A burst of reflected signal, or a drift that ended in a jump, that cleaning moved back onto the track is
    /// counted, in JSON and in text; a file without one shows no count.
    @Test(arguments: [
        ("bursts", "  corrected 1 burst of reflected signal, moved back onto the track", 50.0),
        ("drifts", "  corrected 1 drift that ended in a jump, moved back onto the track", 25),
    ])
    func whatWasMovedBackOntoTheTrackIsCounted(kind: String, line: String, shorter: Double) throws {
        let scratch = try ScratchFolder()
        let moved = scratch.url.appendingPathComponent("\(kind).gpx")
        try (kind == "bursts" ? SampleTrack.gpxWithBurst() : SampleTrack.gpxWithDrift()).write(to: moved)
        let plain = try scratch.write("plain.gpx", String(decoding: SampleTrack.gpx(points: 300), as: UTF8.self))
        let json = try Self.run(["check", "--json", moved.path, plain.path])
        #expect(json.status == 0, "\(json.output)")
        let objects = try Self.objects(json.output)
        try #require(objects.count == 2)
        #expect(objects[0]["corrected"] as? [String: Int] == [kind: 1])
        #expect(objects[0]["points_out"] as? Int == 720)
        let raw = try #require(objects[0]["distance_raw_m"] as? Double)
        let cleaned = try #require(objects[0]["distance_m"] as? Double)
        #expect(raw - cleaned > shorter, "\(raw) → \(cleaned)")
        #expect(objects[1]["corrected"] as? [String: Int] == [:])
        let text = try Self.run(["check", moved.path, plain.path])
        #expect(text.status == 0)
        #expect(text.output.contains(line), "\(text.output)")
        #expect(text.output.components(separatedBy: "corrected").count == 2, "\(text.output)")
    }

    /// Eight laps of an athletics track are put on lane 1's running line, in JSON (`corrected.athletics_track`) and in
    /// text (the lane named), and measure 3,200 m within 0.5 %.
    @Test func aRunOnAnAthleticsTrackIsPutOnItsLane() throws {
        let scratch = try ScratchFolder()
        let track = scratch.url.appendingPathComponent("track-session.gpx")
        try SampleTrack.gpxOnAnAthleticsTrack().write(to: track)
        let json = try Self.run(["check", "--json", track.path])
        #expect(json.status == 0, "\(json.output)")
        let object = try #require(try Self.objects(json.output).first)
        #expect(object["corrected"] as? [String: Int] == ["athletics_track": 1], "\(json.output)")
        let cleaned = try #require(object["distance_m"] as? Double)
        #expect(abs(cleaned - 3_200) <= 16, "\(cleaned) m")
        let text = try Self.run(["check", track.path])
        #expect(text.output.contains("  corrected a run on a 400 m athletics track, put on the running line of lane 1"),
                "\(text.output)")
    }

    /// A track whose noise changes (six times larger in its middle ten minutes) is cleaned in stretches, each with its
    /// own noise model, and `check` says so; a track whose noise does not change reports none.
    @Test func stretchesOfDifferentNoiseAreReported() throws {
        let scratch = try ScratchFolder()
        let changing = scratch.url.appendingPathComponent("park-city-park.gpx")
        try SampleTrack.gpxWithNoiseChange().write(to: changing)
        let plain = try scratch.write("plain.gpx", String(decoding: SampleTrack.gpx(points: 300), as: UTF8.self))
        let json = try Self.run(["check", "--json", changing.path, plain.path])
        #expect(json.status == 0, "\(json.output)")
        let objects = try Self.objects(json.output)
        try #require(objects.count == 2)
        #expect(objects[0]["noise_stretches"] as? Int == 3, "\(json.output)")
        #expect(objects[1]["noise_stretches"] as? Int == 0, "\(json.output)")
        let text = try Self.run(["check", changing.path, plain.path])
        #expect(text.status == 0)
        #expect(text.output.contains("  noise     changed along the track: cleaned as 3 stretches, each with its own noise model"),
                "\(text.output)")
        #expect(text.output.components(separatedBy: "noise     changed").count == 2, "\(text.output)")
    }

    @Test func unusableAndMissingFilesExitNonZeroAndAreReported() throws {
        let scratch = try ScratchFolder()
        let empty = try scratch.write("empty.gpx", "")
        let missing = scratch.url.appendingPathComponent("missing.gpx")
        let good = try DeviceCorpus.file("garmin-edge-800.fit")
        let run = try Self.run(["check", "--json", good.path, empty.path, missing.path])
        #expect(run.status != 0)
        let objects = try Self.objects(run.output)
        #expect(objects.count == 3)
        #expect(objects.map { $0["valid"] as? Bool } == [true, false, false])
        let emptyIssues = try #require(objects[1]["issues"] as? [[String: Any]])
        #expect(emptyIssues.first?["code"] as? String == "empty-file")
    }

    @Test func foldersAreWalkedSkippingDotfilesAndSidecars() throws {
        let scratch = try ScratchFolder()
        let gpx = try Data(contentsOf: try DeviceCorpus.file("garmin-edge-200-output.gpx"))
        _ = try scratch.write("a.gpx", gpx)
        _ = try scratch.write(".hidden.gpx", "")
        _ = try scratch.write("a.gpx.result.json", "{}")
        let run = try Self.run(["check", scratch.url.path])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("a.gpx: usable (GPX)"))
        #expect(!run.output.contains("hidden"))
        #expect(!run.output.contains("result.json"))
    }

    /// `check` validates a covering sample of a long output, and every byte with `--full-validation`; both
    /// write the same file.
    @Test func checkValidatesACoveringSampleUnlessAskedForEveryByte() throws {
        let scratch = try ScratchFolder()
        var text = "<?xml version=\"1.0\"?><gpx version=\"1.1\" creator=\"tests\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>\n"
        for index in 0..<3000 {
            let lat = 47.3 + Double(index) * 0.00002
            text += "<trkpt lat=\"\(lat)\" lon=\"8.5\"><ele>400</ele><time>2026-11-18T0\(index / 3600):\(index / 600 % 6)\(index / 60 % 10):\(index % 60 / 10)\(index % 10)Z</time></trkpt>\n"
        }
        let input = try scratch.write("long.gpx", text + "</trkseg></trk></gpx>\n")
        let sampled = scratch.url.appendingPathComponent("sampled.gpx"), full = scratch.url.appendingPathComponent("full.gpx")

        let covering = try Self.run(["check", "--json", "--out", sampled.path, input.path])
        let everyByte = try Self.run(["check", "--json", "--full-validation", "--out", full.path, input.path])

        #expect(covering.status == 0 && everyByte.status == 0, "\(covering.output) \(everyByte.output)")
        let first = try #require(try Self.objects(covering.output).first)
        let second = try #require(try Self.objects(everyByte.output).first)
        #expect(first["validation"] as? String == "covering")
        #expect(first["validated"] as? Bool == false)
        #expect(second["validation"] as? String == "full")
        #expect(second["validated"] as? Bool == true)
        #expect(try Data(contentsOf: sampled) == Data(contentsOf: full))
        let readable = try Self.run(["check", "--out", sampled.path, input.path])
        #expect(readable.output.contains("every value's extremes"), "\(readable.output)")
    }

    /// Plain `check` arguments are read without ArgumentParser (`CheckCommand(quickArguments:)`). Putting
    /// `--` before the paths sends the same request through ArgumentParser: both must give the same report,
    /// status and file.
    @Test func quickAndArgumentParserReadingsAgree() throws {
        let scratch = try ScratchFolder()
        let watch = try DeviceCorpus.file("garmin-edge-800-output.gpx").path
        let laps = try DeviceCorpus.file("gtrnctr-lap_s.tcx").path
        let empty = try scratch.write("empty.gpx", "").path
        let out = scratch.url.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let cases: [[String]] = [
            ["--json", "--out", out.path + "/a.gpx"],
            ["--json", "--no-clean", "--sport=Ride", "--out=\(out.path)/b"],
            ["--full-validation", "--sport", "Run", "--json"],
            ["--no-clean"],
            [],
        ]
        for options in cases {
            for paths in [[watch], [watch, laps], [laps, empty]] {
                if options.contains(where: { $0.hasSuffix("/a.gpx") }), paths.count > 1 { continue }
                let quick = try Self.run(["check"] + options + paths)
                let written = options.first { $0.hasPrefix(out.path) || $0.hasPrefix("--out=") }
                let quickFile = try written.map { _ in try Self.writtenFiles(quick.output) }
                let parsed = try Self.run(["check"] + options + ["--"] + paths)
                #expect(quick.status == parsed.status, "\(options) \(paths)")
                #expect(quick.output == parsed.output, "\(options) \(paths)")
                #expect(quickFile == (try written.map { _ in try Self.writtenFiles(parsed.output) }))
            }
        }
        // Forms the quick reading leaves to ArgumentParser, which reports them as before.
        let missingValue = try Self.run(["check", "--out"])
        #expect(missingValue.status == 64)
        let unknown = try Self.run(["check", "--verbose", watch])
        #expect(unknown.status == 64)
        let repeated = try Self.run(["check", "--json", "--json", watch])
        #expect(repeated.status == 0 || repeated.status == 64)
        let noPaths = try Self.run(["check", "--json"])
        #expect(noPaths.status == 64)
    }

    /// The contents of every file a JSON report says it wrote, in order.
    private static func writtenFiles(_ output: String) throws -> [Data] {
        try objects(output).compactMap { $0["written"] as? String }.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
    }

    /// A refused file ends `check` within milliseconds, while the schema it would have validated against may
    /// still be parsing on another thread; the process must still exit cleanly with its report.
    @Test func aQuicklyRefusedFileExitsCleanly() throws {
        let scratch = try ScratchFolder()
        let input = try scratch.write("one-point.gpx", """
            <?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
            <trkpt lat="47" lon="8"><time>2024-05-01T07:00:00Z</time></trkpt></trkseg></trk></gpx>
            """)
        for _ in 0..<15 {
            let run = try Self.run(["check", "--json", input.path])
            #expect(run.status == 1)
            let object = try #require(try Self.objects(run.output).first)
            #expect(object["valid"] as? Bool == false)
        }
    }

    /// `--out` and `--report` naming a FIFO (or a device such as `/dev/null`) are refused before anything is read:
    /// the finished file would be renamed into place and replace it (run as root, `/dev/null` became a regular file
    /// that way). The FIFO is left a FIFO, and a regular file there is still replaced by the output.
    @Test(arguments: ["--out", "--report"])
    func anOutputThatIsNotARegularFileIsRefusedAndLeftAsItIs(option: String) throws {
        let scratch = try ScratchFolder()
        let input = try DeviceCorpus.file("garmin-edge-800-output.gpx")
        let fifo = scratch.url.appendingPathComponent("pipe.gpx")
        try #require(mkfifo(fifo.path, 0o644) == 0)
        let refused = try BinaryProcess.capturingOutput(arguments: ["check", option, fifo.path, input.path])
        #expect(refused.status != 0)
        #expect(refused.errors.contains("is not a regular file"), "\(refused.output)\(refused.errors)")
        var status = stat()
        #expect(stat(fifo.path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO)
        let existing = try scratch.write("existing.gpx", "old")
        let written = try BinaryProcess.capturingOutput(arguments: ["check", option, existing.path, input.path])
        #expect(written.status == 0, "\(written.output)\(written.errors)")
        #expect(try Data(contentsOf: existing).count > 1_000)
    }
}
