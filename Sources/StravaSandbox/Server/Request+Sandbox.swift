import Foundation
import Hummingbird

extension Request {
    /// The query string as fields.
    var queryFields: FormFields {
        FormFields(urlEncoded: uri.query ?? "")
    }

    /// The access token from `Authorization: Bearer …` or the `access_token` query parameter.
    var accessToken: String? {
        if let header = headers[.authorization], let token = Self.bearerToken(header) { return token }
        return queryFields["access_token"]
    }

    /// The token of an `Authorization: Bearer …` value.
    static func bearerToken(_ header: String) -> String? {
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return String(parts[1]).trimmingCharacters(in: .whitespaces)
    }

    /// The name and password of an `Authorization: Basic …` value.
    static func basicCredentials(_ header: String) -> (String, String)? {
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "basic",
            let data = Data(base64Encoded: String(parts[1]).trimmingCharacters(in: .whitespaces))
        else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        guard let colon = text.firstIndex(of: ":") else { return nil }
        return (String(text[..<colon]), String(text[text.index(after: colon)...]))
    }

    /// Whether the request names a token at all (header or `access_token` parameter): an API client, not a browser.
    var carriesCredentials: Bool {
        headers[.authorization] != nil || queryFields["access_token"] != nil
    }

    /// The access token given as a query parameter rather than in the header.
    var hasAccessTokenInQuery: Bool { queryFields["access_token"] != nil }

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
