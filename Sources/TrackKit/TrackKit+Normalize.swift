import Foundation

extension TrackKit {
    /// Reads, checks, cleans (unless `options.clean` is false) and writes back in the same format.
    ///
    /// Everything about the content (damaged, hostile, empty, no timestamps, ...) is reported through
    /// `usable` and `issues`; this throws `TrackError` only when the file cannot be opened or read, or
    /// `options.outputFile` cannot be written.
    public static func normalize(contentsOf url: URL, options: NormalizeOptions) throws -> NormalizedTrack {
        var options = options
        if options.reportFile != nil, options.reportTitle == nil { options.reportTitle = url.lastPathComponent }
        var normalized = try normalizeContents(of: url, options: options)
        if let reportFile = options.reportFile, normalized.reportFile == nil {
            // Refused before reading, FIT or indoor: a page with the verdict and no track.
            try writeReport(untracked: normalized, to: reportFile, title: options.reportTitle ?? url.lastPathComponent)
            normalized.reportFile = reportFile
        }
        return normalized
    }

    private static func normalizeContents(of url: URL, options: NormalizeOptions) throws -> NormalizedTrack {
        let guess = formatGuess(url)
        let source: ByteSource
        do {
            source = try ByteSource(contentsOf: url, limits: options.limits)
        } catch let error as TrackError where error.code != .unreadable {
            return refused(error, format: guess, gzipped: false)
        }
        let head: [UInt8]
        do {
            head = try source.prepare()
        } catch let error as TrackError where error.code != .unreadable {
            return refused(error, format: guess, gzipped: source.gzipped)
        }
        if head.isEmpty { return refused(.empty(), format: guess, gzipped: source.gzipped) }
        // The first bytes decide, before the body is read: FIT by its header, GPX and TCX by their `<`.
        if FITDetection.isFIT(head) {
            do {
                return normalizeFIT(data: try FITReading.read(source, head: head), gzipped: source.gzipped)
            } catch let error as TrackError where error.code != .unreadable {
                return refused(error, format: .fit, gzipped: source.gzipped)
            }
        }
        guard FITDetection.looksLikeXML(head) else {
            // Named .fit: say what is wrong with it as FIT (from its first bytes only).
            if guess == .fit { return normalizeFIT(data: Data(head.prefix(64)), gzipped: source.gzipped) }
            return refused(FITDetection.unknownFormat(head, gzipped: source.gzipped), format: guess, gzipped: source.gzipped)
        }
        let fileSize = source.storedSize
        let estimate = expectedPoints(head: head, fileSize: fileSize, gzipped: source.gzipped)
        let result: ReadResult
        do {
            if !source.gzipped,
               let split = SplitGPXReader.read(path: url.path, head: head, fileSize: fileSize, expectedPoints: estimate) {
                result = split
            } else {
                result = try XMLTrackReader(source: source, expectedPoints: estimate).read()
            }
        } catch let error as TrackError where error.code != .unreadable {
            return refused(error, format: guess, gzipped: source.gzipped)
        }
        if isIndoor(result) {
            // Read again (bounded: the size and inflation limits held for the first read) to pass it through.
            let again = try ByteSource(contentsOf: url, limits: options.limits)
            return normalizeIndoor(result, original: try Inflate.all(again))
        }
        return try normalize(result, options: options)
    }

    static func normalize(_ result: consuming ReadResult, options: NormalizeOptions) throws -> NormalizedTrack {
        let pointsIn = result.track.segments.reduce(0) { $0 + $1.count }
        let preload = options.validateOutput && pointsIn > 0 ? SchemaValidator.prepareWritten(result.track.format) : nil
        defer { preload?.wait() }
        var (issues, track, dropped) = TrackChecker().check(result)
        // Only `track` may hold the points from here on, so cleaning can free them as it goes.
        result.track.segments = []
        result.track.laps = []
        let distanceRaw = Geodesy.length(of: track)
        var usable = !issues.contains { $0.severity == .error }
        var removed: [String: Int] = [:]
        var corrected: [String: Int] = [:]
        var noiseStretches = 0
        var trackLanes: [Int] = []
        if dropped > 0 { removed["invalid_position"] = dropped }
        // A report draws the track as recorded beside the cleaned one: keep a copy only when asked.
        let recorded: Track? = options.reportFile != nil ? track : nil
        var removals: [CleaningRemoval]? = options.reportFile != nil ? [] : nil
        let cleanable = usable
        if options.clean, usable {
            if let report = TrackCleaner.clean(&track, options: CleaningOptions(sport: options.sport), keepingAtLeast: 2, removals: &removals) {
                removed.merge(report.removed.filter { $0.value > 0 }) { $0 + $1 }
                corrected = report.corrected
                noiseStretches = report.stretches
                trackLanes = report.trackLanes.sorted()
            } else {
                issues.append(.warning(.cleaningSkipped, "cleaning would leave fewer than 2 points (the device barely moved); the track is kept as recorded"))
            }
        }
        let pointsOut = track.segments.reduce(0) { $0 + $1.count }
        var output = Data()
        var outputFile: URL?
        var validation = OutputValidation.skipped
        if pointsOut > 0, let destination = options.outputFile {
            if usable {
                // A covering validation does not need the written bytes: it runs beside the writer.
                let beside = options.validateOutput && !options.validateEveryByte
                    ? BackgroundValidation.start(track, evenPoints: OutputValidation.coveringEvenPoints) : nil
                let written = Result { try PendingOutput(track, destination: destination) }
                let besideOutcome = beside?.wait()
                let pending = try written.get()
                if let (checked, issue) = besideOutcome {
                    validation = checked
                    if let issue {
                        issues.append(issue)
                        usable = false
                    }
                } else if options.validateOutput {
                    let (checked, valid) = validateWritten(
                        track, byteCount: pending.byteCount, everyByte: true, issues: &issues
                    ) { try pending.contents() }
                    validation = checked
                    usable = valid
                }
                if usable {
                    try pending.commit()
                    outputFile = destination
                } else {
                    pending.discard()
                }
            }
        } else if pointsOut > 0 {
            output = track.format == .tcx ? TCXWriter.write(track) : GPXWriter.write(track)
            if options.validateOutput {
                let written = output
                let (checked, valid) = validateWritten(
                    track, byteCount: output.count, everyByte: options.validateEveryByte, issues: &issues
                ) { written }
                validation = checked
                usable = usable && valid
            }
        }
        var reportFile: URL?
        if let destination = options.reportFile, let recorded {
            let page = CleaningReportPage(
                fileName: options.reportTitle ?? "activity", format: track.format, sport: track.sport,
                recorded: recorded, cleaned: cleanable ? track : nil, removals: removals ?? [], issues: issues,
                usable: usable, invalidPositions: dropped, corrected: corrected)
            try writeReportPage(page.html(), to: destination)
            reportFile = destination
        }
        let summary = TrackSummary(track)
        return NormalizedTrack(
            format: track.format, gzipped: result.gzipped, usable: usable, issues: issues, pointsIn: pointsIn,
            pointsOut: pointsOut, distanceRawMeters: distanceRaw, distanceMeters: summary.distanceMeters,
            startTime: summary.startTime,
            duration: summary.endTime.flatMap { end in summary.startTime.map { end.timeIntervalSince($0) } },
            removed: removed, corrected: corrected, noiseStretches: noiseStretches, trackLanes: trackLanes, name: track.name, sport: track.sport, output: output, outputFile: outputFile,
            outputValidation: validation, reportFile: reportFile)
    }

    static func normalizeFIT(data: Data, gzipped: Bool) -> NormalizedTrack {
        let fit: FITFile
        do {
            fit = try FITFile(data: data)
        } catch let error as TrackError {
            return refused(error, format: .fit, gzipped: gzipped)
        } catch {
            return refused(TrackError(code: .fitHeader, message: "\(error)"), format: .fit, gzipped: gzipped)
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

    /// How many points to reserve room for: the density of point tags in the first 64 KiB applied to the
    /// whole file, with a margin. Files range from ~60 to ~300 bytes a point; a guess that falls short
    /// makes the array grow by copying (twice the memory for a moment).
    static func expectedPoints(head: [UInt8], fileSize: Int, gzipped: Bool) -> Int {
        let flatGuess = fileSize * (gzipped ? 8 : 1) / 90
        guard !gzipped, fileSize > head.count, head.count > 0 else { return flatGuess }
        let tags = ByteSearch.count(of: "<trkpt ", in: head) + ByteSearch.count(of: "<Trackpoint>", in: head)
        guard tags >= 16 else { return flatGuess }
        // A hostile head crammed with tags must not make us reserve gigabytes: no real point is < 40 bytes.
        return min(Int(Double(fileSize) * Double(tags) / Double(head.count) * 1.1), fileSize / 40)
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
