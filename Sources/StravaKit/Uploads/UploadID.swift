/// Strava's id of one upload (not the activity); above 32 bits, so always 64-bit.
public struct UploadID: Hashable, Sendable, Codable, CustomStringConvertible {
    public var value: Int64

    public init(_ value: Int64) { self.value = value }
    public init(value: Int64) { self.value = value }

    public var description: String { String(value) }
}
