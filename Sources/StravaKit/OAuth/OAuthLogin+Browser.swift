import AsyncHTTPClient
import Foundation

extension OAuthLogin {
    /// Prints the address and, when a display exists and `xdg-open` is installed, opens it.
    public static func systemBrowser(print: @escaping @Sendable (String) -> Void) -> @Sendable (URL) async throws -> Void {
        { url in
            print("Open this address to connect trackdrop to Strava:\n\n  \(url.absoluteString)\n")
            let environment = ProcessInfo.processInfo.environment
            let hasDisplay = environment["DISPLAY"].map { !$0.isEmpty } == true
                || environment["WAYLAND_DISPLAY"].map { !$0.isEmpty } == true
            guard hasDisplay, let opener = findExecutable("xdg-open") else { return }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: opener)
            process.arguments = [url.absoluteString]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try? process.run()
        }
    }

    /// Plays the browser without a person: GETs the authorize URL and follows Strava's redirect to
    /// the loopback receiver. Works against a sandbox that approves at once.
    public static func headlessBrowser() -> @Sendable (URL) async throws -> Void {
        { url in
            var configuration = HTTPClient.Configuration()
            configuration.redirectConfiguration = .follow(max: 5, allowCycles: false)
            let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
            do {
                let response = try await client.execute(HTTPClientRequest(url: url.absoluteString), timeout: .seconds(30))
                _ = try await response.body.collect(upTo: 1 << 20)
                try await client.shutdown()
            } catch {
                try? await client.shutdown()
                throw StravaError.networkUnavailable(endpoint: "GET /oauth/authorize", reason: Transport.classify(error).reason)
            }
        }
    }

    private static func findExecutable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
