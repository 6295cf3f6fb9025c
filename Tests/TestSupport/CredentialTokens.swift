import Foundation

/// The tokens a credentials file holds, so tests can check that none of them was logged or written elsewhere.
public enum CredentialTokens {
    /// Every value of a key naming a token in the credentials JSON `credentials` (values of 8 characters or fewer
    /// left out).
    public static func tokens(in credentials: String) -> [String] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(credentials.utf8)) as? [String: Any] else { return [] }
        return object.compactMap { key, value in key.lowercased().contains("token") ? value as? String : nil }.filter { $0.count > 8 }
    }
}
