/// How much of an untrusted file TrackKit is willing to read, so memory and time stay bounded on any input.
public struct InputLimits: Sendable, Equatable {
    /// The default size limit in MiB (`max_file_mib` in the configuration, `check --max-file-mib`).
    public static let defaultMaxFileMiB = 256
    /// The largest file taken, as stored and (for gzip) once inflated.
    public var maxFileBytes: Int
    /// Past this many inflated bytes, a gzip stream must not have grown more than `maxInflationRatio` times
    /// its compressed size: real GPX, TCX and FIT inflate 5 to 20 times; a decompression bomb a thousand.
    public var ratioCheckAfterBytes: Int
    public var maxInflationRatio: Int
    /// The configuration key and the command-line option that set `maxFileBytes`, named in the refusal.
    public var settingName: String

    public init(
        maxFileMiB: Int = InputLimits.defaultMaxFileMiB, ratioCheckAfterBytes: Int = 8 << 20, maxInflationRatio: Int = 100,
        settingName: String = "max_file_mib in the configuration, or check --max-file-mib"
    ) {
        let clamped = max(1, min(maxFileMiB, 1 << 20))
        maxFileBytes = clamped << 20
        self.ratioCheckAfterBytes = ratioCheckAfterBytes
        self.maxInflationRatio = maxInflationRatio
        self.settingName = settingName
    }

    var maxFileMiB: Int { maxFileBytes >> 20 }

    func tooLarge(bytes: Int, what: String) -> TrackError {
        TrackError(
            code: .tooLarge,
            message: "\(what) is \(Self.mebibytes(bytes)), larger than the limit of \(maxFileMiB) MiB; raise \(settingName) if it is a real activity")
    }

    func bomb(inflated: Int, compressed: Int) -> TrackError {
        TrackError(
            code: .tooLarge,
            message: "the gzipped file inflates more than \(maxInflationRatio) times (\(Self.mebibytes(inflated)) from \(Self.mebibytes(compressed)) so far), as only a decompression bomb does; refused")
    }

    static func mebibytes(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : bytes >= 1024 ? "\(bytes >> 10) KiB" : "\(bytes) bytes"
    }
}
