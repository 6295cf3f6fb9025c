import Foundation

/// A JSON value whose objects keep their key order, so responses match Strava's bodies byte for byte.
enum SandboxJSON: Sendable, Equatable {
    case string(String)
    case int(Int64)
    case double(Double)
    case bool(Bool)
    case null
    case array([SandboxJSON])
    case object([(String, SandboxJSON)])

    static func == (lhs: SandboxJSON, rhs: SandboxJSON) -> Bool {
        lhs.serialized() == rhs.serialized()
    }

    /// Compact JSON text (no spaces), keys in the order given.
    func serialized() -> String {
        var out = ""
        write(into: &out)
        return out
    }

    /// The value at `key` when this is an object.
    subscript(key: String) -> SandboxJSON? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.0 == key }?.1
    }

    static func optional(_ value: String?) -> SandboxJSON { value.map(SandboxJSON.string) ?? .null }
    static func optional(_ value: Int64?) -> SandboxJSON { value.map(SandboxJSON.int) ?? .null }

    private func write(into out: inout String) {
        switch self {
        case .string(let text): Self.writeString(text, into: &out)
        case .int(let number): out += String(number)
        case .double(let number): out += Self.format(number)
        case .bool(let flag): out += flag ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.write(into: &out)
            }
            out += "]"
        case .object(let pairs):
            out += "{"
            for (index, pair) in pairs.enumerated() {
                if index > 0 { out += "," }
                Self.writeString(pair.0, into: &out)
                out += ":"
                pair.1.write(into: &out)
            }
            out += "}"
        }
    }

    private static func format(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        // Strava prints distances with one decimal place at most; keep what we have, trimmed.
        let rounded = (number * 10).rounded() / 10
        return String(rounded)
    }

    private static func writeString(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let control where control.value < 0x20:
                out += String(format: "\\u%04x", control.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
