import Foundation
import Synchronization

/// `trackdrop sandbox` run as a child process; its standard output arrives as a stream of lines.
final class SandboxBinary: Sendable {
    /// `<repo>/.build/debug/trackdrop`, from this file's path (the repo root is four levels up from Support/).
    static var executable: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/debug/trackdrop")
    }

    // Process is only started, signalled and awaited from the test's task; it is never mutated concurrently.
    private nonisolated(unsafe) let process = Process()
    let lines: AsyncStream<String>

    init(arguments: [String]) throws {
        process.executableURL = Self.executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let (lines, continuation) = AsyncStream<String>.makeStream()
        self.lines = lines
        let partial = Mutex("")
        output.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty {
                handle.readabilityHandler = nil
                continuation.finish()
                return
            }
            let complete: [String] = partial.withLock { text in
                text += String(decoding: data, as: UTF8.self)
                var found: [String] = []
                while let newline = text.firstIndex(of: "\n") {
                    found.append(String(text[..<newline]))
                    text = String(text[text.index(after: newline)...])
                }
                return found
            }
            for line in complete { continuation.yield(line) }
        }
        try process.run()
    }

    func interrupt() { process.interrupt() }

    /// Waits for the process to end (it always ends: the test interrupts it or it fails) and returns its status.
    func exitStatus() async -> Int32 {
        let process = self.process
        return await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                process.waitUntilExit()
                continuation.resume(returning: process.terminationStatus)
            }
        }
    }
}
