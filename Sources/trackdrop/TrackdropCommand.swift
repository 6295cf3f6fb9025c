import ArgumentParser
import Foundation
import TrackKit

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
        let arguments = rawArguments()
        guard let check = CheckCommand(quickArguments: arguments) else {
            await main(arguments)
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

    /// The arguments without losing a byte: `CommandLine.arguments` turns a file name that is not UTF-8 (an old
    /// FAT mount, an archive from another system) into replacement characters, and so into a file that does not
    /// exist. Decoded as `FileName` does, such a name reaches the file system as the same bytes.
    static func rawArguments() -> [String] {
        (1..<Int(CommandLine.argc)).map { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return "" }
            return FileName.decode(Array(UnsafeRawBufferPointer(start: argument, count: strlen(argument))))
        }
    }
}
