import Foundation

/// gzip through the system's `gzip`, so the tests send real gzip bytes without a compression library.
enum Gzip {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func compress(_ data: Data) throws -> Data {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("sandbox-gzip-\(UUID().uuidString)")
        try data.write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-c", input.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, output.starts(with: [0x1F, 0x8B]) else {
            throw Failure(description: "gzip failed with status \(process.terminationStatus); is gzip installed?")
        }
        return output
    }
}
