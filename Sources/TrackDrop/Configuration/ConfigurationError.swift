/// A configuration file that cannot be used: says which file, which key and what is wrong.
public struct ConfigurationError: Error, CustomStringConvertible, Sendable {
    /// The file name as shown to the user (`config.json`).
    public var file: String
    /// The key path inside the file (`folders[1].settle_seconds`), empty for the whole file.
    public var keyPath: String
    /// What is wrong and, where useful, what to do.
    public var problem: String

    public init(file: String, keyPath: String, problem: String) {
        self.file = file
        self.keyPath = keyPath
        self.problem = problem
    }

    public var description: String {
        keyPath.isEmpty ? "\(file): \(problem)" : "\(file): \(keyPath): \(problem)"
    }
}
