import ArgumentParser

/// Placeholder for `trackdrop watch`; replaced by its owner.
struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "watch", abstract: "Not built yet.")
    func run() async throws { throw ValidationError("trackdrop watch is not built yet") }
}
