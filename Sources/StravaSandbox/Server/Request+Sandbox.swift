import Foundation
import Hummingbird

extension Request {
    /// The query string as fields.
    var queryFields: FormFields {
        FormFields(urlEncoded: uri.query ?? "")
    }

    /// The access token from `Authorization: Bearer …` or the `access_token` query parameter.
    var accessToken: String? {
        if let header = headers[.authorization] {
            let parts = header.split(separator: " ", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "bearer" {
                return String(parts[1]).trimmingCharacters(in: .whitespaces)
            }
        }
        return queryFields["access_token"]
    }

    /// The whole body, refusing more than `limit` bytes.
    mutating func collectData(upTo limit: Int) async throws -> Data {
        let buffer = try await collectBody(upTo: limit)
        return Data(buffer.readableBytesView)
    }

    /// Form fields from an `application/x-www-form-urlencoded` body, with the query string filling gaps.
    /// A JSON object body (some clients send one to the token endpoint) is read the same way.
    mutating func formFields() async throws -> FormFields {
        let body = try await collectData(upTo: 1024 * 1024)
        let isJSON = headers[.contentType]?.lowercased().contains("json") ?? false
        let form = isJSON
            ? FormFields(json: body)
            : FormFields(urlEncoded: String(decoding: body, as: UTF8.self))
        return form.merged(with: queryFields)
    }
}
