import ArgumentParser

@main
struct TrackdropCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trackdrop",
        abstract: "Turn a folder into an outbox for Strava.",
        subcommands: [
            WatchCommand.self, UploadCommand.self, CheckCommand.self, AuthCommand.self,
            StatusCommand.self, SandboxCommand.self,
        ]
    )
}
