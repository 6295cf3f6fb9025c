import Foundation

/// The ledger database could not be opened, read or written.
public struct LedgerError: Error, CustomStringConvertible, Sendable {
    public var file: URL
    public var operation: String
    public var underlying: String

    init(file: URL, operation: String, underlying: any Error) {
        self.file = file
        self.operation = operation
        self.underlying = "\(underlying)"
    }

    public var description: String {
        "ledger \(file.path): cannot \(operation): \(underlying). Check that the state folder is writable and the disk is not full; the file can be removed to start afresh (sidecars already written stay valid)."
    }
}

/// A row changed under us: another trackdrop process moved it first. Not a failure: re-read and move on.
public struct LedgerConflict: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var expected: LedgerState

    public var description: String {
        "\(path) was no longer \(expected.rawValue) in the ledger: another trackdrop process moved it first"
    }
}
