/// Why no HTTP answer came back.
enum TransportFailure: Error, Sendable {
    /// The connection could not be made: the request never left, resending is safe.
    case notSent(String)
    /// The connection broke after the request may have been sent: the outcome is unknown.
    case outcomeUnknown(String)

    var reason: String {
        switch self {
        case .notSent(let reason), .outcomeUnknown(let reason): return reason
        }
    }
}
