import Foundation

/// Reads typed values out of one JSON object and names the exact key when a value has the wrong type.
struct ConfigurationReader {
    let file: String
    let keyPath: String
    let object: [String: ConfigurationValue]
    /// Base for relative paths: the folder that holds the configuration file.
    let baseFolder: URL?

    func error(_ key: String, _ problem: String) -> ConfigurationError {
        ConfigurationError(file: file, keyPath: path(key), problem: problem)
    }

    func path(_ key: String) -> String { keyPath.isEmpty ? key : "\(keyPath).\(key)" }

    /// Rejects keys nobody reads; keys starting with `_` are comments.
    func rejectUnknownKeys(allowed: Set<String>) throws {
        for key in object.keys.sorted() where !key.hasPrefix("_") && !allowed.contains(key) {
            let known = allowed.sorted().joined(separator: ", ")
            throw error(key, "unknown key (known keys here: \(known))")
        }
    }

    func bool(_ key: String) throws -> Bool? {
        switch object[key] {
        case nil, .null?: return nil
        case .bool(let value)?: return value
        case let other?: throw error(key, "expected true or false, got \(other.shortDescription)")
        }
    }

    func number(_ key: String, minimum: Double? = nil, exclusiveMinimum: Double? = nil, maximum: Double? = nil) throws -> Double? {
        switch object[key] {
        case nil, .null?: return nil
        case .number(let value)?:
            guard value.isFinite else { throw error(key, "expected a finite number, got \(ConfigurationValue.number(value).shortDescription)") }
            if let maximum, value > maximum {
                throw error(key, "expected a number of at most \(maximum), got \(ConfigurationValue.number(value).shortDescription)")
            }
            if let minimum, value < minimum {
                throw error(key, "expected a number of at least \(minimum), got \(ConfigurationValue.number(value).shortDescription)")
            }
            if let exclusiveMinimum, value <= exclusiveMinimum {
                throw error(key, "expected a number above \(exclusiveMinimum), got \(ConfigurationValue.number(value).shortDescription)")
            }
            return value
        case let other?: throw error(key, "expected a number, got \(other.shortDescription)")
        }
    }

    /// A whole number within `range`.
    func integer(_ key: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let value = try number(key) else { return nil }
        guard value.rounded() == value, value >= Double(range.lowerBound), value <= Double(range.upperBound) else {
            throw error(key, "expected a whole number from \(range.lowerBound) to \(range.upperBound), got \(ConfigurationValue.number(value).shortDescription)")
        }
        return Int(value)
    }

    func string(_ key: String) throws -> String? {
        switch object[key] {
        case nil, .null?: return nil
        case .string(let value)?: return value
        case let other?: throw error(key, "expected a string, got \(other.shortDescription)")
        }
    }

    /// A string, or a whole number written without quotes (Strava client ids are often written that way).
    func identifier(_ key: String) throws -> String? {
        switch object[key] {
        case .number(let value)? where value.rounded() == value && abs(value) < 9.0e15: return String(Int64(value))
        case .number?, .bool?, .array?, .object?:
            throw error(key, "expected a string or a whole number, got \(object[key]!.shortDescription)")
        default: return try string(key)
        }
    }

    /// A file system path; `~` expands to the home folder, a relative path is taken from the config file's folder.
    func fileURL(_ key: String) throws -> URL? {
        guard let text = try string(key) else { return nil }
        guard !text.isEmpty else { throw error(key, "expected a path, got an empty string") }
        return Self.resolvePath(text, relativeTo: baseFolder)
    }

    func url(_ key: String) throws -> URL? {
        guard let text = try string(key) else { return nil }
        guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
            throw error(key, "expected an http or https URL, got \"\(text)\"")
        }
        return url
    }

    func objectReader(_ key: String) throws -> ConfigurationReader? {
        switch object[key] {
        case nil, .null?: return nil
        case .object(let value)?:
            return ConfigurationReader(file: file, keyPath: path(key), object: value, baseFolder: baseFolder)
        case let other?: throw error(key, "expected an object, got \(other.shortDescription)")
        }
    }

    func array(_ key: String) throws -> [ConfigurationValue]? {
        switch object[key] {
        case nil, .null?: return nil
        case .array(let value)?: return value
        case let other?: throw error(key, "expected a list, got \(other.shortDescription)")
        }
    }

    static func resolvePath(_ text: String, relativeTo base: URL?) -> URL {
        var expanded = text
        if expanded == "~" || expanded.hasPrefix("~/") {
            expanded = FileManager.default.homeDirectoryForCurrentUser.path + expanded.dropFirst()
        }
        if expanded.hasPrefix("/") { return URL(fileURLWithPath: expanded).standardizedFileURL }
        let base = base ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        return base.appendingPathComponent(expanded).standardizedFileURL
    }
}
