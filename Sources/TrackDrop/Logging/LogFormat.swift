/// How log lines look on standard error: for a person, or one JSON object per line for journald and log shippers.
public enum LogFormat: String, Sendable, CaseIterable {
    case text, json
}
