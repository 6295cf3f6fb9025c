/// Entry counts for `trackdrop status`.
public struct LedgerCounts: Sendable, Equatable {
    public var byState: [LedgerState: Int] = [:]
    public var byStatus: [FinalStatus: Int] = [:]
    public var total: Int { byState.values.reduce(0, +) }
}
