import Foundation
import Logging
import StravaSandbox
import TrackDrop

/// A sandbox that answers in 0.3 s, logged in through the sandbox's own auto-approve flow: what the daemon's
/// tests start from, in the test process (TrackDropTests) and as the built binary (TrackdropCommandTests).
extension SandboxHarness {
    /// A sandbox (processing 0.3 s unless `configure` says otherwise) with credentials already obtained.
    public static func loggedIn(_ configure: (inout SandboxConfiguration) -> Void = { _ in }) async throws -> SandboxHarness {
        var quiet = Logger(label: "trackdrop.test.sandbox")
        quiet.logLevel = .critical
        let harness = try await start(serverLogger: quiet) { configuration in
            configuration.processingFixedSeconds = 0.3
            configure(&configuration)
        }
        do {
            _ = try await SandboxLogin.connect(settings: harness.settings, credentialsFile: harness.credentialsFile, logger: quiet)
        } catch {
            await harness.stop()
            throw error
        }
        return harness
    }
}
