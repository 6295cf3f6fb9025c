import Foundation

/// Reads Strava's upload error strings: duplicates (plain and link form) and HTML-laden messages.
enum StravaMessage {
    // Regex is not Sendable, but these are immutable literals only ever read to match.
    /// `NAME duplicate of activity 8319193780`
    nonisolated(unsafe) private static let plainDuplicate =
        /^(?<name>.*?)\s*duplicate of activity (?<id>\d{1,19})\.?\s*$/
    /// `NAME duplicate of <a href='/activities/18106372042' target='_blank'>Title</a>`
    nonisolated(unsafe) private static let linkDuplicate =
        /^(?<name>.*?)\s*duplicate of <a\s+href=['"](?:https?:\/\/[^'"\/]+)?\/activities\/(?<id>\d{1,19})['"][^>]*>.*<\/a>\.?\s*$/

    /// The existing activity's id when `message` is one of Strava's duplicate forms.
    static func duplicateActivityID(in message: String) -> Int64? {
        let text = message.trimmingCharacters(in: .whitespacesAndNewlines)
        if let match = text.wholeMatch(of: plainDuplicate) { return Int64(match.output.id) }
        if let match = text.wholeMatch(of: linkDuplicate) { return Int64(match.output.id) }
        return nil
    }

    /// A duplicate when the text says so precisely, otherwise a rejection with the HTML stripped.
    static func outcome(ofError message: String) -> UploadOutcome {
        if let id = duplicateActivityID(in: message) { return .duplicate(activityID: id) }
        return .rejected(message: stripHTML(message))
    }

    /// Tags removed, common entities decoded, whitespace collapsed.
    static func stripHTML(_ text: String) -> String {
        var out = ""
        var inTag = false
        for character in text {
            if character == "<" {
                inTag = true
            } else if character == ">", inTag {
                inTag = false
            } else if !inTag {
                out.append(character)
            }
        }
        let entities = [
            ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&apos;", "'"),
            ("&nbsp;", " "),
        ]
        for (entity, replacement) in entities { out = out.replacingOccurrences(of: entity, with: replacement) }
        let words = out.split(whereSeparator: \.isWhitespace)
        var joined = words.joined(separator: " ")
        // "More Information ." left behind by a removed link.
        joined = joined.replacingOccurrences(of: " .", with: ".").replacingOccurrences(of: " ,", with: ",")
        return joined
    }
}
