import ArgumentParser
import Foundation

/// trackdrop's release number; `--version` adds the commit it was built from.
let trackdropVersion = "0.1.0"

@main
struct TrackdropCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trackdrop",
        abstract: "Turn a folder into an outbox for Strava.",
        version: "trackdrop \(trackdropVersion) (commit \(buildCommit))",
        subcommands: [
            WatchCommand.self, UploadCommand.self, CheckCommand.self, AuthCommand.self,
            StatusCommand.self, SandboxCommand.self,
        ]
    )

    /// `trackdrop check` in its plain forms skips ArgumentParser (see `CheckCommand(quickArguments:)`);
    /// everything else, and every error, goes through it as usual.
    static func main() async {
        guard let check = CheckCommand(quickArguments: Array(CommandLine.arguments.dropFirst())) else {
            await main(nil)
            return
        }
        do {
            try await check.run()
        } catch let code as ExitCode {
            // What `exit(withError:)` does with it, without first laying out the help it would not print.
            Foundation.exit(code.rawValue)
        } catch {
            exit(withError: error)
        }
    }
}
