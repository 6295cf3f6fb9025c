import ArgumentParser
import Foundation
import TrackKit

/// `trackdrop check`: validate, normalize and denoise activity files and report, without the network.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate, normalize and denoise GPX, TCX and FIT files, and report; no network.",
        discussion: "Exits 0 only when every file is usable for Strava.")

    @Argument(help: "GPX, TCX or FIT files (optionally gzipped), or folders to walk.")
    var paths: [String]

    @Option(name: .long, help: "Write the normalized file here; a folder when there are several inputs.")
    var out: String?

    @Flag(name: .long, help: "Print one JSON object per file instead of a readable report.")
    var json = false

    @Flag(name: .customLong("no-clean"), help: "Check and rewrite, but do not remove GPS noise.")
    var noClean = false

    @Flag(name: .customLong("full-validation"), help: "Validate every byte written against the XSD (up to 16 MiB), not only the points where the schema can fail: every segment's ends, every value's extremes and every kind of point.")
    var fullValidation = false

    @Option(name: .long, help: "Write an HTML page that shows what cleaning did (raw and cleaned track, removed points, distance and speed before and after); a folder when there are several inputs.")
    var report: String?

    @Option(name: .long, help: "The sport, when the file does not say or says wrong (Run, Ride, Hike, ...); it sets the plausible speeds for cleaning.")
    var sport: String?

    @Option(name: .customLong("max-file-mib"), help: "Refuse files larger than this many MiB, as stored or once inflated (code too-large); default 256.")
    var maxFileMiB: Int = InputLimits.defaultMaxFileMiB

    func validate() throws {
        guard (1...1_048_576).contains(maxFileMiB) else {
            throw ValidationError("--max-file-mib must be between 1 and 1048576 (MiB), got \(maxFileMiB)")
        }
    }

    func run() async throws {
        try validate()
        let files = try CheckInputs.collect(paths)
        guard !files.isEmpty else { throw ValidationError("no GPX, TCX or FIT files found in \(paths.joined(separator: ", "))") }
        let destination = try CheckOutput(path: out, inputCount: files.count, singleInputIsFile: paths.count == 1)
        let reports = try CheckOutput(
            path: report, inputCount: files.count, singleInputIsFile: paths.count == 1, option: "--report", suffix: ".report.html")
        var allUsable = true
        for file in files {
            var result: CheckReport
            do {
                // GPX and TCX stream straight to the destination; FIT comes back in `output`.
                let target = destination?.target(for: file)
                let normalized = try TrackKit.normalize(
                    contentsOf: file, options: NormalizeOptions(
                        clean: !noClean, validateEveryByte: fullValidation, outputFile: target, sport: sport,
                        reportFile: reports?.target(for: file),
                        limits: InputLimits(maxFileMiB: maxFileMiB, settingName: "--max-file-mib")))
                result = CheckReport(file: FileName.display(file.path), normalized: normalized)
                result.report = normalized.reportFile.map { FileName.display($0.path) }
                if let written = normalized.outputFile {
                    result.written = FileName.display(written.path)
                } else if let target, normalized.usable, !normalized.output.isEmpty {
                    try normalized.output.write(to: target, options: .atomic)
                    result.written = FileName.display(target.path)
                }
            } catch {
                result = CheckReport(file: FileName.display(file.path), failure: error)
            }
            allUsable = allUsable && result.valid
            print(json ? result.jsonLine() : result.text())
        }
        if !allUsable { throw ExitCode(1) }
    }
}
