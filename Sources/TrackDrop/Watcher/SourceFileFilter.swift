/// Decides which file names are activity files worth taking, and which are temporary names or trackdrop's own output.
public enum SourceFileFilter {
    static let acceptedExtensions = [".gpx", ".tcx", ".fit", ".gpx.gz", ".tcx.gz", ".fit.gz"]
    static let temporarySuffixes = [".part", ".tmp", ".crdownload", "~", ".result.json", ".swp"]

    /// True for names like `run.gpx` or `ride.fit.gz`; false for dotfiles, partial downloads and sidecars.
    public static func accepts(name: String) -> Bool {
        guard !name.hasPrefix("."), !name.isEmpty else { return false }
        let lower = name.lowercased()
        if temporarySuffixes.contains(where: { lower.hasSuffix($0) }) { return false }
        return acceptedExtensions.contains { lower.hasSuffix($0) && lower.count > $0.count }
    }

    /// Hidden folders (`.git`, `.Trash-1000`) are never walked.
    static func acceptsFolder(name: String) -> Bool { !name.hasPrefix(".") }
}
