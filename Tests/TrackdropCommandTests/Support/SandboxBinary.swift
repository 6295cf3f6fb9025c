import Foundation
import TestSupport

/// `trackdrop sandbox` run as a child process, its output going to a temporary file.
///
/// A file rather than a pipe: a pipe's end can be inherited by a process another test starts at the
/// same moment, and then its end-of-file never comes.
final class SandboxBinary: Sendable {
    /// The built `trackdrop`, beside this test bundle.
    static var executable: URL { TrackdropBinary.url }

    private let process = Process()
    private let outputFile: URL
    private let exits: AsyncStream<Int32>

    init(arguments: [String]) throws {
        outputFile = FileManager.default.temporaryDirectory.appendingPathComponent("sandbox-cli-\(UUID().uuidString).out")
        guard FileManager.default.createFile(atPath: outputFile.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: outputFile.path])
        }
        let handle = try FileHandle(forWritingTo: outputFile)
        process.executableURL = Self.executable
        process.arguments = arguments
        process.standardOutput = handle
        process.standardError = handle
        let (exits, continuation) = AsyncStream<Int32>.makeStream(bufferingPolicy: .bufferingNewest(1))
        self.exits = exits
        process.terminationHandler = { process in
            continuation.yield(process.terminationStatus)
            continuation.finish()
        }
        try process.run()
        try handle.close()
    }

    deinit {
        if process.isRunning { process.terminate() }
        try? FileManager.default.removeItem(at: outputFile)
    }

    /// Everything printed so far.
    var output: String {
        (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
    }

    /// Waits until the output contains `text` or the process has ended; returns the output.
    func output(waitingFor text: String) async throws -> String {
        while true {
            let current = output
            if current.contains(text) || !process.isRunning { return current }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    func interrupt() { process.interrupt() }

    /// Ends the process if it still runs (a failed test must not leave a sandbox behind).
    func terminate() {
        if process.isRunning { process.terminate() }
    }

    /// Waits for the process to end and returns its exit status.
    func exitStatus() async -> Int32 {
        for await status in exits { return status }
        return process.terminationStatus
    }
}
