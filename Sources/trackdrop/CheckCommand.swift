import ArgumentParser

/// Placeholder for `trackdrop check`; replaced by its owner.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "check", abstract: "Not built yet.")
    func run() async throws { throw ValidationError("trackdrop check is not built yet") }
}
