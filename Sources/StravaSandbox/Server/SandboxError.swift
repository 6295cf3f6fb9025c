import Foundation

/// What went wrong while configuring, starting or running the Strava sandbox.
public struct SandboxError: Error, CustomStringConvertible, Sendable {
    /// The kind of failure, for callers that branch on it.
    public enum Code: Sendable, Equatable {
        case invalidConfiguration
        case unreadableConfiguration
        case cannotStart
        case notRunning
    }

    public let code: Code
    /// The configuration key at fault, when there is one.
    public let key: String?
    public let description: String

    static func invalidValue(key: String, _ problem: String) -> SandboxError {
        SandboxError(
            code: .invalidConfiguration, key: key,
            description: "sandbox configuration key \"\(key)\": \(problem); fix the value or remove the key to use the default"
        )
    }

    static func unknownKey(_ key: String, known: [String]) -> SandboxError {
        SandboxError(
            code: .invalidConfiguration, key: key,
            description: "sandbox configuration has an unknown key \"\(key)\"; known keys are: \(known.sorted().joined(separator: ", "))"
        )
    }

    static func unreadable(_ url: URL, _ reason: String) -> SandboxError {
        SandboxError(
            code: .unreadableConfiguration, key: nil,
            description: "cannot read the sandbox configuration \(url.path): \(reason); check that the file exists and holds a JSON object"
        )
    }

    static func cannotStart(port: Int, _ reason: String) -> SandboxError {
        SandboxError(
            code: .cannotStart, key: nil,
            description: "the Strava sandbox could not listen on 127.0.0.1:\(port): \(reason); choose another port or use 0 for a free one"
        )
    }

    static let notRunning = SandboxError(
        code: .notRunning, key: nil,
        description: "the Strava sandbox is not running; call start() first"
    )
}
