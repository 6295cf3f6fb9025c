import Foundation

/// A parsed JSON value that keeps booleans, numbers and strings apart, so config errors can say what was found.
enum ConfigurationValue: Sendable, Equatable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([ConfigurationValue])
    case object([String: ConfigurationValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([ConfigurationValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: ConfigurationValue].self))
        }
    }

    /// How the value reads in an error message: `"fast"`, `12`, `true`, `an object`.
    var shortDescription: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let value):
            return value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case .string(let value): return "\"\(value)\""
        case .array: return "a list"
        case .object: return "an object"
        }
    }
}
