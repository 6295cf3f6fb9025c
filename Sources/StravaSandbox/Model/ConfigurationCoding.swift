import Foundation

/// A coding key made from any string, so configuration keys can be checked against a known list.
struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { self.stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// Reads snake_case configuration keys with defaults, naming the key in every error.
struct SandboxSettingsReader {
    let container: KeyedDecodingContainer<AnyCodingKey>
    let path: String

    init(decoder: any Decoder, known: [String], path: String = "") throws {
        self.container = try decoder.container(keyedBy: AnyCodingKey.self)
        self.path = path
        for key in container.allKeys where !known.contains(key.stringValue) {
            throw SandboxError.unknownKey(path + key.stringValue, known: known)
        }
    }

    func read<Value: Decodable>(_ key: String, default defaultValue: Value) throws -> Value {
        let codingKey = AnyCodingKey(key)
        guard container.contains(codingKey) else { return defaultValue }
        do {
            return try container.decode(Value.self, forKey: codingKey)
        } catch let error as SandboxError {
            throw error
        } catch {
            throw SandboxError.invalidValue(key: path + key, "expected \(Self.describe(Value.self))")
        }
    }

    func readOptional<Value: Decodable>(_ key: String, default defaultValue: Value?) throws -> Value? {
        let codingKey = AnyCodingKey(key)
        guard container.contains(codingKey) else { return defaultValue }
        if (try? container.decodeNil(forKey: codingKey)) == true { return nil }
        let value: Value? = try read(key, default: defaultValue)
        return value
    }

    func readRate(_ key: String, default defaultValue: Double) throws -> Double {
        let value = try read(key, default: defaultValue)
        guard (0...1).contains(value) else {
            throw SandboxError.invalidValue(key: path + key, "\(value) is not a fraction between 0 and 1")
        }
        return value
    }

    func readNonNegative(_ key: String, default defaultValue: Double) throws -> Double {
        let value = try read(key, default: defaultValue)
        guard value >= 0, value.isFinite else {
            throw SandboxError.invalidValue(key: path + key, "\(value) must be a number of seconds, 0 or more")
        }
        return value
    }

    func readPositive(_ key: String, default defaultValue: Double) throws -> Double {
        let value = try read(key, default: defaultValue)
        guard value > 0, value.isFinite else {
            throw SandboxError.invalidValue(key: path + key, "\(value) must be greater than 0")
        }
        return value
    }

    func readCount(_ key: String, default defaultValue: Int) throws -> Int {
        let value = try read(key, default: defaultValue)
        guard value >= 0 else {
            throw SandboxError.invalidValue(key: path + key, "\(value) must be 0 or more")
        }
        return value
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type, is String?.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is Double.Type, is Double?.Type: return "a number"
        case is Int.Type, is Int64.Type, is UInt64.Type: return "a whole number"
        case is [String].Type, is [String]?.Type: return "a list of strings"
        default: return "a value of type \(type)"
        }
    }
}
