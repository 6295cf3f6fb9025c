import ArgumentParser

/// Placeholder for `trackdrop upload`; replaced by its owner.
struct UploadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "upload", abstract: "Not built yet.")
    func run() async throws { throw ValidationError("trackdrop upload is not built yet") }
}
