/// Text made safe for HTML element content and attribute values.
public enum HTMLText {
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default:
                if character.value < 0x20, character != "\n", character != "\t" {
                    // Control characters are not allowed in HTML text at all.
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(character)
                }
            }
        }
        return out
    }
}
