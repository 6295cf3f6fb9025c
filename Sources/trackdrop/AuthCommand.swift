import ArgumentParser

/// Placeholder for `trackdrop auth`; replaced by its owner.
struct AuthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "auth", abstract: "Not built yet.")
    func run() async throws { throw ValidationError("trackdrop auth is not built yet") }
}
