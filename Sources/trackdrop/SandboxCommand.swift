import ArgumentParser

/// Placeholder for `trackdrop sandbox`; replaced by its owner.
struct SandboxCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "sandbox", abstract: "Not built yet.")
    func run() async throws { throw ValidationError("trackdrop sandbox is not built yet") }
}
