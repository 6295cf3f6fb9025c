import Foundation

/// The small HTML page a person sees when the sandbox does not auto-approve.
enum ConsentPage {
    static func render(_ authorize: AuthorizeRequest, allowed: [String]?, athlete: String) -> String {
        let checkboxes = authorize.scopes.map { scope in
            let checked = allowed.map { $0.contains(scope) } ?? true
            return """
                <label><input type="checkbox" name="grant" value="\(escape(scope))"\(checked ? " checked" : "")> \(escape(scope))</label><br>
                """
        }.joined(separator: "\n")
        var hidden: [(String, String)] = [
            ("client_id", authorize.clientID), ("redirect_uri", authorize.redirectURI), ("response_type", "code"),
            ("scope", authorize.scopes.joined(separator: ",")), ("state", authorize.state),
        ]
        if let challenge = authorize.codeChallenge {
            hidden.append(("code_challenge", challenge))
            hidden.append(("code_challenge_method", authorize.codeChallengeMethod ?? "plain"))
        }
        let hiddenFields = hidden.map { "<input type=\"hidden\" name=\"\($0.0)\" value=\"\(escape($0.1))\">" }
            .joined(separator: "\n")
        return """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"><title>Authorize application – trackdrop Strava sandbox</title></head>
            <body style="font-family: sans-serif; max-width: 32em; margin: 3em auto">
            <h1>Authorize application</h1>
            <p>Application \(escape(authorize.clientID)) asks to use the sandbox account of \(escape(athlete)).</p>
            <form method="post" action="/oauth/accept_application">
            \(hiddenFields)
            \(checkboxes)
            <p><button type="submit" name="decision" value="authorize">Authorize</button>
            <button type="submit" name="decision" value="cancel">Cancel</button></p>
            </form>
            </body></html>
            """
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }
}
