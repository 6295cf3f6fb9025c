import Foundation

/// Name/value pairs from a query string or an `application/x-www-form-urlencoded` body, in order.
struct FormFields: Sendable {
    private(set) var pairs: [(String, String)] = []

    init(urlEncoded text: String) {
        for piece in text.split(separator: "&") where !piece.isEmpty {
            let parts = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.decode(parts[0])
            let value = parts.count > 1 ? Self.decode(parts[1]) : ""
            pairs.append((name, value))
        }
    }

    /// The scalar members of a JSON object, as text (`"client_id": 12345` reads as "12345").
    init(json: Data) {
        guard let object = (try? JSONSerialization.jsonObject(with: json)) as? [String: Any] else { return }
        for (name, value) in object.sorted(by: { $0.key < $1.key }) {
            switch value {
            case let text as String: pairs.append((name, text))
            case let integer as Int: pairs.append((name, String(integer)))
            case let real as Double: pairs.append((name, String(real)))
            case let flag as Bool: pairs.append((name, flag ? "true" : "false"))
            case let number as NSNumber: pairs.append((name, number.stringValue))
            default: continue
            }
        }
    }

    /// The first value for `name`, or nil.
    subscript(name: String) -> String? {
        pairs.first { $0.0 == name }?.1
    }

    /// Every value for `name` (checkboxes send one pair each).
    func all(_ name: String) -> [String] {
        pairs.filter { $0.0 == name }.map(\.1)
    }

    /// These fields, with `other`'s filling in the names these lack.
    func merged(with other: FormFields) -> FormFields {
        var result = self
        for pair in other.pairs where self[pair.0] == nil {
            result.pairs.append(pair)
        }
        return result
    }

    private static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }

    /// Percent-encodes a value for a redirect's query string; `,` and `:` stay as Strava leaves them.
    static func encode(_ value: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~,:")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }
}
