import Foundation

extension TrackKit {
    /// Reads, checks, cleans (unless `options.clean` is false) and writes back in the same format.
    ///
    /// Everything about the content (damaged, hostile, empty, no timestamps, ...) is reported through
    /// `usable` and `issues`; this throws `TrackError` only when the file cannot be opened or read.
    public static func normalize(contentsOf url: URL, options: NormalizeOptions) throws -> NormalizedTrack {
        let source = try ByteSource(contentsOf: url)
        let guess = formatGuess(url)
        let head: [UInt8]
        do {
            head = try source.prepare()
        } catch let error as TrackError where error.code != "unreadable" {
            return refused(error, format: guess, gzipped: source.gzipped)
        }
        if head.isEmpty { return refused(.empty(), format: guess, gzipped: source.gzipped) }
        if FITDetection.isFIT(head) || (guess == .fit && !FITDetection.looksLikeXML(head)) {
            let bytes = try Data(contentsOf: url)
            return normalizeFIT(data: source.gzipped ? try Inflate.all(bytes) : bytes, gzipped: source.gzipped)
        }
        let fileSize = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        let estimate = (fileSize ?? 0) * (source.gzipped ? 8 : 1) / 90
        let result: ReadResult
        do {
            result = try XMLTrackReader(source: source, expectedPoints: estimate).read()
        } catch let error as TrackError where error.code != "unreadable" {
            return refused(error, format: guess, gzipped: source.gzipped)
        }
        return normalize(result, options: options)
    }

    static func normalize(_ result: ReadResult, options: NormalizeOptions) -> NormalizedTrack {
        let pointsIn = result.track.segments.reduce(0) { $0 + $1.count }
        var (issues, track, dropped) = TrackChecker().check(result)
        let distanceRaw = Geodesy.length(of: track)
        var usable = !issues.contains { $0.severity == .error }
        var removed: [String: Int] = [:]
        if dropped > 0 { removed["invalid_position"] = dropped }
        if options.clean, usable {
            let (cleaned, report) = TrackCleaner.clean(track, options: CleaningOptions())
            let timedLeft = cleaned.segments.reduce(0) { $0 + $1.lazy.filter { $0.time != nil }.count }
            if timedLeft >= 2 {
                track = cleaned
                removed.merge(report.removed.filter { $0.value > 0 }) { $0 + $1 }
            } else {
                issues.append(.warning("cleaning-skipped", "cleaning would leave fewer than 2 points (the device barely moved); the track is kept as recorded"))
            }
        }
        let pointsOut = track.segments.reduce(0) { $0 + $1.count }
        var output = Data()
        if pointsOut > 0 {
            output = result.track.format == .tcx ? TCXWriter.write(track) : GPXWriter.write(track)
            if options.validateOutput {
                do {
                    try SchemaValidator.validate(output, format: track.format)
                } catch let error as TrackError {
                    issues.append(.error(error.code, error.message))
                    usable = false
                } catch {
                    issues.append(.error("output-invalid", "\(error)"))
                    usable = false
                }
            }
        }
        let summary = TrackSummary(track)
        return NormalizedTrack(
            format: track.format, gzipped: result.gzipped, usable: usable, issues: issues, pointsIn: pointsIn,
            pointsOut: pointsOut, distanceRawMeters: distanceRaw, distanceMeters: summary.distanceMeters,
            startTime: summary.startTime,
            duration: summary.endTime.flatMap { end in summary.startTime.map { end.timeIntervalSince($0) } },
            removed: removed, name: track.name, sport: track.sport, output: output)
    }

    static func normalizeFIT(data: Data, gzipped: Bool) -> NormalizedTrack {
        let fit: FITFile
        do {
            fit = try FITFile(data: data)
        } catch let error as TrackError {
            return refused(error, format: .fit, gzipped: gzipped)
        } catch {
            return refused(TrackError(code: "fit-header", message: "\(error)"), format: .fit, gzipped: gzipped)
        }
        let issues = FITChecker(now: Date()).check(fit)
        let summary = TrackSummary(fit: fit)
        return NormalizedTrack(
            format: .fit, gzipped: gzipped, usable: !issues.contains { $0.severity == .error }, issues: issues,
            pointsIn: fit.recordCount, pointsOut: fit.recordCount, startTime: summary.startTime,
            duration: summary.endTime.flatMap { end in summary.startTime.map { end.timeIntervalSince($0) } },
            sport: fit.sport, output: data)
    }

    static func refused(_ error: TrackError, format: TrackFormat, gzipped: Bool) -> NormalizedTrack {
        NormalizedTrack(
            format: format, gzipped: gzipped, usable: false, issues: [.error(error.code, error.message)])
    }

    /// The format the file name promises (`.gpx`, `.tcx.gz`, ...); the content has the last word.
    static func formatGuess(_ url: URL) -> TrackFormat {
        var name = url.lastPathComponent.lowercased()
        if name.hasSuffix(".gz") { name.removeLast(3) }
        if name.hasSuffix(".fit") { return .fit }
        if name.hasSuffix(".tcx") { return .tcx }
        return .gpx
    }
}
