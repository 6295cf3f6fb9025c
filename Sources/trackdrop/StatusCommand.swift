import ArgumentParser

/// Placeholder for `trackdrop status`; replaced by its owner.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "status", abstract: "Not built yet.")
    func run() async throws { throw ValidationError("trackdrop status is not built yet") }
}
