import AsyncHTTPClient
import Foundation
import NIOCore
import Testing

@Suite("trackdrop sandbox command")
struct CommandTests {
    @Test func printsCredentialsServesAndStopsOnSIGINT() async throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: SandboxBinary.executable.path),
            "build the trackdrop binary first: swift build --build-tests")
        let binary = try SandboxBinary(arguments: ["sandbox", "--port", "0", "--client-id", "4242", "--client-secret", "s3"])
        var printed: [String] = []
        for await line in binary.lines {
            printed.append(line)
            if line.hasPrefix("Press Ctrl-C") { break }
        }
        let urlLine = try #require(printed.first { $0.contains("listening on") }, "\(printed)")
        let url = try #require(urlLine.split(separator: " ").last.map(String.init))
        #expect(url.wholeMatch(of: /http:\/\/127\.0\.0\.1:\d+/) != nil)
        #expect(printed.contains { $0.contains("client id:") && $0.hasSuffix("4242") })
        #expect(printed.contains { $0.contains("client secret:") && $0.hasSuffix("s3") })

        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        let request = HTTPClientRequest(url: url + "/oauth/token?client_id=4242&client_secret=wrong&grant_type=refresh_token")
        var post = request
        post.method = .POST
        let response = try await client.execute(post, timeout: .seconds(10))
        #expect(response.status.code == 401)
        try await client.shutdown()

        binary.interrupt()
        #expect(await binary.exitStatus() == 0)
    }

    @Test func badConfigurationNamesTheKey() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: SandboxBinary.executable.path))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sandbox-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("sandbox.json")
        try Data(#"{"rate_limit_window_seconds": -5}"#.utf8).write(to: config)
        let binary = try SandboxBinary(arguments: ["sandbox", "--config", config.path])
        var output: [String] = []
        for await line in binary.lines { output.append(line) }
        #expect(await binary.exitStatus() != 0)
        #expect(output.joined(separator: "\n").contains("rate_limit_window_seconds"))
    }
}
